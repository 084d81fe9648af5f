"""The lab's statistics: figures as ratios of sums over blocks of games, their 95% intervals,
paired contrasts between them, a seeded bootstrap, and the shape of a distribution.

The unit of independence is the *block*: the games that share a deal (every seating, every
variant). A figure is a ratio of sums ``R = sum(total) / sum(count)`` over the ``k`` blocks,
with the cluster-robust (delta-method) variance
``V = sum_b ((y_b - R n_b) / n_mean)^2 / (k (k - 1))``. Every interval takes its quantile
from Student's t on ``k - 1`` degrees of freedom, and none is ever a single point:

- a *share* (a figure shown as a percentage) gets a Wilson score interval on its effective
  sample size ``R (1 - R) / V`` (at most its observations): it stays within 0 and 1, and a
  share never observed in ``k`` blocks gets ``[0, t^2 / (k + t^2)]``, each block counted as
  one observation (how much one event would weigh is not known: a yaku is 1 round of a
  block's rounds, but 10 of its points);
- a figure that is never negative (a count, a mean of points) gets Garwood's exact Poisson
  interval on its effective count ``R^2 / V`` (the score interval when the count is large;
  with few events, no narrower than a Poisson count of so few allows). A count rarer than
  one an observation is never taken as less spread than a Poisson count, and a part of it
  that comes a whole block at a time may have gone unseen: its upper bound is joined to the
  bound of a count never observed. One never observed gets that bound, a block's games
  moving together;
- any other figure (of either sign) gets ``R +- t sqrt(V)``, joined with the paired reading
  of its blocks below (a long tail that a few blocks make widens its side);
- a figure whose every block gave the same value has *no variation*: its value is reported
  without an interval, with how many blocks could yet give another value unseen (the rule
  of three: under ``1 - 0.05^(1/k)``, about ``3 / k``, of the blocks at 95%);
- a *contrast* (a difference between variants or players, a difference of differences) is
  paired by block: each block's share of it is measured from the median block, and the
  blocks above and below are each read as a compound Poisson count (a score interval each,
  joined by the MOVER method). Where few blocks differ the interval widens as a rare count's
  does, and ``*`` is withheld until enough blocks differ the same way. A term of it never
  observed (a yaku the reference never made in these blocks) reaches as far as its own
  bound, a share's or a count's never observed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import le, mul

from asobi.lab.paired import spread, zero_level
from asobi.lab.probability import gamma_quantile, normal_cdf, t_cdf, t_quantile

LEVEL = 0.95
MIN_BLOCKS = 6
"""The fewest blocks that get intervals, p values and stars. Below it a contrast cannot be
told from chance by any test that trusts the blocks alone (five blocks all moving one way
happen with p = 2^-4 = 0.06 when nothing differs), and a t interval on 4 degrees of freedom
leans on a normality that a few games of points do not have: the report gives the values
and says that they are too few."""
BOOTSTRAP_REPS = 400
BOOTSTRAP_SEED = 20120
Blocks = Mapping[int, tuple[float, float]]
"""A figure's (total, count) in each block."""


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval.

    ``value`` is None when nothing was observed; the bounds are None with fewer than
    :data:`MIN_BLOCKS` blocks, and when the figure has no variation (``varies`` False:
    every block gave the same value). ``differing`` counts the blocks where the two sides
    of a difference are not the same; ``method`` names the interval (docs/lab.md explains
    each)."""

    value: float | None
    low: float | None
    high: float | None
    count: float
    blocks: int
    varies: bool = True
    differing: int | None = None
    method: str = ""
    p: float | None = None
    """For a contrast asked for it: the two-sided p of its being zero."""

    @property
    def unseen(self) -> float | None:
        """For a figure that gave one value in every block (no interval): the largest share
        of blocks that could give another value, unseen in these (:func:`unseen_share`)."""
        if self.varies or self.low is not None or self.value is None:
            return None
        return unseen_share(self.blocks) if self.blocks >= MIN_BLOCKS else None

    @property
    def clear(self) -> bool:
        """True when the figure lies wholly on one side of zero: its interval leaves zero
        out, or every block gave the same value, other than zero."""
        if self.low is not None and self.high is not None:
            return self.low > 0 or self.high < 0
        return (not self.varies and self.blocks >= MIN_BLOCKS and self.value is not None
                and self.value != 0)

    def json(self, digits: int = 6) -> dict[str, float | int | bool | str | None]:
        """The estimate as JSON: the value rounded to ``digits`` places, the bounds rounded
        outward (the low one down, the high one up), so that rounding never narrows them."""
        scale = 10 ** digits

        def near(x: float | None) -> float | None:
            return None if x is None else round(x, digits) + 0.0

        def down(x: float | None) -> float | None:
            return None if x is None else math.floor(x * scale) / scale + 0.0

        def up(x: float | None) -> float | None:
            return None if x is None else math.ceil(x * scale) / scale + 0.0

        out: dict[str, float | int | bool | str | None] = {
            "value": near(self.value), "low": down(self.low), "high": up(self.high),
            "blocks": self.blocks, "observations": near(self.count),
            "no_variation": not self.varies, "clear_of_zero": self.clear,
            "method": self.method}
        if self.unseen is not None:
            out["other_values_below"] = up(self.unseen)
        if self.differing is not None:
            out["differing_blocks"] = self.differing
        if self.p is not None:
            out["p"] = round(self.p, 6)
        return out


def unseen_share(k: int, level: float = LEVEL) -> float:
    """How large a share of blocks could give another value when all ``k`` blocks played
    gave the same one, at ``level``: ``1 - (1 - level)^(1/k)``, the share whose other
    value goes unseen in ``k`` blocks only ``1 - level`` of the time (the rule of three:
    about ``3 / k`` at 95%). How far such blocks would lie, the blocks cannot tell."""
    return 1.0 - math.pow(1.0 - level, 1.0 / k)


def quantile_t(k: int, level: float = LEVEL) -> float:
    """The two-sided ``level`` quantile of Student's t on ``k - 1`` degrees of freedom."""
    return t_quantile(1.0 - (1.0 - level) / 2.0, float(k - 1))


def wilson(p: float, n: float, t: float) -> tuple[float, float]:
    """The Wilson score interval of a share ``p`` observed on ``n`` (effective) trials."""
    tt = t * t / n
    centre = (p + tt / 2.0) / (1.0 + tt)
    half = t * math.sqrt(max(p * (1.0 - p), 0.0) / n + t * t / (4.0 * n * n)) / (1.0 + tt)
    return max(0.0, centre - half), min(1.0, centre + half)


def exact_poisson(rate: float, variance: float, t: float) -> tuple[float, float]:
    """Garwood's exact interval of a rate whose variance is proportional to it: the rate is
    read as ``x = rate^2 / variance`` events (its *effective count*, of size ``variance /
    rate`` each, so that a count that comes a whole block at a time counts one event a
    block) and bounded by the gamma quantiles of a Poisson count of ``x`` (``x`` need not
    be whole), at the level whose normal quantile is ``t``. With many events it is the score
    interval (``rate +- t sqrt(variance)``, skewed up a little); with few it never claims
    more than a Poisson count of so few can say (a count seen in one block of 25 could be
    one that shows in one block of 200: the score interval left that out, and so covered a
    count of redeals 87% of the time). Never below zero; skewed upwards when the count is
    small."""
    tail = 1.0 - normal_cdf(t)
    x = rate * rate / variance
    return (rate * gamma_quantile(tail, x) / x if x > 0 else 0.0,
            rate * gamma_quantile(1.0 - tail, x + 1.0) / x)


@dataclass(frozen=True)
class Column:
    """A figure's totals and counts over the blocks of a report, in block order, with their
    sums: read once from its :data:`Blocks` and used by every estimate made of it."""

    totals: tuple[float, ...]
    counts: tuple[float, ...]
    total: float
    count: float


def column(blocks: Blocks | Column, keys: Sequence[int]) -> Column:
    """The :class:`Column` of ``blocks`` over the blocks ``keys`` (zeros where not played)."""
    if isinstance(blocks, Column):
        return blocks
    if not keys:
        return Column((), (), 0.0, 0.0)
    totals, counts = zip(*map(blocks.get, keys, repeat((0.0, 0.0))), strict=True)
    return Column(totals, counts, math.fsum(totals), math.fsum(counts))


def ratio(blocks: Blocks | Column, keys: Sequence[int], share: bool = False,
          cluster: float = 1.0) -> Estimate:
    """The ratio figure ``blocks`` over the blocks ``keys`` with its interval. ``share`` is
    the figure's ``percent`` flag; ``cluster`` is how many games of a block share its deal
    (a count never observed is bounded as if they moved together)."""
    col = column(blocks, keys)
    ys, ns, n = col.totals, col.counts, col.count
    k = len(ys)
    if n <= 0:
        return Estimate(None, None, None, 0.0, k)
    r = col.total / n
    if k < MIN_BLOCKS:
        return Estimate(r, None, None, n, k)
    mean_n = n / k
    residuals = [(y - r * m) / mean_n for y, m in zip(ys, ns, strict=True)]
    variance = math.fsum(map(mul, residuals, residuals)) / (k * (k - 1))
    t = quantile_t(k)
    varies = any(residuals)
    lowest = min(ys)
    if share and lowest >= 0 and all(map(le, ys, ns)):
        if varies and 0.0 < r < 1.0 and variance > 0:
            effective = min(n, r * (1.0 - r) / variance)
        else:  # never (or always) observed: how much one event weighs is not known, so
            effective = float(k)  # each block counts as one observation
        low, high = wilson(r, effective, t)
        return Estimate(r, low, high, n, k, varies, method="share")
    if r == 0 and lowest == 0 and max(ys) == 0:
        # a count never observed: the upper bound of a Poisson count of none, on the
        # observations seen as ``cluster`` games moving together
        return Estimate(r, 0.0, t * t * max(cluster, 1.0) / n, n, k, False, method="count")
    if not varies or variance <= 0:
        return Estimate(r, None, None, n, k, False, method="none")
    if lowest >= 0 and r > 0:
        rare = r < 1 and all(map(float.is_integer, map(float, ys)))
        if rare:
            # a count of events, rarer than one an observation, is never taken as less
            # spread than a Poisson count (as a share's effective sample is at most its own)
            variance = max(variance, r / n)
        low, high = exact_poisson(r, variance, t)
        if rare:
            # A part of the count that comes a whole block at a time (a redeal: the deal's,
            # so in every game of the block) may be missing from these blocks altogether,
            # and then nothing in them shows how lumpy the count is: that part is bounded as
            # a count never observed is, and joined to the interval of what was seen.
            high = r + math.hypot(high - r, t * t * max(cluster, 1.0) / n)
        return Estimate(r, low, high, n, k, method="count")
    # A figure of either sign (points a call brings): Student's t, joined with the blocks'
    # spread about the median read as two compound Poisson counts (:mod:`asobi.lab.paired`),
    # which widens the side of a long tail that a few blocks make (a big win now and then).
    half = t * math.sqrt(variance)
    low, high = r - half, r + half
    parts = spread([x + r for x in residuals], r)
    if parts is not None:
        skewed = parts.bounds(t)
        low, high = min(low, skewed[0]), max(high, skewed[1])
    return Estimate(r, low, high, n, k, method="mean")


def contrast(terms: Sequence[tuple[float, Blocks | Column]], keys: Sequence[int],
             share: bool = False, cluster: float = 1.0, level: float = LEVEL,
             differing: bool = False, test: bool = False) -> Estimate:
    """``sum(c * R)`` of the ratio figures in ``terms`` over the blocks ``keys``, paired by
    block (a single term with coefficient 1 is :func:`ratio`). ``share``: the terms are
    shares; ``level``: the interval's confidence (0.95 unless several are read at once);
    ``differing``: count the blocks where the two terms (two variants) are not the same;
    ``test``: give the p of the contrast being zero (the level its interval reaches 0 at)."""
    if len(terms) == 1 and terms[0][0] == 1.0 and level == LEVEL and not test:
        return ratio(terms[0][1], keys, share, cluster)
    k = len(keys)
    columns = [column(blocks, keys) for _coef, blocks in terms]
    differ = None
    if differing and len(columns) == 2:
        one, two = columns
        differ = sum(1 for y1, n1, y2, n2 in zip(one.totals, one.counts, two.totals,
                                                 two.counts, strict=True)
                     if y1 != y2 or n1 != n2)
    per_block = [0.0] * k
    value = 0.0
    count = 0.0
    for (coef, _blocks), col in zip(terms, columns, strict=True):
        n = col.count
        if n <= 0:
            return Estimate(None, None, None, 0.0, k, differing=differ)
        r = col.total / n
        # each block's share of the term: coef * ((y - r m) / mean_n + r)
        scale, shift = coef * k / n, coef * r
        per_block = [d + scale * (y - r * m) + shift
                     for d, y, m in zip(per_block, col.totals, col.counts, strict=True)]
        value += coef * r
        count += n
    smallest = min(col.count for col in columns)
    if k < MIN_BLOCKS:
        return Estimate(value, None, None, count, k, differing=differ)
    t = quantile_t(k, level)
    bound = sum(abs(c) for c, _ in terms)
    parts = spread(per_block, value)
    if parts is None:
        # every block the same: against zero, only the sign of all k blocks can speak (the
        # chance that k blocks all move one way when the contrast is zero is 2^(1-k))
        p = (1.0 if abs(value) <= 1e-12 * bound else min(1.0, 2.0 ** (1 - k))) if test else None
        g = max(cluster, 1.0)
        if abs(value) <= 1e-12 * bound and (share or all(
                all(map(float.is_integer, map(float, col.totals))) for col in columns)):
            # No block differs: a difference of shares or of counts (whole totals) is
            # bounded as a share or a count never observed is: by a block (a share), or by
            # one unit in each of a block's games moving together (a count).
            u = t * t / (k + t * t) if share else t * t * g / smallest
            return Estimate(value, -u, u, count, k, False, differ, "paired", p)
        return Estimate(value, None, None, count, k, False, differ, "paired", p)
    varying = any(len(set(col.counts)) > 1 for col in columns)
    # A ratio whose denominator varies (a yaku's share of points, calls that win): its
    # linearisation gives every block a share of the contrast, so blocks that did not move
    # look as if they did, and one rare event reads as a rare count's evidence. The delta
    # method's own interval (Student's t on the blocks' shares, symmetric, which one
    # outlying block widens as much as it moves the value) is joined to it.
    sd = math.sqrt(math.fsum((d - value) ** 2 for d in per_block) / (k - 1) / k) if varying \
        else 0.0
    # the numerators never differed (a yaku both variants made in the same blocks, or in
    # none): only the denominators moved, and how far a difference of the events could go
    # unseen is bounded as a share never observed is, a block for each
    same_events = (varying and share and len(columns) == 2
                   and columns[0].totals == columns[1].totals)
    # A term never observed (a yaku the reference never made in these blocks) adds nothing to
    # the blocks' spread, yet its true value may be as large as its own bound says (a share
    # or a count never observed): the contrast reaches that far on its side too.
    unseen = [(coef, _never_seen(col, k, share, cluster))
              for (coef, _blocks), col in zip(terms, columns, strict=True)
              if col.count > 0 and not any(col.totals)]

    def bounds(q: float) -> tuple[float, float]:
        low, high = parts.bounds(q)
        if varying:
            low, high = min(low, value - q * sd), max(high, value + q * sd)
        if same_events:
            u = q * q / (k + q * q)
            low, high = min(low, value - u), max(high, value + u)
        for coef, bound in unseen:
            reach = abs(coef) * bound(q)
            if coef > 0:
                high = value + math.hypot(high - value, reach)
            else:
                low = value - math.hypot(value - low, reach)
        return low, high

    low, high = bounds(t)
    p = None
    if test:
        p = zero_level(bounds, value, k) if varying or unseen else parts.p_value()
    if share:  # a contrast of shares stays within what its shares can make
        low = max(low, sum(c for c, _ in terms if c < 0))
        high = min(high, sum(c for c, _ in terms if c > 0))
    return Estimate(value, low, high, count, k, True, differ, "paired", p)


def _never_seen(col: Column, k: int, share: bool, cluster: float) -> Callable[[float], float]:
    """How large a term never observed may truly be, as :func:`ratio` bounds it, for the
    quantile ``t``: a share by ``t^2 / (k + t^2)`` (each block one observation), any other
    figure as a count of none whose games move together (``t^2 cluster / n``)."""
    if share:
        return lambda t: t * t / (k + t * t)
    return lambda t: t * t * max(cluster, 1.0) / col.count


def resamples(
    k: int, reps: int = BOOTSTRAP_REPS, seed: int = BOOTSTRAP_SEED,
) -> Iterator[list[int]]:
    """``reps`` samples of ``k`` block positions (``0`` to ``k - 1``) drawn with replacement.

    Each position is drawn by rejection on the Mersenne Twister's raw bits (``getrandbits``
    with as many bits as ``k`` has, again while the draw is ``k`` or more), which is fixed
    across Python versions, unlike ``randrange``'s method, and is as fast as this can be in
    pure Python. (It is the method of CPython 3.11's ``randrange``, so reports made with it
    before this function existed keep their intervals.)"""
    bits = random.Random(seed).getrandbits
    width = k.bit_length()
    for _ in range(reps):
        sample: list[int] = []
        add = sample.append
        for _ in range(k):
            r = bits(width)
            while r >= k:
                r = bits(width)
            add(r)
        yield sample


def bootstrap(
    stat: Callable[[Sequence[int]], float | None], k: int, count: float,
) -> Estimate:
    """A figure that is not a ratio (the difference of two balances), computed by ``stat``
    from block positions (``range(k)`` for the figure itself): its value and the 2.5 and
    97.5 percentiles of its values on the seeded :func:`resamples` of the blocks (the same
    games always give the same interval)."""
    return bootstraps([stat], k, [count])[0]


def bootstraps(
    stats: Sequence[Callable[[Sequence[int]], float | None]], k: int, counts: Sequence[float],
) -> list[Estimate]:
    """:func:`bootstrap` for several figures at once, on one set of resamples. A figure that
    takes one value on every resample has no variation (no interval)."""
    values = [stat(range(k)) for stat in stats]
    live = [i for i, value in enumerate(values) if value is not None and k >= MIN_BLOCKS]
    draws: list[list[float]] = [[] for _ in stats]
    if live:
        for sample in resamples(k):
            for i in live:
                drawn = stats[i](sample)
                if drawn is not None:
                    draws[i].append(drawn)
    out = []
    for value, found, count in zip(values, draws, counts, strict=True):
        if len(found) < 2:
            out.append(Estimate(value, None, None, count, k, method="bootstrap"))
            continue
        found.sort()
        if found[0] == found[-1]:
            out.append(Estimate(value, None, None, count, k, False, method="bootstrap",
                                p=_bootstrap_p(value, found, k)))
            continue
        out.append(Estimate(value, quantile(found, 0.025), quantile(found, 0.975), count, k,
                            method="bootstrap", p=_bootstrap_p(value, found, k)))
    return out


def _bootstrap_p(value: float | None, draws: Sequence[float], k: int) -> float | None:
    """The two-sided p of a bootstrapped figure being zero, read from the spread of its
    draws on Student's t (a count of draws beyond zero could not go below 1 in 400, too
    coarse for a family of forty differences)."""
    if value is None or len(draws) < 2:
        return None
    mean = math.fsum(draws) / len(draws)
    sd = math.sqrt(math.fsum((d - mean) ** 2 for d in draws) / (len(draws) - 1))
    if sd <= 0:
        return 1.0 if value == 0 else min(1.0, 2.0 ** (1 - k))
    return min(1.0, 2.0 * (1.0 - t_cdf(abs(value) / sd, k - 1)))


def quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolated linearly (0.0 for none)."""
    if not ordered:
        return 0.0
    pos = (len(ordered) - 1) * q
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def distribution(values: Sequence[float], bins: int = 24) -> dict[str, object]:
    """Spread and shape: standard deviation, percentiles and a histogram (exact values while
    there are few of them, else ``bins`` equal bins, each named by its lower edge)."""
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return {"n": 0}
    mean = math.fsum(ordered) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0
    distinct = sorted(set(ordered))
    histogram: list[list[float]]
    if len(distinct) <= bins:
        histogram = [[v, float(ordered.count(v))] for v in distinct]
    else:
        low, high = ordered[0], ordered[-1]
        width = (high - low) / bins
        counts = [0] * bins
        for v in ordered:
            counts[min(bins - 1, int((v - low) / width))] += 1
        histogram = [[low + i * width, float(c)] for i, c in enumerate(counts)]
    return {
        "n": n, "sd": round(sd, 6), "min": ordered[0], "p10": round(quantile(ordered, 0.1), 6),
        "median": round(quantile(ordered, 0.5), 6), "p90": round(quantile(ordered, 0.9), 6),
        "max": ordered[-1], "histogram": [[round(a, 6), b] for a, b in histogram],
    }
