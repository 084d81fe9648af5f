"""Sakura's hard AI: legal, reproducible, blind to hidden cards."""

from __future__ import annotations

import json
import random

import pytest

from asobi.host.registry import discover
from asobi.play.agents import make_agent
from asobi.play.session import Session
from asobi.variants import loader as variants
from asobi_sakura import engine
from asobi_sakura.rules import compile_rules
from asobi_sakura.search import HardAgent, sample_world, unseen_cards


@pytest.fixture
def sakura():
    game = discover().game("sakura")
    return game, variants.load(game.info, "standard")


def positions(game, loaded, players: int, count: int, seed: int):
    """(session, seat) at decision points of games between random players."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        seed += 1
        session = Session(game, loaded, ["ai:random"] * players, seed=seed)
        while not session.finished and found < count:
            for seat in session.to_act():
                legal = session.legal_actions(seat)
                if len(legal) > 1 and rng.random() < 0.25 and found < count:
                    found += 1
                    yield session, seat
                if session.finished or seat not in session.to_act():
                    continue
                legal = session.legal_actions(seat)
                session.apply(seat, legal[rng.randrange(len(legal))])


def small(seat, rules, seed=3):
    return HardAgent(seat, rules, seed, rollouts=10, depth=1)


@pytest.mark.parametrize("players", [2, 4])
def test_hard_plays_legal_moves_and_ignores_hidden_cards(sakura, players):
    game, loaded = sakura
    rules = compile_rules(loaded.rules)
    rng = random.Random(1)
    for session, seat in positions(game, loaded, players, 6, seed=10 * players):
        obs = session.observation(seat)
        legal = session.legal_actions(seat)
        other = engine.hidden_variant(session.state, seat, rng)
        obs_other = engine.observation(other, seat)
        assert obs_other == obs
        a, reason = small(seat, rules).explain(json.loads(json.dumps(obs)), legal)
        b = small(seat, rules).choose(json.loads(json.dumps(obs_other)), legal)
        assert a == b and a in legal
        assert reason and "\n" not in reason


def test_sampled_worlds_agree_with_the_observation(sakura):
    game, loaded = sakura
    rules = compile_rules(loaded.rules)
    rng = random.Random(2)
    for session, seat in positions(game, loaded, 3, 8, seed=5):
        obs = session.observation(seat)
        world = sample_world(rules, obs, rng)
        assert [sorted(h) for h in world.hands][seat] == sorted(c["number"] for c in obs["hand"])
        assert world.painters == obs["painters"] and world.emperor == obs["emperor"]
        hidden = {n for s, h in enumerate(world.hands) if s != seat for n in h} | set(world.deck)
        assert hidden == set(unseen_cards(obs, rules.deck_size))


def test_hard_is_reproducible_and_plays_whole_games(sakura):
    game, loaded = sakura
    records = []
    for _ in range(2):
        session = Session(game, loaded, ["ai:hard:0.02", "ai:easy", "ai:random"], seed=8)
        agents = [make_agent(game, s.level, i, loaded.rules, 3, 8)
                  for i, s in enumerate(session.seats)]
        while not session.finished:
            for seat in session.to_act():
                if seat in session.to_act():
                    session.apply(seat, agents[seat].choose(session.observation(seat),
                                                            session.legal_actions(seat)))
        records.append(session.record()["moves"])
    assert records[0] == records[1]


def test_hard_level_and_budget(sakura):
    from asobi.errors import AsobiError
    from asobi_sakura.search import make_hard

    _, loaded = sakura
    rules = compile_rules(loaded.rules)
    assert make_hard("normal", 0, rules, 4, 1) is None
    assert make_hard("hard", 0, rules, 4, 1).budget == 1.0
    fast = make_hard("hard:0.2", 0, rules, 4, 1)
    assert fast.budget == 0.2 and fast.rollouts < make_hard("hard", 0, rules, 4, 1).rollouts
    for bad in ("hard:soon", "hard:-1"):
        with pytest.raises(AsobiError):
            make_hard(bad, 0, rules, 4, 1)
