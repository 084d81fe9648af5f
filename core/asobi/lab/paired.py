"""The interval of a paired contrast: the mean of the blocks' contributions to it, read so
that a difference seen in few blocks is not taken for a sure one.

Each block's contribution is measured from the median block's. The parts above and below
the median are each read as a compound Poisson count: a sum ``S`` of ``Q`` squares (``Q``
times ``k / (k - 1)``) is an effective count ``S^2 / Q`` of events of size ``Q / S``, whose
score interval is skewed the way a small count's is. The two parts are joined by the MOVER
method (Zou and Donner's "method of variance estimates recovery"). A part with no block gets
the upper bound of a count never seen, on the scale of the other part: blocks that all moved
one way are no evidence until there are enough of them that none moving the other way is
itself unlikely. With many blocks on both sides this is the paired t interval, a little
wider; with few, it is as wide as a rare count's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import mul

from asobi.lab.probability import t_cdf


@dataclass(frozen=True)
class Spread:
    """The blocks' contributions to a contrast, as the interval reads them."""

    value: float
    blocks: int
    up: float
    up_squares: float
    up_scale: float
    down: float
    down_squares: float
    down_scale: float

    def bounds(self, t: float) -> tuple[float, float]:
        """The interval with quantile ``t``."""
        up_low, up_high = _arms(self.up, self.up_squares, self.up_scale, t)
        down_low, down_high = _arms(self.down, self.down_squares, self.down_scale, t)
        return (self.value - math.hypot(up_low, down_high) / self.blocks,
                self.value + math.hypot(up_high, down_low) / self.blocks)

    def p_value(self) -> float:
        """The two-sided p of the contrast being zero: the smallest level whose interval
        leaves zero out (the bounds move away from the value as ``t`` grows)."""
        return zero_level(self.bounds, self.value, self.blocks)


def zero_level(bounds: Callable[[float], tuple[float, float]], value: float,
               blocks: int) -> float:
    """The two-sided p of ``value`` being zero, for an interval ``bounds(t)`` whose bounds
    move away from ``value`` as its quantile ``t`` grows: the level of the ``t`` (Student's,
    on ``blocks - 1`` degrees of freedom) at which it just reaches zero, found by bisection."""
    if value == 0:
        return 1.0
    sign = 1.0 if value > 0 else -1.0

    def inside(t: float) -> bool:
        low, high = bounds(t)
        return (low if sign > 0 else -high) <= 0

    high = 1.0
    while not inside(high):
        high *= 2.0
        if high > 1e8:
            return 0.0
    low = 0.0
    for _ in range(60):
        middle = (low + high) / 2.0
        if inside(middle):
            high = middle
        else:
            low = middle
    return min(1.0, 2.0 * (1.0 - t_cdf(high, blocks - 1)))


def _arms(total: float, squares: float, scale: float, t: float) -> tuple[float, float]:
    """How far a part's sum may lie below and above its observed ``total``."""
    if total <= 0:
        return 0.0, scale * t * t
    root = t * math.sqrt(total * total / squares + t * t / 4.0)
    return scale * (root - t * t / 2.0), scale * (root + t * t / 2.0)


def spread(per_block: Sequence[float], value: float) -> Spread | None:
    """The :class:`Spread` of the blocks' contributions ``per_block`` (their mean is
    ``value``), or None when every block contributes the same."""
    k = len(per_block)
    ordered = sorted(per_block)
    middle = (ordered[(k - 1) // 2] + ordered[k // 2]) / 2.0
    tolerance = 1e-12 * max(1.0, abs(ordered[0]), abs(ordered[-1]))
    above = [d - middle for d in per_block if d - middle > tolerance]
    below = [middle - d for d in per_block if middle - d > tolerance]
    if not above and not below:
        return None
    factor = k / (k - 1)
    up, up_sq = math.fsum(above), math.fsum(map(mul, above, above)) * factor
    down, down_sq = math.fsum(below), math.fsum(map(mul, below, below)) * factor
    up_scale = up_sq / up if above else down_sq / down
    down_scale = down_sq / down if below else up_scale
    return Spread(value, k, up, up_sq, up_scale, down, down_sq, down_scale)
