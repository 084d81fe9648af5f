"""``ai:card-values``, the outside yardstick: its koi-koi rule, its choice between two board
cards and its card play, each on an exact position; and whole games in which it only ever
makes legal moves and decides the same way twice."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi_koikoi import observe, plugin
from asobi_koikoi.ai_cardvalues import CardValuesAgent
from support.profiles import examples

from .helpers import legal, position, start

GO_OR_STOP = [{"koikoi": True}, {"koikoi": False}]
HAND = ["pine-plain-1", "plum-plain-1", "iris-plain-1", "peony-plain-1", "clover-plain-1",
        "maple-plain-1", "willow-lightning", "paulownia-plain-1"]
OTHER_HAND = ["pine-plain-2", "plum-plain-2", "iris-plain-2", "peony-plain-2", "clover-plain-2",
              "maple-plain-2", "willow-ribbon", "paulownia-plain-2"]


def observation(hand=HAND, board=(), mine=(), theirs=()) -> dict:
    state = position("koikoi-japan", (list(hand), OTHER_HAND), list(board),
                     captured=(list(mine), list(theirs)), seat=0)
    return json.loads(json.dumps(observe.observation(state, 0)))


def call(mine=(), theirs=()) -> bool:
    """The call at a rise, given the two piles (the rule reads the piles only)."""
    action, _ = CardValuesAgent().explain(observation(mine=mine, theirs=theirs), GO_OR_STOP)
    return action["koikoi"]


def test_it_calls_koikoi_while_the_opponent_is_far_from_a_yaku():
    assert call(mine=["pine-ribbon", "plum-ribbon", "cherry-ribbon"],
                theirs=["pine-crane", "cherry-plain-1", "plum-warbler", "iris-ribbon"])


@pytest.mark.parametrize("theirs", [
    ["wisteria-ribbon", "iris-ribbon", "clover-ribbon"],  # three ribbons
    ["plum-warbler", "wisteria-cuckoo", "chrysanthemum-sake"],  # three animals, the cup one
    ["pine-plain-1", "plum-plain-2", "cherry-plain-1", "wisteria-plain-1", "iris-plain-2",
     "chrysanthemum-sake"],  # six plains: the sake cup counts as a plain too
    ["willow-rainman", "paulownia-phoenix"],  # two brights, the rain man one of them
], ids=["ribbons", "animals", "plains", "brights"])
def test_it_stops_when_the_opponent_is_close_to_a_yaku(theirs):
    assert not call(mine=["pampas-moon"], theirs=theirs)


def test_two_brights_against_its_three_do_not_stop_it():
    brights = ["pine-crane", "cherry-curtain", "pampas-moon"]
    assert call(mine=brights, theirs=["willow-rainman", "paulownia-phoenix"])
    assert not call(mine=brights[:2], theirs=["willow-rainman", "paulownia-phoenix"])


def test_of_two_board_cards_it_takes_the_more_valuable_one():
    obs = observation(board=["cherry-plain-1", "cherry-curtain"])
    for options in ([{"capture": "cherry-plain-1"}, {"capture": "cherry-curtain"}],
                    [{"capture": "cherry-curtain"}, {"capture": "cherry-plain-1"}]):
        assert CardValuesAgent().choose(obs, options) == {"capture": "cherry-curtain"}
    equal = [{"capture": "cherry-plain-2"}, {"capture": "cherry-plain-1"}]
    assert CardValuesAgent().choose(observation(board=["cherry-plain-1", "cherry-plain-2"]),
                                    equal) == {"capture": "cherry-plain-1"}  # deck order


def test_it_plays_for_the_most_valuable_month_it_can_capture():
    # pine-plain-1 would take pine-plain-2 (month worth 90); plum-plain-1 the warbler (60);
    # clover-plain-1 nothing. The sake cup's month dwarfs both.
    hand = [*HAND[:7], "chrysanthemum-plain-1"]
    obs = observation(hand=hand, board=["pine-plain-2", "plum-warbler", "chrysanthemum-sake"])
    moves = [{"play": card} for card in hand]
    action, reason = CardValuesAgent().explain(obs, moves)
    assert action == {"play": "chrysanthemum-plain-1"}
    assert "capture" in str(reason)
    obs = observation(hand=HAND, board=["pine-plain-2", "plum-warbler", "cherry-ribbon"])
    assert CardValuesAgent().choose(obs, [{"play": c} for c in HAND]) == {"play": "pine-plain-1"}


def test_with_nothing_to_capture_it_lays_down_what_costs_least():
    # Nothing on the board matches: the cost is the card's own value, times 1.4 when it is
    # alone of its month in hand and 0.6 when its month's second card is in hand too.
    hand = ["cherry-curtain", "cherry-plain-1", "willow-ribbon", "iris-bridge", "maple-deer",
            "paulownia-phoenix", "peony-butterflies", "clover-boar"]
    obs = observation(hand=hand, board=["pine-crane", "wisteria-plain-1"])
    action, reason = CardValuesAgent().explain(obs, [{"play": c} for c in hand])
    # cherry-plain-1 costs 10 x 0.6 (the curtain keeps its month in hand); the lone iris
    # bridge, of the same value, 10 x 1.4
    assert action == {"play": "cherry-plain-1"}
    assert "nothing to capture" in str(reason)


@pytest.mark.slow
@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 1), variant=st.sampled_from(
    ["koikoi-japan", "standard", "italian"]), data=st.data())
def test_whole_games_legal_and_the_same_twice(seed, seat, variant, data):
    """The deal from ``seed``; the opponent's moves drawn by hypothesis."""
    state = start(variant, seed=seed)
    agent = CardValuesAgent()
    for _ in range(2000):
        options = legal(state)
        if not options:
            break
        to_act = plugin.asobi_to_act(state)[0]
        obs = json.loads(json.dumps(observe.observation(state, to_act)))
        if to_act == seat:
            move = agent.choose(obs, options)
            assert move in options and agent.choose(obs, options) == move
        else:
            move = data.draw(st.sampled_from(options))
        plugin.asobi_apply(state, to_act, move)
    assert not plugin.asobi_to_act(state)  # the game is over
