"""Preset-specific rules (rules/koikoi.md: italian, koikoi-japan, nintendo) and scoring hooks."""

import random

import pytest

from asobi_koikoi import engine, plugin
from asobi_koikoi.engine import stop_points
from asobi_koikoi.rules import compile_rules

from .helpers import PRESETS, act, deal, legal, position, preset, start, types

PINES = ["pine-crane", "pine-ribbon", "pine-plain-1", "pine-plain-2"]
RED2 = ["pine-ribbon", "plum-ribbon"]


def result(state):
    return plugin.asobi_result(state)


def finish_with_first_moves(state):
    while plugin.asobi_to_act(state):
        act(state, legal(state)[0])


def complete_red_poetry(rules, calls=(0, 0), extra=(), scores=None, hand1=("iris-plain-1",)):
    """Seat 0 (dealer) completes red poetry ribbons with its play."""
    state = position(rules, (["cherry-ribbon", "wisteria-plain-1"], [*hand1, "clover-plain-1"]),
                     board=["cherry-plain-1", "maple-plain-1"], stock=["paulownia-plain-1"],
                     captured=([*RED2, *extra], []), calls=calls, scores=scores)
    act(state, {"play": "cherry-ribbon"})
    return state


@pytest.mark.parametrize(("name", "rounds"), [("standard", 1), ("italian", 12),
                                              ("koikoi-japan", 8), ("nintendo", 12)])
def test_number_of_rounds(name, rounds):
    state = start(name, seed=3)
    assert plugin.asobi_observation(state, 0)["rounds"] == rounds
    finish_with_first_moves(state)
    played = len(result(state)["rounds"])
    assert played == rounds or (name == "koikoi-japan" and min(state.scores) <= 0)


# --------------------------------------------------------------------------- italian


def test_italian_round_n_is_month_n_and_its_four_cards_score_4():
    state = position("italian", (["cherry-plain-2", "wisteria-plain-1"], ["iris-plain-1",
                     "clover-plain-1"]), board=["cherry-plain-1", "maple-plain-1"],
                     stock=["paulownia-plain-1"],
                     captured=(["cherry-curtain", "cherry-ribbon"], []), round_no=3)
    events = act(state, {"play": "cherry-plain-2"})
    assert events[-1]["type"] == "yaku" and events[-1]["new"] == ["month cards"]
    assert events[-1]["total"] == 4
    assert plugin.asobi_observation(state, 0)["month"] == 3


def test_italian_koikoi_caller_who_stops_doubles():
    state = complete_red_poetry("italian", calls=(1, 0))
    assert plugin.asobi_observation(state, 0)["decision"]["points"] == 12
    act(state, {"koikoi": False})
    assert result(state)["rounds"][0]["points"] == [12, 0]


def test_italian_seven_or_more_doubles_and_both_doublings_multiply():
    bdb = ["clover-boar", "maple-deer", "peony-butterflies"]
    state = complete_red_poetry("italian", extra=bdb)  # 6 + 5 = 11 -> 22
    act(state, {"koikoi": False})
    assert result(state)["rounds"][0]["points"] == [22, 0]
    rules = compile_rules(preset("italian"))
    assert stop_points(rules, 11, 1, 0) == 44
    assert stop_points(rules, 4, 1, 0) == 8  # the 7-test looks at 4, not at the doubled 8
    assert stop_points(rules, 6, 0, 1) == 6  # the opponent's call changes nothing here


def test_italian_exhausted_round_goes_to_the_higher_total_who_then_deals():
    animals = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese", "willow-swallow"]
    state = position("italian", (["pine-plain-1"], ["plum-plain-1"]), board=["iris-plain-1"],
                     stock=["maple-plain-1", "willow-lightning"], captured=([], animals))
    act(state, {"play": "pine-plain-1"})
    act(state, {"play": "plum-plain-1"})
    first = result(state)["rounds"][0]
    assert first == {"dealer": 0, "winner": 1, "exhausted": True, "points": [0, 1],
                     "yaku": [[], ["animals"]]}
    assert state.round == 2 and state.dealer == 1


def test_italian_exhausted_round_without_yaku_gives_the_dealer_6():
    state = position("italian", (["plum-plain-1"], ["pine-plain-1"]), board=["iris-plain-1"],
                     stock=["maple-plain-1", "willow-lightning"], dealer=1)
    act(state, {"play": "pine-plain-1"})
    act(state, {"play": "plum-plain-1"})
    assert result(state)["rounds"][0]["points"] == [0, 6]
    assert result(state)["rounds"][0]["winner"] == 1


def test_italian_has_no_redeal_and_no_hand_yaku():
    state = start("italian", [deal(board=PINES)])
    assert state.next_deal == 1 and "redeal" not in types(state.log)
    state = start("italian", [deal(h0=PINES)])
    assert state.next_deal == 1 and result(state)["rounds"] == []


# --------------------------------------------------------------------------- koikoi-japan


def test_japan_is_zero_sum_from_30():
    state = position("koikoi-japan", (["peony-ribbon", "wisteria-plain-1"], ["iris-plain-1",
                     "clover-plain-1"]), board=["peony-plain-1", "maple-plain-1"],
                     stock=["paulownia-plain-1"],
                     captured=(["chrysanthemum-ribbon", "maple-ribbon"], []), scores=(30, 30))
    act(state, {"play": "peony-ribbon"})
    act(state, {"koikoi": False})
    assert result(state)["rounds"][0]["points"] == [5, -5]
    assert result(state)["scores"] == [35, 25]
    assert state.round == 2 and state.dealer == 0  # the winner deals


def test_japan_game_ends_early_when_a_score_reaches_zero():
    state = complete_red_poetry("koikoi-japan", scores=(57, 3))
    act(state, {"koikoi": False})
    assert result(state)["finished"] is True and result(state)["scores"] == [62, -2]
    assert len(result(state)["rounds"]) == 1 and result(state)["winner"] == 0


def test_japan_redeals_four_of_a_month_in_a_hand_without_hand_yaku():
    state = start("koikoi-japan", [deal(h1=PINES), deal()])
    assert state.next_deal == 2 and result(state)["rounds"] == []
    assert [e["reason"] for e in state.log if e["type"] == "redeal"] == ["hand-four-of-month"]


@pytest.mark.parametrize(("calls", "points"), [(0, 5), (1, 6), (2, 7), (3, 8), (4, 10),
                                                (5, 15), (6, 20), (7, 25)])
def test_japan_bonus_by_number_of_calls(calls, points):
    rules = compile_rules(preset("koikoi-japan"))
    assert stop_points(rules, 5, calls, 0) == points


def test_japan_two_calls_add_2_in_play():
    state = complete_red_poetry("koikoi-japan", calls=(2, 0))
    act(state, {"koikoi": False})
    assert result(state)["rounds"][0]["points"] == [7, -7]


def test_japan_a_rise_on_the_players_last_turn_stops_by_itself():
    state = position("koikoi-japan", (["peony-ribbon"], ["iris-plain-1"]),
                     board=["peony-plain-1", "clover-plain-1"], stock=["wisteria-plain-1"],
                     captured=(["chrysanthemum-ribbon", "maple-ribbon"], []), scores=(30, 30))
    events = act(state, {"play": "peony-ribbon"})
    assert "stop" in types(events) and result(state)["rounds"][0]["points"] == [5, -5]
    assert state.round == 2


def test_japan_exhausted_round_gives_the_dealer_1_and_the_deal():
    state = position("koikoi-japan", (["plum-plain-1"], ["pine-plain-1"]),
                     board=["iris-plain-1"], stock=["maple-plain-1", "willow-lightning"],
                     dealer=1, scores=(30, 30))
    act(state, {"play": "pine-plain-1"})
    act(state, {"play": "plum-plain-1"})
    assert result(state)["rounds"][0] == {"dealer": 1, "winner": 1, "exhausted": True,
                                          "points": [-1, 1], "yaku": [[], []]}
    assert state.dealer == 1 and result(state)["scores"] == [29, 31]


def test_japan_viewing_worth_3_once_the_owner_called():
    state = position("koikoi-japan", (["chrysanthemum-sake", "wisteria-plain-1"],
                     ["iris-plain-1", "clover-plain-1"]),
                     board=["chrysanthemum-plain-1", "maple-plain-1"],
                     stock=["paulownia-plain-1"],
                     captured=(["cherry-curtain", *RED2, "cherry-ribbon"], []), calls=(1, 0))
    assert state.last_total[0] == 5
    events = act(state, {"play": "chrysanthemum-sake"})
    assert events[-1]["total"] == 8
    assert {"id": "flower-viewing", "title": "flower viewing", "points": 3} in events[-1]["yaku"]


# --------------------------------------------------------------------------- nintendo


def test_nintendo_seven_or_more_doubles():
    state = position("nintendo", (["maple-ribbon", "wisteria-plain-1"], ["iris-plain-1",
                     "clover-plain-1"]), board=["maple-plain-1", "pampas-plain-1"],
                     stock=["paulownia-plain-1"],
                     captured=([*RED2, "cherry-ribbon", "peony-ribbon", "chrysanthemum-ribbon"],
                               []))
    act(state, {"play": "maple-ribbon"})
    assert plugin.asobi_observation(state, 0)["decision"] == {"total": 10, "points": 20,
                                                              "final": False}


def test_nintendo_stopping_after_the_opponents_call_doubles_but_not_after_ones_own():
    state = complete_red_poetry("nintendo", calls=(0, 1))
    act(state, {"koikoi": False})
    assert result(state)["rounds"][0]["points"] == [10, 0]
    state = complete_red_poetry("nintendo", calls=(1, 0))
    act(state, {"koikoi": False})
    assert result(state)["rounds"][0]["points"] == [5, 0]


def test_nintendo_exhausted_round_is_a_draw_and_the_dealer_keeps_the_deal():
    state = position("nintendo", (["plum-plain-1"], ["pine-plain-1"]), board=["iris-plain-1"],
                     stock=["maple-plain-1", "willow-lightning"], dealer=1)
    act(state, {"play": "pine-plain-1"})
    act(state, {"play": "plum-plain-1"})
    assert result(state)["rounds"][0]["points"] == [0, 0]
    assert result(state)["rounds"][0]["winner"] is None
    assert state.round == 2 and state.dealer == 1


# --------------------------------------------------------------------------- hooks


def test_adjust_points_deltas_are_added_before_the_scores():
    units = []

    def adjust(unit):
        units.append(unit)
        return [1, -1]

    state = position("standard", (["cherry-ribbon", "wisteria-plain-1"], ["iris-plain-1",
                     "clover-plain-1"]), board=["cherry-plain-1", "maple-plain-1"],
                     stock=["paulownia-plain-1"], captured=(RED2, []), adjust=adjust)
    act(state, {"play": "cherry-ribbon"})
    act(state, {"koikoi": False})
    assert result(state)["rounds"][0]["points"] == [7, -1]
    assert result(state)["scores"] == [7, -1]
    unit = units[-1]
    assert unit["points"] == [6, 0] and unit["winner"] == 0 and unit["round"] == 1
    assert unit["yaku"] == [["red poetry ribbons"], []] and unit["exhausted"] is False
    assert "cherry-ribbon" in unit["captured"][0]


@pytest.mark.parametrize("name", PRESETS)
def test_engine_clone_is_independent(name):
    state = start(name, seed=9)
    copy = engine.clone(state)
    engine.playout(copy, random.Random(1).random, whole_game=True)
    assert copy.over and not state.over
    assert state.pos == 0 and state.results == []
