"""The shared runner of ``asobi arena`` and ``asobi lab``: many AI games, on one machine or on Ray.

A run is a list of :class:`GameTask` (plain data: a variant, the seats, the game's seed).
Everything random in a game comes from its own seed (the deal through the game's
``asobi_pinned_setup``, the shuffles, the agents), never from the worker that plays it, so the
same tasks give the same games in one process, in a pool of processes (:class:`LocalRunner`)
or on a Ray cluster (:mod:`asobi.ray_runner`), in any order. Results come back in batches and
are put back in task order by the caller.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any, Protocol

from asobi.agents import make_agent
from asobi.errors import AsobiError
from asobi.measures import FinishedGame, Measure
from asobi.registry import Registry
from asobi.session import SeatSpec, Session
from asobi.variants import Variant

EntryPoints = tuple[tuple[str, str, str], ...]
OnBatch = Callable[[list[dict[str, Any]]], None]
"""Called on the driver with the results of each finished batch (in any order)."""


@dataclass(frozen=True)
class GameTask:
    """One game: which variant (an index into :attr:`Batch.variants`), who sits where, the
    seed, and where it belongs in the run (``index``; ``block`` and ``order`` for reports)."""

    index: int
    variant: int
    seats: tuple[str, ...]
    seed: int
    block: int
    order: tuple[int, ...]


@dataclass(frozen=True)
class Batch:
    """Games for one worker call (plain data: it crosses process and machine boundaries)."""

    games: EntryPoints
    plugins: EntryPoints
    game: str
    variants: tuple[tuple[str, Variant], ...]
    """(reference as the user gave it, the loaded variant) of every variant of the run."""
    tasks: tuple[GameTask, ...]
    measures: bool = False
    """Read the game's lab measures (``asobi_lab_measures``) after each game."""
    records: str | None = None
    """Return each game's record, with variant paths relative to this folder."""


def entry_points_of(eps: Sequence[EntryPoint]) -> EntryPoints:
    return tuple((ep.name, ep.value, ep.group) for ep in eps)


def deal_seed(seed: int) -> random.Random:
    """The generator a game's deal is drawn from (``asobi_pinned_setup``): the game's seed
    alone decides it, apart from the session's own generator."""
    return random.Random(f"asobi-deal:{seed}")


def batches(
    registry: Registry, game: str, variants: Sequence[tuple[str, Variant]],
    tasks: Sequence[GameTask], workers: int, measures: bool = False,
    records: Path | None = None,
) -> list[Batch]:
    """The tasks cut into batches small enough to keep ``workers`` busy (1 to 16 games)."""
    per = max(1, min(16, len(tasks) // max(1, workers * 8)))
    games = entry_points_of(registry.game_entry_points)
    plugins = entry_points_of(registry.plugin_entry_points)
    folder = str(records) if records is not None else None
    return [
        Batch(games, plugins, game, tuple(variants), tuple(tasks[i:i + per]), measures, folder)
        for i in range(0, len(tasks), per)
    ]


# --------------------------------------------------------------------------- playing


def play_game(
    registry: Registry, batch: Batch, task: GameTask,
    measures: dict[int, list[Measure]] | None = None,
) -> dict[str, Any]:
    """Play one task; return its result, move times and (as asked) measures and record.
    ``measures`` keeps the game's measures of each variant between the games of a batch."""
    game = registry.game(batch.game)
    ref, variant = batch.variants[task.variant]
    players = len(task.seats)
    setup = game.hooks.pinned_setup(variant.rules, players, deal_seed(task.seed))
    specs = tuple(SeatSpec.parse(s) for s in task.seats)
    session = Session(game, variant, specs, seed=task.seed, setup=setup, variant_ref=ref)
    agents = []
    for seat, spec in enumerate(specs):
        if spec.is_human or spec.level is None:
            raise AsobiError(f"only AI seats play here, not '{spec}'")
        agents.append(make_agent(game, spec.level, seat, variant.rules, players, session.seed))
    times: list[list[float]] = [[] for _ in specs]
    events: list[dict[str, Any]] = []
    clock = time.perf_counter
    while to_act := session.to_act():
        seat = to_act[0]
        legal = session.legal_actions(seat)
        start = clock()
        action = agents[seat].choose(session.observation(seat), legal)
        if len(legal) > 1:
            times[seat].append(clock() - start)
        events.extend(session.apply(seat, action))
    result = session.result()
    out: dict[str, Any] = {
        "index": task.index,
        "variant": task.variant,
        "block": task.block,
        "order": list(task.order),
        "seats": list(task.seats),
        "seed": task.seed,
        "rounds": [list(r["points"]) for r in result["rounds"]],
        "scores": list(result["scores"]),
        "winner": result["winner"],
        "moves": len(session.moves),
        "first": session.moves[0]["seat"] if session.moves else None,
        "times": times,
    }
    if batch.measures or batch.records is not None:
        folder = Path(batch.records) if batch.records is not None else None
        record = session.record(folder=folder)
        if batch.records is not None:
            out["record"] = record
        if batch.measures:
            finished = FinishedGame(record, result, tuple(events), session.state)
            known = {} if measures is None else measures
            if task.variant not in known:
                known[task.variant] = game.hooks.lab_measures(variant.rules, players)
            out["measures"] = {
                m.key: [t.total, t.count]
                for m in known[task.variant]
                for t in (m.tally(finished),)
            }
    return out


@lru_cache(maxsize=4)
def registry_for(games: EntryPoints, plugins: EntryPoints) -> Registry:
    """A registry of these entry points (one per worker process, reused between batches)."""
    return Registry(
        game_entry_points=[EntryPoint(*ep) for ep in games],
        plugin_entry_points=[EntryPoint(*ep) for ep in plugins],
    )


def play_batch(batch: Batch) -> list[dict[str, Any]]:
    """Worker entry point (top level, so that spawn and Ray find it): play every task."""
    registry = registry_for(batch.games, batch.plugins)
    measures: dict[int, list[Measure]] = {}
    return [play_game(registry, batch, task, measures) for task in batch.tasks]


# --------------------------------------------------------------------------- runners


class Runner(Protocol):
    """Plays batches somewhere and hands each finished batch to ``on_batch``."""

    def run(self, registry: Registry, work: Sequence[Batch], on_batch: OnBatch) -> None:
        ...


@dataclass(frozen=True)
class LocalRunner:
    """``workers`` processes on this machine (``spawn``); with one worker, in this process,
    with the caller's registry (so plugin objects added by hand take part too)."""

    workers: int = 1

    def run(self, registry: Registry, work: Sequence[Batch], on_batch: OnBatch) -> None:
        if self.workers <= 1 or len(work) <= 1:
            measures: dict[int, list[Measure]] = {}
            for batch in work:
                on_batch([play_game(registry, batch, task, measures) for task in batch.tasks])
            return
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(processes=min(self.workers, len(work)), initializer=_leave_ctrl_c) as pool:
            results = pool.imap_unordered(play_batch, work)
            for _ in work:
                while True:  # waits in short steps, so that Ctrl-C reaches this process
                    try:
                        done = results.next(timeout=0.2)
                        break
                    except multiprocessing.TimeoutError:
                        continue
                on_batch(done)


def _leave_ctrl_c() -> None:
    """In a worker: Ctrl-C is for the parent, which stops the pool (and keeps what is done)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def make_runner(workers: int = 1, ray: str | None = None) -> Runner:
    """The runner for ``--workers N`` and ``--ray auto|ADDRESS`` (checked before any game)."""
    if workers < 1:
        raise AsobiError("--workers must be at least 1")
    if ray is None:
        return LocalRunner(workers)
    from asobi.ray_runner import RayRunner

    return RayRunner.connect(ray, workers)
