"""The differences of a report read as one family: Holm's step-down adjustment and the star.

A report compares two variants on some forty figures; were each difference starred when its
own 95% interval left out zero, a lab of two variants that do not differ at all would star
one of them most of the time (84 of 100 Koi-Koi labs of 100 blocks did). Every difference
therefore carries its own two-sided ``p`` and its ``p_adjusted``, Holm's: the ``i``-th
smallest of ``m`` p values is multiplied by ``m - i + 1``, and no adjusted p is smaller than
the one before it. ``star`` marks a difference whose adjusted p is under 5%: the chance that
a report stars any difference that is truly zero is at most 5%, whatever the figures'
dependence on each other (Holm assumes none; Benjamini and Hochberg's false discovery rate
needs a positive dependence that shares of one total, which move against each other, lack).
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from typing import Any

ALPHA = 0.05
"""The familywise level of the stars."""


def holm(ps: Sequence[float]) -> list[float]:
    """Holm's adjusted p values of ``ps``, in their order."""
    m = len(ps)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(sorted(range(m), key=ps.__getitem__)):
        running = max(running, min(1.0, (m - rank) * ps[i]))
        adjusted[i] = running
    return adjusted


def star_family(differences: Sequence[MutableMapping[str, Any]]) -> int:
    """Give every difference of a report (JSON, as :meth:`asobi.lab.stats.Estimate.json`
    makes it) its ``p_adjusted`` and ``star``: a star needs the adjusted p under 5% and the
    difference's own interval clear of zero. One without a ``p`` (too few blocks, nothing
    observed) gets neither a star nor an adjusted p. Returns the size of the family."""
    tested = [d for d in differences if d.get("p") is not None]
    for d, p in zip(tested, holm([float(d["p"]) for d in tested]), strict=True):
        d["p_adjusted"] = round(p, 6)
        d["star"] = p < ALPHA and bool(d.get("clear_of_zero"))
    for d in differences:
        d.setdefault("star", False)
    return len(tested)
