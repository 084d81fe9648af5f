"""The ``gate_ties`` rule value: painters sharing the gate when a tree scores either take no
place (``unplaced``, the standard rules) or each take the place they tie for (``shared``)."""

from __future__ import annotations

import copy

import pytest

from asobi import conformance
from asobi.host import registry
from asobi.variants import loader as variants
from asobi_sakura import engine
from asobi_sakura.rules import SCHEMA
from asobi_sakura.scoring import standings
from support.levels import short_levels

from .conftest import make_test_deck, place, rules_with, run

SCORING = {"places": [3, 2, 1], "places_many": [3, 2, 1, 1], "last_tree_first": 4}


def _rules(gate_ties: str | None):
    scoring = dict(SCORING)
    if gate_ties is not None:
        scoring["gate_ties"] = gate_ties
    return rules_with(deck=make_test_deck(), scoring=scoring)


def test_standard_rules_leave_painters_sharing_the_gate_unplaced(mapping):
    assert mapping["scoring"]["gate_ties"] == "unplaced"
    assert _rules(None).gate_ties == "unplaced"  # left out: the standard behaviour


def test_unknown_gate_tie_rule_is_refused(mapping):
    broken = copy.deepcopy(mapping)
    broken["scoring"]["gate_ties"] = "split"
    messages = " | ".join(message for _path, message in SCHEMA.validate(broken))
    assert "gate tie rule" in messages and "shared" in messages


# 3 players: seat 0 at space 10, seats 1 and 2 at the gate; card 1 (Emperor 1 forward onto
# the first tree at 14, then painter 1 forward) is seat 0's: 10 -> 11.
@pytest.mark.parametrize(
    "rule,tokens,painters,points",
    [
        ("unplaced", [8, 5, 5], [11, 0, 0], [3, 0, 0]),
        ("shared", [8, 7, 7], [11, 10, 9], [3, 2, 2]),
    ],
)
def test_one_ahead_two_at_the_gate(rule, tokens, painters, points):
    state = place(_rules(rule), 3, emperor=13, painters=[10, 0, 0])
    supply = state.supply
    events = run(state, [(1, 0)])
    tree = next(e for e in events if e["type"] == "tree")
    assert tree["points"] == points
    assert state.tokens == tokens
    assert state.supply == supply - sum(points)
    assert state.painters == painters
    assert state.rounds[-1] == {"tree": 1, "points": points, "winner": 0}


# Everyone at the gate; card 7 (Emperor 1 forward, then jump: nobody ahead, no move).
@pytest.mark.parametrize(
    "rule,tokens", [("unplaced", [5, 5, 5]), ("shared", [8, 8, 8])]
)
def test_everyone_at_the_gate(rule, tokens):
    state = place(_rules(rule), 3, emperor=13, painters=[0, 0, 0])
    run(state, [(7, 1)])
    assert state.tokens == tokens
    assert state.painters == [0, 0, 0]  # tied for the lead: nobody to line up behind
    assert state.rounds[-1]["winner"] is None


# 4 players: seats 0 and 1 ahead, seats 2 and 3 tie for third at the gate.
@pytest.mark.parametrize(
    "rule,tokens,painters",
    [
        ("unplaced", [8, 7, 5, 5], [12, 11, 0, 0]),
        ("shared", [8, 7, 6, 6], [12, 11, 10, 9]),
    ],
)
def test_tie_for_third_at_the_gate(rule, tokens, painters):
    state = place(_rules(rule), 4, emperor=13, painters=[11, 10, 0, 0])
    run(state, [(1, 0)])  # seat 0: 11 -> 12
    assert state.tokens == tokens
    assert state.painters == painters


def test_five_players_tie_for_the_fourth_place_at_the_gate():
    rules = _rules("shared")
    first = rules.garden(5).trees[0]
    state = place(rules, 5, emperor=first - 1,
                  painters=[first - 3, first - 4, first - 5, 0, 0])
    run(state, [(7, 0)])  # Emperor onto the tree; seat 0 jumps: nobody ahead, no move
    assert state.tokens == [8, 7, 6, 6, 6]
    assert state.painters == [first - 3, first - 4, first - 5, first - 6, first - 7]


def test_a_tie_past_the_scoring_places_gains_nothing_but_still_moves_up():
    scoring = dict(SCORING, places=[3], gate_ties="shared")
    state = place(rules_with(deck=make_test_deck(), scoring=scoring), 3, emperor=13,
                  painters=[10, 0, 0])
    run(state, [(1, 0)])
    assert state.tokens == [8, 5, 5]
    assert state.painters == [11, 10, 9]


def test_standings_group_the_painters_tied_at_the_gate():
    state = place(_rules("shared"), 4, emperor=13, painters=[0, 7, 0, 0])
    assert standings(state) == [[1], [0, 2, 3]]
    state = place(_rules("unplaced"), 4, emperor=13, painters=[0, 7, 0, 0])
    assert standings(state) == [[1]]
    lone = place(_rules("shared"), 3, emperor=13, painters=[5, 0, 7])
    assert standings(lone) == [[2], [0], [1]]


def test_last_tree_shared_lead_at_the_gate():
    state = place(_rules("shared"), 3, emperor=33, painters=[0, 0, 0],
                  scored=[True, True, False])
    run(state, [(7, 2)])
    assert state.tokens == [9, 9, 9]
    assert state.phase == engine.OVER
    assert engine.result(state)["winner"] is None  # tied on tokens, sharing the gate


@pytest.mark.slow
def test_gate_shared_variant_file_loads_and_conforms():
    game = registry.discover().game("sakura")
    variant = variants.load(game.info, "gate-shared")
    assert variant.rules["scoring"]["gate_ties"] == "shared"
    assert variant.rules["scoring"]["places"] == [3, 2, 1]  # the rest from `extends: standard`
    assert len(variant.rules["deck"]) == 60
    conformance.check_game(game, variant=variant, players=3, games=2, levels=short_levels(game))
