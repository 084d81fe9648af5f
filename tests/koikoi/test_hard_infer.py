"""Reading the opponent: the round's history in the observation, the likelihood of the
opponent's past plays (ai_infer) and the worlds dealt in proportion to it (ai_world.Worlds)."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi_koikoi import engine, observe
from asobi_koikoi.ai_eval import Model
from asobi_koikoi.ai_infer import Inference, inferred_worlds, past_plays
from asobi_koikoi.ai_world import Worlds, read_view, sample_world
from asobi_koikoi.cards import INDEX, month_mask
from support.profiles import examples

from .helpers import PRESETS, act, deal, legal, start

SETTINGS = settings(max_examples=examples(25), deadline=None)
preset_names = st.sampled_from(PRESETS)


def apply(state: engine.State, move: int) -> list[dict]:
    """A move as the plugin applies it, keeping the round's events in the state's log."""
    events: list[dict] = []
    engine.step(state, move, events)
    state.log = observe.round_log(state.log, events)
    return events


def random_game(name: str, seed: int, picks: int, moves: int):
    """A game of random legal moves; the state and the events of each step (setup first)."""
    state = start(name, seed=seed)
    steps = [list(state.log)]
    rng = random.Random(picks)
    for _ in range(moves):
        if state.over:
            break
        steps.append(apply(state, rng.choice(engine.legal_moves(state))))
    return state, steps


def seen_from_last_deal(events: list[dict], seat: int) -> list[dict]:
    starts = [i for i, e in enumerate(events) if e["type"] == "new_round"]
    return [e for e in events[starts[-1] if starts else 0:] if observe.visible(e, seat)]


# --------------------------------------------------------------------------- the history


@SETTINGS
@given(preset_names, st.integers(0, 2**31), st.integers(0, 2**31), st.integers(0, 120))
def test_the_history_is_the_round_so_far_and_recent_the_last_move(name, seed, picks, moves):
    state, steps = random_game(name, seed, picks, moves)
    everything = [e for step in steps for e in step]
    for seat in (0, 1):
        obs = observe.observation(state, seat)
        assert obs["history"] == seen_from_last_deal(everything, seat)
        assert obs["recent"] == seen_from_last_deal(steps[-1], seat)
        rounds = [e for e in obs["history"] if e["type"] == "new_round"]
        assert [e["round"] for e in rounds] == [state.round]  # one round, this one
        assert obs["history"][0]["type"] == "new_round"
        # the other seat's deal is private; its plays and draws are not
        assert not [e for e in obs["history"] if e["type"] == "deal" and e["seat"] != seat]
        assert sum(e["type"] == "play" for e in obs["history"]) <= 16
    # the state keeps one round and one move at most
    assert sum(e["type"] == "play" for e in state.log) <= 17


def test_a_new_round_starts_a_new_history():
    state, _ = random_game("koikoi-japan", 5, 6, 0)
    rng = random.Random(1)
    while state.round == 1:
        apply(state, rng.choice(engine.legal_moves(state)))
    history = observe.observation(state, 0)["history"]
    assert history[0]["type"] == "new_round" and history[0]["round"] == 2
    assert not [e for e in history if e["type"] in ("play", "draw", "round_end")]


def test_the_plugin_keeps_the_round_history():
    """Through the plugin's own hooks, a seat sees every public event of the round so far."""
    state = start("standard", seed=4)
    events = list(state.log)
    for _ in range(6):
        events += act(state, legal(state)[0])
    assert state.round == 1
    for seat in (0, 1):
        history = observe.observation(state, seat)["history"]
        assert history == seen_from_last_deal(events, seat)
        assert sum(e["type"] == "play" for e in history) >= 5


# --------------------------------------------------------------------------- hidden cards


@SETTINGS
@given(preset_names, st.integers(0, 2**31), st.integers(0, 2**31), st.integers(0, 40))
def test_the_inference_sees_no_hidden_card(name, seed, picks, moves):
    """Two states that differ only in what the seat cannot see give the same weights and
    the same worlds."""
    state, _ = random_game(name, seed, picks, moves)
    if state.over:
        return
    seat = state.seat
    other = engine.hidden_variant(state, seat, random.Random(picks))
    obs = json.loads(json.dumps(observe.observation(state, seat)))
    twin = json.loads(json.dumps(observe.observation(other, seat)))
    assert obs == twin
    model = Model.of(state.rules)
    a, b = Inference.of(read_view(obs), model), Inference.of(read_view(twin), model)
    assert a == b
    real, redealt = state.hands[1 - seat], other.hands[1 - seat]
    assert a.weight(real) == b.weight(real) > 0 and a.weight(redealt) == b.weight(redealt) > 0
    worlds = [Worlds(read_view(o), state.rules, random.Random(9), a.weight) for o in (obs, twin)]
    assert [worlds[0].draw_hand()[0] for _ in range(20)] == [
        worlds[1].draw_hand()[0] for _ in range(20)]


@SETTINGS
@given(preset_names, st.integers(0, 2**31), st.integers(0, 2**31), st.integers(0, 40))
def test_weighted_worlds_look_to_the_seat_like_the_real_game(name, seed, picks, moves):
    state, _ = random_game(name, seed, picks, moves)
    if state.over:
        return
    seat = state.seat
    obs = json.loads(json.dumps(observe.observation(state, seat)))
    view = read_view(obs)
    inference = Inference.of(view, Model.of(state.rules))
    worlds = Worlds(view, state.rules, random.Random(seed), inference.weight, pool=64)
    unseen = state.hands[1 - seat] | sum(1 << c for c in state.stock[state.pos:])
    for world in (worlds.draw(), worlds.draw(), sample_world(view, state.rules, random.Random())):
        assert observe.observation(world, seat) == obs
        assert world.hands[1 - seat] | sum(1 << c for c in world.stock) == unseen
        assert engine.legal_moves(world) == engine.legal_moves(state)


def test_worlds_without_evidence_are_dealt_like_sample_world():
    state, _ = random_game("standard", 3, 4, 9)
    view = read_view(observe.observation(state, state.seat))
    plain = Worlds(view, state.rules, random.Random(2))
    rng = random.Random(2)
    for _ in range(5):
        a, b = plain.draw(), sample_world(view, state.rules, rng)
        assert (a.hands, tuple(a.stock)) == (b.hands, tuple(b.stock))
    assert not plain.weighted


def test_before_the_opponent_plays_the_worlds_are_dealt_uniformly():
    state = start("standard", seed=8)
    seat = state.seat
    view = read_view(observe.observation(state, seat))
    assert Inference.of(view, Model.of(state.rules)).plays == 0
    worlds = inferred_worlds(view, state.rules, Model.of(state.rules), random.Random(1))
    assert not worlds.weighted
    assert worlds.draw().hands[seat] == state.hands[seat]


def test_a_history_that_does_not_lead_to_the_position_is_no_evidence():
    state = passed_bright(True, "standard")
    obs = observe.observation(state, 0)
    model = Model.of(state.rules)
    assert Inference.of(read_view(obs), model).plays == 3
    assert Inference.of(read_view({**obs, "history": obs["history"][1:]}), model).plays == 0
    tampered = [dict(e) for e in obs["history"]]
    for e in tampered:
        if e["type"] == "lay" and e["card"] == "willow-lightning":
            e["card"] = "willow-swallow"
    assert past_plays(read_view({**obs, "history": tampered})) == []


# --------------------------------------------------------------------------- the inference

MINE = ["pine-plain-1", "maple-plain-1", "paulownia-plain-1"]
THEIRS = ["chrysanthemum-plain-1", "willow-lightning", "plum-plain-1"]
DRAWS = ["pine-plain-2", "chrysanthemum-plain-2", "maple-plain-2", "willow-ribbon",
         "paulownia-plain-2", "plum-plain-2"]
CHERRY = month_mask(3)


def passed_bright(on_board: bool, variant: str) -> engine.State:
    """Three turns each: the opponent (seat 1) lays a plain card every time, while the cherry
    curtain (a bright) lies on the board or, for ``on_board=False``, waits in the stock."""
    board = ["wisteria-plain-1", "iris-plain-1", "peony-plain-1", "clover-plain-1",
             "pampas-plain-1", "wisteria-plain-2", "iris-plain-2"]
    stock = [*DRAWS, "cherry-ribbon", "cherry-plain-1", "cherry-plain-2"]
    if on_board:
        board.append("cherry-curtain")
    else:
        board.append("clover-plain-2")
        stock.append("cherry-curtain")
    state = start(variant, [deal(h0=MINE, h1=THEIRS, board=board, stock=stock, dealer=0)])
    assert state.round == 1 and state.phase == engine.PLAY
    for mine, theirs in zip(MINE, THEIRS, strict=True):
        apply(state, INDEX[mine])
        apply(state, INDEX[theirs])
    assert state.seat == 0 and state.board >> INDEX["cherry-curtain"] & 1 == on_board
    return state


def cherry_odds(state: engine.State) -> tuple[float, float]:
    """(uniform prior, share of 3000 weighted worlds) of the opponent holding a cherry card."""
    view = read_view(json.loads(json.dumps(observe.observation(state, 0))))
    unseen, held, cherries = view.unseen.bit_count(), view.opponent_hand, CHERRY & view.unseen
    prior = 1 - math.comb(unseen - cherries.bit_count(), held) / math.comb(unseen, held)
    worlds = inferred_worlds(view, state.rules, Model.of(state.rules), random.Random(5))
    assert worlds.weighted
    draws = 3000
    posterior = sum(bool(worlds.draw().hands[1] & cherries) for _ in range(draws)) / draws
    return prior, posterior


@pytest.mark.parametrize("variant", ["standard", "koikoi-japan"])
def test_an_opponent_who_leaves_a_bright_on_the_board_holds_none_of_its_month(variant):
    prior, posterior = cherry_odds(passed_bright(True, variant))
    assert prior > 0.5  # three of its cards are unseen: uniform deals give it one often
    assert posterior < prior / 3


@pytest.mark.parametrize("variant", ["standard", "koikoi-japan"])
def test_the_same_plays_without_the_bright_on_the_board_say_nothing_of_the_month(variant):
    prior, posterior = cherry_odds(passed_bright(False, variant))
    assert posterior > 0.9 * prior


def test_a_hand_with_the_month_weighs_less_than_the_same_hand_without():
    state = passed_bright(True, "standard")
    view = read_view(observe.observation(state, 0))
    inference = Inference.of(view, Model.of(state.rules))
    real = state.hands[1]
    assert not real & CHERRY
    for cherry in ("cherry-ribbon", "cherry-plain-1"):
        lowest = real & -real
        swapped = real ^ lowest | 1 << INDEX[cherry]
        assert inference.weight(swapped) < inference.weight(real) / 3
