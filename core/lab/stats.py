"""The lab's statistics: ratios of sums over blocks of games, their 95% intervals, contrasts
between them (differences of variants, of players, differences of differences), a seeded
bootstrap for figures that are not ratios, and the shape of a distribution.

The unit of independence is the *block*: the games that share a seed (every seat rotation,
every variant). A figure is a ratio of sums ``R = sum(total) / sum(count)`` over the blocks;
its variance is the delta method's (cluster-robust):
``var(R) = sum_b ((y_b - R n_b) / n_mean)^2 / (k (k - 1))`` for ``k`` blocks. A linear
contrast ``sum_j c_j R_j`` of figures measured on the same blocks adds the blocks' residuals
before squaring them, which is what pairing by seed buys. With one observation per block the
interval is the usual ``1.96 s / sqrt(k)``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

Z95 = 1.959964
BOOTSTRAP_REPS = 400
BOOTSTRAP_SEED = 20120
Blocks = Mapping[int, tuple[float, float]]
"""A figure's (total, count) in each block."""


@dataclass(frozen=True)
class Estimate:
    """A figure with its 95% interval; ``value`` is None when nothing was observed and the
    interval bounds are None with fewer than two blocks."""

    value: float | None
    low: float | None
    high: float | None
    count: float
    blocks: int

    @property
    def clear(self) -> bool:
        """True when the interval lies wholly on one side of zero."""
        return (self.low is not None and self.low > 0) or (
            self.high is not None and self.high < 0)

    def json(self, digits: int = 6) -> dict[str, float | int | bool | None]:
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, digits) + 0.0

        return {"value": r(self.value), "low": r(self.low), "high": r(self.high),
                "n": r(self.count), "blocks": self.blocks, "clear_of_zero": self.clear}


def contrast(terms: Sequence[tuple[float, Blocks]], keys: Sequence[int]) -> Estimate:
    """``sum(c * R)`` of the ratio figures in ``terms`` over the blocks ``keys``."""
    k = len(keys)
    parts = []
    count = 0.0
    for coef, blocks in terms:
        total = math.fsum(blocks.get(b, (0.0, 0.0))[0] for b in keys)
        n = math.fsum(blocks.get(b, (0.0, 0.0))[1] for b in keys)
        if n <= 0:
            return Estimate(None, None, None, 0.0, k)
        parts.append((coef, blocks, total / n, n / k))
        count += n
    value = math.fsum(c * ratio for c, _, ratio, _ in parts)
    if k < 2:
        return Estimate(value, None, None, count, k)
    residuals = []
    for b in keys:
        e = 0.0
        for coef, blocks, ratio, mean_n in parts:
            y, n = blocks.get(b, (0.0, 0.0))
            e += coef * (y - ratio * n) / mean_n
        residuals.append(e * e)
    half = Z95 * math.sqrt(math.fsum(residuals) / (k * (k - 1)))
    low, high = value - half, value + half
    if len(terms) == 1 and terms[0][0] == 1.0:
        # A plain ratio cannot leave the range its blocks lie in: a count is never negative,
        # and a share (each block's total at most its count) never passes 100%.
        pairs = [terms[0][1].get(b, (0.0, 0.0)) for b in keys]
        if all(y >= 0 for y, _n in pairs):
            low = max(low, 0.0)
        if all(0 <= y <= n for y, n in pairs):
            high = min(high, 1.0)
    return Estimate(value, low, high, count, k)


def ratio(blocks: Blocks, keys: Sequence[int]) -> Estimate:
    return contrast([(1.0, blocks)], keys)


def bootstrap(
    stat: Callable[[Sequence[int]], float | None], keys: Sequence[int], count: float,
) -> Estimate:
    """A figure that is not a ratio (the balance of seats): its value on ``keys`` and the
    2.5 and 97.5 percentiles of its values on blocks drawn again with replacement (a seeded,
    fixed number of draws, so the same games give the same interval)."""
    value = stat(keys)
    k = len(keys)
    if value is None or k < 2:
        return Estimate(value, None, None, count, k)
    rng = random.Random(BOOTSTRAP_SEED)
    draws = []
    for _ in range(BOOTSTRAP_REPS):
        sample = [keys[rng.randrange(k)] for _ in range(k)]
        got = stat(sample)
        if got is not None:
            draws.append(got)
    if len(draws) < 2:
        return Estimate(value, None, None, count, k)
    draws.sort()
    return Estimate(value, quantile(draws, 0.025), quantile(draws, 0.975), count, k)


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
