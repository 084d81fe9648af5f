"""Hints, worked out so that they never hold up anyone's game.

A hint thinks in the hints' own worker threads (:attr:`Hints.pool`), never in the AI's: an AI's
move does not wait behind a hint. Each seat has at most one hint being worked out (asking again
while it is, waits for the same answer), each table at most ``ServerOptions.hints_per_game``
(429 above), and a hint whose table moved on before its turn came is dropped without being
computed; one whose table moved on while it was computed is answered 409 ``stale``. An answer
is kept for the seat until the next move.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from asobi.errors import AsobiError
from asobi.host.faults import PluginFault

from .errors import Conflict, Forbidden, TableStopped, TooMany
from .live import Live
from .stopped import Stops
from .work import Dropped, FairPool

Answer = tuple[dict[str, Any], Any]


@dataclass
class HintJob:
    """The hint of one seat at one version, waiting for a thread or being computed."""

    version: int
    task: asyncio.Task[Answer] = field(repr=False)
    started: bool = False
    """It got a thread: it will be computed whatever happens at the table."""


class Hints:
    """The hints of one server's tables: ``threads`` workers of their own (``--hint-threads``),
    at most ``per_game`` hints worked out at once at a table, a plugin's fault stopping the
    table (``stops``)."""

    def __init__(self, threads: int, per_game: int, stops: Stops) -> None:
        self.threads = threads
        self.per_game = per_game
        self.stops = stops
        self.closing = False
        self.tasks: set[asyncio.Task[Answer]] = set()
        self._pool: FairPool | None = None

    @property
    def pool(self) -> FairPool:
        """The threads where hints are worked out (made on the server's loop: anyio needs
        it)."""
        if self._pool is None:
            self._pool = FairPool(self.threads)
        return self._pool

    async def ask(self, live: Live, seat: int) -> Answer:
        """The hint for ``seat`` at the table's current version (see the module docstring);
        a plugin's fault stops the table."""
        if live.fault is not None:
            raise TableStopped(live.fault)
        try:
            return await self._ask(live, seat)
        except PluginFault as fault:
            raise self.stops.stop(live, fault) from fault

    def close(self) -> None:
        """The server is closing: hints not begun are dropped, those under way cancelled."""
        self.closing = True
        for task in list(self.tasks):
            task.cancel()

    async def _ask(self, live: Live, seat: int) -> Answer:
        if not live.hints:
            raise Forbidden("hints are off at this table (the game's creator decides)",
                            "hints-off")
        if not live.legal(seat):
            raise AsobiError("it is not your turn: there is nothing to hint")
        version = live.version
        cached = live.hint_cache.get(seat)
        if cached is not None and cached[0] == version:
            return cached[1], cached[2]
        job: HintJob | None = live.hint_jobs.get(seat)
        if job is not None and job.version != version:
            if job.started:
                raise TooMany("the hint you asked for before your table moved on is still "
                              "being worked out; ask again in a moment", "hint-busy")
            job.task.cancel()  # not begun: drop it, this one takes its place
            del live.hint_jobs[seat]
            job = None
        if job is None:
            if len(live.hint_jobs) >= self.per_game:
                raise TooMany(f"{self.per_game} hints are being worked out at this table "
                              "already; ask again in a moment", "hints-busy")
            job = self._start(live, seat, version)
        try:
            answer = await asyncio.shield(job.task)
        except Dropped:
            raise _stale(version) from None
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if job.task.cancelled() and not (current is not None and current.cancelling()):
                raise _stale(version) from None  # a newer hint of this seat took its place
            raise
        if live.version != version:
            raise _stale(version)
        return answer

    def _start(self, live: Live, seat: int, version: int) -> HintJob:
        hinter = live.driver.hinter(seat)  # what the seat sees now, read on the loop

        def wanted() -> bool:
            ok = live.version == version and live.fault is None and not self.closing
            job.started = ok
            return ok

        async def work() -> Answer:
            action, reason = await self.pool.run(live.creator, hinter, wanted)
            answer = (dict(action), reason)
            if live.version == version:
                live.hint_cache[seat] = (version, *answer)
            return answer

        task = asyncio.get_running_loop().create_task(work())
        job = HintJob(version, task)
        live.hint_jobs[seat] = job

        def done(finished: asyncio.Task[Answer]) -> None:
            if live.hint_jobs.get(seat) is job:
                del live.hint_jobs[seat]
            self.tasks.discard(finished)
            if not finished.cancelled():
                finished.exception()  # read, so that an answer nobody waits for is not reported

        self.tasks.add(task)
        task.add_done_callback(done)
        return job


def _stale(version: int) -> Conflict:
    return Conflict(f"the table moved on since version {version} while the hint was being "
                    "worked out; ask again", code="stale")
