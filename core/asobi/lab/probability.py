"""The distributions the lab's intervals and tests need: Student's t and Fisher's F.

Both come from the regularized incomplete beta function, evaluated by its continued fraction
(the modified Lentz method). Only the standard library is used, so a report needs no extra
package; quantiles are found by bisection and kept, since a report asks for the same few
(a 95% quantile on ``blocks - 1`` degrees of freedom) many times.
"""

from __future__ import annotations

import math
from functools import lru_cache

_TINY = 1e-300
_EPS = 1e-15


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)`` for ``a, b > 0``."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1.0) / (a + b + 2.0):  # the fraction converges fast on this side only
        return 1.0 - math.exp(log_front) * _fraction(b, a, 1.0 - x) / b
    return math.exp(log_front) * _fraction(a, b, x) / a


def _fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of ``I_x(a, b)`` (without its front factor)."""
    c = 1.0
    d = 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    value = d
    for m in range(1, 10_000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > _TINY else _TINY)
            c = 1.0 + numerator / c
            c = c if abs(c) > _TINY else _TINY
            value *= c * d
        if abs(c * d - 1.0) < _EPS:
            break
    return value


def t_cdf(t: float, df: float) -> float:
    """``P(T <= t)`` for Student's t with ``df`` degrees of freedom."""
    tail = 0.5 * incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


@lru_cache(maxsize=256)
def t_quantile(q: float, df: float) -> float:
    """The ``q`` quantile of Student's t with ``df`` degrees of freedom (``0 < q < 1``)."""
    if not 0.0 < q < 1.0 or df <= 0:
        raise ValueError(f"t quantile of {q} on {df} degrees of freedom")
    if q < 0.5:
        return -t_quantile(1.0 - q, df)
    high = 2.0
    while t_cdf(high, df) < q:
        high *= 2.0
    low = 0.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if middle in (low, high):
            break
        if t_cdf(middle, df) < q:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


def f_survival(f: float, df1: float, df2: float) -> float:
    """``P(F > f)`` for Fisher's F with ``df1`` and ``df2`` degrees of freedom."""
    if f <= 0.0:
        return 1.0
    return incomplete_beta(df2 / 2.0, df1 / 2.0, df2 / (df2 + df1 * f))
