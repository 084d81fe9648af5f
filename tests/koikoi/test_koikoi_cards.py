"""The deck: 48 canonical ids, four per month, the right kinds."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from asobi_koikoi.cards import (
    CARD_IDS,
    CARD_KIND,
    FULL,
    GROUPS,
    full_months,
    ids_of,
    mask_of,
    month_of,
    pair_count,
)
from support.profiles import examples


def test_deck_has_48_distinct_canonical_ids():
    assert len(CARD_IDS) == 48 == len(set(CARD_IDS))
    assert CARD_IDS[0] == "pine-crane" and CARD_IDS[-1] == "paulownia-plain-3"


def test_each_month_has_four_cards_named_after_its_plant():
    per_month = Counter(month_of(i) for i in range(48))
    assert set(per_month.values()) == {4}
    assert [c for i, c in enumerate(CARD_IDS) if month_of(i) == 11] == [
        "willow-rainman", "willow-swallow", "willow-ribbon", "willow-lightning"]


def test_kinds_count_5_brights_9_animals_10_ribbons_24_plains():
    assert Counter(CARD_KIND) == {"bright": 5, "animal": 9, "ribbon": 10, "plain": 24}
    kind = dict(zip(CARD_IDS, CARD_KIND, strict=True))
    assert kind["chrysanthemum-sake"] == "animal"
    assert kind["willow-lightning"] == "plain"
    assert kind["willow-rainman"] == "bright"


def test_named_groups():
    assert GROUPS["red-poetry-ribbons"] == ("pine-ribbon", "plum-ribbon", "cherry-ribbon")
    assert GROUPS["blue-ribbons"] == ("peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon")
    assert set(GROUPS["boar-deer-butterflies"]) == {"clover-boar", "maple-deer",
                                                    "peony-butterflies"}


def test_month_and_pair_counting_on_masks():
    hand = mask_of(["pine-crane", "pine-ribbon", "pine-plain-1", "pine-plain-2",
                    "plum-ribbon", "plum-plain-1", "iris-ribbon", "maple-deer"])
    assert full_months(hand) == [1]
    assert pair_count(hand) == 1
    pairs = mask_of(["pine-crane", "pine-ribbon", "plum-ribbon", "plum-plain-1",
                     "iris-ribbon", "iris-bridge", "maple-deer", "maple-plain-2"])
    assert pair_count(pairs) == 4 and full_months(pairs) == []
    assert ids_of(pairs)[0] == "pine-crane"


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(0, FULL))
def test_ids_of_lists_the_cards_of_a_set_in_deck_order(mask):
    assert ids_of(mask) == [CARD_IDS[i] for i in range(48) if mask >> i & 1]
    assert mask_of(ids_of(mask)) == mask
