"""``asobi serve`` in a process of its own, with Nim and an AI level that thinks slowly.

    python slow_server.py DB PORT

The level ``ai:slow`` takes 1.5 s a move and then picks from its seed alone, so its moves do
not depend on the clock: a test can kill the server while it thinks and check that a restarted
server makes the very move an uninterrupted one makes.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pluggy

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "plugins" / "asobi-nim")]

hookimpl = pluggy.HookimplMarker("asobi")
THINKING_SECONDS = 1.5


class SlowAgent:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Any]) -> Any:
        time.sleep(THINKING_SECONDS)
        return legal[self.rng.randrange(len(legal))]

    def explain(self, observation: Mapping[str, Any], legal: Sequence[Any]) -> tuple[Any, str]:
        return self.choose(observation, legal), "slowly"


class SlowLevel:
    @hookimpl
    def asobi_agent(self, level: str, seat: int, rules: Any, players: int, seed: int) -> Any:
        return SlowAgent(seed) if level == "slow" else None


def registry() -> Any:
    from importlib.metadata import EntryPoint

    from asobi.host.registry import Registry

    reg = Registry(game_entry_points=[EntryPoint("nim", "asobi_nim", "asobi.games")])
    reg.game("nim").manager.register(SlowLevel())
    return reg


def main(db: str, port: int) -> int:
    from asobi_frontends.web import FRONTEND

    return FRONTEND.serve(registry(), {"db": db, "port": port, "lang": "en"})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2])))
