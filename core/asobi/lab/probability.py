"""The distributions the lab's intervals and tests need: Student's t, Fisher's F, the normal
distribution and the gamma distribution (for exact Poisson bounds).

t and F come from the regularized incomplete beta function, the gamma distribution from the
regularized incomplete gamma function, each evaluated by its series or continued fraction
(the modified Lentz method). Only the standard library is used, so a report needs no extra
package; quantiles are found by bisection, and t's are kept, since a report asks for the
same few (a 95% quantile on ``blocks - 1`` degrees of freedom) many times.
"""

from __future__ import annotations

import math
from functools import lru_cache
from statistics import NormalDist

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


_NORMAL = NormalDist()
"""The standard normal distribution (the standard library's quantile, Wichura's AS 241)."""


def normal_cdf(z: float) -> float:
    """``P(Z <= z)`` for the standard normal distribution."""
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def gamma_cdf(shape: float, x: float) -> float:
    """The regularized lower incomplete gamma function ``P(shape, x)``: ``P(X <= x)`` for a
    gamma variable of ``shape`` and scale 1 (``shape > 0``)."""
    if x <= 0.0:
        return 0.0
    log_front = shape * math.log(x) - x - math.lgamma(shape)
    if x < shape + 1.0:  # the series converges fast on this side
        term = total = 1.0 / shape
        a = shape
        for _ in range(10_000):
            a += 1.0
            term *= x / a
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return min(1.0, math.exp(log_front) * total)
    # the continued fraction of the upper function Q = 1 - P (modified Lentz)
    b = x + 1.0 - shape
    c = 1.0 / _TINY
    d = 1.0 / b
    value = d
    for i in range(1, 10_000):
        an = -i * (i - shape)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        value *= d * c
        if abs(d * c - 1.0) < _EPS:
            break
    return max(0.0, 1.0 - math.exp(log_front) * value)


def gamma_quantile(q: float, shape: float) -> float:
    """The ``q`` quantile of the gamma distribution of ``shape`` and scale 1 (``0 < q < 1``),
    to a relative precision of about 1e-12: Newton's steps from the Wilson-Hilferty guess,
    kept inside a bracket that is halved on its logarithm (a small shape puts a low quantile
    many decades below 1) whenever a step would leave it. (A quantile many decades below
    1e-200, of a shape near 0, may come out as 0.0.)"""
    if not 0.0 < q < 1.0 or shape <= 0:
        raise ValueError(f"gamma quantile of {q} at shape {shape}")
    z = normal_quantile(q)
    x = shape * (1.0 - 1.0 / (9.0 * shape) + z / (3.0 * math.sqrt(shape))) ** 3
    if not x > 0.0:  # far in the lower tail, where P is about x^shape / shape!
        x = math.exp((math.log(q) + math.lgamma(shape + 1.0)) / shape)
    low, high = 0.0, math.inf
    for _ in range(400):
        if x <= 0.0:
            return 0.0
        gap = gamma_cdf(shape, x) - q
        if gap < 0:
            low = x
        else:
            high = x
        log_density = (shape - 1.0) * math.log(x) - x - math.lgamma(shape)
        guess = x - gap / math.exp(log_density) if -700.0 < log_density < 700.0 else math.nan
        if not low < guess < high:  # a step out of the bracket: halve the bracket instead
            guess = 2.0 * x if high == math.inf else (
                math.sqrt(low * high) if low > 0.0 else high / 16.0)
        if abs(guess - x) <= 1e-12 * x:
            return guess
        x = guess
    return x


def normal_quantile(q: float) -> float:
    """The ``q`` quantile of the standard normal distribution (``0 < q < 1``)."""
    return _NORMAL.inv_cdf(q)
