"""Hints, worked out so that they never hold up anyone's game.

A hint thinks in the hints' own worker threads (:attr:`.games.Hub.hint_pool`), never in the
AI's: an AI's move does not wait behind a hint. Each seat has at most one hint being worked out
(asking again while it is, waits for the same answer), each table at most
``ServerOptions.hints_per_game`` (429 above), and a hint whose table moved on before its turn
came is dropped without being computed; one whose table moved on while it was computed is
answered 409 ``stale``. An answer is kept for the seat until the next move.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from asobi.errors import AsobiError

from .errors import Conflict, Forbidden, TooMany
from .work import Dropped

if TYPE_CHECKING:
    from .games import Hub
    from .live import Live

Answer = tuple[dict[str, Any], Any]


@dataclass
class HintJob:
    """The hint of one seat at one version, waiting for a thread or being computed."""

    version: int
    task: asyncio.Task[Answer] = field(repr=False)
    started: bool = False
    """It got a thread: it will be computed whatever happens at the table."""


def _stale(version: int) -> Conflict:
    return Conflict(f"the table moved on since version {version} while the hint was being "
                    "worked out; ask again", code="stale")


async def ask(hub: Hub, live: Live, seat: int) -> Answer:
    """The hint for ``seat`` at the table's current version (see the module docstring)."""
    if not live.hints:
        raise Forbidden("hints are off at this table (the game's creator decides)", "hints-off")
    if not live.legal(seat):
        raise AsobiError("it is not your turn: there is nothing to hint")
    version = live.version
    cached = live.hint_cache.get(seat)
    if cached is not None and cached[0] == version:
        return cached[1], cached[2]
    job: HintJob | None = live.hint_jobs.get(seat)
    if job is not None and job.version != version:
        if job.started:
            raise TooMany("the hint you asked for before your table moved on is still being "
                          "worked out; ask again in a moment", "hint-busy")
        job.task.cancel()  # not begun: drop it, this one takes its place
        del live.hint_jobs[seat]
        job = None
    if job is None:
        if len(live.hint_jobs) >= hub.options.hints_per_game:
            raise TooMany(f"{hub.options.hints_per_game} hints are being worked out at this "
                          "table already; ask again in a moment", "hints-busy")
        job = _start(hub, live, seat, version)
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


def _start(hub: Hub, live: Live, seat: int, version: int) -> HintJob:
    hinter = live.driver.hinter(seat)  # what the seat sees now, read on the loop

    def wanted() -> bool:
        ok = live.version == version and live.fault is None and not hub.closing
        job.started = ok
        return ok

    async def work() -> Answer:
        action, reason = await hub.hint_pool.run(live.creator, hinter, wanted)
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
        hub.tasks.discard(finished)
        if not finished.cancelled():
            finished.exception()  # read, so that an answer nobody waits for is not reported

    hub.tasks.add(task)
    task.add_done_callback(done)
    return job
