"""Work done once per rule set: a game's compiled rules, remembered by their content.

Every game and every AI decision asks a game plugin for its compiled rules, and a run of the
lab or the arena plays thousands of games under one or two rule sets. :func:`by_rules` wraps
a function of a ``rules`` mapping so that it runs once per distinct mapping (compared by its
canonical JSON, as records compare rules), for the last few mappings seen. What it returns is
shared between callers: keep it immutable (a frozen dataclass).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")


def by_rules(
    work: Callable[[Mapping[str, Any]], T], size: int = 32
) -> Callable[[Mapping[str, Any]], T]:
    """``work`` remembered for the last ``size`` rule sets. A mapping that is not plain JSON
    (a date read from YAML...) is worked on anew each time; an error is never remembered."""

    @functools.lru_cache(maxsize=size)
    def remembered(key: str) -> T:
        import json  # imported by the first call: registering a game compiles no rules

        return work(json.loads(key))

    @functools.wraps(work)
    def wrapper(rules: Mapping[str, Any]) -> T:
        import json

        try:
            key = json.dumps(rules, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):
            return work(rules)
        return remembered(key)

    return wrapper
