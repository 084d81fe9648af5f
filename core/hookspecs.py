"""Hook specifications: the contract between asobi's core and its plugins.

Two kinds of plugin implement these hooks.

* A **game plugin** (entry-point group ``asobi.games``) implements the *game hooks*
  (``asobi_game_info`` to ``asobi_result``, plus the optional view and agent hooks). The core
  gives every game its own plugin manager, so a game's hooks are only ever called for that
  game: two installed games never run each other's rules.
* A **cross-cutting plugin** (entry-point group ``asobi.plugins``) implements the
  *observer hooks* (``asobi_adjust_points``, ``asobi_game_over``). It is registered with every
  game's manager and is told which game is calling through the ``game`` argument.

All game hooks are ``firstresult``: the game plugin answers, and a cross-cutting plugin that
returns ``None`` from one of them changes nothing.

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
    from asobi.model import Agent, GameInfo, SetupContext

hookspec = pluggy.HookspecMarker("asobi")

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
    who may see it (missing means everybody).
    """


@hookspec(firstresult=True)
def asobi_observation(state: Any, seat: int) -> dict[str, Any]:
    """Return what ``seat`` may know now, as JSON-ready data.

    Never include another seat's hidden cards, another seat's unrevealed simultaneous choice,
    or the order of a face-down deck. Frontends and AI agents see only this.
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

    Called once per finished game by the session, after the result is final. ``result`` is
    the replay-output dict. Return value ignored.
    """


# --------------------------------------------------------------------------- views


@hookspec(firstresult=True)
def asobi_render_text(observation: Mapping[str, Any], lang: str) -> str:
    """Draw ``observation`` for a text terminal (several lines, no trailing newline).

    Optional: without it the text frontend prints a generic view of the observation.
    """


@hookspec(firstresult=True)
def asobi_describe_action(
    observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
) -> str:
    """Return a short human label for ``action`` (a numbered choice in a menu).

    Optional: without it frontends show the action's JSON.
    """


@hookspec(firstresult=True)
def asobi_describe_event(event: Mapping[str, Any], seat: int, lang: str) -> str | None:
    """Return a one-line human description of ``event`` as seen by ``seat``, or ``None``
    to stay silent about it. Optional."""


@hookspec(firstresult=True)
def asobi_rules_text(rules: Mapping[str, Any], lang: str) -> str:
    """Return the effective rules of a variant as text (``asobi rules GAME``).

    ``rules`` is the validated, merged ``rules`` mapping. Koi-Koi prints its yaku table with
    points and the round rules. Optional: without it the core prints the mapping as YAML.
    """


# --------------------------------------------------------------------------- agents


@hookspec(firstresult=True)
def asobi_agent(level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int) -> Agent:
    """Return an AI agent of ``level`` (``"easy"``, ``"hard:0.3"``...) for ``seat``, or ``None``
    if the game has no such level. The core provides ``random`` for every game.

    The agent is given only public information here (the rules); during play it receives the
    seat's observations and legal actions, never the state. ``seed`` makes it reproducible.
    """


# --------------------------------------------------------------------------- speed


@hookspec(firstresult=True)
def asobi_bench(rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
    """Measure the game's engine for about ``seconds`` on one core (``asobi bench GAME``).

    Play random legal moves through the game's public engine, without the session layer, and
    return a JSON-ready dict with at least ``unit`` (what was counted: "rounds", "games"),
    ``count``, ``seconds`` and ``per_second``. Optional: without it the core times random
    games through the hooks.
    """


@hookspec(firstresult=True)
def asobi_web_assets() -> Any:
    """Return the folder (a :class:`pathlib.Path` or importlib Traversable) of the game's
    browser view, or ``None`` to use the web frontend's generic view.

    The web frontend serves the folder's files under ``/assets/<game>/``. It must hold
    ``view.js``, an ES module whose contract is documented by the web frontend
    (``frontends/web/README.md``); the module draws an observation and sends the seat's chosen
    action. Card art and board drawings live here, with the game, not in the frontend.
    """
