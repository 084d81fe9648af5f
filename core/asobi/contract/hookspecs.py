# mypy: disable-error-code="empty-body"
# (a hook specification is a signature and a docstring; plugins give the bodies)
"""Hook specifications: the contract between asobi's core and its plugins.

* A **game plugin** (entry-point group ``asobi.games``) implements the *game hooks*. Every game
  has its own plugin manager, so two installed games never run each other's rules.
* A **cross-cutting plugin** (group ``asobi.plugins``) implements only the hooks of
  :data:`CROSS_CUTTING_HOOKS` (scoring adjustments, end-of-game observers, AI levels,
  house-rule packs). It is registered with every game's manager and told which game calls
  through the ``game`` argument; one that implements a game hook is refused at load.

Beside these, every manager holds the tools' hooks (:mod:`asobi.contract.toolspecs`) and those
frontends declare in the entry-point group ``asobi.hookspecs`` (a game implements those with
``@hookimpl(optionalhook=True)``). A hook renamed since (:data:`RENAMED`) is not answered under
its older name: a game that implements one is refused at load, in one line naming the new name.
A hook marked *optional* always has an answer: the core's defaults
(:mod:`asobi.contract.defaults`) are registered ``trylast`` with every game.

The game hooks are ``firstresult``. Call them through ``game.hooks``
(:class:`asobi.host.gamehooks.GameHooks`, typed, held to these signatures by a test); every
answer is checked, and every fault named, by the guard of the game's manager
(:mod:`asobi.host.manager`). States are opaque to the core (make them cheap: AI search copies
them); everything that reaches a frontend, an agent or a record is JSON: actions are small
dicts (``{"play": "pine-crane"}``), observations dicts, events dicts with a ``"type"``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path

    from asobi.contract.model import Agent, GameInfo, Reason, ScoreRow, SetupContext
    from asobi.host.installed import Game

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
    "asobi_resample",
    "asobi_result",
)
"""The hooks every game plugin implements; the registry skips a game that lacks one."""

RENAMED: Mapping[str, str] = {
    "asobi_hidden_variant": "asobi_resample",
    "asobi_obsolete_move": "asobi_upgrade_record",
}
"""Hooks renamed before asobi 0.1, by their older name: the newer ones take other arguments
(``asobi_resample`` may be asked for a state from an observation alone, ``asobi_upgrade_record``
rewrites a whole record at once), so an older implementation cannot answer for them and the
registry refuses a game that implements one, naming the new name."""

# --------------------------------------------------------------------------- identity


@hookspec(firstresult=True)
def asobi_game_info() -> GameInfo:
    """Describe the game: its name, title, player counts, variant schema and variant folder.

    Called once, when the registry loads the plugin. The returned
    :class:`asobi.contract.model.GameInfo` is how ``asobi games`` lists the game, how variant files
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
def asobi_observation(state: Any, seat: int) -> dict[str, Any]:
    """Return what ``seat`` may know now, as JSON-ready data.

    Never include another seat's hidden cards, another seat's unrevealed simultaneous choice,
    or the order of a face-down deck. Frontends and AI agents see only this.
    """


@hookspec(firstresult=True)
def asobi_resample(
    observation: Mapping[str, Any], seat: int, rules: Mapping[str, Any] | None,
    players: int | None, rng: random.Random, state: Any,
) -> Any:
    """Return a *new* state that ``seat`` cannot tell apart from the real one.

    Everything ``seat`` can see stays as it is; everything hidden from it (other hands, the
    order of face-down decks, other seats' choices not yet revealed) is dealt again at random
    with ``rng``, keeping the counts and what the seat has seen played (OpenSpiel's
    ``resample_from_infostate``). ``observation`` is the seat's observation of the real state,
    ``rules`` the variant's merged rules, ``players`` the number of seats. Two callers:

    * one that holds the real state (the conformance kit, a test of a frontend's privacy)
      passes it as ``state``: deal again from it, keeping everything of it the seat may know,
      even what the observation does not carry (earlier rounds), and leave ``state`` as it
      is. ``rules`` and ``players`` may then be ``None``: the state holds them. The kit checks
      that ``asobi_observation(new, seat)`` equals the seat's observation of the real state,
      that the result is the same, and that the re-deal changes what some other seat sees;
    * an AI (``ai:search``, OpenSpiel's ISMCTS) holds only the observation and passes
      ``state=None``: build a whole state from ``observation``.

    The answer must be usable with every other game hook, so an AI can search forward from
    it; a game whose state carries its own random generator seeds it from ``rng``. Required
    (a game without hidden information returns a copy). Whether it builds a state from an
    observation alone is declared by :attr:`asobi.contract.model.GameInfo.resamples`: a game
    that does not declare it is never called with ``state=None`` and has no ``search`` level.
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


# --------------------------------------------------------------------------- records


@hookspec(firstresult=True)
def asobi_upgrade_record(
    record: Mapping[str, Any], state: Any
) -> list[dict[str, Any] | None] | None:
    """Return the moves of an older ``record`` as this version of the game replays them, or
    ``None`` when they replay as they are.

    Called once each time a record is replayed (``asobi replay``, the web replay viewer, a web
    game rebuilt after a restart), before its first move is applied. ``record`` is the record
    as saved (records.md); ``state`` is a new initial state of its game, built from its seed,
    setup and rules as the replay's own is, which the game may step with its own engine to
    find where an older version asked for something this one does otherwise. The answer has
    one entry per move of the record, in order: the move (``{"seat": ..., "action": ...}``),
    rewritten where it must be, or ``None`` for a move an older version asked for and this one
    makes by itself: the replay skips it, and it still counts in the index of the moves after
    it. Koi-Koi answers ``None`` for the ``{"koikoi": false}`` its older records hold where a
    round now stops by itself. Optional: the default replays every move as it is. A game that
    implements it says so in :attr:`asobi.contract.model.GameInfo.upgrades_records`.
    """


# --------------------------------------------------------------------------- views


@hookspec(firstresult=True)
def asobi_render_text(observation: Mapping[str, Any], lang: str) -> str | None:
    """Return ``observation`` drawn as text (several lines, no trailing newline), in
    ``lang``, or ``None``.

    A view hook shared by every frontend and tool that shows a game as text, which is why it
    is the core's and not one frontend's: the text frontend calls it each time a seat's view
    is shown, and so do third-party terminal frontends (``asobi new frontend`` writes one),
    the web frontend's generic view (for a game without a browser view of its own), the
    learning environments' ``render`` and the conformance kit. Optional: the default draws the
    observation as indented JSON.
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
    are best left unsaid. The default says nothing (``None``): a frontend then shows the
    events its own way, or not at all."""


@hookspec(firstresult=True)
def asobi_describe_reason(reason: Reason | str, lang: str) -> str | None:
    """Return an AI's reason for a move (a hint's explanation) as a sentence in ``lang``, or
    ``None``.

    Called when a hint is shown. ``reason`` is what the agent's ``explain`` returned: a
    :class:`asobi.contract.model.Reason` (an English message with placeholders and their values) or
    plain text. Optional: the default looks the message up in the game's catalogue
    (``locale/<lang>.yaml`` of the game's package), then in the core's, and fills in the
    values; a game implements this hook to show its own values (card names...) its way.
    """


@hookspec(firstresult=True)
def asobi_score_rows(
    result: Mapping[str, Any], observation: Mapping[str, Any], lang: str
) -> list[ScoreRow] | None:
    """Return the rows of the final table of a finished game, in ``lang``, or ``None``.

    Called once when a terminal frontend shows how a game ended. ``result`` is the session's
    result (:func:`asobi_result`), ``observation`` the final observation of the seat being
    told. Each :class:`asobi.contract.model.ScoreRow` is a step of the game in words and what
    it added to each seat's score, one number per seat; read from the first row down they
    should add up to ``result["scores"]`` (starting amounts, each scoring unit, what was lost
    along the way). The frontend names the seats, adds what the rows leave unexplained as one
    more row and ends with the final scores. Optional: by default the frontend lists each of
    ``result["rounds"]`` as a round.
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
    game: str, level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int,
    installed: Game | None,
) -> Agent | None:
    """Return an AI agent of ``level`` (``"easy"``, ``"hard:0.3"``...) for ``seat`` of
    ``game``, or ``None`` when this plugin has no such level.

    A game answers for the levels it lists in ``GameInfo.ai_levels``; a cross-cutting plugin
    may answer for levels it adds to any game (listed by :func:`asobi_agent_levels`). The
    game is asked first. The defaults provide ``random`` for every game and ``search`` for
    every game that declares :attr:`asobi.contract.model.GameInfo.resamples`. The agent is given
    only public information here (the rules); during play it receives the seat's
    observations and legal actions, never the state. ``seed`` makes it reproducible. Raise
    :class:`asobi.errors.AsobiError` for a malformed level option (``hard:abc``).

    ``installed`` is the game itself as its registry holds it (:class:`asobi.host.installed.Game`:
    its hooks, variants and words), for a plugin whose agents simulate the game (the OpenSpiel
    levels); it is None when the hooks were built outside a registry. An implementation takes
    only the arguments it uses.
    """


@hookspec
def asobi_agent_levels(game: str, info: GameInfo) -> list[str] | None:
    """Return the AI levels this plugin adds to ``game`` (its name, e.g. ``"koikoi"``), or
    ``None``. Every plugin's levels are listed after the game's own ones (``asobi games``,
    the web lobby, errors about ``--players``). Not called for the game's own levels: those
    are ``GameInfo.ai_levels``.

    What a plugin may need to decide is given, so that listing needs no look-up of the game:
    ``info``, the game's :class:`asobi.contract.model.GameInfo` (``info.resamples``: whether its
    :func:`asobi_resample` deals a world from a seat's observation, what a search needs). An
    implementation takes only the arguments it uses (``asobi_agent_levels(game)`` is fine)."""


# --------------------------------------------------------------------------- house rules


@hookspec
def asobi_variant_folders(game: str) -> list[Path | Traversable] | None:
    """Return folders holding variant files (``<name>.yaml``) for ``game``, or ``None``.

    A house-rule pack (a cross-cutting plugin) contributes its folders here; their variants
    are listed by ``asobi variants``, accepted by ``--variant`` and offered in the web lobby,
    after the game's built-in variants and before the user's own folder.
    """
