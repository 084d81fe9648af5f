"""Properties of whole random games, for 2 to 6 players (hypothesis picks seeds)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from asobi_sakura import engine
from support.profiles import examples

from .conftest import random_game, rules_with

SETTINGS = settings(max_examples=examples(12), deadline=None)
players_st = st.integers(min_value=2, max_value=6)
seeds = st.integers(min_value=0, max_value=10**6)
modes = st.sampled_from(["deck", "hand", "none"])


def _rules(mode: str):
    return rules_with(two_players={"neutral_painter": mode})


def _numbers(data: Any) -> set[int]:
    """Every card number an observation mentions (inside card dicts)."""
    found: set[int] = set()
    if isinstance(data, dict):
        if "number" in data and "garden" in data:
            found.add(data["number"])
        for value in data.values():
            found |= _numbers(value)
    elif isinstance(data, list):
        for value in data:
            found |= _numbers(value)
    return found


@SETTINGS
@given(players=players_st, seed=seeds, mode=modes)
def test_painters_never_share_a_space_except_the_gate_and_stay_behind_the_emperor(
    players, seed, mode
):
    for state, _seat, _action in random_game(_rules(mode), players, seed):
        off_gate = [p for p in state.painters if p > 0]
        assert len(off_gate) == len(set(off_gate))
        assert all(p < state.emperor for p in state.painters)
        assert 1 <= state.emperor <= state.garden.last


@SETTINGS
@given(players=players_st, seed=seeds, mode=modes)
def test_tokens_are_conserved_and_never_negative(players, seed, mode):
    rules = _rules(mode)
    state = None
    for state, _seat, _action in random_game(rules, players, seed):
        assert sum(state.tokens) + state.supply == rules.total_tokens
        assert min(state.tokens) >= 0 and state.supply >= 0
    assert state is not None
    assert sum(state.tokens) + state.supply == rules.total_tokens


@SETTINGS
@given(players=players_st, seed=seeds, mode=modes)
def test_every_game_ends_with_all_trees_scored(players, seed, mode):
    rules = _rules(mode)
    rng = random.Random(seed)
    state = engine.new_game(rules, players, random.Random(seed))
    for _ in range(5000):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
    assert engine.to_act(state) == []
    result = engine.result(state)
    assert result["finished"] and all(state.scored)
    assert [r["tree"] for r in result["rounds"]] == [1, 2, 3]
    assert result["winner"] is None or 0 <= result["winner"] < players


@SETTINGS
@given(players=players_st, seed=seeds, mode=modes)
def test_same_seed_and_moves_replay_identically(players, seed, mode):
    rules = _rules(mode)
    moves = []
    observations = []
    for state, seat, action in random_game(rules, players, seed):
        moves.append((seat, action))
        observations.append(engine.observation(state, seat))
    again = engine.new_game(rules, players, random.Random(seed + 1))
    for (seat, action), expected in zip(moves, observations, strict=True):
        assert engine.observation(again, seat) == expected
        assert action in engine.legal_actions(again, seat)
        engine.apply(again, seat, action)
    assert engine.to_act(again) == []


@settings(max_examples=examples(8), deadline=None)
@given(players=players_st, seed=seeds, mode=modes)
def test_observations_do_not_depend_on_hidden_information(players, seed, mode):
    rng = random.Random(seed)
    for step, (state, _seat, _action) in enumerate(random_game(_rules(mode), players, seed)):
        if step % 3:
            continue
        for seat in range(players):
            obs = engine.observation(state, seat)
            other = engine.hidden_variant(state, seat, rng)
            assert engine.observation(other, seat) == obs
            # The observation names only cards this seat may know.
            allowed = set(state.hands[seat]) | set(state.discard)
            allowed |= {n for n, _ in state.plays}
            if state.picks[seat] is not None:
                allowed.add(state.picks[seat])
            if state.chooser() == seat and state.neutral_pick is not None:
                allowed.add(state.neutral_pick)
            assert _numbers(obs) <= allowed


def test_hidden_variant_really_redeals_what_is_hidden(rules):
    state = engine.new_game(rules, 4, random.Random(9))
    engine.apply(state, 2, engine.legal_actions(state, 2)[0])
    other = engine.hidden_variant(state, 0, random.Random(1))
    assert other.hands[0] == state.hands[0]
    assert other.hands[1:] != state.hands[1:] or other.deck != state.deck
    assert sorted(other.deck + [n for h in other.hands for n in h] + [other.picks[2]]) == list(
        range(1, 61)
    )
    assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
    assert state.picks[2] is not None and other.picks[2] is not None
