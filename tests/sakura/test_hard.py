"""Sakura's hard AI judges positions for the game, the way the scoring decides it: painters
placed at a tree as the scoring places them (``gate_ties`` included), a finished game won as
the scoring's winner, and its rivals' secret picks made without seeing its own card."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from asobi_sakura import engine
from asobi_sakura.ai_eval import win_chance, win_chances
from asobi_sakura.ai_value import tree_points, value
from asobi_sakura.scoring import score_tree, winner_of
from asobi_sakura.search import HardAgent, margin, worth
from asobi_sakura.state import painter_count
from support.profiles import examples

from .conftest import make_test_deck, place, rules_with, run

SCORING = {"places": [3, 2, 1], "places_many": [3, 2, 1, 1], "last_tree_first": 4}


def _rules(gate_ties: str, deck: bool = True):
    scoring = dict(SCORING, gate_ties=gate_ties)
    if deck:
        return rules_with(deck=make_test_deck(), scoring=scoring)
    return rules_with(scoring=scoring)


SHARED = _rules("shared")
UNPLACED = _rules("unplaced")


@st.composite
def tree_positions(draw):
    """A position just before a tree scores: painters behind the Emperor, at most one on
    each space past the gate, the gate often crowded."""
    rules = draw(st.sampled_from([SHARED, UNPLACED]))
    players = draw(st.integers(2, 6))
    trees = rules.garden(players).trees
    tree = draw(st.integers(0, len(trees) - 1))
    emperor = trees[tree] - 1
    count = painter_count(rules, players)
    spaces = draw(st.lists(st.integers(1, emperor - 1), min_size=count, max_size=count,
                           unique=True))
    at_gate = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    painters = [0 if gate else space for space, gate in zip(spaces, at_gate, strict=True)]
    tokens = draw(st.lists(st.integers(0, 12), min_size=count, max_size=count))
    state = place(rules, players, emperor=emperor, painters=painters, tokens=tokens,
                  scored=[i < tree for i in range(len(trees))])
    state.supply = draw(st.integers(0, 40))
    return state


@settings(max_examples=examples(150), deadline=None)
@given(tree_positions())
def test_the_ai_places_painters_at_a_tree_exactly_as_the_scoring_does(state):
    expected = tree_points(state)
    scored = state.clone()
    tree = state.scored.index(False)
    score_tree(scored, tree, [], None)
    gained = [after - before for after, before in zip(scored.tokens, state.tokens, strict=True)]
    assert expected == gained


# 3 players: seats 0 and 2 wait together at the gate, seat 1 stands at 10; the Emperor is one
# space before the first tree (14).
def _gate_pair(rules):
    return place(rules, 3, emperor=13, painters=[0, 10, 0])


def test_under_shared_gate_ties_the_evaluation_agrees_with_the_real_scoring():
    shared, unplaced = _gate_pair(SHARED), _gate_pair(UNPLACED)
    assert tree_points(shared) == [2, 3, 2]  # the pair at the gate ties for second place
    assert tree_points(unplaced) == [0, 3, 0]
    for state in (shared, unplaced):
        expected = tree_points(state)
        before = list(state.tokens)
        run(state, [(7, 1)])  # Emperor onto the tree; seat 1 is closest: its jump stays
        assert [a - b for a, b in zip(state.tokens, before, strict=True)] == expected
    # The AI's judgement of the pair at the gate follows the rule: a share of second place
    # is worth what the scoring will pay for it, to the hard AI and to the normal one.
    shared, unplaced = _gate_pair(SHARED), _gate_pair(UNPLACED)
    assert win_chance(shared, 0) > win_chance(unplaced, 0)
    assert win_chance(shared, 0) == win_chance(shared, 2)
    assert value(shared, 0) > value(unplaced, 0)


def test_a_finished_game_is_judged_by_the_scorings_winner_tie_break_included():
    state = place(UNPLACED, 3, emperor=34, painters=[30, 33, 29], tokens=[9, 9, 12],
                  scored=[True, True, True])
    state.phase = engine.OVER
    state.tokens = [11, 11, 7]  # seats 0 and 1 tie on tokens; seat 1 is closer: it wins
    assert winner_of(state) == 1
    assert win_chances(state) == [0.0, 1.0, 0.0]
    assert worth(state, 1) > worth(state, 0) > worth(state, 2)


def test_win_chances_add_up_and_reward_tokens():
    state = place(UNPLACED, 4, emperor=20, painters=[15, 17, 12, 0], tokens=[5, 5, 5, 5],
                  scored=[True, False, False])
    chances = win_chances(state)
    assert abs(sum(chances) - 1.0) < 1e-9
    richer = state.clone()
    richer.tokens[2] += 3
    assert win_chance(richer, 2) > win_chance(state, 2)
    assert win_chance(richer, 0) < win_chance(state, 0)


def test_rivals_pick_without_seeing_the_candidate():
    # Two players without a neutral painter: whatever card seat 0 tries, the rival's pick in
    # a world is the same, so every candidate meets the same card, and every candidate is
    # judged after the same round (whether or not it stopped for a direction choice).
    rules = rules_with(deck=make_test_deck(), two_players={"neutral_painter": "none"})
    state = place(rules, 2, emperor=10, painters=[6, 4], hands=[[1, 2, 3], [4, 5, 6]],
                  deck=list(range(20, 60)))
    obs = engine.observation(state, 0)
    legal = engine.legal_actions(state, 0)
    seen: list[tuple[int, frozenset[int]]] = []

    def judge(trial, seat):
        seen.append((trial.round, frozenset(n for n, painter in trial.plays if painter == 1)))
        return margin(trial, seat)

    HardAgent(0, rules, 5, rollouts=1, judge=judge).search(obs, legal)
    per_world = [seen[i:i + len(legal)] for i in range(0, len(seen), len(legal))]
    assert len(per_world) >= 4
    for world in per_world:
        assert len(set(world)) == 1  # the same rival card, judged at the same round
        assert world[0][0] == 2 and len(world[0][1]) == 1


def test_the_hard_search_is_a_function_of_seed_and_observation():
    rules = _rules("unplaced", deck=False)
    rng = random.Random(4)
    state = engine.new_game(rules, 4, rng)
    obs = engine.observation(state, 2)
    legal = engine.legal_actions(state, 2)
    one = HardAgent(2, rules, 9, budget=0.05).search(obs, legal)
    two = HardAgent(2, rules, 9, budget=0.05).search(obs, legal)
    assert one == two
    assert one.worlds >= 4


# Two players, no neutral painter, the last tree (34) two spaces ahead of the Emperor (32).
# Seat 0 stands closest (29, the rival at 26) but is four tokens behind (9 to 13); the last
# tree pays 4 to the closest and 2 to the next. Card 2 (Emperor 2 forward) ends the game at
# once: first place makes 13 against 15, a sure loss. The other cards keep the game going,
# with the rival still able to stumble.
def _behind_at_the_last_tree(seed: int):
    rules = rules_with(deck=make_test_deck(), two_players={"neutral_painter": "none"})
    hand = [1, 2, 4, 41]
    rest = [n for n in range(1, 61) if n not in hand]
    random.Random(seed).shuffle(rest)
    state = place(rules, 2, emperor=32, painters=[29, 26], tokens=[9, 13],
                  hands=[hand, rest[:4]], deck=rest[4:], scored=[True, True, False])
    return rules, state


def test_behind_at_the_last_tree_the_hard_ai_does_not_end_a_lost_game():
    rules, state = _behind_at_the_last_tree(1)
    # Card 2 loses whatever the rival holds: it resolves first and the game ends on it.
    for card in [n for n in range(1, 61) if n not in (1, 2, 4, 41)]:
        trial = state.clone()
        trial.hands[1] = [card]
        engine.apply(trial, 1, {"card": card})
        engine.apply(trial, 0, {"card": 2})
        assert trial.phase == engine.OVER and winner_of(trial) == 1
    for seed in range(1, 4):
        rules, state = _behind_at_the_last_tree(seed)
        obs = engine.observation(state, 0)
        legal = engine.legal_actions(state, 0)
        game = HardAgent(0, rules, seed, rollouts=400).search(obs, legal)
        points = HardAgent(0, rules, seed, rollouts=400, judge=margin).choose(obs, legal)
        assert points == {"card": 2}  # counting tokens, four now is the most it can get
        # Playing for the game, it sees card 2 for what it is (no chance, last place) and
        # keeps the game going with another card.
        ending = legal.index({"card": 2})
        assert game.worth[ending] == 0.0
        assert game.best != ending and game.worth[game.best] > 0.0
