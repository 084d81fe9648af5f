"""The lab's interval arithmetic, checked against plain formulas on drawn data (coverage is
checked in test_lab_calibration.py)."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.lab.balance import seat_balance
from asobi.lab.figures import VariantData, balance, game_observations, leaders, seat_table
from asobi.lab.paired import spread
from asobi.lab.probability import (
    f_survival,
    gamma_cdf,
    gamma_quantile,
    incomplete_beta,
    normal_cdf,
    t_cdf,
    t_quantile,
)
from asobi.lab.stats import (
    MIN_BLOCKS,
    Estimate,
    bootstrap,
    contrast,
    distribution,
    exact_poisson,
    ratio,
    resamples,
)
from support.profiles import examples

PINNED = [515, 3024, 4867, 4440, 4609, 1619]  # what random.Random(20120).randrange(5000) gave
values = st.lists(st.integers(-30, 30).map(float), min_size=MIN_BLOCKS, max_size=40)


@given(values)
def test_one_observation_per_block_of_either_sign_gives_the_t_interval_or_wider(xs):
    blocks = {b: (x, 1.0) for b, x in enumerate(xs)}
    e = ratio(blocks, list(blocks))
    mean = statistics.fmean(xs)
    assert e.value == pytest.approx(mean)
    if set(xs) == {0.0}:  # never observed: a count's bound above zero
        assert e.low == 0 < e.high and not e.clear
        return
    if len(set(xs)) == 1:  # the same in every block: said, never [R, R]
        assert not e.varies and e.low is None and e.high is None
        assert e.json()["no_variation"] and e.clear == (mean != 0)
        return
    if min(xs) >= 0:  # never negative: a count's exact interval, skewed up, never below 0
        assert 0 <= e.low < mean < e.high
        return
    # the textbook interval, with Student's t on blocks - 1 degrees of freedom, never cut,
    # joined with the blocks read as two compound Poisson counts about their median (which
    # widens the side of a long tail)
    t = t_quantile(0.975, len(xs) - 1)
    half = t * statistics.stdev(xs) / math.sqrt(len(xs))
    skewed = spread(xs, mean).bounds(t)
    assert e.low == pytest.approx(min(mean - half, skewed[0]), abs=1e-9)
    assert e.high == pytest.approx(max(mean + half, skewed[1]), abs=1e-9)
    assert e.clear == (e.low > 0 or e.high < 0) and e.method == "mean"


def test_a_long_tail_of_big_wins_widens_its_side():
    """Points a call brings: mostly a point won or lost, now and then 40. The interval
    reaches further up than the t interval, by the weight of the few big blocks."""
    xs = [40.0 if b % 12 == 0 else (-1.0, 2.0, 0.0)[b % 3] for b in range(36)]
    e = ratio({b: (x, 1.0) for b, x in enumerate(xs)}, list(range(36)))
    mean = statistics.fmean(xs)
    half = t_quantile(0.975, 35) * statistics.stdev(xs) / 6
    assert e.high - mean > 1.2 * half and e.low == pytest.approx(mean - half)


@given(st.lists(st.tuples(st.integers(-20, 20), st.integers(1, 9),
                          st.integers(-20, 20), st.integers(1, 9)), min_size=MIN_BLOCKS,
                max_size=30))
def test_a_paired_difference_is_the_difference_of_the_ratios(rows):
    a = {b: (float(y), float(n)) for b, (y, n, _, _) in enumerate(rows)}
    c = {b: (float(y), float(n)) for b, (_, _, y, n) in enumerate(rows)}
    keys = list(range(len(rows)))
    diff = contrast([(1.0, a), (-1.0, c)], keys, differing=True)
    assert diff.value == pytest.approx(ratio(a, keys).value - ratio(c, keys).value)
    assert diff.differing == sum(1 for row in rows if row[:2] != row[2:])
    if diff.varies:
        assert diff.low <= diff.value <= diff.high
        back = contrast([(1.0, c), (-1.0, a)], keys)  # the other way round: mirrored
        assert back.low == pytest.approx(-diff.high) and back.high == pytest.approx(-diff.low)
    same = contrast([(1.0, a), (-1.0, a)], keys, differing=True)  # no block differs
    assert same.value == pytest.approx(0.0) and same.differing == 0
    assert not same.varies and not same.clear
    assert same.low is None or same.low < 0 < same.high  # a bound, never [0, 0]


def test_nothing_observed_and_too_few_blocks():
    assert ratio({0: (0.0, 0.0), 1: (0.0, 0.0)}, [0, 1]).value is None
    one = ratio({0: (3.0, 2.0)}, [0])
    assert one.value == 1.5 and one.low is None and not one.clear


@settings(max_examples=examples(25))
@given(st.lists(st.floats(0, 1), min_size=MIN_BLOCKS, max_size=15))
def test_the_bootstrap_interval_holds_its_value_and_repeats(xs):
    stat = lambda keys: statistics.fmean(xs[k] for k in keys)  # noqa: E731
    first = bootstrap(stat, len(xs), len(xs))
    assert first == bootstrap(stat, len(xs), len(xs))
    if len(set(xs)) == 1:  # every resample the same: no variation, no [R, R]
        assert not first.varies and first.low is None
        return
    assert first.low <= max(xs) + 1e-12 and first.high >= min(xs) - 1e-12  # a mean's rounding


@given(st.integers(1, 3000), st.integers(0, 2**32))
@settings(max_examples=examples(30))
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
    """A yaku made once in 400 rounds: the Wilson interval stays above 0% and leaves the
    value inside; a share always made reaches 100%; differences are not cut at 0."""
    blocks = {b: ((1.0 if b == 0 else 0.0), 2.0) for b in range(200)}
    estimate = ratio(blocks, list(blocks), share=True)
    assert estimate.value == 1 / 400 and 0 < estimate.low < 1 / 400 < estimate.high < 0.02
    always = {b: (2.0, 2.0) for b in range(50)}
    assert ratio(always, list(always), share=True).high == 1.0
    difference = contrast([(1.0, blocks), (-1.0, always)], list(range(50)), share=True)
    assert difference.low is not None and difference.low < -0.9


def test_a_share_never_observed_has_an_upper_bound_above_zero():
    never = {b: (0.0, 12.0) for b in range(40)}
    e = ratio(never, list(never), share=True, cluster=2)
    t = t_quantile(0.975, 39)
    # each block one observation: what one event weighs (a round? ten points?) is unknown
    assert e.value == 0 and e.low == 0 and e.high == pytest.approx(t * t / (40 + t * t))
    assert not e.clear and e.json()["no_variation"]
    count = ratio(never, list(never), cluster=2)  # a count never observed: Poisson's bound,
    assert count.low == 0 and count.high == pytest.approx(t * t / (40 * 12 / 2))  # per game


def test_clipping_follows_the_percent_flag_not_the_data():
    """Calls per round never above 1 in a block are a count: no bound cut at 1.0."""
    blocks = {b: ((1.0, 2.0) if b == 1 else (2.0, 2.0)) for b in range(6)}
    count = ratio(blocks, list(blocks))
    share = ratio(blocks, list(blocks), share=True)
    assert count.high > 1.0 and share.high <= 1.0
    signed = {b: (y, 1.0) for b, y in enumerate((-1.0, 0.0, -3.0, 1.0, 0.0, -1.0))}
    assert ratio(signed, list(signed)).high > 0  # not cut at zero either


@given(st.floats(-1e3, 1e3), st.floats(0, 50), st.floats(0, 50))
def test_bounds_are_rounded_outward(value, below, above):
    e = Estimate(value, value - below, value + above, 1.0, 2)
    got = e.json()
    assert got["low"] <= value - below and got["high"] >= value + above
    assert got["high"] - got["low"] <= below + above + 2.1e-6
    assert Estimate(10 / 3, 10 / 3, 10 / 3, 1.0, 2).json()["low"] < 10 / 3 < Estimate(
        10 / 3, 10 / 3, 10 / 3, 1.0, 2).json()["high"]


def test_few_blocks_that_differ_the_same_way_earn_no_star():
    """Two variants alike but in a few blocks, all one way: the sign-flip chance of that is
    1 in 2^(n-1), so a handful of blocks is not evidence; twenty are."""
    base = {b: (float(b % 3), 8.0) for b in range(100)}
    for differ, starred in ((3, False), (20, True)):
        other = {b: (y + (1.0 if b < differ else 0.0), n) for b, (y, n) in base.items()}
        d = contrast([(1.0, other), (-1.0, base)], list(base), share=True, differing=True)
        assert d.differing == differ and d.clear is starred and d.low < d.value < d.high


def test_t_and_f_distributions():
    table = {1: 12.706205, 2: 4.302653, 5: 2.570582, 10: 2.228139, 30: 2.042272,
             120: 1.979930}
    for df, expected in table.items():
        assert t_quantile(0.975, df) == pytest.approx(expected, abs=1e-6)
        assert t_cdf(expected, df) == pytest.approx(0.975, abs=1e-7)
    assert t_quantile(0.025, 7) == pytest.approx(-t_quantile(0.975, 7))
    for f in (0.1, 1.0, 3.0, 12.0):  # F with 2 and d degrees: (1 + 2 f / d) ^ (-d / 2)
        assert f_survival(f, 2, 10) == pytest.approx((1 + 2 * f / 10) ** -5, rel=1e-9)
    assert incomplete_beta(2.0, 3.0, 0.4) == pytest.approx(0.5248, abs=1e-12)


@given(st.floats(0.05, 500.0), st.floats(0.001, 0.999))
def test_the_gamma_quantile_inverts_its_distribution(shape, q):
    x = gamma_quantile(q, shape)
    assert gamma_cdf(shape, x) == pytest.approx(q, abs=1e-9)


@given(st.integers(1, 60), st.floats(0.01, 200.0))
def test_the_gamma_distribution_of_a_whole_shape_is_a_poisson_tail(shape, x):
    """P(shape, x) is the chance of at least ``shape`` events of a Poisson count of mean
    ``x``."""
    below = math.fsum(math.exp(-x + i * math.log(x) - math.lgamma(i + 1)) for i in range(shape))
    assert gamma_cdf(float(shape), x) == pytest.approx(1.0 - below, abs=1e-10)


def test_garwood_bounds_of_a_few_events():
    """A Poisson count of x events at 95% (the normal quantile 1.96): Garwood's table."""
    z = 1.959963984540054
    assert normal_cdf(z) == pytest.approx(0.975, abs=1e-12)
    for x, low, high in ((1, 0.0253, 5.5716), (2, 0.2422, 7.2247), (10, 4.7954, 18.3904)):
        got = exact_poisson(float(x), float(x), z)  # a rate of x, each event of size 1
        assert got == (pytest.approx(low, abs=1e-4), pytest.approx(high, abs=1e-4))


def test_a_count_that_comes_a_whole_block_at_a_time_covers_a_rarer_truth():
    """Redeals: the deal's, so both games of a block redeal together. One block of 25 that
    redealt (2 of 50 rounds, 4%) leaves the interval room for a rate of 0.5%, what 2,000
    blocks gave (the score interval stopped at 0.65%); none still bounds it."""
    once = {b: ((2.0 if b == 0 else 0.0), 2.0) for b in range(25)}
    e = ratio(once, list(once), cluster=2)
    assert e.method == "count" and 0 < e.low < 0.005 and e.high > 0.2
    never = {b: (0.0, 2.0) for b in range(25)}
    assert ratio(never, list(never), cluster=2).high > 0.005


def test_a_difference_from_a_share_never_seen_reaches_its_bound():
    """A yaku made in 25 blocks of an eight-round variant, never in the single-round
    reference: the reference's share could still be as large as a share never observed, so
    the difference reaches below zero by about that much (it was starred as positive)."""
    variant = {b: (float(b % 4 == 0), 16.0) for b in range(25)}
    reference = {b: (0.0, 2.0) for b in range(25)}
    keys = list(range(25))
    d = contrast([(1.0, variant), (-1.0, reference)], keys, share=True, test=True)
    t = t_quantile(0.975, 24)
    assert d.value == pytest.approx(7 / 400)
    assert d.low < d.value - t * t / (25 + t * t) < 0 and not d.clear and d.p > 0.05
    mirrored = contrast([(1.0, reference), (-1.0, variant)], keys, share=True)
    assert mirrored.high == pytest.approx(-d.low) and mirrored.low == pytest.approx(-d.high)


def test_the_balance_of_equal_and_unequal_seats():
    equal = [{b: (float((b + s) % 2), 2.0) for b in range(60)} for s in range(2)]
    e, test = seat_balance(equal, list(range(60)), cluster=2)
    assert e.value == 1.0 and e.high == 1.0 and 0 < e.low < 1 and test["p"] > 0.5
    first = {b: (2.0 if b % 4 else 1.0, 2.0) for b in range(60)}
    second = {b: (2.0 - first[b][0], 2.0) for b in range(60)}
    e, test = seat_balance([first, second], list(range(60)), cluster=2)
    assert e.low <= e.value < e.high < 1.0 and test["p"] < 0.001 and test["pairs"] == 1
