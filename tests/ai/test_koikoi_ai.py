"""Koi-Koi AI players: legal, reproducible, blind to hidden cards, and sensible."""

from __future__ import annotations

import json
import random
import time

import pytest

from asobi.errors import AsobiError
from asobi.play.agents import make_agent
from asobi.play.session import Session
from asobi.variants import loader as variants
from asobi_koikoi import ai, engine, observe, search
from asobi_koikoi.ai_world import read_view, sample_world
from asobi_koikoi.cards import CARD_IDS
from asobi_koikoi.engine import CHOOSE, DECIDE
from asobi_koikoi.search import HardAgent

from .positions import compiled, observation, rules_of

PRESETS = ("standard", "koikoi-japan", "italian", "nintendo")


def agents_for(variant: str, seed: int) -> dict[str, object]:
    rules = compiled(variant)
    return {
        "easy": ai.EasyAgent(),
        "normal": ai.NormalAgent(rules),
        "hard": HardAgent(rules, seed, playouts=40),
    }


def json_copy(data: object) -> object:
    """What crosses to an agent is plain data: a JSON round trip keeps no references."""
    return json.loads(json.dumps(data))


def random_positions(variant: str, count: int, seed: int):
    """(session, seat) at ``count`` decision points of random games."""
    rng = random.Random(seed)
    from asobi.host.registry import discover

    game = discover().game("koikoi")
    loaded = variants.load(game.info, variant)
    found = 0
    game_seed = seed
    while found < count:
        game_seed += 1
        session = Session(game, loaded, ["ai:random", "ai:random"], seed=game_seed)
        while not session.finished and found < count:
            seat = session.to_act()[0]
            legal = session.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.3:
                found += 1
                yield session, seat
            session.apply(seat, legal[rng.randrange(len(legal))])


# --------------------------------------------------------------------------- hidden state


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["standard", "koikoi-japan"])
def test_decisions_do_not_depend_on_hidden_cards(variant):
    """Two states that differ only in what the seat cannot see give the same decisions."""
    rng = random.Random(7)
    checked = 0
    for session, seat in random_positions(variant, 25, seed=100):
        state = session.state
        other = engine.hidden_variant(state, seat, rng)
        assert (other.hands[1 - seat], other.stock[other.pos:]) != (
            state.hands[1 - seat], state.stock[state.pos:]
        ) or not state.hands[1 - seat]
        obs_a = observe.observation(state, seat)
        obs_b = observe.observation(other, seat)
        legal = session.legal_actions(seat)
        for level in ("easy", "normal", "hard"):
            a = agents_for(variant, 5)[level].choose(json_copy(obs_a), json_copy(legal))
            b = agents_for(variant, 5)[level].choose(json_copy(obs_b), json_copy(legal))
            assert a == b, level
            assert a in legal
        checked += 1
    assert checked == 25


def test_sampled_worlds_keep_what_the_seat_sees():
    """The hard AI's worlds agree with the observation and redeal only the unseen cards."""
    for session, seat in random_positions("standard", 20, seed=3):
        obs = session.observation(seat)
        view = read_view(json_copy(obs))
        real = session.state
        rng = random.Random(1)
        for _ in range(3):
            world = sample_world(view, compiled("standard"), rng)
            mine = observe.observation(world, seat)
            for key in ("hand", "board", "opponent_hand", "stock", "phase", "to_act"):
                assert mine[key] == obs[key], key
            assert [p["captured"] for p in mine["players"]] == [
                p["captured"] for p in obs["players"]
            ]
            hidden = world.hands[1 - seat] | sum(1 << c for c in world.stock)
            truth = real.hands[1 - seat] | sum(1 << c for c in real.stock[real.pos:])
            assert hidden == truth  # the same unseen cards, dealt anew


def test_agents_get_plain_data_only(ai_registry):
    """make_agent hands the agent the rules; during play it gets observation dicts only."""
    game = ai_registry.game("koikoi")
    loaded = variants.load(game.info, "standard")
    seen: list[type] = []

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, observation, legal):
            seen.extend({type(observation), type(legal)})
            json.dumps(observation)  # nothing but JSON data
            return self.inner.choose(observation, legal)

    session = Session(game, loaded, ["ai:normal", "ai:hard:0.05"], seed=4)
    agents = [Spy(make_agent(game, s.level, i, loaded.rules, 2, 4))
              for i, s in enumerate(session.seats)]
    for agent in agents:
        assert not any(isinstance(v, engine.State | Session) for v in vars(agent.inner).values())
    while not session.finished:
        seat = session.to_act()[0]
        session.apply(seat, agents[seat].choose(session.observation(seat),
                                                session.legal_actions(seat)))
    assert set(seen) == {dict, list}


# --------------------------------------------------------------------------- legal and reproducible


@pytest.mark.slow
@pytest.mark.parametrize("variant", PRESETS)
def test_every_level_returns_a_legal_move(variant):
    levels = agents_for(variant, 11)
    phases = set()
    for session, seat in random_positions(variant, 40, seed=20):
        obs = session.observation(seat)
        legal = session.legal_actions(seat)
        phases.add(obs["phase"])
        for name, agent in levels.items():
            action, reason = agent.explain(obs, legal)
            assert action in legal, name
            assert reason and "\n" not in reason
            assert agent.choose(obs, legal) in legal
    assert "play" in phases


@pytest.mark.slow
def test_hard_is_reproducible_for_a_seed():
    rules = compiled("standard")
    positions = [(s.observation(seat), s.legal_actions(seat))
                 for s, seat in random_positions("standard", 12, seed=9)]
    picks = []
    for seed in (1, 1, 2):
        agent = HardAgent(rules, seed, playouts=200)
        picks.append([agent.explain(obs, legal)[1] for obs, legal in positions])
    assert picks[0] == picks[1]
    assert picks[0] != picks[2]  # the seed drives the sampling


def test_asking_for_a_hint_does_not_change_the_game(ai_registry):
    game = ai_registry.game("koikoi")
    loaded = variants.load(game.info, "standard")
    records = []
    for hints in (False, True):
        session = Session(game, loaded, ["ai:hard:0.02", "ai:normal"], seed=12)
        agents = [make_agent(game, s.level, i, loaded.rules, 2, 12)
                  for i, s in enumerate(session.seats)]
        while not session.finished:
            seat = session.to_act()[0]
            obs, legal = session.observation(seat), session.legal_actions(seat)
            if hints:
                agents[seat].explain(obs, legal)
            session.apply(seat, agents[seat].choose(obs, legal))
        records.append(session.record()["moves"])
    assert records[0] == records[1]


def test_levels_and_budgets():
    rules = rules_of("standard")
    assert isinstance(ai.make("easy", 0, rules, 2, 1), ai.EasyAgent)
    assert isinstance(ai.make("normal", 0, rules, 2, 1), ai.NormalAgent)
    hard = ai.make("hard", 0, rules, 2, 1)
    fast = ai.make("hard:0.3", 0, rules, 2, 1)
    slow = ai.make("hard:1", 0, rules, 2, 1)
    old = ai.make("hard-2026", 0, rules, 2, 1)
    assert all(isinstance(a, HardAgent) for a in (hard, fast, slow, old))
    assert (hard.budget, fast.budget, slow.budget, old.budget) == (0.4, 0.3, 1.0, 1.0)
    assert fast.playouts < hard.playouts < slow.playouts == old.playouts == 3000
    assert hard.width == fast.width == slow.width == 4  # every budget from 0.3 s judges four
    assert ai.make("expert", 0, rules, 2, 1) is None
    for bad in ("hard:fast", "hard:0", "normal:0.3"):
        with pytest.raises(AsobiError):
            ai.make(bad, 0, rules, 2, 1)


def test_hard_plays_the_same_move_however_slow_the_machine(monkeypatch):
    """The budget is a fixed amount of work: a machine whose clock races (as if every playout
    took a minute) gets the very same moves, with the same number of sampled deals."""
    positions = [(s.observation(seat), s.legal_actions(seat))
                 for s, seat in random_positions("standard", 4, seed=5)]
    agent = HardAgent(compiled("standard"), 3, budget=0.05)

    def answers():
        return [agent.explain(obs, legal) for obs, legal in positions]

    calm = answers()
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    monkeypatch.setattr(time, "monotonic", lambda: float(next(ticks)))
    monkeypatch.setattr(time, "time", lambda: float(next(ticks)))
    assert answers() == calm
    assert agent.playouts == max(search.MIN_PLAYOUTS, int(0.05 * search.PLAYOUTS_PER_SECOND))


# --------------------------------------------------------------------------- behaviour


def test_easy_takes_the_best_immediate_capture():
    obs = observation(
        hand=["iris-ribbon", "pine-plain-1", "wisteria-plain-1"],
        board=["iris-plain-1", "pine-crane", "maple-plain-1", "clover-plain-1"],
    )
    legal = [{"play": c} for c in obs["hand"]]
    assert ai.EasyAgent().choose(obs, legal) == {"play": "pine-plain-1"}
    # nothing to capture: the least valuable card goes
    obs = observation(hand=["iris-ribbon", "wisteria-plain-1", "pampas-moon"],
                      board=["maple-plain-1", "clover-plain-1"])
    legal = [{"play": c} for c in obs["hand"]]
    assert ai.EasyAgent().choose(obs, legal) == {"play": "wisteria-plain-1"}


def test_easy_picks_the_better_of_two_matches():
    obs = observation(hand=["iris-plain-1"], board=["pine-crane", "pine-plain-2", "maple-plain-1"],
                      phase=CHOOSE, pending="pine-plain-1",
                      candidates=["pine-crane", "pine-plain-2"])
    legal = [{"capture": "pine-crane"}, {"capture": "pine-plain-2"}]
    assert ai.EasyAgent().choose(obs, legal) == {"capture": "pine-crane"}


def test_normal_blocks_the_opponents_red_poetry_ribbons():
    """The opponent holds two red poetry ribbons; the third is on the board. Easy grabs the
    animal, normal takes the ribbon away."""
    obs = observation(
        hand=["cherry-plain-1", "wisteria-plain-1", "paulownia-plain-1"],
        board=["cherry-ribbon", "wisteria-cuckoo", "maple-plain-1", "clover-plain-1"],
        theirs=["pine-ribbon", "pine-plain-1", "plum-ribbon", "plum-plain-1"],
        mine=["iris-plain-1", "iris-plain-2"],
    )
    legal = [{"play": c} for c in obs["hand"]]
    assert ai.EasyAgent().choose(obs, legal) == {"play": "wisteria-plain-1"}
    action, reason = ai.NormalAgent(compiled("standard")).explain(obs, legal)
    assert action == {"play": "cherry-plain-1"}
    assert "opponent" in reason


def test_normal_stops_when_the_opponent_is_about_to_score():
    """One point in hand, the opponent has called koi-koi and is one bright from three."""
    obs = observation(
        hand=["iris-plain-1", "maple-plain-2", "willow-lightning", "clover-plain-2"],
        board=["pampas-moon", "peony-plain-1", "chrysanthemum-plain-1"],
        mine=["pine-ribbon", "plum-ribbon", "wisteria-ribbon", "iris-ribbon", "clover-ribbon"],
        theirs=["pine-crane", "pine-plain-1", "cherry-curtain", "cherry-plain-1",
                "peony-butterflies", "peony-plain-2", "clover-boar", "clover-plain-1"],
        opponent_hand=4, calls=(0, 1), phase=DECIDE,
    )
    assert obs["players"][0]["total"] == 1 and obs["decision"]["points"] == 1
    legal = [{"koikoi": False}, {"koikoi": True}]
    action, reason = ai.NormalAgent(compiled("standard")).explain(obs, legal)
    assert action == {"koikoi": False}
    assert "stop" in reason


def test_normal_calls_koikoi_with_a_sure_rise_and_a_quiet_opponent():
    """Early in the round, five ribbons and two more ribbons to take: play on."""
    obs = observation(
        hand=["peony-plain-1", "maple-plain-1", "iris-plain-1", "clover-plain-2", "pine-plain-2",
              "wisteria-plain-2", "paulownia-plain-1"],
        board=["peony-ribbon", "maple-ribbon", "willow-lightning", "cherry-plain-1"],
        mine=["pine-ribbon", "plum-ribbon", "wisteria-ribbon", "iris-ribbon", "clover-ribbon"],
        theirs=["willow-swallow", "willow-ribbon"],
        opponent_hand=7, phase=DECIDE,
    )
    legal = [{"koikoi": False}, {"koikoi": True}]
    action, reason = ai.NormalAgent(compiled("standard")).explain(obs, legal)
    assert action == {"koikoi": True}, reason


def test_hard_explains_its_move_in_one_line():
    obs = observation(hand=["iris-ribbon", "pine-plain-1", "wisteria-plain-1"],
                      board=["iris-plain-1", "pine-crane", "maple-plain-1", "clover-plain-1"])
    legal = [{"play": c} for c in obs["hand"]]
    action, reason = HardAgent(compiled("standard"), 1, playouts=300).explain(
        obs, legal)
    assert action == {"play": "pine-plain-1"}
    assert reason.startswith("play pine-plain-1") and "\n" not in reason
    assert all(card in CARD_IDS for card in obs["hand"])


def test_a_small_budget_judges_fewer_moves_by_more_deals():
    """hard:0.1 (300 playouts) searches the heuristic's two favourite card plays, each over at
    least MIN_WORLDS deals; hard-2026 keeps spreading the same budget over four, and the
    default budget affords four with as many deals each."""
    rules = compiled("koikoi-japan")
    obs, legal = next((s.observation(seat), s.legal_actions(seat))
                      for s, seat in random_positions("koikoi-japan", 40, seed=8)
                      if len(s.legal_actions(seat)) >= 4 and "play" in s.legal_actions(seat)[0])
    small = ai.make("hard:0.1", 0, rules_of("koikoi-japan"), 2, 1)
    old = ai.make("hard-2026:0.1", 0, rules_of("koikoi-japan"), 2, 1)
    full = HardAgent(rules, 1)
    assert isinstance(small, HardAgent) and isinstance(old, HardAgent)
    assert (small.width, old.width, full.width) == (2, search.WIDTH, search.WIDTH)
    for agent, moves in ((small, 2), (old, 4), (full, 4)):
        stats = agent._search(obs, legal)[1]
        assert len(stats) == moves
        first_round = min(count for _, count in stats.values())
        assert (first_round >= search.MIN_WORLDS) == (agent is not old)
    assert [search.searched_width(p) for p in (24, 300, 600, 900, 3000)] == [2, 2, 3, 4, 4]
    assert search.searched_width(3000, most=8) == 8 and search.searched_width(900, most=1) == 1
