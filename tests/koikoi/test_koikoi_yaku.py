"""Yaku tables of every preset, evaluated on captured piles (points before multipliers)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi_koikoi.cards import CARD_IDS, FULL, month_mask
from support.profiles import examples

from .helpers import preset, titles, total

BRIGHTS5 = ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman", "paulownia-phoenix"]
FOUR = ["pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix"]
RAINY = ["pine-crane", "cherry-curtain", "pampas-moon", "willow-rainman"]
THREE = ["pine-crane", "cherry-curtain", "pampas-moon"]
RED = ["pine-ribbon", "plum-ribbon", "cherry-ribbon"]
BLUE = ["peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"]
BDB = ["clover-boar", "maple-deer", "peony-butterflies"]
OTHER_ANIMALS = ["plum-warbler", "wisteria-cuckoo", "iris-bridge", "pampas-geese",
                 "willow-swallow", "chrysanthemum-sake"]
PLAINS = ["pine-plain-1", "pine-plain-2", "plum-plain-1", "plum-plain-2", "cherry-plain-1",
          "cherry-plain-2", "wisteria-plain-1", "wisteria-plain-2", "iris-plain-1",
          "iris-plain-2", "peony-plain-1", "peony-plain-2"]


@pytest.mark.parametrize(
    ("name", "five", "four", "rainy", "three"),
    [("standard", 15, 10, 8, 6), ("italian", 10, 7, 8, 5), ("koikoi-japan", 10, 8, 7, 5),
     ("nintendo", 10, 8, 7, 5)],
)
def test_brights_only_the_highest_counts(name, five, four, rainy, three):
    assert titles(name, BRIGHTS5) == {"five brights": five}
    assert titles(name, FOUR) == {"four brights": four}
    assert titles(name, RAINY) == {"rainy four brights": rainy}
    assert titles(name, THREE) == {"three brights": three}
    # three brights need no rain man: two others with the rain man make nothing
    assert total(name, ["pine-crane", "cherry-curtain", "willow-rainman"]) == 0


@pytest.mark.parametrize(("name", "red"), [("standard", 6), ("italian", 6),
                                           ("koikoi-japan", 5), ("nintendo", 5)])
def test_three_card_sets(name, red):
    assert titles(name, RED) == {"red poetry ribbons": red}
    assert titles(name, BLUE) == {"blue ribbons": red}
    assert titles(name, BDB) == {"boar, deer and butterflies": 5}


@pytest.mark.parametrize("name", ["standard", "italian", "koikoi-japan"])
def test_counted_yaku_start_at_1_and_add_1_per_extra(name):
    assert total(name, OTHER_ANIMALS[:4]) == 0
    assert titles(name, OTHER_ANIMALS[:5]) == {"animals": 1}
    assert titles(name, OTHER_ANIMALS[:6]) == {"animals": 2}
    ribbons = ["wisteria-ribbon", "iris-ribbon", "clover-ribbon", "willow-ribbon", "pine-ribbon"]
    assert titles(name, ribbons) == {"ribbons": 1}
    assert titles(name, PLAINS[:10]) == {"plains": 1}
    assert titles(name, PLAINS[:12]) == {"plains": 3}


@pytest.mark.parametrize("name", ["standard", "italian", "koikoi-japan", "nintendo"])
def test_sake_cup_counts_as_animal_and_as_plain(name):
    nine_plains = PLAINS[:9]
    assert total(name, nine_plains) == 0
    assert titles(name, [*nine_plains, "chrysanthemum-sake"]) == {"plains": 1}
    four_animals = OTHER_ANIMALS[:4]
    assert titles(name, [*four_animals, "chrysanthemum-sake"]) == {"animals": 1}


def test_sake_cup_as_plain_is_a_toggle():
    rules = preset("standard")
    rules["sake_cup_is_plain"] = False
    assert total(rules, [*PLAINS[:9], "chrysanthemum-sake"]) == 0


def test_standard_yaku_add_up_except_brights():
    pile = [*THREE, *RED, *BLUE, *BDB]
    assert titles("standard", pile) == {
        "three brights": 6, "red poetry ribbons": 6, "blue ribbons": 6,
        "boar, deer and butterflies": 5, "ribbons": 2}
    assert total("standard", pile) == 25


def test_standard_has_no_viewing_yaku():
    assert total("standard", ["cherry-curtain", "chrysanthemum-sake"]) == 0


def test_koikoi_japan_viewing_is_1_then_3_after_a_call():
    assert titles("koikoi-japan", ["cherry-curtain", "chrysanthemum-sake"]) == {
        "flower viewing": 1}
    assert titles("koikoi-japan", ["pampas-moon", "chrysanthemum-sake"], calls=1) == {
        "moon viewing": 3}


def test_koikoi_japan_both_ribbon_sets_make_20_and_animals_add_to_bdb():
    assert titles("koikoi-japan", [*RED, *BLUE]) == {
        "red poetry ribbons": 5, "blue ribbons": 5, "red and blue ribbons": 10, "ribbons": 2}
    assert titles("koikoi-japan", [*BDB, "plum-warbler", "pampas-geese"]) == {
        "boar, deer and butterflies": 5, "animals": 1}


def test_nintendo_plus_one_per_extra_and_no_separate_counting():
    assert titles("nintendo", [*BDB, "plum-warbler", "pampas-geese"]) == {
        "boar, deer and butterflies": 7}
    assert titles("nintendo", [*RED, "iris-ribbon"]) == {"red poetry ribbons": 6}
    assert titles("nintendo", [*RED, "iris-ribbon", "willow-ribbon"]) == {
        "red poetry ribbons": 7}
    assert titles("nintendo", [*RED, *BLUE]) == {"red and blue ribbons": 10}
    assert titles("nintendo", [*RED, *BLUE, "iris-ribbon"]) == {"red and blue ribbons": 11}
    assert titles("nintendo", ["cherry-curtain", "chrysanthemum-sake"]) == {"flower viewing": 5}
    assert titles("nintendo", ["pampas-moon", "chrysanthemum-sake"]) == {"moon viewing": 5}


def test_italian_month_cards_count_only_in_their_round():
    cherries = ["cherry-curtain", "cherry-ribbon", "cherry-plain-1", "cherry-plain-2"]
    assert titles("italian", cherries, month=3) == {"month cards": 4}
    assert total("italian", cherries, month=4) == 0
    assert total("standard", cherries, month=3) == 0


def test_disabled_yaku_scores_nothing():
    rules = preset("standard")
    rules["yaku"]["red-poetry-ribbons"]["enabled"] = False
    assert total(rules, RED) == 0


def test_rain_rule_cancels_viewing_when_the_rain_man_is_captured():
    rules = preset("nintendo")
    for key in ("flower-viewing", "moon-viewing"):
        rules["yaku"][key]["cancelled_by"] = ["willow-rainman"]
    assert total(rules, ["pampas-moon", "chrysanthemum-sake"]) == 5
    assert total(rules, ["pampas-moon", "chrysanthemum-sake", "willow-rainman"]) == 0


def test_only_after_koikoi_condition():
    rules = preset("standard")
    rules["yaku"]["flower-viewing"].update(enabled=True, only_after_koikoi=True)
    assert total(rules, ["cherry-curtain", "chrysanthemum-sake"], calls=0) == 0
    assert total(rules, ["cherry-curtain", "chrysanthemum-sake"], calls=1) == 5


def nearest(table, captured, calls, month, reachable):
    """``YakuTable.progress`` read from its docstring, one yaku at a time: the yaku not made
    (nor a bonus yaku, nor one waiting for a koi-koi call, nor one cancelled) that the pile
    holds at least half of and lacks one or two cards of, and that the cards nobody has
    captured can still complete; the cards it lacks named when it names them."""
    _, made = table.evaluate(captured, calls, month)
    found = []
    for i, y in enumerate(table.yaku):
        if made >> i & 1 or y.requires or (y.only_after_koikoi and not calls):
            continue
        if captured & y.cancelled_by:
            continue
        pool = y.pool | (month if y.round_month else 0)
        have = bin(captured & pool).count("1")
        lacking = y.required & ~captured
        short = max(y.count - have, bin(lacking).count("1"))
        if 2 * have < y.count or short not in (1, 2) or lacking & ~reachable:
            continue
        if bin((reachable | captured) & pool).count("1") < y.count:
            continue
        named = lacking or (pool & ~captured if y.count == bin(pool).count("1") else 0)
        found.append({"id": y.id, "title": y.title, "have": have, "need": y.count,
                      "missing": [CARD_IDS[c] for c in range(48) if named >> c & 1]})
    return found


@pytest.mark.parametrize("name", ["standard", "italian", "koikoi-japan", "nintendo",
                                  "sake-and-blossom"])
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_the_nearest_yaku_are_those_of_the_definition(name, data):
    from asobi_koikoi.rules import compile_rules

    table = compile_rules(preset(name)).yaku
    # piles of a few to many cards: a few random sets intersected
    captured = data.draw(st.integers(0, FULL)) & data.draw(st.integers(0, FULL))
    if data.draw(st.booleans()):
        captured &= data.draw(st.integers(0, FULL))
    other = data.draw(st.integers(0, FULL)) & data.draw(st.integers(0, FULL)) & ~captured
    calls = data.draw(st.integers(0, 3))
    month = month_mask(data.draw(st.integers(1, 12)))
    reachable = FULL & ~(captured | other)
    assert table.progress(captured, calls, month, reachable) == nearest(
        table, captured, calls, month, reachable)
    assert [(y.id, points) for y, points in table.made(captured, calls, month)] == [
        (y.id, y.value(captured, calls, month)) for i, y in enumerate(table.yaku)
        if table.evaluate(captured, calls, month)[1] >> i & 1]
