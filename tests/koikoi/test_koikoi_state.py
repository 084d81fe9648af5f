"""The one State constructor: copies and the AI's sampled worlds are the game they stand for.

``clone`` and ``ai_world.sample_world`` call ``State(...)`` positionally (they run once per
playout); a field passed in the wrong place would make the hard AI search a different game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields

import pytest

from asobi_koikoi import engine, observe
from asobi_koikoi.ai_world import read_view, sample_world
from asobi_koikoi.engine import CHOOSE, DECIDE, PLAY, State

from .helpers import PRESETS, start

SHARED = {"rules", "rng", "adjust", "deals", "stock", "log"}
"""Fields a copy may share with its original: never mutated in place."""


def positions(name: str, games: int, seed: int) -> Iterator[State]:
    """Every position of a few random games (the state object moves on after each yield)."""
    pick = random.Random(seed)
    for n in range(games):
        state = start(name, seed=seed + n)
        while not state.over:
            yield state
            engine.step(state, pick.choice(engine.legal_moves(state)))


def values(state: State) -> dict[str, object]:
    out = {f.name: getattr(state, f.name) for f in fields(State)}
    out["rng"] = state.rng.getstate()
    out["stock"] = tuple(state.stock)
    return out


@pytest.mark.parametrize("name", PRESETS)
def test_a_clone_is_the_same_game_and_moves_on_alone(name):
    phases = set()
    for i, state in enumerate(positions(name, 4, seed=20)):
        phases.add(state.phase)
        before = values(state)
        copy = engine.clone(state)
        assert values(copy) == before
        for f in fields(State):
            if f.name not in SHARED and isinstance(getattr(state, f.name), list):
                assert getattr(copy, f.name) is not getattr(state, f.name), f.name
        pick = random.Random(i)
        while not copy.over and copy.round == state.round:
            engine.step(copy, pick.choice(engine.legal_moves(copy)))
        assert values(state) == before
    assert {PLAY, DECIDE} <= phases


@pytest.mark.parametrize("name", ["standard", "koikoi-japan"])
def test_a_sampled_world_looks_to_the_seat_like_the_real_game(name):
    """Everything the seat is shown (decision points, yaku progress, scores...) is the same."""
    phases = set()
    for i, state in enumerate(positions(name, 12, seed=40)):
        seat = state.seat
        obs = observe.observation(state, seat)
        world = sample_world(read_view(obs), state.rules, random.Random(i))
        seen = observe.observation(world, seat)
        assert {**seen, "recent": []} == {**obs, "recent": []}
        assert (world.round, world.dealer, world.month_mask) == (
            state.round, state.dealer, state.month_mask)
        assert engine.legal_moves(world) == engine.legal_moves(state)
        phases.add(state.phase)
    assert phases == {PLAY, CHOOSE, DECIDE}
