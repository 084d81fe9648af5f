# mypy: disable-error-code="empty-body"
# (a hook specification is a signature and a docstring; plugins give the bodies)
"""Hook specifications of asobi's tools: the bench, the arena and the balance lab.

None of these hooks is called while a game is played: they serve ``asobi bench``, ``asobi
arena`` and ``asobi lab``. They are game hooks all the same (a cross-cutting plugin may not
implement them), every one optional, with its default in :mod:`asobi.contract.defaults`. The
registry adds this module to every game's plugin manager beside :mod:`asobi.contract.hookspecs`, so
a game implements them with a plain ``@hookimpl``. Call them through ``game.hooks``
(:class:`asobi.host.gamehooks.GameHooks`); the game's manager checks the answers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from asobi.contract.measures import Measure, Restriction

hookspec = pluggy.HookspecMarker("asobi")

# --------------------------------------------------------------------------- speed


@hookspec(firstresult=True)
def asobi_bench(rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any] | None:
    """Measure the game's engine for about ``seconds`` on one core (``asobi bench GAME``).

    Play random legal moves through the game's public engine, without the session layer, and
    return a JSON-ready dict with at least ``unit`` (what was counted: "rounds", "games"),
    ``count``, ``seconds`` and ``per_second``. Optional: the default times random games
    through the hooks.
    """


# --------------------------------------------------------------------------- arena and lab


@hookspec(firstresult=True)
def asobi_pinned_setup(
    rules: Mapping[str, Any], players: int, rng: random.Random
) -> dict[str, Any] | None:
    """Return a record ``setup`` that pins the chance of a new game, drawn from ``rng``.

    ``asobi arena`` and ``asobi lab`` deal every game this way before it starts, then play it
    with the setup: every variant gets the same deal from the same seed, and the records they
    save (``--records``) carry it. With different players the same setup is played in every
    seating of a block while the players move from seat to seat, so each player gets every
    seat's side of the deal once (a duplicate): pin, by seat number, every chance of the start
    that tells the seats apart, who moves or deals first included (a first player left to the
    session's seed is drawn anew in each game, and the block is then a duplicate of the cards
    only). With one player in every seat the block turns the deal instead
    (``asobi_turned_setup``). Koi-Koi pins its deals and, under a random first dealer, who
    deals first (``setup.deals``); Sakura its deck (``setup.deck``). Whatever the setup leaves
    open is still decided by the session's seed. Optional: ``None`` (the default) pins
    nothing.
    """


@hookspec(firstresult=True)
def asobi_turned_setup(
    setup: Mapping[str, Any], rules: Mapping[str, Any], players: int, turn: int
) -> dict[str, Any] | None:
    """Return the pinned deal ``setup`` (an ``asobi_pinned_setup`` answer) with who starts
    moved ``turn`` seats on (1 to ``players - 1``), every card where it was: another game
    from the same cards.

    ``asobi arena`` and ``asobi lab`` ask for it when the same player sits in every seat
    (``ai:normal*2``): moving the players from seat to seat then changes nothing, and a level
    that decides without chance would play one game over in every game of a block. The game
    at place ``k`` of such a block is played on the deal turned ``k`` seats, so the block
    holds a game from each start. With different players a block stays a duplicate (the same
    setup in every seating). A start the rules fix (Koi-Koi's ``first_dealer: seat-0``) stays
    where the rules put it. Koi-Koi turns its first dealer. Optional: the default returns
    ``setup`` unchanged (the games of such a block then differ by their seeds alone).
    """


@hookspec(firstresult=True)
def asobi_lab_measures(rules: Mapping[str, Any], players: int) -> list[Measure] | None:
    """Return the game's own measures for ``asobi lab`` under these rules and players.

    Each :class:`asobi.contract.measures.Measure` has a stable ``key``, a ``name`` and a ``unit``
    (English messages of the game's catalogue, translated in every language it ships) and ``read``,
    which takes a :class:`asobi.contract.measures.FinishedGame` (record, result, events, final
    state) and returns what it observed in that game: a :class:`asobi.contract.measures.Tally` (a
    total over a count), a list of observations, one number or ``None``. The lab adds up the games
    and computes every figure's 95% interval and its differences between variants. Called on
    the machine that plays the game (a worker process, a Ray node) and on the one that writes
    the report. Optional: the default is an empty list (the lab still reports the general
    measures).
    """


@hookspec(firstresult=True)
def asobi_restrictions(rules: Mapping[str, Any], players: int) -> list[Restriction] | None:
    """Return the kinds of choice an AI level of this game can be told never to make.

    Restricted play (Jaffe et al., AIIDE 2012): ``ai:normal/no-koikoi`` is the normal level
    kept from one kind of move, and the lab reports what that costs it against the
    unrestricted level, in each variant. Each :class:`asobi.contract.measures.Restriction` has a
    ``name`` (after the slash), a ``title`` (an English message of the game's catalogue) and
    ``keep(observation, legal)``, the legal actions still allowed. Called when a seat names a
    restricted level and when the lab writes its report. Optional: the default is an empty
    list.
    """
