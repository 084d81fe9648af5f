"""The shared runner of ``asobi arena`` and ``asobi lab``: many AI games, on one machine or on Ray.

A run is a list of :class:`~asobi.play.tasks.GameTask` (plain data: a variant, the seats, the
game's seed), cut into batches and played as :mod:`asobi.play.tasks` says. Everything random in
a game comes from its own seed, never from the worker that plays it, so the same tasks give the
same games in one process, in a pool of processes (:class:`LocalRunner`) or on a Ray cluster
(:mod:`asobi.play.ray_runner`), in any order. Results come back in batches and are put back in
task order by the caller.
"""

from __future__ import annotations

import multiprocessing
import queue
import signal
import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from asobi.contract.measures import Measure
from asobi.errors import AsobiError
from asobi.host.registry import Registry
from asobi.play.tasks import Batch, OnBatch, play_batch, play_game


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
    from asobi.play.ray_runner import RayRunner  # only a run on Ray needs it

    return RayRunner.connect(ray, workers)
