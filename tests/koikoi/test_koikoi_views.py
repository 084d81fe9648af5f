"""Text views: the board, menu labels, event lines and the rules page, in several languages."""

import pytest

from asobi_koikoi import plugin
from asobi_koikoi.cards import INDEX

from .helpers import act, position, preset, start


def _choice_position():
    return position(
        "standard", (["cherry-ribbon", "wisteria-plain-1"], ["iris-plain-2", "clover-plain-1"]),
        board=["cherry-plain-1", "iris-bridge", "iris-plain-1", "maple-plain-1"],
        stock=["iris-ribbon", "peony-plain-1"],
        captured=(["pine-ribbon", "clover-boar", "pine-plain-1"], ["pampas-moon"]))


def test_board_view_shows_everything_a_player_needs():
    state = _choice_position()
    text = plugin.asobi_render_text(plugin.asobi_observation(state, 0), "en")
    assert "round 1/1" in text and "dealer: you" in text
    assert ("Board: Cherry plain 1 [plain], Iris with bridge [animal], Iris plain 1 [plain],\n"
            "    Maple plain 1 [plain]") in text
    assert "Your hand: Cherry ribbon (poetry) [ribbon], Wisteria plain 1 [plain]" in text
    assert "ribbons (1): Pine ribbon (poetry)" in text
    assert "animals (1): Clover with boar" in text
    assert "brights (1): Pampas with moon" in text  # the opponent's pile, grouped by kind
    assert "opponent's hand: 2 cards" in text and "Scores: you 0 · opponent 0" in text
    assert "Koi-koi calls: you 0 · opponent 0" in text
    assert "Your turn: play a card" in text


def test_board_view_shows_yaku_what_is_close_and_the_pending_card():
    state = _choice_position()
    state.captured[0] |= 1 << INDEX["plum-ribbon"]
    act(state, {"play": "cherry-ribbon"})
    text = plugin.asobi_render_text(plugin.asobi_observation(state, 0), "en")
    assert "You drew Iris ribbon; it matches Iris with bridge and Iris plain 1" in text
    before = _choice_position()
    text = plugin.asobi_render_text(plugin.asobi_observation(before, 0), "en")
    assert "close: red poetry ribbons: 1/3" not in text  # too far to mention
    before.captured[0] |= 1 << INDEX["plum-ribbon"]
    text = plugin.asobi_render_text(plugin.asobi_observation(before, 0), "en")
    assert "close: red poetry ribbons: 2/3, missing Cherry ribbon (poetry)" in text
    act(before, {"play": "cherry-ribbon"})
    act(before, {"capture": "iris-bridge"})
    text = plugin.asobi_render_text(plugin.asobi_observation(before, 0), "en")
    assert "yaku: red poetry ribbons 6 — total 6" in text
    assert "stop and score 6, or call koi-koi" in text


def test_menu_labels():
    state = position("standard", (["pine-crane", "cherry-ribbon", "wisteria-plain-1"],
                     ["iris-plain-2", "clover-plain-1", "maple-plain-2"]),
                     board=["pine-plain-1", "cherry-plain-1", "cherry-plain-2"],
                     stock=["peony-plain-1"], captured=(["plum-ribbon", "pine-ribbon"], []))
    seen = plugin.asobi_observation(state, 0)
    label = {a["play"]: plugin.asobi_describe_action(seen, a, "en")
             for a in plugin.asobi_legal_actions(state, 0)}
    assert label["pine-crane"] == "play Pine with crane (captures Pine plain 1)"
    assert label["cherry-ribbon"] == ("play Cherry ribbon (poetry) (then choose Cherry plain 1 "
                                      "or Cherry plain 2)")
    assert label["wisteria-plain-1"] == "play Wisteria plain 1 (stays on the board)"
    act(state, {"play": "cherry-ribbon"})
    seen = plugin.asobi_observation(state, 0)
    assert plugin.asobi_describe_action(seen, {"capture": "cherry-plain-2"}, "en") == (
        "capture Cherry plain 2 with Cherry ribbon (poetry)")
    assert plugin.asobi_describe_action(seen, {"capture": "cherry-plain-2"}, "ja") == (
        "桜に赤短で桜のカス2を取る")
    act(state, {"capture": "cherry-plain-2"})
    seen = plugin.asobi_observation(state, 0)
    assert plugin.asobi_describe_action(seen, {"koikoi": False}, "en") == "stop and score 6"
    assert plugin.asobi_describe_action(seen, {"koikoi": True}, "en") == "koi-koi (play on)"
    assert plugin.asobi_describe_action(seen, {"koikoi": False}, "pt") == "parar e marcar 6"


def test_events_are_narrated_for_each_seat_and_private_ones_stay_private():
    state = start("standard", seed=4)
    deal_events = [e for e in state.log if e["type"] == "deal"]
    mine = [plugin.asobi_describe_event(e, 0, "en") for e in deal_events]
    assert mine[0].startswith("Your hand: ") and mine[1] is None
    lines = {}
    for event in [{"type": "koikoi", "seat": 1, "calls": 1, "total": 6},
                  {"type": "capture", "seat": 0, "step": "play", "card": "pine-crane",
                   "cards": ["pine-crane", "pine-plain-1"], "chosen": False},
                  {"type": "draw", "seat": 1, "card": "maple-deer"},
                  {"type": "round_end", "round": 1, "dealer": 0, "winner": 1, "exhausted": False,
                   "reason": "stop", "points": [0, 6], "yaku": [[], ["blue ribbons"]],
                   "scores": [0, 6]}]:
        lines[event["type"]] = plugin.asobi_describe_event(event, 0, "en")
    assert lines["koikoi"] == "The opponent calls koi-koi!"
    assert lines["capture"] == "You capture Pine with crane, Pine plain 1."
    assert lines["draw"] == "The opponent draws Maple with deer."
    assert plugin.asobi_describe_event({"type": "draw", "seat": 1, "card": "pine-ribbon"}, 0,
                                       "ja") == "相手が松に赤短をめくりました。"
    assert lines["round_end"] == ("The opponent wins round 1. Points: you 0 · opponent +6. "
                                  "Scores: you 0 · opponent 6.")


@pytest.mark.parametrize(("lang", "word"), [("pt", "Sua mão"), ("it", "La tua mano"),
                                            ("ja", "手札")])
def test_board_view_is_translated(lang, word):
    state = start("standard", seed=1)
    text = plugin.asobi_render_text(plugin.asobi_observation(state, 0), lang)
    assert word in text and "Your hand" not in text


def test_rules_page_lists_the_variants_yaku_and_round_rules():
    rules = preset("italian")
    text = plugin.asobi_rules_text(rules, "en")
    assert "five brights: 10" in text and "four brights: 7" in text
    assert "month cards: 4 — 4 of: the four cards of the round's month" in text
    assert "Rounds: 12" in text and "multiplied by 2" in text
    assert "A stopper who called koi-koi this round: ×2." in text
    assert "the higher yaku total wins; otherwise the dealer wins 6" in text
    rules["yaku"]["month-cards"]["enabled"] = False
    rules["yaku"]["plains"]["points"] = 3
    text = plugin.asobi_rules_text(rules, "en")
    assert "month cards" not in text and "plains: 3 +1 per extra card" in text


def test_rules_page_in_portuguese():
    text = plugin.asobi_rules_text(preset("standard"), "pt")
    assert "cinco luzes: 15" in text and "fitas vermelhas de poesia: 6" in text
    assert "Rodadas: 1" in text and "empate, ninguém marca" in text
