"""The balance of the seats: how far apart the best and the worst seat's win rates are.

The balance is ``1 - (best - worst)`` of the seats' win rates. Its interval comes from
simultaneous intervals of every pair of seats' difference (paired by block, as every
contrast of the lab is, each at level ``1 - 0.05 / pairs``: Bonferroni's): when all of them
hold, the gap between the best and the worst seat lies between the largest lower bound of a
pair's distance and the largest upper one, so the balance's interval covers at least 95% of
the time. (The gap of the *observed* rates is biased upwards, which is why a bootstrap of
it, the lab's first method, sat below the truth.) With it comes the test that every seat
wins equally often, from the same pairs: ``p`` is the smallest pair's p times the number of
pairs (at most 1), so the seats are found unequal at 5% exactly when the balance's interval
leaves out 1. (A cluster-robust Wald test was tried first: with six seats and the heavy
tails of real blocks it called fair seats unequal 8-13% of the time instead of 5%.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from asobi.lab.stats import LEVEL, MIN_BLOCKS, Blocks, Estimate, contrast


def seat_balance(seats: Sequence[Blocks], keys: Sequence[int], cluster: float = 1.0,
                 ) -> tuple[Estimate, dict[str, float | int] | None]:
    """The balance of the seats whose wins are ``seats`` (each a ``(wins, games)`` per block)
    over the blocks ``keys``, and the test that the seats win equally often (``p`` and the
    number of ``pairs``; None with fewer than :data:`asobi.lab.stats.MIN_BLOCKS` blocks)."""
    none = (0.0, 0.0)
    k = len(keys)
    wins = [math.fsum(s.get(b, none)[0] for b in keys) for s in seats]
    games = math.fsum(seats[0].get(b, none)[1] for b in keys) if seats else 0.0
    if games <= 0 or len(seats) < 2:
        return Estimate(None, None, None, games, k, method="simultaneous"), None
    rates = [w / games for w in wins]
    value = 1.0 - (max(rates) - min(rates))
    if k < MIN_BLOCKS:
        return Estimate(value, None, None, games, k, method="simultaneous"), None
    pairs = [(a, b) for a in range(len(seats)) for b in range(a + 1, len(seats))]
    level = 1.0 - (1.0 - LEVEL) / len(pairs)
    least = 0.0  # the gap is at least this far from zero...
    most = 0.0   # ...and at most this far
    smallest_p = 1.0
    for a, b in pairs:
        d = contrast([(1.0, seats[a]), (-1.0, seats[b])], keys, share=True, cluster=cluster,
                     level=level, test=True)
        assert d.value is not None and d.p is not None
        low = d.value if d.low is None else d.low
        high = d.value if d.high is None else d.high
        least = max(least, low, -high)
        most = max(most, abs(low), abs(high))
        smallest_p = min(smallest_p, d.p)
    estimate = Estimate(value, max(0.0, 1.0 - most), min(1.0, 1.0 - least), games, k,
                        method="simultaneous")
    test: dict[str, float | int] = {"p": round(min(1.0, smallest_p * len(pairs)), 6),
                                    "pairs": len(pairs)}
    return estimate, test
