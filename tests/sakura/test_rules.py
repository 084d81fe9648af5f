"""One test (or a few) per sentence of rules/sakura.md, on exact positions.

Positions use the standard garden for 2 to 4 players: gate 0, bridge 4, torii 5, trees 14,
24 and 34 (the last space), unless a test says otherwise. Cards come from the test deck of
conftest.py (card 1: Emperor 1 forward / painter 1 forward, and so on).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from asobi.errors import AsobiError
from asobi_sakura import engine
from asobi_sakura.cards import EMPEROR_KINDS

from .conftest import place, rules_with, run

# ---------------------------------------------------------------------- pieces


def test_deck_has_sixty_numbered_cards_44_moving_the_emperor(rules):
    numbers = [c.number for c in rules.cards[1:]]
    assert numbers == list(range(1, 61))
    moving = [c for c in rules.cards[1:] if c.garden in EMPEROR_KINDS]
    assert len(moving) == 44


def test_deck_spreads_every_action_across_low_and_high_numbers(rules):
    cards = rules.cards[1:]
    for attr in ("garden", "painter"):
        for kind in {getattr(c, attr) for c in cards}:
            numbers = [c.number for c in cards if getattr(c, attr) == kind]
            assert min(numbers) <= 20 and max(numbers) >= 41, (kind, numbers)
    assert {c.garden for c in cards} == {
        "emperor-forward", "emperor-back", "emperor-either", "closest-back", "furthest-forward"
    }
    assert {c.painter for c in cards} == {"forward", "either", "jump", "count"}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_start_five_tokens_five_cards_rest_in_supply(rules, players):
    state = engine.new_game(rules, players, random.Random(1))
    assert all(t == 5 for t in state.tokens)
    assert all(len(h) == 5 for h in state.hands)
    assert state.supply == rules.total_tokens - 5 * len(state.painters)


# ---------------------------------------------------------------------- the garden


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_painters_start_at_gate_emperor_on_torii(rules, players):
    state = engine.new_game(rules, players, random.Random(1))
    assert set(state.painters) == {0}
    assert state.garden.kinds[state.emperor] == "torii"
    assert len(state.trees) == 3 and state.trees[-1] == state.garden.last


def test_default_layout_for_two_to_four_players(rules):
    garden = rules.garden(4)
    assert garden.size == 35
    assert garden.torii == 5
    assert garden.trees == (14, 24, 34)
    assert [i for i, k in enumerate(garden.kinds) if k == "bridge"] == [4, 19, 27, 30]


def test_bridges_are_three_spaces_with_five_or_six_players(rules):
    for players in (5, 6):
        garden = rules.garden(players)
        bridges = [i for i, k in enumerate(garden.kinds) if k == "bridge"]
        assert len(bridges) == 12
        assert garden.size == 35 + 8
        assert garden.trees == (16, 28, 42)
        assert Counter(garden.bridge[i] for i in bridges) == {1: 3, 2: 3, 3: 3, 4: 3}


def test_moving_over_a_bridge_of_three_spaces_takes_three_steps(trules):
    # 5 players: bridge 1 is spaces 4, 5, 6; painter 0 on space 3 moves 3 (card 3).
    state = place(trules, 5, emperor=20, painters=[3, 0, 0, 0, 0])
    run(state, [(3, 0)])  # Emperor back 1 (to 19), painter 3 forward
    assert state.painters[0] == 6


def test_gate_is_the_only_shared_space_forward_moves_skip_painters(trules):
    state = place(trules, 3, emperor=12, painters=[2, 3, 0])
    run(state, [(1, 2)])  # Emperor 1 forward; painter 2 moves 1 from the gate
    assert state.painters[2] == 1
    state = place(trules, 3, emperor=12, painters=[1, 2, 0])
    run(state, [(1, 2)])  # spaces 1 and 2 are taken: jumped, not counted
    assert state.painters[2] == 3


def test_all_at_the_gate_nobody_is_closest_or_furthest(trules):
    state = place(trules, 3, emperor=10, painters=[0, 0, 0])
    # card 12: furthest painter 2 forward, then painter 0 moves 1.
    run(state, [(12, 0)])
    assert state.painters == [1, 0, 0]
    state = place(trules, 3, emperor=10, painters=[0, 0, 0])
    run(state, [(11, 1)])  # closest painter 2 back: nobody; then painter 1 moves 1
    assert state.painters == [0, 1, 0]


def test_painters_sharing_the_gate_are_not_furthest(trules):
    state = place(trules, 3, emperor=12, painters=[0, 0, 5])
    run(state, [(12, 2)])  # furthest: two at the gate, nobody moves; painter 2: 5 -> 6
    assert state.painters == [0, 0, 6]
    state = place(trules, 3, emperor=12, painters=[0, 3, 5])
    run(state, [(12, 2)])  # the lone painter at the gate is furthest: 0 -> 1, 2 (3 jumped)
    assert state.painters == [2, 3, 6]


# ---------------------------------------------------------------------- a round


def test_everyone_picks_in_secret_then_all_are_revealed(rules):
    state = engine.new_game(rules, 3, random.Random(5))
    assert engine.to_act(state) == [0, 1, 2]
    card = engine.legal_actions(state, 1)[0]
    events: list = []
    engine.apply(state, 1, card, events)
    assert engine.to_act(state) == [0, 2]
    assert events == [{"type": "picked", "seat": 1}]
    for seat in (0, 2):
        obs = engine.observation(state, seat)
        assert obs["picked"] == [False, True, False]
        assert obs["my_pick"] is None
        assert card["card"] not in {c["number"] for c in obs["hand"]}
    assert engine.observation(state, 1)["my_pick"]["number"] == card["card"]
    engine.apply(state, 0, engine.legal_actions(state, 0)[0], events)
    engine.apply(state, 2, engine.legal_actions(state, 2)[0], events)
    reveal = next(e for e in events if e["type"] == "reveal")
    assert {c["painter"] for c in reveal["cards"]} == {0, 1, 2}


def test_cards_resolve_by_increasing_number_garden_then_painter(trules):
    state = place(trules, 2, emperor=10, painters=[2, 4, 0],
                  )
    events = run(state, [(9, 1), (2, 0)])  # 2: Emperor +2, painter +2; 9: Emperor -1, +1
    order = [(e["type"], e.get("card")) for e in events if e["type"] in ("resolve",)]
    assert order == [("resolve", 2), ("resolve", 9)]
    kinds = [e["type"] for e in events if e["type"] in ("emperor", "painter")]
    assert kinds == ["emperor", "painter", "emperor", "painter"]
    assert state.emperor == 11 and state.painters[:2] == [5, 6]


def test_after_the_round_cards_are_discarded_and_everyone_draws(rules):
    state = engine.new_game(rules, 4, random.Random(2))
    played = []
    for seat in range(4):
        action = engine.legal_actions(state, seat)[0]
        played.append(action["card"])
        engine.apply(state, seat, action)
    while state.phase == engine.CHOOSE:
        seat = engine.to_act(state)[0]
        engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    assert all(len(h) == 5 for h in state.hands)
    assert sorted(state.discard) == sorted(played)
    assert len(state.deck) == 60 - 20 - 4


def test_empty_deck_reshuffles_the_discards(rules):
    state = place(rules, 2, emperor=20, painters=[1, 2, 3],
                  hands=[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], deck=[11])
    events: list = []
    engine.apply(state, 0, {"card": 1}, events)
    engine.apply(state, 1, {"card": 6}, events)
    while state.phase == engine.CHOOSE:
        seat = engine.to_act(state)[0]
        engine.apply(state, seat, engine.legal_actions(state, seat)[0], events)
    assert any(e["type"] == "reshuffle" for e in events)
    assert all(len(h) == 5 for h in state.hands)
    in_play = set(state.deck) | set(state.discard) | {n for h in state.hands for n in h}
    assert in_play == set(range(1, 61))


# ---------------------------------------------------------------------- movement


def test_painter_pushed_back_beyond_the_gate_stands_on_it(trules):
    state = place(trules, 3, emperor=12, painters=[1, 3, 5])
    # card 5: the closest painter (2, on 5) goes 2 back: 4, then 2 (3 is taken);
    # then painter 1 goes 2 back from 3: 2 and 1 are taken, so it ends on the gate.
    run(state, [(5, 1)], ["back"])
    assert state.painters == [1, 0, 2]


def test_emperor_pushed_back_stops_before_the_gate(trules):
    state = place(trules, 2, emperor=1, painters=[0, 0, 0])
    run(state, [(9, 0)])  # Emperor 1 back from space 1: stays; painter 0 forward 1 bumps
    assert state.emperor == 1


def test_painter_reaching_the_emperor_bumps_him(trules):
    state = place(trules, 3, emperor=10, painters=[8, 2, 0])
    supply = state.supply
    events = run(state, [(3, 0)])  # Emperor 1 back to 9; painter 0 forward 3 from 8
    assert state.emperor == 9
    assert state.tokens[0] == 4 and state.supply == supply + 1
    assert state.painters[0] == 6  # three empty spaces back from 9: 8, 7, 6
    assert any(e["type"] == "bump" and e["painter"] == 0 for e in events)


def test_moving_past_the_emperor_by_jumping_painters_bumps(trules):
    state = place(trules, 3, emperor=10, painters=[8, 9, 0])
    run(state, [(9, 2)])  # Emperor back onto 9 bumps painter 1: 8 taken, 7, 6, 5
    assert state.painters[1] == 5 and state.tokens[1] == 4
    state = place(trules, 3, emperor=12, painters=[9, 10, 11])
    run(state, [(13, 0)])  # Emperor to 13; painter 0 forward 3: 10, 11 taken, 12, 13 = Emperor
    assert state.tokens[0] == 4
    assert state.painters[0] == 8  # back from 13: 12, (11, 10 taken), 9 (now empty), 8


def test_bump_back_counts_only_empty_spaces(trules):
    state = place(trules, 4, emperor=10, painters=[9, 8, 6, 0])
    run(state, [(9, 3)])  # Emperor back onto 9: painter 0 goes back 3 empty: 7, 5, 4
    assert state.painters[0] == 4


def test_bumped_painter_without_tokens_loses_nothing(trules):
    state = place(trules, 2, emperor=10, painters=[9, 0, 0], tokens=[0, 5, 5])
    supply = state.supply
    run(state, [(9, 1)])
    assert state.tokens[0] == 0 and state.supply == supply
    assert state.painters[0] == 6


def test_emperor_stepping_back_onto_a_painter_bumps_that_painter(trules):
    state = place(trules, 3, emperor=12, painters=[11, 5, 0])
    events = run(state, [(9, 2)])
    assert state.emperor == 11
    bump = next(e for e in events if e["type"] == "bump")
    assert bump["painter"] == 0 and state.tokens[0] == 4 and state.painters[0] == 8


# ---------------------------------------------------------------------- garden actions


@pytest.mark.parametrize("card,expected", [(1, 11), (2, 12), (9, 9)])
def test_emperor_forward_one_two_and_back_one(trules, card, expected):
    state = place(trules, 3, emperor=10, painters=[0, 0, 0])
    run(state, [(card, 0)])
    assert state.emperor == expected


def test_emperor_either_is_asked_of_the_cards_owner(trules):
    state = place(trules, 3, emperor=10, painters=[0, 0, 0], hands=[[20], [14], [21]])
    for seat, card in ((0, 20), (1, 14), (2, 21)):
        engine.apply(state, seat, {"card": card})
    assert state.phase == engine.CHOOSE
    assert engine.to_act(state) == [1]
    assert engine.legal_actions(state, 1) == [{"emperor": "forward"}, {"emperor": "back"}]
    assert engine.legal_actions(state, 0) == []
    obs = engine.observation(state, 0)
    assert obs["pending"] == {"kind": "emperor", "seat": 1, "card": 14}
    assert obs["emperor"] == 10  # card 14 resolves first; the garden is shown as it is now
    engine.apply(state, 1, {"emperor": "back"})
    assert state.emperor == 9 + 2  # back to 9, then cards 20 and 21 move him 1 each


def test_closest_painter_moves_two_back(trules):
    state = place(trules, 3, emperor=12, painters=[9, 8, 2])
    run(state, [(11, 2)])  # closest is 0 at 9: back 2 counting empty: 7, 6 (8 jumped)
    assert state.painters[0] == 6


def test_furthest_painter_moves_two_forward(trules):
    state = place(trules, 3, emperor=12, painters=[9, 3, 4])
    run(state, [(12, 0)])  # furthest is 1 at 3: 4 taken, 5, 6
    assert state.painters[1] == 6


# ---------------------------------------------------------------------- painter actions


@pytest.mark.parametrize("card,start,expected", [(1, 3, 4), (2, 3, 5), (13, 3, 6)])
def test_painter_forward_one_two_three(trules, card, start, expected):
    state = place(trules, 2, emperor=12, painters=[start, 0, 0])
    run(state, [(card, 0)])
    assert state.painters[0] == expected


@pytest.mark.parametrize("direction,expected", [("forward", 8), ("back", 2)])
def test_painter_either_direction_is_the_players_choice(trules, direction, expected):
    # card 6: furthest painter forward (two share the gate: nobody moves), then the player
    # moves its painter 3 spaces the way it chooses.
    state = place(trules, 2, emperor=15, painters=[5, 0, 0])
    events = run(state, [(6, 0)], [direction])
    assert state.painters == [expected, 0, 0]
    assert {"type": "choice", "seat": 0, "card": 6, "kind": "direction",
            "direction": direction} in events


def test_direction_choice_offers_both_ways_to_the_owner(trules):
    state = place(trules, 3, emperor=15, painters=[0, 4, 6], hands=[[30], [31], [4]])
    for seat, card in ((0, 30), (1, 31), (2, 4)):
        engine.apply(state, seat, {"card": card})
    assert engine.to_act(state) == [2]
    assert engine.legal_actions(state, 2) == [{"emperor": "forward"}, {"emperor": "back"}]
    engine.apply(state, 2, {"emperor": "forward"})
    assert engine.legal_actions(state, 2) == [{"direction": "forward"}, {"direction": "back"}]
    engine.apply(state, 2, {"direction": "back"})
    assert state.painters[2] == 5


def test_jump_lands_in_front_of_the_next_painter_ahead(trules):
    state = place(trules, 3, emperor=15, painters=[2, 6, 7])
    run(state, [(7, 0)])  # Emperor to 16; next ahead is at 6, 7 taken -> 8
    assert state.painters[0] == 8


def test_jump_can_bump_the_emperor(trules):
    state = place(trules, 3, emperor=12, painters=[2, 10, 0])
    run(state, [(15, 0)])  # Emperor back to 11; in front of 10 is 11: bump
    assert state.tokens[0] == 4
    assert state.painters[0] == 7  # back 3 from 11: (10 taken) 9, 8, 7


def test_jump_or_count_of_the_closest_painter_does_nothing(trules):
    for card in (7, 8):
        state = place(trules, 3, emperor=15, painters=[9, 3, 0])
        run(state, [(card, 0)])
        assert state.painters[0] == 9


def test_count_moves_one_per_painter_between_you_and_the_emperor(trules):
    state = place(trules, 4, emperor=20, painters=[2, 5, 8, 0])
    run(state, [(8, 0)])  # two painters ahead: 3, 4 -> forward 2 empty spaces
    assert state.painters[0] == 4
    state = place(trules, 4, emperor=20, painters=[0, 5, 8, 0])
    run(state, [(8, 0)])  # the other gate painter is not ahead: 2 ahead -> 1, 2
    assert state.painters[0] == 2


# ---------------------------------------------------------------------- trees and scoring


def test_emperor_stops_at_a_tree_the_first_time(trules):
    state = place(trules, 4, emperor=13, painters=[10, 9, 8, 7])
    run(state, [(2, 3)])  # 2 forward, but the tree is 1 away
    assert state.emperor == 14
    assert state.scored == [True, False, False]


def test_tree_current_painter_action_happens_others_discarded(trules):
    state = place(trules, 4, emperor=13, painters=[10, 9, 8, 2])
    # card 1 (owner 3) reaches the tree, its painter action (1 forward) still happens;
    # card 13 (owner 0) would have moved painter 0: discarded without effect.
    events = run(state, [(1, 3), (13, 0)])
    assert {"type": "painter", "painter": 3, "from": 2, "to": 3} in events
    assert not any(e["type"] == "resolve" and e["card"] == 13 for e in events)
    tree = next(e for e in events if e["type"] == "tree")
    assert tree["discarded"] == [13]
    assert state.status == [engine.RESOLVED, engine.DISCARDED]
    assert state.emperor == 14  # card 13 would have moved him on


def test_tree_scores_three_two_one_from_the_supply(trules):
    state = place(trules, 4, emperor=13, painters=[12, 11, 10, 2])
    supply = state.supply
    events = run(state, [(1, 3)])
    tree = next(e for e in events if e["type"] == "tree")
    assert tree["points"][:3] == [3, 2, 1] and tree["points"][3] == 0
    assert state.tokens == [8, 7, 6, 5]
    assert state.supply == supply - 6


def test_last_tree_gives_four_to_the_closest(trules):
    state = place(trules, 3, emperor=33, painters=[30, 31, 32], scored=[True, True, False])
    run(state, [(1, 2)])  # the leader steps to 33 as the Emperor reaches the tree
    assert state.tokens == [6, 7, 9]
    assert state.phase == engine.OVER


def test_fourth_place_scores_with_five_or_six_players(trules):
    for players in (5, 6):
        first = rules_with().garden(players).trees[0]
        painters = [first - 2 - i for i in range(players)]
        state = place(trules, players, emperor=first - 1, painters=painters)
        run(state, [(1, players - 1)])
        gained = [t - 5 for t in state.tokens]
        assert sorted(gained, reverse=True)[:5] == [3, 2, 1, 1, 0][: min(5, players)]


def test_four_players_no_fourth_place(trules):
    state = place(trules, 4, emperor=13, painters=[12, 11, 10, 9])
    run(state, [(1, 0)])
    assert state.tokens[3] == 5


def test_after_scoring_painters_regroup_behind_the_leader(trules):
    state = place(trules, 4, emperor=13, painters=[10, 6, 3, 1])
    run(state, [(11, 2), (14, 3)], ["forward"])
    # 11: closest (0 at 10) back 2 -> 8; painter 2 forward 1 -> 4.
    # 14: Emperor forward to the tree; painter 3 forward 1 -> 2. Ranking 0, 1, 2, 3.
    assert state.painters == [8, 7, 6, 5]


def test_regroup_leaves_painters_sharing_the_gate(trules):
    state = place(trules, 4, emperor=13, painters=[9, 5, 0, 0])
    run(state, [(1, 1)])  # painter 1: 5 -> 6
    assert state.painters == [9, 8, 0, 0]
    assert state.tokens == [8, 7, 5, 5]


def test_refill_to_five_after_a_tree(trules):
    state = place(trules, 3, emperor=13, painters=[5, 4, 3],
                  hands=[[1, 20, 21, 22, 23], [30, 31, 32, 33, 34], [40, 41, 42, 43, 44]])
    for seat, card in ((0, 1), (1, 30), (2, 40)):
        engine.apply(state, seat, {"card": card})
    assert state.scored[0]
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert state.phase == engine.PICK and state.round == 2


def test_each_tree_scores_once_then_the_emperor_walks_past(trules):
    state = place(trules, 3, emperor=14, painters=[10, 9, 8], scored=[True, False, False])
    run(state, [(2, 0)])
    assert state.emperor == 16
    assert len(state.rounds) == 0
    state = place(trules, 3, emperor=15, painters=[10, 9, 8], scored=[True, False, False])
    run(state, [(9, 0)])  # back onto tree 1 does not score again
    assert state.emperor == 14 and state.tokens == [5, 5, 5]


def test_game_ends_after_last_tree_most_tokens_wins(trules):
    state = place(trules, 3, emperor=33, painters=[32, 31, 30], tokens=[5, 9, 5],
                  scored=[True, True, False])
    run(state, [(1, 2)])  # painter 2 jumps the others to 33: +4; painter 0 +2, painter 1 +1
    assert state.phase == engine.OVER
    assert engine.to_act(state) == []
    assert engine.scores(state) == [7, 10, 9]
    assert engine.winner_of(state) == 1  # most tokens wins, closeness only breaks ties


def test_tie_goes_to_the_tied_player_closest_to_the_emperor(trules):
    state = place(trules, 3, emperor=33, painters=[32, 31, 30], tokens=[5, 7, 5],
                  scored=[True, True, False])
    run(state, [(1, 0)])  # painter 0 steps to 33: +4 -> 9; painter 1 +2 -> 9; painter 2 +1
    assert engine.scores(state) == [9, 9, 6]
    assert engine.winner_of(state) == 0


# ---------------------------------------------------------------------- two players


def test_two_players_neutral_painter_plays_the_top_card(trules):
    state = place(trules, 2, emperor=10, painters=[0, 0, 0],
                  hands=[[20], [21]], deck=[14, 30, 31])
    events: list = []
    engine.apply(state, 0, {"card": 20}, events)
    engine.apply(state, 1, {"card": 21}, events)
    reveal = next(e for e in events if e["type"] == "reveal")
    assert {"card": 14, "painter": 2} in reveal["cards"]
    # card 14 is an Emperor choice: for the neutral painter it means forward.
    assert state.emperor == 10 + 3
    assert state.phase == engine.PICK


def test_neutral_painter_scores_but_never_wins(trules):
    state = place(trules, 2, emperor=33, painters=[30, 31, 32], tokens=[5, 5, 20],
                  scored=[True, True, False])
    run(state, [(1, 2)])  # the neutral painter steps to 33 and is closest
    assert state.tokens[2] == 24
    assert engine.winner_of(state) == 1
    assert engine.result(state)["rounds"][-1]["winner"] is None  # the neutral was closest


def test_hand_mode_players_take_turns_giving_the_neutral_a_card():
    rules = rules_with(two_players={"neutral_painter": "hand"})
    state = engine.new_game(rules, 2, random.Random(3))
    assert engine.to_act(state) == [0, 1]
    engine.apply(state, 1, engine.legal_actions(state, 1)[0])
    engine.apply(state, 0, engine.legal_actions(state, 0)[0])
    assert engine.to_act(state) == [0]
    legal = engine.legal_actions(state, 0)
    assert all("neutral" in a for a in legal) and len(legal) == 4
    engine.apply(state, 0, legal[0])
    while state.phase == engine.CHOOSE:
        seat = engine.to_act(state)[0]
        engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    assert len(state.plays) == 3
    assert [len(h) for h in state.hands] == [5, 5]
    if state.phase == engine.PICK:
        assert state.chooser() == 1


def test_no_neutral_painter_when_turned_off():
    rules = rules_with(two_players={"neutral_painter": "none"})
    state = engine.new_game(rules, 2, random.Random(3))
    assert len(state.painters) == 2


# ---------------------------------------------------------------------- records


def test_pinned_deck_deals_in_order(rules):
    order = list(range(60, 0, -1))
    state = engine.new_game(rules, 3, random.Random(0), {"deck": order})
    assert state.hands == [[60, 59, 58, 57, 56], [55, 54, 53, 52, 51], [50, 49, 48, 47, 46]]
    assert state.deck[-1] == 45


@pytest.mark.parametrize(
    "setup,fragment",
    [
        ({"deck": list(range(1, 60))}, "missing: [60]"),
        ({"deck": list(range(1, 60)) + [1]}, "repeated: [1]"),
        ({"deck": "1 2 3"}, "list of the 60"),
        ({"deck": list(range(2, 62))}, "not a card: [61]"),
        ({"hands": []}, "unknown setup field"),
    ],
)
def test_malformed_pinned_deck_is_a_user_error(rules, setup, fragment):
    with pytest.raises(AsobiError) as info:
        engine.new_game(rules, 3, random.Random(0), setup)
    assert fragment in str(info.value)


def test_player_count_outside_two_to_six_is_refused(rules):
    with pytest.raises(AsobiError):
        engine.new_game(rules, 7, random.Random(0))
