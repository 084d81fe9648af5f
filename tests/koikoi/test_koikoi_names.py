"""Card names for people: the name table, its translations, and where views use it."""

import json
import random
import re
from pathlib import Path

import pytest

from asobi.contract.model import Reason
from asobi.i18n import catalogue
from asobi_koikoi import plugin, view
from asobi_koikoi.cards import CARD_IDS, GROUPS
from asobi_koikoi.names import CARD_NAMES, KIND_NAMES, SAKE_BOTH, card_name

from .helpers import act, position, preset, start

LANGS = ("en", "pt", "it", "ja")
WEBVIEW = Path(plugin.__file__).parent / "webview"


def _tr(lang):
    return view._tr(lang)


def test_every_card_has_a_name_in_every_language_and_no_two_share_one():
    assert list(CARD_NAMES) == list(CARD_IDS)
    for lang in LANGS:
        _ = _tr(lang)
        names = [card_name(_, c) for c in CARD_IDS]
        assert len(set(names)) == 48, lang
        assert not any(c in name for c in CARD_IDS for name in names)  # no id shows through
    for lang in ("pt", "it", "ja"):
        table = catalogue("asobi_koikoi", lang)
        for message in [*CARD_NAMES.values(), *KIND_NAMES.values(), SAKE_BOTH]:
            assert table.get(message), (lang, message)


@pytest.mark.parametrize(("card", "lang", "name"), [
    ("pine-crane", "en", "Pine with crane"), ("cherry-ribbon", "en", "Cherry ribbon (poetry)"),
    ("wisteria-plain-1", "en", "Wisteria plain 1"), ("pine-crane", "ja", "松に鶴"),
    ("cherry-curtain", "ja", "桜に幕"), ("wisteria-plain-2", "ja", "藤のカス2"),
    ("chrysanthemum-sake", "pt", "Crisântemo com taça de saquê"),
    ("maple-deer", "it", "Acero con cervo"),
])
def test_some_names(card, lang, name):
    assert card_name(_tr(lang), card) == name


def test_the_browser_views_names_are_the_catalogues_keys():
    text = (WEBVIEW / "cards.js").read_text(encoding="utf-8")
    block = re.search(r"export const CARD_NAMES = \{(.*?)\};", text, re.S)
    assert block is not None
    pairs = dict(re.findall(r'"([a-z0-9-]+)": ("(?:[^"\\]|\\.)*")', block.group(1)))
    assert {k: json.loads(v) for k, v in pairs.items()} == CARD_NAMES
    js = (WEBVIEW / "view.js").read_text(encoding="utf-8")
    assert "ctx.gt(CARD_NAMES[id]" in js and "· ${id}" not in js


# --------------------------------------------------------------------------- text view


@pytest.mark.parametrize("sake_is_plain", [True, False])
def test_the_sake_cup_shows_as_animal_and_plain_when_the_variant_says_so(sake_is_plain):
    rules = preset("standard")
    rules["sake_cup_is_plain"] = sake_is_plain
    state = position(rules, (["chrysanthemum-sake", "pine-plain-1"], ["iris-plain-2"]),
                     board=["maple-plain-1", "chrysanthemum-ribbon"],
                     captured=(["peony-plain-1"], []))
    text = plugin.asobi_render_text(plugin.asobi_observation(state, 0), "en")
    kind = "animal and plain" if sake_is_plain else "animal"
    assert f"Your hand: Pine plain 1 [plain], Chrysanthemum with sake cup [{kind}]" in text
    assert "Board: Chrysanthemum ribbon (blue) [ribbon], Maple plain 1 [plain]" in text
    ja = plugin.asobi_render_text(plugin.asobi_observation(state, 0), "ja")
    assert ("菊に盃［タネ・カス］" if sake_is_plain else "菊に盃［タネ］") in ja
    act(state, {"play": "chrysanthemum-sake"})
    text = plugin.asobi_render_text(plugin.asobi_observation(state, 0), "en")
    assert "    animals (1): Chrysanthemum with sake cup" in text
    if sake_is_plain:
        assert "    plains (2): Peony plain 1, Chrysanthemum with sake cup" in text
    else:
        assert "    plains (1): Peony plain 1" in text


def _block(text, head):
    """The line starting with ``head`` and its indented continuation lines."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith(head))
    end = first + 1
    while lines[end].startswith("    "):
        end += 1
    return lines[first:end]


@pytest.mark.parametrize("lang", LANGS)
def test_board_and_hand_lines_fit_80_columns_and_never_split_a_card(lang):
    _ = _tr(lang)
    board_head = _("Board: {cards}").format(cards="")
    hand_head = _("Your hand: {cards}").format(cards="")
    checked = 0
    for seed in range(12):
        state = start("standard", seed=seed)
        rng = random.Random(seed)
        while not state.over:
            seat = state.seat
            obs = plugin.asobi_observation(state, seat)
            text = plugin.asobi_render_text(obs, lang)
            for cards, head in ((obs["board"], board_head), (obs["hand"], hand_head)):
                if not cards:
                    continue
                lines = _block(text, head.rstrip())
                assert all(view._columns(line) <= 80 for line in lines), lines
                for card in cards:
                    shown = view._shown(_, card, True)
                    assert sum(shown in line for line in lines) == 1, (shown, lines)
                checked += 1
            options = plugin.asobi_legal_actions(state, seat)
            plugin.asobi_apply(state, seat, rng.choice(options))
    assert checked > 100


def test_a_crowded_board_breaks_only_between_cards():
    cards = ["chrysanthemum-sake", "chrysanthemum-ribbon", "willow-rainman", "paulownia-phoenix",
             "peony-butterflies", "cherry-ribbon", "pampas-geese", "wisteria-cuckoo",
             "chrysanthemum-plain-1", "paulownia-plain-3", "iris-bridge", "maple-ribbon",
             "willow-lightning", "clover-boar"]
    for lang in LANGS:
        _ = _tr(lang)
        lines = view._zone(_, _("Board: {cards}"), cards, True)
        assert len(lines) > 2 and all(view._columns(line) <= 80 for line in lines)
        assert all(line.startswith("    ") for line in lines[1:])
        joined = "\n".join(lines)
        for card in cards:
            assert sum(view._shown(_, card, True) in line for line in lines) == 1, joined


# --------------------------------------------------------------------------- narration


def test_labels_events_and_statuses_name_cards_in_the_players_language():
    state = position("standard", (["cherry-ribbon", "wisteria-plain-1"], ["iris-plain-2"]),
                     board=["cherry-plain-1", "cherry-plain-2"], stock=["pine-ribbon"])
    seen = plugin.asobi_observation(state, 0)
    assert plugin.asobi_describe_action(seen, {"play": "cherry-ribbon"}, "ja") == (
        "桜に赤短を出す（桜のカス1か桜のカス2を選ぶ）")
    events = act(state, {"play": "cherry-ribbon"})
    lines = [plugin.asobi_describe_event(e, 1, "ja") for e in events]
    assert "相手が桜に赤短を出しました。" in lines
    text = plugin.asobi_render_text(plugin.asobi_observation(state, 0), "it")
    assert "Nastro poetico del ciliegio" in text and "cherry-" not in text
    assert plugin.asobi_observation(state, 0)["pending"] == "cherry-ribbon"  # ids in the data
    start_events = start("standard", seed=2).log
    new_round = next(e for e in start_events if e["type"] == "new_round")
    line = plugin.asobi_describe_event(new_round, 0, "pt")
    assert not any(c in line for c in CARD_IDS)


def test_an_automatic_stop_is_narrated_as_such():
    event = {"type": "stop", "seat": 0, "total": 6, "points": 6, "auto": True}
    assert plugin.asobi_describe_event(event, 0, "en") == (
        "No turn remains: you stop and score 6.")
    assert plugin.asobi_describe_event(dict(event, auto=False), 1, "en") == (
        "The opponent stops and scores 6.")


def test_hint_reasons_show_card_names():
    reason = Reason("take {card}: {why}", {"card": "pine-crane", "why": Reason("feeds my yaku")})
    assert plugin.asobi_describe_reason(reason, "en") == "take Pine with crane: feeds my yaku"
    assert plugin.asobi_describe_reason(reason, "pt") == (
        "levar Pinheiro com grou: ajuda o meu yaku")
    assert plugin.asobi_describe_reason(reason, "ja") == "松に鶴を取る：自分の役に近づく"
    both = Reason("capture {cards}: the biggest capture in sight",
                  {"cards": "pine-crane, pine-plain-1"})
    assert plugin.asobi_describe_reason(both, "ja").startswith("松に鶴、松のカス1を取る")
    assert plugin.asobi_describe_reason(Reason("the only legal move"), "it") == (
        "l'unica mossa consentita")
    assert plugin.asobi_describe_reason("plain text", "ja") is None  # the core shows it as is


def test_hint_reasons_of_the_ai_come_out_with_names_through_the_core():
    from asobi.host.registry import discover

    game = discover().game("koikoi")
    reason = Reason("play {card}", {"card": "willow-rainman"})
    assert game.hooks.describe_reason(reason, "ja") == "柳に小野道風を出す"
    assert game.hooks.describe_reason("plain", "ja") == "plain"


# --------------------------------------------------------------------------- rules page


def test_rules_page_lists_yaku_cards_by_name_with_commas():
    text = plugin.asobi_rules_text(preset("standard"), "en")
    assert ("boar, deer and butterflies: 5 — all of: Clover with boar, Maple with deer, "
            "Peony with butterflies") in text
    assert ("three brights: 6 — 3 of: Pine with crane, Cherry with curtain, Pampas with moon, "
            "Paulownia with phoenix") in text
    assert "rainy four brights: 8 — 4 of: brights with Willow with rain man" in text
    ja = plugin.asobi_rules_text(preset("standard"), "ja")
    assert "萩に猪、紅葉に鹿、牡丹に蝶" in ja
    for lang in LANGS:
        page = plugin.asobi_rules_text(preset("nintendo"), lang)
        assert not any(c in page for group in GROUPS.values() for c in group)


@pytest.mark.parametrize("name", ["standard", "italian", "koikoi-japan", "nintendo"])
def test_rules_page_says_the_final_turn_stops_by_itself(name):
    text = plugin.asobi_rules_text(preset(name), "en")
    assert "final turn a new yaku stops the round by itself" in text
    assert "only choice is to stop" not in text


def test_the_older_offer_stop_value_is_still_accepted_and_means_the_same():
    rules = preset("standard")
    rules["last_turn"]["action"] = "offer-stop"
    state = position(rules, ([], ["peony-ribbon"]), board=["peony-plain-1", "clover-plain-1"],
                     stock=["wisteria-plain-1", "paulownia-plain-1"],
                     captured=([], ["chrysanthemum-ribbon", "maple-ribbon"]), seat=1)
    events = act(state, {"play": "peony-ribbon"})
    assert [e for e in events if e["type"] == "stop"][0]["auto"] is True
    assert state.over
