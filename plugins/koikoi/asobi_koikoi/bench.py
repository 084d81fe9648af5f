"""``asobi bench koikoi``: random-playout rounds through the engine, on one core."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from . import engine
from .rules import compile_rules


def bench(rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
    """Play random games for about ``seconds`` and count the rounds played (deal to end)."""
    compiled = compile_rules(rules)
    rng = random.Random(seed)
    rnd = rng.random
    rounds = games = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        state = engine.new_game(compiled, rng)
        rounds += engine.playout(state, rnd, whole_game=True)
        games += 1
        now = clock()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "unit": "rounds",
        "count": rounds,
        "seconds": round(elapsed, 3),
        "per_second": round(rounds / elapsed, 1) if elapsed > 0 else 0.0,
        "games": games,
        "seed": seed,
    }
