"""The Koi-Koi game plugin: pluggy hook implementations over the engine and the views.

Scoring units and ``asobi_adjust_points``: every settled round (a stop, an exhausted round or
a hand yaku) calls ``ctx.adjust_points(unit)`` once with
``{"points": [a, b], "winner", "dealer", "exhausted", "yaku": [[titles], [titles]],
"captured": [[ids], [ids]], "round": n}``; the returned per-seat deltas are added to the
round's points before they reach the scores and the result. Zero-sum presets stay zero-sum
only if the cross-cutting plugins return zero-sum deltas: the game does not rebalance them.

The engine, the AI, the views, the lab measures and the bench are imported by the hooks that use
them, not here: registering the game (``asobi games``, building the command line) needs only
the card list and the rules schema, and stays quick. The hooks a playout calls over and over
reach the engine through ``_engine`` (:func:`asobi.host.lazymodule.lazy_module`: a cached accessor,
about as cheap as a global name), not through an import statement run at every call.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from importlib import resources
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pluggy

from asobi.contract.measures import Measure, Restriction
from asobi.contract.model import GameInfo, Reason, ScoreRow, SetupContext
from asobi.errors import AsobiError
from asobi.host.lazymodule import lazy_module

from .cards import CARD_IDS, INDEX
from .rules import SCHEMA, compile_rules

if TYPE_CHECKING:
    from .engine import State

hookimpl = pluggy.HookimplMarker("asobi")

_engine = lazy_module("asobi_koikoi.engine")
_observe = lazy_module("asobi_koikoi.observe")
_encoding = lazy_module("asobi_koikoi.encoding")


def is_stop_made_by_itself(state: State, seat: int, action: Mapping[str, Any]) -> bool:
    """Whether ``action`` is a stop the engine now makes by itself (older callers import it
    here; it lives in :mod:`asobi_koikoi.upgrade`)."""
    from .upgrade import is_stop_made_by_itself as made_by_itself

    return made_by_itself(state, seat, action)


@hookimpl
def asobi_game_info() -> GameInfo:
    return GameInfo(
        name="koikoi",
        title="Koi-Koi",
        min_players=2,
        max_players=2,
        schema=SCHEMA,
        variants=resources.files("asobi_variants") / "koikoi",
        default_variant="standard",
        summary="Hanafuda flower cards: capture by month, make yaku, stop or call koi-koi.",
        default_players=("human", "ai:hard"),
        default_level="normal",
        strongest_level="hard",
        ai_levels=("random", "easy", "card-values", "normal", "hard-2026", "hard"),
        resamples=True,  # asobi_resample deals a world from an observation alone
        upgrades_records=True,  # older records' koikoi calls where a round now stops
    )


@hookimpl
def asobi_setup(ctx: SetupContext) -> State:
    if ctx.players != 2:
        raise AsobiError(f"Koi-Koi is played by 2 players, not {ctx.players}")
    engine = _engine()
    rules = compile_rules(ctx.rules)
    deals = engine.parse_deals(ctx.setup)
    events: list[dict[str, Any]] = []
    state = engine.new_game(rules, ctx.rng, deals, ctx.adjust_points, events)
    state.log = events
    return state


@hookimpl
def asobi_to_act(state: State) -> list[int]:
    return [] if state.phase == _engine().OVER else [state.seat]


def _action(engine: ModuleType, state: State, move: int) -> dict[str, Any]:
    if state.phase == engine.PLAY:
        return {"play": CARD_IDS[move]}
    if state.phase == engine.CHOOSE:
        return {"capture": CARD_IDS[move]}
    return {"koikoi": move == engine.KOIKOI}


@hookimpl
def asobi_legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    engine = _engine()
    if state.phase == engine.OVER or seat != state.seat:
        return []
    return [_action(engine, state, m) for m in engine.legal_moves(state)]


def to_move(state: State, action: Mapping[str, Any]) -> int:
    """The engine move of an action dict (AsobiError when it is not legal now)."""
    return _to_move(_engine(), state, action)


def _to_move(engine: ModuleType, state: State, action: Mapping[str, Any]) -> int:
    move = -1
    if len(action) == 1:
        key, value = next(iter(action.items()))
        if key == "play" and state.phase == engine.PLAY and value in INDEX:
            move = INDEX[value]
        elif key == "capture" and state.phase == engine.CHOOSE and value in INDEX:
            move = INDEX[value]
        elif key == "koikoi" and state.phase == engine.DECIDE and isinstance(value, bool):
            move = engine.KOIKOI if value else engine.STOP
    if move < 0 or move not in engine.legal_moves(state):
        raise AsobiError(f"illegal Koi-Koi action {dict(action)!r}")
    return move


@hookimpl
def asobi_upgrade_record(record: Mapping[str, Any], state: State) -> list[Any] | None:
    from . import upgrade

    return upgrade.upgrade_moves(record["moves"], state, asobi_apply)


@hookimpl
def asobi_apply(state: State, seat: int, action: Mapping[str, Any]) -> list[dict[str, Any]]:
    engine = _engine()
    if state.phase == engine.OVER or seat != state.seat:
        raise AsobiError(f"it is not seat {seat}'s turn")
    move = _to_move(engine, state, action)
    events: list[dict[str, Any]] = []
    engine.step(state, move, events)
    state.log = _observe().round_log(state.log, events)
    return events


@hookimpl
def asobi_observation(state: State, seat: int) -> dict[str, Any]:
    return _observe().observation(state, seat)


@hookimpl(optionalhook=True)  # declared by asobi.envs: there only where it is
def asobi_observation_tensor(
    observation: Mapping[str, Any], rules: Mapping[str, Any], players: int
) -> Any:
    return _encoding().asobi_observation_tensor(observation, rules, players)


@hookimpl(optionalhook=True)  # declared by asobi.envs: there only where it is
def asobi_observation_bounds(rules: Mapping[str, Any], players: int) -> dict[str, Any]:
    return _encoding().asobi_observation_bounds(rules, players)


@hookimpl(optionalhook=True)  # declared by asobi.envs: there only where it is
def asobi_action_space(rules: Mapping[str, Any], players: int) -> list[dict[str, Any]]:
    return _encoding().asobi_action_space(rules, players)


@hookimpl(optionalhook=True)  # the web frontend's hook (its replay viewer shows every card)
def asobi_reveal(state: State) -> dict[str, list[str]] | None:
    return _observe().reveal(state)


@hookimpl
def asobi_result(state: State) -> dict[str, Any]:
    return _observe().result(state)


@hookimpl
def asobi_render_text(observation: Mapping[str, Any], lang: str) -> str:
    from . import view

    return view.render_text(observation, lang)


@hookimpl
def asobi_describe_action(
    observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
) -> str:
    from . import view

    return view.describe_action(observation, action, lang)


@hookimpl
def asobi_describe_event(
    event: Mapping[str, Any], seat: int | None, lang: str
) -> str | None:
    from . import view

    return view.describe_event(event, seat, lang)


@hookimpl
def asobi_score_rows(
    result: Mapping[str, Any], observation: Mapping[str, Any], lang: str
) -> list[ScoreRow] | None:
    if observation.get("game") != "koikoi":
        return None
    from . import narration

    return narration.score_rows(result, lang)


@hookimpl
def asobi_describe_reason(reason: Reason | str, lang: str) -> str | None:
    from . import view

    return view.describe_reason(reason, lang)


@hookimpl
def asobi_rules_text(rules: Mapping[str, Any], lang: str) -> str:
    from . import view

    return view.rules_text(rules, lang)


@hookimpl
def asobi_bench(rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
    from .bench import bench

    return bench(rules, seconds, seed)


@hookimpl(optionalhook=True)  # the web frontend's hook: there only when it is installed
def asobi_web_assets() -> Any:
    return resources.files("asobi_koikoi") / "webview"


@hookimpl(optionalhook=True)  # the tui frontend's hook: there only when it is installed
def asobi_tui_view(context: Any) -> Any:
    from asobi_koikoi.tuiview import make_view  # Textual is imported there, when needed

    return make_view(context)


@hookimpl
def asobi_agent(level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int) -> Any:
    from . import ai

    return ai.make(level, seat, rules, players, seed)


@hookimpl
def asobi_resample(
    observation: Mapping[str, Any], seat: int, rules: Mapping[str, Any], players: int,
    rng: random.Random, state: State | None,
) -> State:
    """Given the real state, a copy with the opponent's hand and the stock dealt again (the
    rest as it is); else the hard AI's determinized world (the same, from the cards this seat
    has not seen), carrying the events of the deal the seat has seen."""
    if state is not None:
        return _engine().hidden_variant(state, seat, rng)
    from . import ai_world

    world = ai_world.sample_world(ai_world.read_view(observation), compile_rules(rules), rng)
    world.log = [dict(event) for event in observation["history"]]
    return world


@hookimpl
def asobi_pinned_setup(
    rules: Mapping[str, Any], players: int, rng: random.Random
) -> dict[str, Any]:
    from . import setup

    return setup.pinned_deals(rules, rng)


@hookimpl
def asobi_turned_setup(
    setup: Mapping[str, Any], rules: Mapping[str, Any], players: int, turn: int
) -> dict[str, Any] | None:
    from . import setup as dealing

    return dealing.turned_deals(setup, turn)


@hookimpl
def asobi_lab_measures(rules: Mapping[str, Any], players: int) -> list[Measure]:
    from . import measures

    return measures.lab_measures(rules, players)


@hookimpl
def asobi_restrictions(rules: Mapping[str, Any], players: int) -> list[Restriction]:
    from . import ai

    return list(ai.RESTRICTIONS)
