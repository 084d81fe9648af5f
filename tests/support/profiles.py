"""Hypothesis profiles, chosen by the environment variable ``ASOBI_HYPOTHESIS``.

- ``ci`` (the default, what ``python3 dev.py test`` and CI run): each property draws the number
  of examples its test names, derandomized, so a failure in CI is the same failure on any
  machine: run the test again with the same profile.
- ``dev`` (``python3 dev.py test --quick``): a fifth of the examples, drawn at random and kept
  in the local example database, for a quick answer that still explores.
- ``nightly``: five times the examples, at random: a long run that looks for rare cases.

A property names its count in CI terms with ``examples(n)``; the profile scales it.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

PROFILES = {"ci": 1.0, "dev": 0.2, "nightly": 5.0}
"""Each profile's share of a test's CI count of examples."""
ENV = "ASOBI_HYPOTHESIS"


def active() -> str:
    """The profile this run uses; an unknown name is refused before any test runs."""
    name = os.environ.get(ENV, "ci") or "ci"
    if name not in PROFILES:
        raise SystemExit(f"{ENV}={name!r}: choose one of {', '.join(PROFILES)}")
    return name


def examples(ci_count: int) -> int:
    """The number of examples for a property that draws ``ci_count`` in CI."""
    return max(1, round(ci_count * PROFILES[active()]))


def register() -> str:
    """Register the three profiles and load the active one; its name."""
    common = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
    settings.register_profile("ci", derandomize=True, database=None, print_blob=True,
                              max_examples=100, **common)
    settings.register_profile("dev", max_examples=20, **common)
    settings.register_profile("nightly", max_examples=500,
                              phases=list(Phase), **common)
    name = active()
    settings.load_profile(name)
    return name
