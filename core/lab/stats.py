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
from collections.abc import Callable, Iterator, Mapping, Sequence
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
    none = (0.0, 0.0)
    for coef, blocks in terms:
        pairs = [blocks.get(b, none) for b in keys]
        total = math.fsum(y for y, _n in pairs)
        n = math.fsum(n for _y, n in pairs)
        if n <= 0:
            return Estimate(None, None, None, 0.0, k)
        parts.append((coef, pairs, total / n, n / k))
        count += n
    value = math.fsum(c * ratio for c, _, ratio, _ in parts)
    if k < 2:
        return Estimate(value, None, None, count, k)
    residuals = [0.0] * k
    for coef, pairs, ratio, mean_n in parts:
        residuals = [e + coef * (y - ratio * n) / mean_n
                     for e, (y, n) in zip(residuals, pairs, strict=True)]
    half = Z95 * math.sqrt(math.fsum(e * e for e in residuals) / (k * (k - 1)))
    low, high = value - half, value + half
    if len(terms) == 1 and terms[0][0] == 1.0:
        # A plain ratio cannot leave the range its blocks lie in: a count is never negative,
        # and a share (each block's total at most its count) never passes 100%.
        pairs = parts[0][1]
        if all(y >= 0 for y, _n in pairs):
            low = max(low, 0.0)
        if all(0 <= y <= n for y, n in pairs):
            high = min(high, 1.0)
    return Estimate(value, low, high, count, k)


def ratio(blocks: Blocks, keys: Sequence[int]) -> Estimate:
    return contrast([(1.0, blocks)], keys)


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
    """A figure that is not a ratio (the balance of seats), computed by ``stat`` from block
    positions (``range(k)`` for the figure itself): its value and the 2.5 and 97.5
    percentiles of its values on the seeded :func:`resamples` of the blocks (the same games
    always give the same interval)."""
    return bootstraps([stat], k, [count])[0]


def bootstraps(
    stats: Sequence[Callable[[Sequence[int]], float | None]], k: int, counts: Sequence[float],
) -> list[Estimate]:
    """:func:`bootstrap` for several figures at once, on one set of resamples."""
    values = [stat(range(k)) for stat in stats]
    live = [i for i, value in enumerate(values) if value is not None and k >= 2]
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
            out.append(Estimate(value, None, None, count, k))
            continue
        found.sort()
        out.append(Estimate(value, quantile(found, 0.025), quantile(found, 0.975), count, k))
    return out


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
