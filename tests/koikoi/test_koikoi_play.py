"""Rules of play common to every preset (rules/koikoi.md, "Play"), on exact positions."""

import random

import pytest

from asobi.contract.model import SetupContext
from asobi.errors import AsobiError
from asobi_koikoi import plugin
from asobi_koikoi.cards import INDEX

from .helpers import act, deal, legal, position, preset, start, types

PINES = ["pine-crane", "pine-ribbon", "pine-plain-1", "pine-plain-2"]


def obs(state, seat=0):
    return plugin.asobi_observation(state, seat)


def test_a_shuffled_deal_gives_8_8_8_and_a_stock_of_24():
    state = start("standard", seed=11)
    view = obs(state, 0)
    assert len(view["hand"]) == 8 and len(view["board"]) == 8
    assert view["stock"] == 24 and view["opponent_hand"] == 8
    assert view["phase"] == "play" and view["to_act"] == view["dealer"]


def test_the_dealer_plays_first():
    state = start("standard", [deal(dealer=1)])
    assert plugin.asobi_to_act(state) == [1]
    assert obs(state)["dealer"] == 1


def test_standard_dealer_is_chosen_at_random():
    dealers = {start("standard", seed=seed).dealer for seed in range(30)}
    assert dealers == {0, 1}


def test_no_match_leaves_the_card_on_the_board():
    state = position("standard", (["pine-crane", "wisteria-plain-1"], ["iris-plain-1",
                     "clover-plain-1"]), board=["plum-plain-1", "cherry-plain-1"],
                     stock=["maple-plain-1"])
    events = act(state, {"play": "pine-crane"})
    view = obs(state)
    assert "pine-crane" in view["board"] and "maple-plain-1" in view["board"]
    assert view["players"][0]["captured"] == []
    assert types(events) == ["play", "lay", "draw", "lay"]
    assert plugin.asobi_to_act(state) == [1]


def test_one_match_captures_both():
    state = position("standard", (["pine-crane", "wisteria-plain-1"], ["iris-plain-1",
                     "clover-plain-1"]), board=["pine-plain-1", "cherry-plain-1"],
                     stock=["maple-plain-1"])
    act(state, {"play": "pine-crane"})
    view = obs(state)
    assert view["players"][0]["captured"] == ["pine-crane", "pine-plain-1"]
    assert "pine-plain-1" not in view["board"]


def test_two_matches_let_the_player_choose():
    state = position("standard", (["pine-crane", "wisteria-plain-1"], ["iris-plain-1",
                     "clover-plain-1"]), board=["pine-plain-1", "pine-plain-2",
                     "cherry-plain-1"], stock=["maple-plain-1"])
    stock_before = obs(state)["stock"]
    act(state, {"play": "pine-crane"})
    assert legal(state) == [{"capture": "pine-plain-1"}, {"capture": "pine-plain-2"}]
    view = obs(state)
    assert view["phase"] == "capture" and view["pending"] == "pine-crane"
    assert view["candidates"] == ["pine-plain-1", "pine-plain-2"] and view["step"] == "play"
    assert view["stock"] == stock_before  # the draw waits for the choice
    act(state, {"capture": "pine-plain-2"})
    view = obs(state)
    assert view["players"][0]["captured"] == ["pine-crane", "pine-plain-2"]
    assert "pine-plain-1" in view["board"] and "maple-plain-1" in view["board"]


def test_three_matches_capture_all_four():
    state = position("standard", (["pine-crane", "wisteria-plain-1"], ["iris-plain-1",
                     "clover-plain-1"]), board=["pine-ribbon", "pine-plain-1", "pine-plain-2",
                     "cherry-plain-1"], stock=["maple-plain-1"])
    act(state, {"play": "pine-crane"})
    assert obs(state)["players"][0]["captured"] == PINES


@pytest.mark.parametrize(("board", "expect"), [
    (["pine-plain-1"], ["pine-crane", "pine-plain-1"]),
    (["pine-ribbon", "pine-plain-1", "pine-plain-2"], PINES),
])
def test_the_drawn_card_matches_by_the_same_rules(board, expect):
    state = position("standard", (["wisteria-plain-1", "iris-bridge"], ["iris-plain-1",
                     "clover-plain-1"]), board=board, stock=["pine-crane"])
    events = act(state, {"play": "wisteria-plain-1"})
    assert {"type": "draw", "seat": 0, "card": "pine-crane"} in events
    assert obs(state)["players"][0]["captured"] == expect


def test_a_drawn_card_with_two_matches_asks_for_a_choice():
    state = position("standard", (["wisteria-plain-1", "iris-bridge"], ["iris-plain-1",
                     "clover-plain-1"]), board=["pine-plain-1", "pine-plain-2"],
                     stock=["pine-crane"])
    act(state, {"play": "wisteria-plain-1"})
    view = obs(state)
    assert view["phase"] == "capture" and view["step"] == "draw"
    assert view["pending"] == "pine-crane"
    act(state, {"capture": "pine-plain-1"})
    assert obs(state)["players"][0]["captured"] == ["pine-crane", "pine-plain-1"]
    assert plugin.asobi_to_act(state) == [1]


def _red_poetry_position(**kw):
    return position(
        "standard", (["cherry-ribbon", "wisteria-plain-1"], ["iris-plain-2", "clover-plain-1"]),
        board=["cherry-plain-1", "iris-bridge", "iris-plain-1", "maple-plain-1"],
        stock=["iris-ribbon", "peony-plain-1"], captured=(["pine-ribbon", "plum-ribbon"], []),
        **kw)


def test_yaku_are_checked_only_after_both_steps():
    state = _red_poetry_position()
    events = act(state, {"play": "cherry-ribbon"})
    assert "yaku" not in types(events)  # red poetry is complete, but the draw comes first
    assert legal(state) == [{"capture": "iris-bridge"}, {"capture": "iris-plain-1"}]
    events = act(state, {"capture": "iris-bridge"})
    assert types(events)[-1] == "yaku"
    assert events[-1]["new"] == ["red poetry ribbons"] and events[-1]["total"] == 6
    assert legal(state) == [{"koikoi": False}, {"koikoi": True}]
    assert obs(state)["decision"] == {"total": 6, "points": 6, "final": False}


def test_stop_ends_the_round_and_the_stopper_scores_the_total():
    state = _red_poetry_position()
    act(state, {"play": "cherry-ribbon"})
    act(state, {"capture": "iris-bridge"})
    events = act(state, {"koikoi": False})
    assert types(events) == ["stop", "round_end", "game_over"]
    assert plugin.asobi_result(state) == {
        "finished": True,
        "rounds": [{"dealer": 0, "winner": 0, "exhausted": False, "points": [6, 0],
                    "yaku": [["red poetry ribbons"], []]}],
        "scores": [6, 0], "winner": 0}
    assert plugin.asobi_to_act(state) == []


def test_koikoi_plays_on_and_the_total_must_rise_again():
    state = _red_poetry_position()
    act(state, {"play": "cherry-ribbon"})
    act(state, {"capture": "iris-bridge"})
    events = act(state, {"koikoi": True})
    assert events[0] == {"type": "koikoi", "seat": 0, "calls": 1, "total": 6}
    assert plugin.asobi_to_act(state) == [1]
    assert obs(state, 1)["players"][0]["koikoi"] == 1
    act(state, {"play": "iris-plain-2"})  # captures iris-plain-1; seat 1 makes nothing
    # seat 0 captures a plain: more cards, same total -> no decision, the turn passes
    act(state, {"play": "wisteria-plain-1"})
    assert plugin.asobi_to_act(state) == [1] and obs(state)["phase"] == "play"


def test_a_higher_total_after_koikoi_offers_the_decision_again():
    ribbons = ["pine-ribbon", "plum-ribbon", "cherry-ribbon", "wisteria-ribbon", "iris-ribbon"]
    state = position("standard", (["clover-ribbon", "pampas-plain-1"], ["maple-plain-1",
                     "paulownia-plain-1"]), board=["clover-plain-1", "willow-lightning"],
                     stock=["peony-plain-2"], captured=(ribbons, []), calls=(1, 0))
    assert state.last_total[0] == 7  # red poetry 6 + ribbons 1
    events = act(state, {"play": "clover-ribbon"})
    assert events[-1]["type"] == "yaku" and events[-1]["total"] == 8
    assert obs(state)["phase"] == "koikoi"


def test_a_caller_whose_opponent_stops_scores_nothing():
    state = position("standard", (["pampas-plain-1", "wisteria-plain-1"], ["maple-ribbon",
                     "iris-plain-1"]), board=["maple-plain-1", "clover-plain-2"],
                     stock=["paulownia-plain-1", "willow-lightning"],
                     captured=(["pine-ribbon", "plum-ribbon", "cherry-ribbon"],
                               ["peony-ribbon", "chrysanthemum-ribbon"]), calls=(1, 0))
    act(state, {"play": "pampas-plain-1"})
    act(state, {"play": "maple-ribbon"})
    act(state, {"koikoi": False})
    result = plugin.asobi_result(state)
    assert result["rounds"][0]["points"] == [0, 6] and result["winner"] == 1
    assert result["rounds"][0]["yaku"] == [[], ["blue ribbons"]]


def _last_turn(rules, dealer_hand):
    hands = (dealer_hand, ["peony-ribbon"]) if dealer_hand else ([], ["peony-ribbon"])
    return position(rules, hands, board=["peony-plain-1", "clover-plain-1"],
                    stock=["wisteria-plain-1", "paulownia-plain-1"],
                    captured=([], ["chrysanthemum-ribbon", "maple-ribbon"]),
                    seat=1)


@pytest.mark.parametrize("name", ["standard", "italian", "nintendo"])
def test_when_no_turn_remains_the_round_stops_by_itself(name):
    state = _last_turn(name, [])
    events = act(state, {"play": "peony-ribbon"})
    stops = [e for e in events if e["type"] == "stop"]
    assert stops == [{"type": "stop", "seat": 1, "total": 6 if name != "nintendo" else 5,
                      "points": 6 if name != "nintendo" else 5, "auto": True}]
    assert "round_end" in types(events)
    assert plugin.asobi_result(state)["rounds"][0]["winner"] == 1
    assert "koikoi" not in obs(state, 1)["phase"]


def test_on_the_dealers_last_turn_the_opponent_still_has_a_turn():
    state = position("standard", (["peony-ribbon"], ["iris-plain-1"]),
                     board=["peony-plain-1", "clover-plain-1"], stock=["wisteria-plain-1"],
                     captured=(["chrysanthemum-ribbon", "maple-ribbon"], []))
    act(state, {"play": "peony-ribbon"})
    assert legal(state) == [{"koikoi": False}, {"koikoi": True}]


def test_standard_exhausted_round_is_a_draw():
    state = position("standard", (["pine-plain-1"], ["plum-plain-1"]),
                     board=["iris-plain-1"], stock=["maple-plain-1", "willow-lightning"])
    act(state, {"play": "pine-plain-1"})
    events = act(state, {"play": "plum-plain-1"})
    assert types(events)[-2:] == ["round_end", "game_over"]
    round_ = plugin.asobi_result(state)["rounds"][0]
    assert round_ == {"dealer": 0, "winner": None, "exhausted": True, "points": [0, 0],
                      "yaku": [[], []]}
    assert plugin.asobi_result(state)["winner"] is None


# --------------------------------------------------------------------------- deals


def test_board_with_four_of_a_month_is_redealt():
    state = start("standard", [deal(board=PINES), deal(dealer=1)])
    assert state.next_deal == 2
    redeal = [e for e in state.log if e["type"] == "redeal"]
    assert redeal == [{"type": "redeal", "reason": "board-four-of-month", "month": 1}]
    assert obs(state)["board"] == sorted(deal(dealer=1)["board"], key=INDEX.get)


def test_board_with_four_pairs_is_redealt():
    pairs = ["pine-crane", "pine-ribbon", "plum-ribbon", "plum-plain-1", "iris-ribbon",
             "iris-plain-1", "maple-deer", "maple-plain-1"]
    state = start("standard", [deal(board=pairs), deal()])
    assert state.next_deal == 2
    assert [e["reason"] for e in state.log if e["type"] == "redeal"] == ["board-four-pairs"]


def test_hand_yaku_four_of_a_month_wins_6_and_ends_the_deal():
    state = start("standard", [deal(h0=PINES)])
    assert plugin.asobi_result(state) == {
        "finished": True,
        "rounds": [{"dealer": 0, "winner": 0, "exhausted": False, "points": [6, 0],
                    "yaku": [["four of a month in hand"], []]}],
        "scores": [6, 0], "winner": 0}
    shown = [e for e in state.log if e["type"] == "hand_yaku"][0]
    assert shown["cards"] == PINES and shown["points"] == 6


def test_hand_yaku_four_pairs_wins_6():
    pairs = ["pine-crane", "pine-ribbon", "plum-ribbon", "plum-plain-1", "iris-ribbon",
             "iris-plain-1", "maple-deer", "maple-plain-1"]
    state = start("standard", [deal(h1=pairs)])
    assert plugin.asobi_result(state)["rounds"][0]["points"] == [0, 6]
    assert plugin.asobi_result(state)["rounds"][0]["yaku"] == [[], ["four pairs in hand"]]


def test_both_players_with_a_hand_yaku_redeal():
    plums = ["plum-warbler", "plum-ribbon", "plum-plain-1", "plum-plain-2"]
    state = start("standard", [deal(h0=PINES, h1=plums), deal()])
    assert state.next_deal == 2 and not state.over
    assert [e["reason"] for e in state.log if e["type"] == "redeal"] == ["hand-yaku-both"]


def test_pinned_dealer_overrides_and_deals_are_used_in_order_then_shuffled():
    state = start("italian", [deal(dealer=1)], seed=5)
    assert state.dealer == 1
    first_board = obs(state)["board"]
    assert first_board == sorted(deal()["board"], key=INDEX.get)
    again = start("italian", [deal(dealer=1)], seed=5)
    # finish round 1 the same way in both; round 2 comes from the seed, identically
    for game in (state, again):
        while game.round == 1:
            act(game, legal(game)[0])
    assert obs(state)["board"] == obs(again)["board"] != first_board


@pytest.mark.parametrize(("setup", "message"), [
    ({"deals": [{"hands": [[], []], "board": [], "stock": []}]}, "exactly 8 cards"),
    ({"deals": "x"}, "must be a list"),
    ({"decks": []}, "unknown key"),
])
def test_malformed_setup_is_refused(setup, message):
    ctx = SetupContext(rules=preset("standard"), players=2, rng=random.Random(0), setup=setup)
    with pytest.raises(AsobiError, match=message):
        plugin.asobi_setup(ctx)


def test_pinned_deal_with_an_unknown_or_repeated_card_is_refused():
    bad = deal()
    bad["hands"][0][0] = "pine-cran"
    with pytest.raises(AsobiError, match="unknown card 'pine-cran'.*did you mean 'pine-crane'"):
        start("standard", [bad])
    twice = deal()
    twice["board"][0] = twice["hands"][0][0]
    with pytest.raises(AsobiError, match="dealt twice"):
        start("standard", [twice])
    with pytest.raises(AsobiError, match="dealer must be 0 or 1"):
        start("standard", [deal(dealer=2)])


def test_illegal_actions_are_refused_and_change_nothing():
    state = start("standard", [deal()])
    before = obs(state)
    for action in ({"play": "no-such-card"}, {"koikoi": True}, {"capture": "pine-crane"},
                   {"play": deal()["hands"][1][0]}):
        with pytest.raises(AsobiError):
            plugin.asobi_apply(state, 0, action)
    with pytest.raises(AsobiError):
        plugin.asobi_apply(state, 1, legal(state)[0])
    assert obs(state) == before
    assert plugin.asobi_legal_actions(state, 1) == []
