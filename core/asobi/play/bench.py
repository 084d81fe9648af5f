"""``asobi bench``: engine speed, measured the same way for every game."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobi.contract.model import SetupContext
from asobi.play.playout import playout
from asobi.variants.loader import Variant

if TYPE_CHECKING:  # the game's manager (asobi.contract.defaults) calls this module
    from asobi.host.gamehooks import GameHooks
    from asobi.host.registry import Game


def random_games_through_hooks(
    hooks: GameHooks, rules: Mapping[str, Any], players: int, seconds: float, seed: int
) -> dict[str, Any]:
    """The default ``asobi_bench``: random games of ``players`` seats through the hooks."""
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    while True:
        state = hooks.setup(
            SetupContext(rules=rules, players=players, rng=random.Random(rng.random())))
        playout(hooks, state, rng)
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {
                "unit": "games",
                "count": count,
                "seconds": elapsed,
                "per_second": count / elapsed,
            }


def bench_game(game: Game, variant: Variant, seconds: float, seed: int) -> dict[str, Any]:
    return game.hooks.bench(variant.rules, seconds, seed)
