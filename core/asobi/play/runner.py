"""The shared runner of ``asobi arena`` and ``asobi lab``: many AI games, on one machine or on Ray.

A run is a list of :class:`GameTask` (plain data: a variant, the seats, the game's seed).
Everything random in a game comes from its own seed (the deal through the game's
``asobi_pinned_setup``, the shuffles, the agents), never from the worker that plays it, so the
same tasks give the same games in one process, in a pool of processes (:class:`LocalRunner`)
or on a Ray cluster (:mod:`asobi.play.ray_runner`), in any order. Results come back in batches and
are put back in task order by the caller.
"""

from __future__ import annotations

import multiprocessing
import queue
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any, Protocol

from asobi.contract.measures import FinishedGame, Measure
from asobi.errors import AsobiError
from asobi.host.registry import Registry
from asobi.play.driver import Driver
from asobi.play.seeds import deal_rng
from asobi.play.session import SeatSpec, Session
from asobi.variants.loader import Variant

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
    deal: int | None = None
    """The seed the pinned deal is drawn from (:func:`asobi.play.seeds.deal_rng`): the block's,
    shared by every game of the block whatever its own ``seed``; None draws it from ``seed``."""


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


def batches(
    registry: Registry, game: str, variants: Sequence[tuple[str, Variant]],
    tasks: Sequence[GameTask], workers: int, measures: bool = False,
    records: Path | None = None,
) -> list[Batch]:
    """The tasks cut into batches that keep ``workers`` busy: at most 16 games, and smaller
    towards the end of the run (a quarter of each worker's share of what is left), so that
    the workers finish together instead of one waiting for another's last long batch."""
    most = max(1, min(16, len(tasks) // max(1, workers * 8)))
    games = entry_points_of(registry.game_entry_points)
    plugins = entry_points_of(registry.plugin_entry_points)
    folder = str(records) if records is not None else None
    out = []
    start = 0
    while start < len(tasks):
        size = max(1, min(most, (len(tasks) - start) // max(1, workers * 4)))
        out.append(Batch(games, plugins, game, tuple(variants), tuple(tasks[start:start + size]),
                         measures, folder))
        start += size
    return out


# --------------------------------------------------------------------------- playing


def play_game(
    registry: Registry, batch: Batch, task: GameTask,
    measures: dict[int, list[Measure]] | None = None,
) -> dict[str, Any]:
    """Play one task; return its result, move times and (as asked) measures and record.
    ``measures`` keeps the game's measures of each variant between the games of a batch.

    Sequences in the result are tuples: a run keeps every game's result until its report,
    and tuples of numbers are values the garbage collector soon stops walking through."""
    game = registry.game(batch.game)
    ref, variant = batch.variants[task.variant]
    players = len(task.seats)
    setup = game.hooks.pinned_setup(
        variant.rules, players, deal_rng(task.seed if task.deal is None else task.deal))
    specs = tuple(SeatSpec.parse(s) for s in task.seats)
    for spec in specs:
        if spec.is_human or spec.level is None:
            raise AsobiError(f"only AI seats play here, not '{spec}'")
    session = Session(game, variant, specs, seed=task.seed, setup=setup, variant_ref=ref)
    driver = Driver(session, clock=time.perf_counter)
    events: list[dict[str, Any]] = []
    for seat in driver.turns():
        events.extend(driver.play(seat, driver.decide(seat)))
    times = driver.times
    result = session.result()
    out: dict[str, Any] = {
        "index": task.index,
        "variant": task.variant,
        "block": task.block,
        "order": task.order,
        "seats": task.seats,
        "seed": task.seed,
        "deal": task.seed if task.deal is None else task.deal,
        "rounds": tuple(tuple(r["points"]) for r in result["rounds"]),
        "scores": tuple(result["scores"]),
        "winner": result["winner"],
        "moves": len(session.moves),
        "first": session.moves[0]["seat"] if session.moves else None,
        "times": tuple(tuple(t) for t in times),
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
                m.key: (t.total, t.count)
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
    """``workers`` processes on this machine: this one and ``workers - 1`` others (``spawn``).

    With one worker the games are played here with the caller's registry (so plugin objects
    added by hand take part too). With more, every game is played from the batch's entry
    points (:func:`play_batch`), here as in the other processes, so the same tasks give the
    same games whichever process plays them. This process plays batches too, between handing
    finished ones to ``on_batch``: it has nothing else to do, and on a machine with as many
    cores as workers an extra process would only take turns with the others."""

    workers: int = 1

    def run(self, registry: Registry, work: Sequence[Batch], on_batch: OnBatch) -> None:
        if self.workers <= 1 or len(work) <= 1:
            measures: dict[int, list[Measure]] = {}
            for batch in work:
                on_batch([play_game(registry, batch, task, measures) for task in batch.tasks])
            return
        ctx = multiprocessing.get_context("spawn")
        others = min(self.workers, len(work)) - 1
        with ctx.Pool(processes=others, initializer=_leave_ctrl_c) as pool:
            _share(pool, others, work, on_batch)


def _share(pool: Any, others: int, work: Sequence[Batch], on_batch: OnBatch) -> None:
    """Play ``work`` on the pool's ``others`` processes and on a thread of this one, each
    taking the next batch when it is free; hand every finished batch to ``on_batch`` here.

    The pool's result thread gives a process its next batch as soon as it returns one, and
    this process's thread plays the rest, so no process waits while batches remain. On
    Ctrl-C the batches already finished are still handed on before the stop goes up."""
    pending = deque(work)
    finished: queue.SimpleQueue[list[dict[str, Any]] | BaseException] = queue.SimpleQueue()
    stop = threading.Event()

    def give() -> None:
        if stop.is_set():
            return
        try:
            batch = pending.popleft()
        except IndexError:
            return
        pool.apply_async(play_batch, (batch,), callback=done, error_callback=finished.put)

    def done(result: list[dict[str, Any]]) -> None:
        finished.put(result)
        give()

    def play_here() -> None:
        while not stop.is_set():
            try:
                batch = pending.popleft()
            except IndexError:
                return
            try:
                finished.put(play_batch(batch))
            except BaseException as exc:  # handed to the main thread, which raises it
                finished.put(exc)
                return

    for _ in range(4 * others):  # enough ready in each other process to ride out a pause
        give()                     # of this one (a collection of its garbage, a slow on_batch)
    here = threading.Thread(target=play_here, name="asobi-games-here", daemon=True)
    here.start()
    left = len(work)
    try:
        while left:
            try:  # waits in short steps, so that Ctrl-C reaches this thread
                got = finished.get(timeout=0.2)
            except queue.Empty:
                continue
            if isinstance(got, BaseException):
                raise got
            left -= 1
            on_batch(got)
    except BaseException as exc:
        stop.set()
        if isinstance(exc, KeyboardInterrupt):
            while not finished.empty():
                got = finished.get_nowait()
                if not isinstance(got, BaseException):
                    on_batch(got)
        raise


def _leave_ctrl_c() -> None:
    """In a worker: Ctrl-C is for the parent, which stops the pool (and keeps what is done)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def make_runner(workers: int = 1, ray: str | None = None) -> Runner:
    """The runner for ``--workers N`` and ``--ray auto|ADDRESS`` (checked before any game)."""
    if workers < 1:
        raise AsobiError("--workers must be at least 1")
    if ray is None:
        return LocalRunner(workers)
    from asobi.play.ray_runner import RayRunner

    return RayRunner.connect(ray, workers)
