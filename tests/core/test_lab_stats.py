"""The lab's interval arithmetic, checked against plain formulas on drawn data."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.lab.figures import VariantData, balance, game_observations, leaders, seat_table
from asobi.lab.stats import Z95, bootstrap, contrast, distribution, ratio, resamples

PINNED = [515, 3024, 4867, 4440, 4609, 1619]  # what random.Random(20120).randrange(5000) gave
values = st.lists(st.integers(-30, 30).map(float), min_size=2, max_size=40)


@given(values)
def test_one_observation_per_block_gives_the_textbook_interval(xs):
    blocks = {b: (x, 1.0) for b, x in enumerate(xs)}
    e = ratio(blocks, list(blocks))
    mean = statistics.fmean(xs)
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs))
    assert e.value == pytest.approx(mean)
    # the textbook interval, cut to the range the observations lie in (counts, shares)
    low = mean - half if min(xs) < 0 else max(mean - half, 0.0)
    high = mean + half if not all(0 <= x <= 1 for x in xs) else min(mean + half, 1.0)
    assert e.high == pytest.approx(high, abs=1e-9)
    assert e.low == pytest.approx(low, abs=1e-9)
    assert e.clear == (e.low > 0 or e.high < 0)


@given(st.lists(st.tuples(st.integers(-20, 20), st.integers(1, 9),
                          st.integers(-20, 20), st.integers(1, 9)), min_size=2, max_size=30))
def test_a_paired_difference_is_the_difference_of_the_ratios(rows):
    a = {b: (float(y), float(n)) for b, (y, n, _, _) in enumerate(rows)}
    c = {b: (float(y), float(n)) for b, (_, _, y, n) in enumerate(rows)}
    keys = list(range(len(rows)))
    diff = contrast([(1.0, a), (-1.0, c)], keys)
    assert diff.value == pytest.approx(ratio(a, keys).value - ratio(c, keys).value)
    assert diff.low <= diff.value <= diff.high
    same = contrast([(1.0, a), (-1.0, a)], keys)  # a variant against itself differs by nothing
    assert same.value == pytest.approx(0.0) and same.high == pytest.approx(0.0, abs=1e-9)
    assert not same.clear


def test_nothing_observed_and_too_few_blocks():
    assert ratio({0: (0.0, 0.0), 1: (0.0, 0.0)}, [0, 1]).value is None
    one = ratio({0: (3.0, 2.0)}, [0])
    assert one.value == 1.5 and one.low is None and not one.clear


@settings(max_examples=25)
@given(st.lists(st.floats(0, 1), min_size=3, max_size=15))
def test_the_bootstrap_interval_holds_its_value_and_repeats(xs):
    stat = lambda keys: statistics.fmean(xs[k] for k in keys)  # noqa: E731
    first = bootstrap(stat, len(xs), len(xs))
    assert first == bootstrap(stat, len(xs), len(xs))
    assert first.low <= max(xs) + 1e-12 and first.high >= min(xs) - 1e-12  # a mean's rounding


@given(st.integers(1, 3000), st.integers(0, 2**32))
@settings(max_examples=30)
def test_resamples_draw_each_block_by_rejection_on_raw_bits(k, seed):
    # The documented method, written the slow way: reports depend on it, not on randrange.
    import random

    bits = random.Random(seed).getrandbits
    width = k.bit_length()

    def draw():
        while (r := bits(width)) >= k:
            pass
        return r

    expected = [[draw() for _ in range(k)] for _ in range(3)]
    assert list(resamples(k, reps=3, seed=seed)) == expected


def test_resamples_are_pinned():
    # Reports published in docs/lab carry intervals drawn from these very samples.
    first = next(resamples(5000))
    assert first[:6] == PINNED and all(0 <= p < 5000 for p in first)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=30),
       st.lists(st.integers(0, 29), max_size=60))
def test_the_balance_reads_the_seat_table_of_the_sampled_blocks(blocks, sample):
    data = VariantData()
    for b, (first, second) in enumerate(blocks):
        data.seat_wins[b] = [float(first), float(second), float(first + second)]
    keys = list(range(len(blocks)))
    sample = [p for p in sample if p < len(blocks)][:len(blocks)]  # a bootstrap's size
    got = balance(seat_table(data, keys), sample)
    wins = [sum(blocks[p][s] for p in sample) for s in (0, 1)]
    games = sum(wins)
    if games == 0:
        assert got is None
    else:
        assert got == pytest.approx(1 - abs(wins[0] - wins[1]) / games)


def test_distribution_shape():
    d = distribution([1.0, 1.0, 2.0, 6.0])
    assert d["histogram"] == [[1.0, 2.0], [2.0, 1.0], [6.0, 1.0]]
    assert d["median"] == 1.5 and d["n"] == 4
    wide = distribution([float(x) for x in range(100)], bins=10)
    assert len(wide["histogram"]) == 10 and sum(c for _, c in wide["histogram"]) == 100


@given(st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), min_size=1, max_size=12))
def test_decisiveness_and_lead_changes_follow_the_running_scores(rounds):
    scores = [sum(r[0] for r in rounds), sum(r[1] for r in rounds)]
    winner = None if scores[0] == scores[1] else scores.index(max(scores))
    game = {"rounds": [list(r) for r in rounds], "seats": ["a", "b"], "winner": winner,
            "scores": scores, "moves": 3, "first": 0}
    obs = game_observations(game)
    lead = leaders(rounds, 2)
    known = [x for x in lead if x is not None]
    changes = obs["lead-changes"][0]
    assert 0 <= changes <= max(0, len(known) - 1)
    assert (changes == 0) == (len(set(known)) <= 1)
    if winner is None:
        assert obs["settled-at"] == [] and obs["draws"] == [1.0]
    else:
        share = obs["settled-at"][0]
        settled = round(share * len(rounds))
        assert 0 < share <= 1
        assert all(x == winner for x in lead[settled - 1:])


def test_a_rare_share_keeps_its_interval_within_zero_and_one():
    """A yaku made once in 400 rounds: the normal interval would dip below 0%."""
    blocks = {b: ((1.0 if b == 0 else 0.0), 2.0) for b in range(200)}
    estimate = ratio(blocks, list(blocks))
    assert estimate.value == 1 / 400 and estimate.low == 0.0 and 0 < estimate.high < 0.01
    always = {b: (2.0, 2.0) for b in range(50)}
    assert ratio(always, list(always)).high == 1.0
    difference = contrast([(1.0, blocks), (-1.0, always)], list(range(50)))
    assert difference.low is not None and difference.low < -0.9  # differences are not cut
