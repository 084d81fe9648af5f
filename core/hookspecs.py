# mypy: disable-error-code="empty-body"
# (a hook specification is a signature and a docstring; plugins give the bodies)
"""Hook specifications: the contract between asobi's core and its plugins.

Two kinds of plugin implement these hooks.

* A **game plugin** (entry-point group ``asobi.games``) implements the *game hooks*
  (``asobi_game_info`` to ``asobi_result``, plus the optional view and agent hooks). The core
  gives every game its own plugin manager, so a game's hooks are only ever called for that
  game: two installed games never run each other's rules.
* A **cross-cutting plugin** (entry-point group ``asobi.plugins``) implements only the
  *cross-cutting hooks* (:data:`CROSS_CUTTING_HOOKS`: scoring adjustments, end-of-game
  observers, extra AI levels, house-rule packs). It is registered with every game's manager
  and is told which game is calling through the ``game`` argument. A cross-cutting plugin that
  implements a game hook is refused by the registry: it could otherwise replace a game's rules.

The core's own fallbacks (a generic text view, plain action labels, the rules as YAML, the
``random`` and ``search`` AI levels, a generic bench) are the plugin :mod:`asobi.defaults`,
registered ``trylast`` with every game: a hook marked *optional* below always has an answer.
Frontends add hook specs of their own through the entry-point group ``asobi.hookspecs`` (the
web frontend's ``asobi_web_assets`` is one).

The game hooks are ``firstresult``: the first implementation that returns something other
than ``None`` answers. Call them through :class:`asobi.gamehooks.GameHooks` (``game.hooks``),
which is typed.

States are opaque to the core: a game may represent its state however it likes (and should make
it cheap, since AI search runs on it). Everything that crosses to a frontend, an agent or a
record is plain JSON data: actions are small dicts (``{"play": "pine-crane"}``), observations
are dicts, events are dicts with a ``"type"`` key.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path

    from asobi.measures import Measure, Restriction
    from asobi.model import Agent, GameInfo, Reason, SetupContext

hookspec = pluggy.HookspecMarker("asobi")

CROSS_CUTTING_HOOKS = frozenset(
    {
        "asobi_adjust_points",
        "asobi_game_over",
        "asobi_agent",
        "asobi_agent_levels",
        "asobi_variant_folders",
    }
)
"""The hooks a cross-cutting plugin (group ``asobi.plugins``) may implement."""

REQUIRED_GAME_HOOKS = (
    "asobi_game_info",
    "asobi_setup",
    "asobi_to_act",
    "asobi_legal_actions",
    "asobi_apply",
    "asobi_observation",
    "asobi_hidden_variant",
    "asobi_result",
)
"""The hooks every game plugin implements; the registry skips a game that lacks one."""

# --------------------------------------------------------------------------- identity


@hookspec(firstresult=True)
def asobi_game_info() -> GameInfo:
    """Describe the game: its name, title, player counts, variant schema and variant folder.

    Called once, when the registry loads the plugin. The returned
    :class:`asobi.model.GameInfo` is how ``asobi games`` lists the game, how variant files
    are validated (``schema``) and where built-in variants are found (``variants``).
    """


# --------------------------------------------------------------------------- setup


@hookspec(firstresult=True)
def asobi_setup(ctx: SetupContext) -> Any:
    """Create the initial state of a new game and return it.

    ``ctx.rules`` is the validated, merged ``rules`` mapping of the chosen variant;
    ``ctx.players`` the number of seats; ``ctx.rng`` the session's seeded
    :class:`random.Random`, the *only* source of randomness the game may use, now and later
    (keep it in the state); ``ctx.setup`` the record's pinned ``setup`` mapping or ``None``.
    Raise :class:`asobi.errors.AsobiError` when ``ctx.setup`` is malformed.
    ``ctx.adjust_points`` must be called by the game whenever a scoring unit is settled (see
    :func:`asobi_adjust_points`).
    """


# --------------------------------------------------------------------------- turn flow


@hookspec(firstresult=True)
def asobi_to_act(state: Any) -> list[int]:
    """Return the seats that must act now, in ascending order.

    Usually one seat. Several seats mean a simultaneous choice: each of them acts (in any
    order) before anything of their choices is revealed. An empty list means the game is over.
    """


@hookspec(firstresult=True)
def asobi_legal_actions(state: Any, seat: int) -> list[dict[str, Any]]:
    """Return every legal action of ``seat`` now, as JSON-ready dicts, in a stable order.

    This list is the single source of legal moves: frontends number it, agents choose from it
    and the session refuses anything not in it. Empty when ``seat`` is not to act.
    """


@hookspec(firstresult=True)
def asobi_apply(state: Any, seat: int, action: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Apply a legal ``action`` of ``seat`` to ``state`` (in place) and return the events.

    The session has already checked that ``action`` is in :func:`asobi_legal_actions`.
    The game then runs every automatic step that follows (a stock draw, a forced capture,
    dealing the next round) until a seat must decide again. Each event is a dict with a
    ``"type"``; an event that reveals hidden information must carry a ``"seats"`` list naming
    who may see it (missing means everybody). A game that tells the end of the game itself
    emits an event of type ``"game_over"`` and describes it (:func:`asobi_describe_event`):
    a frontend then shows that text instead of its own summary of the result.
    """


@hookspec(firstresult=True)
def asobi_obsolete_move(state: Any, seat: int, action: Mapping[str, Any]) -> bool | None:
    """Return True when a recorded move of ``seat`` is one an older version of the game asked
    for and this version makes by itself, so that a replay skips it; else False or ``None``.

    Called only when a record is replayed (``asobi replay``, a server rebuilding a game),
    before the move is checked. A game whose rules changed that way (Koi-Koi now stops by
    itself where it used to offer stop as the only choice) keeps its older records replaying
    to the same result. Optional: the default skips nothing.
    """


@hookspec(firstresult=True)
def asobi_observation(state: Any, seat: int) -> dict[str, Any]:
    """Return what ``seat`` may know now, as JSON-ready data.

    Never include another seat's hidden cards, another seat's unrevealed simultaneous choice,
    or the order of a face-down deck. Frontends and AI agents see only this.
    """


@hookspec(firstresult=True)
def asobi_reveal(state: Any) -> dict[str, list[Any]] | None:
    """Return every seat's hand in ``state``, or ``None`` when the game cannot tell them.

    The answer maps each seat, as a string (``"0"``, ``"1"``...: JSON object keys), to the
    cards of that seat's hand in the form the game's observations use for card ids (Koi-Koi:
    ``"pine-crane"``; Sakura: card numbers). The web replay viewer adds it to an observation
    as ``revealed`` to show every card, and asks only for the record of a game that is over
    (whose holder could compute every hand from its seed anyway): never call it for a game
    still being played. Optional: the default (``None``) means the game cannot reveal, and a
    viewer then offers only the seats' own views.
    """


@hookspec(firstresult=True)
def asobi_hidden_variant(state: Any, seat: int, rng: random.Random) -> Any:
    """Return a *new* state that ``seat`` cannot tell apart from ``state``.

    Everything ``seat`` cannot see (other hands, the order of face-down decks, other seats'
    unrevealed simultaneous choices) is dealt again at random with ``rng``, keeping the same
    counts; everything ``seat`` can see stays as it is. ``state`` itself is not changed.
    The conformance kit uses it to prove that observations do not depend on hidden
    information: ``asobi_observation(new, seat)`` must equal ``asobi_observation(state,
    seat)``. Required for games with hidden information; a game without any returns a copy.
    """


# --------------------------------------------------------------------------- scoring / end


@hookspec(firstresult=True)
def asobi_result(state: Any) -> dict[str, Any]:
    """Return the game's result so far, in the replay-output shape of records.md.

    Keys: ``finished`` (bool), ``rounds`` (one dict per settled scoring unit, each with
    ``points`` per seat and ``winner``; Koi-Koi adds ``dealer``, ``exhausted``, ``yaku``),
    ``scores`` (running score per seat) and ``winner`` (seat, or ``None`` for a draw or while
    unfinished). The core adds ``game`` and ``variant``.

    The result is public: it is sent to every seat during play (the web page of each seat
    shows it), so it must hold nothing a seat may not see, such as the cards of a hand not
    yet shown. The conformance kit checks this (check ``public-result``): the result is the
    same in every world the game's resampling builds for a seat.
    """


@hookspec
def asobi_adjust_points(game: str, unit: Mapping[str, Any]) -> list[int] | None:
    """Adjust the points of a scoring unit before they are added to the running scores.

    Called by a game (through ``SetupContext.adjust_points``) each time a scoring unit — a
    Koi-Koi round, a Sakura tree — is settled. ``unit`` holds at least ``points`` (per seat)
    and game-specific detail (Koi-Koi: ``winner``, ``yaku``, ``captured``; see the game's
    docs). Return a list of per-seat *deltas* to add, or ``None``. Every implementation's
    deltas are added up. A house-rule plugin uses this to reward a combination the game does
    not know.
    """


@hookspec
def asobi_game_over(game: str, variant: str, result: Mapping[str, Any], seats: list[str]) -> None:
    """Observe the end of every game (statistics, achievements, logging).

    Called once per game played to its end, by the session, after the result is final; not
    when a finished game is rebuilt from its record (``asobi replay``, the web replay viewer,
    a web game rebuilt after a restart): a replay is not a game played. ``result`` is the
    replay-output dict. Return value ignored. An observer that raises is reported in one
    line and stops nothing: the game still ends and its record is written.
    """


# --------------------------------------------------------------------------- views


@hookspec(firstresult=True)
def asobi_render_text(observation: Mapping[str, Any], lang: str) -> str | None:
    """Return ``observation`` drawn for a text terminal (several lines, no trailing
    newline), in ``lang``, or ``None``.

    Called by text frontends each time a seat's view is shown. Optional: the default draws
    the observation as indented JSON.
    """


@hookspec(firstresult=True)
def asobi_describe_action(
    observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
) -> str | None:
    """Return a short human label for ``action`` (a numbered choice in a menu).

    Optional: the default is the action's compact JSON.
    """


@hookspec(firstresult=True)
def asobi_describe_event(event: Mapping[str, Any], seat: int | None, lang: str) -> str | None:
    """Return a one-line human description of ``event`` as seen by ``seat``, or ``None``
    to stay silent about it. Optional.

    ``seat`` is the seat the sentence speaks to ("You capture..."), or ``None`` for an
    onlooker (a game where no person plays, a replay watched from outside): then every seat
    is named in the third person ("Seat 1 captures..."), and events meant for one seat only
    are best left unsaid."""


@hookspec(firstresult=True)
def asobi_describe_reason(reason: Reason | str, lang: str) -> str | None:
    """Return an AI's reason for a move (a hint's explanation) as a sentence in ``lang``, or
    ``None``.

    Called when a hint is shown. ``reason`` is what the agent's ``explain`` returned: a
    :class:`asobi.model.Reason` (an English message with placeholders and their values) or
    plain text. Optional: the default looks the message up in the game's catalogue
    (``locale/<lang>.yaml`` of the game's package), then in the core's, and fills in the
    values; a game implements this hook to show its own values (card names...) its way.
    """


@hookspec(firstresult=True)
def asobi_rules_text(rules: Mapping[str, Any], lang: str) -> str | None:
    """Return the effective rules of a variant as text (``asobi rules GAME``, the rules page).

    ``rules`` is the validated, merged ``rules`` mapping. Koi-Koi prints its yaku table with
    points and the round rules. Optional: the default prints the mapping as YAML.
    """


# --------------------------------------------------------------------------- agents


@hookspec(firstresult=True)
def asobi_agent(
    game: str, level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int
) -> Agent | None:
    """Return an AI agent of ``level`` (``"easy"``, ``"hard:0.3"``...) for ``seat`` of
    ``game``, or ``None`` when this plugin has no such level.

    A game answers for the levels it lists in ``GameInfo.ai_levels``; a cross-cutting plugin
    may answer for levels it adds to any game (listed by :func:`asobi_agent_levels`). The
    game is asked first. The defaults provide ``random`` for every game and ``search`` for
    every game that implements :func:`asobi_resample`. The agent is given only public
    information here (the rules); during play it receives the seat's observations and legal
    actions, never the state. ``seed`` makes it reproducible. Raise
    :class:`asobi.errors.AsobiError` for a malformed level option (``hard:abc``).
    """


@hookspec
def asobi_agent_levels(game: str) -> list[str] | None:
    """Return the AI levels this plugin adds to ``game`` (its name, e.g. ``"koikoi"``), or
    ``None``. Every plugin's levels are listed after the game's own ones (``asobi games``,
    the web lobby, errors about ``--players``). Not called for the game's own levels: those
    are ``GameInfo.ai_levels``."""


@hookspec(firstresult=True)
def asobi_resample(
    observation: Mapping[str, Any], seat: int, rules: Mapping[str, Any], players: int,
    rng: random.Random,
) -> Any:
    """Return a state that ``seat`` cannot tell apart from the one behind ``observation``.

    OpenSpiel calls this ``resample_from_infostate``: everything ``observation`` shows stays
    as it is; everything hidden from ``seat`` (other hands, the order of face-down decks,
    choices not yet revealed) is dealt at random with ``rng``, consistent with what the seat
    has seen (counts, cards already played). The state must be usable with every other game
    hook, so an AI can search forward from it; a game whose state carries its own random
    generator seeds it from ``rng``. Optional: a game without it has no ``search`` level.
    """


# --------------------------------------------------------------------------- house rules


@hookspec
def asobi_variant_folders(game: str) -> list[Path | Traversable] | None:
    """Return folders holding variant files (``<name>.yaml``) for ``game``, or ``None``.

    A house-rule pack (a cross-cutting plugin) contributes its folders here; their variants
    are listed by ``asobi variants``, accepted by ``--variant`` and offered in the web lobby,
    after the game's built-in variants and before the user's own folder.
    """


# --------------------------------------------------------------------------- speed


@hookspec(firstresult=True)
def asobi_bench(rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any] | None:
    """Measure the game's engine for about ``seconds`` on one core (``asobi bench GAME``).

    Play random legal moves through the game's public engine, without the session layer, and
    return a JSON-ready dict with at least ``unit`` (what was counted: "rounds", "games"),
    ``count``, ``seconds`` and ``per_second``. Optional: the default times random games
    through the hooks.
    """


# --------------------------------------------------------------------------- balance lab


@hookspec(firstresult=True)
def asobi_pinned_setup(
    rules: Mapping[str, Any], players: int, rng: random.Random
) -> dict[str, Any] | None:
    """Return a record ``setup`` that pins the chance of a new game, drawn from ``rng``.

    ``asobi arena`` and ``asobi lab`` deal every game this way before it starts, then play it
    with the setup: the deal is then the same for every seat rotation and every variant of the
    same seed, and the records they save (``--records``) carry it. Koi-Koi pins its deals
    (``setup.deals``), Sakura its deck (``setup.deck``). Whatever the setup leaves open is
    still decided by the session's seed. Optional: ``None`` (the default) pins nothing.
    """


@hookspec(firstresult=True)
def asobi_lab_measures(rules: Mapping[str, Any], players: int) -> list[Measure] | None:
    """Return the game's own measures for ``asobi lab`` under these rules and players.

    Each :class:`asobi.measures.Measure` has a stable ``key``, a ``name`` and a ``unit`` (English
    messages of the game's catalogue, translated in every language it ships) and ``read``,
    which takes a :class:`asobi.measures.FinishedGame` (record, result, events, final state)
    and returns what it observed in that game: a :class:`asobi.measures.Tally` (a total over
    a count), a list of observations, one number or ``None``. The lab adds up the games and
    computes every figure's 95% interval and its differences between variants. Called on
    the machine that plays the game (a worker process, a Ray node) and on the one that writes
    the report. Optional: no game measures (the lab still reports the general ones).
    """


@hookspec(firstresult=True)
def asobi_restrictions(rules: Mapping[str, Any], players: int) -> list[Restriction] | None:
    """Return the kinds of choice an AI level of this game can be told never to make.

    Restricted play (Jaffe et al., AIIDE 2012): ``ai:normal/no-koikoi`` is the normal level
    kept from one kind of move, and the lab reports what that costs it against the
    unrestricted level, in each variant. Each :class:`asobi.measures.Restriction` has a
    ``name`` (after the slash), a ``title`` (an English message of the game's catalogue) and
    ``keep(observation, legal)``, the legal actions still allowed. Optional: none.
    """
