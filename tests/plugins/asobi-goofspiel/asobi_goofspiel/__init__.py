"""Goofspiel for asobi: the game written step by step in asobi's ``docs/tutorial.md``.

Each player holds the cards 1 to N. A face-down deck of prizes 1 to N is shuffled; each round
its top card is turned up, every player bids one card in secret, the bids are revealed
together and the highest takes the prize. This module holds the hooks; the rules are in
``engine.py``, what a seat may know in ``hidden.py``, the text view in ``view.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import pluggy
from asobi.contract.model import GameInfo, SetupContext
from asobi.variants.schema import Int, Str, Struct

from . import engine, hidden, view

hookimpl = pluggy.HookimplMarker("asobi")

SCHEMA = Struct(
    {
        "cards": Int(min=2, max=13),
        "tie": Str(choices=("discard", "split"), what="tie rule"),
    }
)


@hookimpl
def asobi_game_info() -> GameInfo:
    return GameInfo(
        name="goofspiel",
        title="Goofspiel",
        min_players=2,
        max_players=4,
        schema=SCHEMA,
        variants=resources.files("asobi_goofspiel") / "variants",
        summary="bid your cards in secret for the prize turned up",
        default_players=("human", "ai:search"),
        ai_levels=("random", "search"),
        resamples=True,
        default_level="search",
        strongest_level="search",
    )


@hookimpl
def asobi_setup(ctx: SetupContext) -> engine.Goofspiel:
    rules = ctx.rules
    return engine.new_game(rules["cards"], rules["tie"], ctx.players, ctx.rng, ctx.adjust_points)


@hookimpl
def asobi_to_act(state: engine.Goofspiel) -> list[int]:
    return engine.to_act(state)


@hookimpl
def asobi_legal_actions(state: engine.Goofspiel, seat: int) -> list[dict[str, Any]]:
    return engine.legal_bids(state, seat)


@hookimpl
def asobi_apply(
    state: engine.Goofspiel, seat: int, action: Mapping[str, Any]
) -> list[dict[str, Any]]:
    return engine.play_bid(state, seat, action["bid"])


@hookimpl
def asobi_result(state: engine.Goofspiel) -> dict[str, Any]:
    return {
        "finished": state.prize is None,
        "rounds": [dict(unit) for unit in state.rounds],
        "scores": list(state.scores),
        "winner": engine.winner(state),
    }


@hookimpl
def asobi_observation(state: engine.Goofspiel, seat: int) -> dict[str, Any]:
    return hidden.observation(state, seat)


@hookimpl
def asobi_resample(
    observation: Mapping[str, Any], seat: int, rules: Mapping[str, Any], players: int,
    rng: random.Random, state: engine.Goofspiel | None,
) -> engine.Goofspiel:
    if state is not None:
        return hidden.redeal(state, seat, rng)
    return hidden.from_observation(observation, rules["tie"], rng)


@hookimpl
def asobi_render_text(observation: Mapping[str, Any], lang: str) -> str:
    return view.render(observation, lang)


@hookimpl
def asobi_describe_action(
    observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
) -> str:
    return view.action_label(action, lang)


@hookimpl
def asobi_describe_event(
    event: Mapping[str, Any], seat: int | None, lang: str
) -> str | None:
    return view.event_text(event, seat, lang)


@hookimpl
def asobi_rules_text(rules: Mapping[str, Any], lang: str) -> str:
    return view.rules_text(rules, lang)


@hookimpl(optionalhook=True)  # the web frontend's hook: unused where it is not installed
def asobi_web_assets() -> Traversable:
    return resources.files("asobi_goofspiel") / "webview"
