"""Running an arena's games: one game between agents, a task's blocks, and the pool of workers.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Sequence
from typing import Any

from asobi.agents import make_agent
from asobi.arena.plan import Task, block_seed, registry_of, seatings
from asobi.driver import Driver
from asobi.errors import AsobiError
from asobi.registry import Registry
from asobi.session import SeatSpec, Session

Progress = Callable[[int, int], None]
"""``progress(done, total)``, called with games done after each finished block."""


def play_game(
    registry: Registry, game_name: str, variant: str, seats: Sequence[str], seed: int
) -> dict[str, Any]:
    """Play one game between AI seats; return its result and each seat's move times."""
    game = registry.game(game_name)
    loaded = game.load_variant(variant)
    specs = tuple(SeatSpec.parse(s) for s in seats)
    session = Session(game, loaded, specs, seed=seed)
    agents = []
    for seat, spec in enumerate(specs):
        if spec.is_human or spec.level is None:
            raise AsobiError(f"the arena plays AI seats only, not '{spec}'")
        agents.append(
            make_agent(game, spec.level, seat, loaded.rules, len(specs), session.seed)
        )
    driver = Driver(session, dict(enumerate(agents)), clock=time.perf_counter)
    result = driver.run()
    times = driver.times
    return {
        "seats": list(seats),
        "seed": seed,
        "rounds": [list(r["points"]) for r in result["rounds"]],
        "scores": list(result["scores"]),
        "winner": result["winner"],
        "times": times,
    }


def play_task(registry: Registry, task: Task) -> list[dict[str, Any]]:
    """Play every game of the task's blocks with ``registry``."""
    n = len(task.players)
    out = []
    for block in task.blocks:
        seed = block_seed(task.seed, block)
        for order in seatings(n):
            seats = [task.players[p] for p in order]
            game = play_game(registry, task.game, task.variant, seats, seed)
            game["block"] = block
            game["order"] = order
            out.append(game)
    return out


def play_blocks(task: Task) -> list[dict[str, Any]]:
    """Worker entry point (top level, so spawn can find it): rebuild the registry, play."""
    return play_task(registry_of(task), task)


def run_tasks(
    registry: Registry, tasks: list[Task], workers: int, total: int, progress: Progress | None
) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = []
    done = 0

    def tick(batch: list[dict[str, Any]]) -> None:
        nonlocal done
        games.extend(batch)
        done += len(batch)
        if progress is not None:
            progress(done, total)

    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:  # in-process: the caller's registry (it may hold extra plugins)
            tick(play_task(registry, task))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(processes=min(workers, len(tasks))) as pool:
            for batch in pool.imap_unordered(play_blocks, tasks):
                tick(batch)
    games.sort(key=lambda g: (g["block"], g["order"]))
    return games
