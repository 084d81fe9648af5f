"""The engine benchmark behind Sakura's ``asobi_bench`` (``asobi bench sakura``).

Random games played straight through the engine, with no session, driver or agent in between:
what it measures is the speed of the rules alone. The developer's simulation of AI games,
which plays through the core's driver, is ``tools/sakura_calibrate.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from asobi_sakura import turn
from asobi_sakura.rules import Rules, compile_rules
from asobi_sakura.setup import new_game
from asobi_sakura.state import State


def random_game(rules: Rules, players: int, seed: int) -> State:
    """One game of ``players`` seats, every move drawn at random; the deal and the moves
    come from one generator seeded with ``seed``."""
    rng = random.Random(seed)
    state = new_game(rules, players, rng)
    while seats := turn.to_act(state):
        seat = seats[0]
        turn.apply(state, seat, rng.choice(turn.legal_actions(state, seat)))
    return state


def bench(rules: Mapping[str, Any], seconds: float, seed: int, players: int = 4) -> dict[str, Any]:
    """Random games per second through the engine: games ``seed``, ``seed + 1``, ... until
    ``seconds`` have passed, with the mean number of rounds they lasted."""
    compiled = compile_rules(rules)
    count = 0
    rounds = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = random_game(compiled, players, seed + count)
        count += 1
        rounds += state.round
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "unit": "games",
        "count": count,
        "seconds": round(elapsed, 3),
        "per_second": round(count / elapsed, 1),
        "players": players,
        "rounds_per_game": round(rounds / count, 2),
    }
