"""The asobi hooks of Sakura: thin wrappers over the engine, the views and the agents.

The engine, the agents, the views, the rules text, the lab measures and the bench are imported by
the hooks that use them, not here: registering the game (``asobi games``, building the command
line) needs only the rules schema, and stays quick. The hooks a playout calls over and over reach
the engine through ``_engine`` (:func:`asobi.host.lazymodule.lazy_module`: a cached accessor, about
as cheap as a global name), not through an import statement run at every call.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

import pluggy

from asobi.contract.measures import Measure, Restriction
from asobi.contract.model import Agent, GameInfo, ScoreRow, SetupContext
from asobi.host.lazymodule import lazy_module
from asobi_sakura.rules import SCHEMA, compile_rules

if TYPE_CHECKING:
    from asobi_sakura.engine import State

hookimpl = pluggy.HookimplMarker("asobi")

_engine = lazy_module("asobi_sakura.engine")
_encoding = lazy_module("asobi_sakura.encoding")


@hookimpl
def asobi_game_info() -> GameInfo:
    return GameInfo(
        name="sakura",
        title="Sakura",
        min_players=2,
        max_players=6,
        schema=SCHEMA,
        variants=resources.files("asobi_variants") / "sakura",
        default_variant="standard",
        summary="Painters follow the Emperor through his cherry garden.",
        default_players=("human", "ai:normal", "ai:normal"),
        ai_levels=("random", "easy", "normal", "hard"),
        resamples=True,  # asobi_resample deals a world from an observation alone
        default_level="normal",
        strongest_level="hard",
    )


@hookimpl
def asobi_setup(ctx: SetupContext) -> State:
    return _engine().new_game(
        compile_rules(ctx.rules), ctx.players, ctx.rng, ctx.setup, ctx.adjust_points
    )


@hookimpl
def asobi_to_act(state: State) -> list[int]:
    return _engine().to_act(state)


@hookimpl
def asobi_legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    return _engine().legal_actions(state, seat)


@hookimpl
def asobi_apply(state: State, seat: int, action: Mapping[str, Any]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    _engine().apply(state, seat, action, events)
    for event in events:
        event["players"] = state.players
    return events


@hookimpl
def asobi_observation(state: State, seat: int) -> dict[str, Any]:
    return _engine().observation(state, seat)


@hookimpl(optionalhook=True)  # declared by asobi.envs: there only where it is
def asobi_observation_tensor(
    observation: Mapping[str, Any], rules: Mapping[str, Any], players: int
) -> Any:
    return _encoding().asobi_observation_tensor(observation, rules, players)


@hookimpl(optionalhook=True)  # declared by asobi.envs: there only where it is
def asobi_action_space(rules: Mapping[str, Any], players: int) -> Sequence[dict[str, Any]]:
    return _encoding().asobi_action_space(rules, players)


@hookimpl(optionalhook=True)  # the web frontend's hook (its replay viewer shows every card)
def asobi_reveal(state: State) -> dict[str, list[int]] | None:
    from asobi_sakura import observe

    return observe.reveal(state)


@hookimpl
def asobi_result(state: State) -> dict[str, Any]:
    return _engine().result(state)


@hookimpl
def asobi_render_text(observation: Mapping[str, Any], lang: str) -> str | None:
    if observation.get("game") != "sakura":
        return None
    from asobi_sakura import view

    return view.render(observation, lang)


@hookimpl
def asobi_describe_action(
    observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
) -> str | None:
    if observation.get("game") != "sakura":
        return None
    from asobi_sakura import view

    return view.describe_action(observation, action, lang)


@hookimpl
def asobi_describe_event(
    event: Mapping[str, Any], seat: int | None, lang: str
) -> str | None:
    from asobi_sakura import view

    return view.describe_event(event, seat, lang)


@hookimpl
def asobi_score_rows(
    result: Mapping[str, Any], observation: Mapping[str, Any], lang: str
) -> list[ScoreRow] | None:
    if observation.get("game") != "sakura":
        return None
    from asobi_sakura import view

    return view.score_rows(observation, lang)


@hookimpl
def asobi_rules_text(rules: Mapping[str, Any], lang: str) -> str:
    from asobi_sakura import rulestext

    return rulestext.rules_text(rules, lang)


@hookimpl
def asobi_agent(
    level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int
) -> Agent | None:
    from asobi_sakura import ai, search

    compiled = compile_rules(rules)
    hard = search.make_hard(level, seat, compiled, players, seed)
    return hard if hard is not None else ai.make_agent(level, seat, compiled, players, seed)


@hookimpl
def asobi_bench(rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
    from asobi_sakura import bench

    return bench.bench(rules, seconds, seed)


@hookimpl(optionalhook=True)  # the web frontend's hook: there only when it is installed
def asobi_web_assets() -> Any:
    return resources.files("asobi_sakura") / "webview"


@hookimpl(optionalhook=True)  # the tui frontend's hook: there only when it is installed
def asobi_tui_view(context: Any) -> Any:
    from asobi_sakura.tuiview import make_view  # Textual is imported there, when needed

    return make_view(context)


@hookimpl
def asobi_resample(
    observation: Mapping[str, Any], seat: int, rules: Mapping[str, Any], players: int,
    rng: random.Random, state: State | None,
) -> State:
    """A state the seat cannot tell from the real one: unseen cards dealt again, and the picks
    the others made in secret made again at random from their new hands; given the real
    state, a copy of it dealt again so (the rest as it is)."""
    if state is not None:
        return _engine().hidden_variant(state, seat, rng)
    from asobi_sakura import search

    world = search.sample_world(compile_rules(rules), observation, rng)
    for other in range(players):
        if other != seat and observation["picked"][other] and world.picks[other] is None:
            number = rng.choice(sorted(world.hands[other]))
            world.hands[other].remove(number)
            world.picks[other] = number
    chooser = observation.get("neutral_chooser")
    if chooser not in (None, seat) and observation.get("neutral_picked") and (
        world.neutral_pick is None
    ):
        number = rng.choice(sorted(world.hands[chooser]))
        world.hands[chooser].remove(number)
        world.neutral_pick = number
    return world


@hookimpl
def asobi_pinned_setup(
    rules: Mapping[str, Any], players: int, rng: random.Random
) -> dict[str, Any]:
    from asobi_sakura import setup

    return setup.pinned_deck(compile_rules(rules), rng)


@hookimpl
def asobi_lab_measures(rules: Mapping[str, Any], players: int) -> list[Measure]:
    from asobi_sakura import measures

    return measures.lab_measures(rules, players)


@hookimpl
def asobi_restrictions(rules: Mapping[str, Any], players: int) -> list[Restriction]:
    from asobi_sakura import ai

    return list(ai.RESTRICTIONS)
