"""Worker threads shared fairly between the clients of a server.

The AI's moves and the players' hints think in worker threads, away from the loop that answers
requests. Each kind has a pool of its own (:class:`FairPool`), so a move of an AI never waits
behind a hint. Inside a pool, one owner (the client address that created the game) holds at
most ``per_owner`` of the threads; the others wait, first come first served, so with two threads
or more one client's work never takes every thread and another client's work starts at once.

A job may say, when its turn comes, that it is no longer wanted (a hint for a table that has
moved on): it is then dropped without taking a thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

T = TypeVar("T")


class Dropped(Exception):
    """A job that was no longer wanted when its turn came: nothing was computed."""


def fair_share(threads: int) -> int:
    """The threads one owner may hold in a pool of ``threads``: about half, at least one, and
    always one fewer than all of them when there are two or more."""
    return max(1, min(threads - 1, (threads + 1) // 2))


class FairPool:
    """``threads`` jobs at once, at most ``per_owner`` of one owner; the rest wait their turn.

    Built on the server's loop (anyio's limiters need it): create it lazily."""

    def __init__(self, threads: int, per_owner: int | None = None) -> None:
        self.threads = max(1, threads)
        self.per_owner = max(1, min(self.threads, per_owner or fair_share(self.threads)))
        self._all = anyio.CapacityLimiter(self.threads)
        self._run = anyio.CapacityLimiter(self.threads)
        self._owners: dict[str, anyio.CapacityLimiter] = {}
        self._jobs: dict[str, int] = {}
        self.started = 0
        """Jobs that got a thread (for tests and measurements)."""
        self.dropped = 0
        """Jobs no longer wanted when their turn came."""

    @property
    def waiting(self) -> int:
        """Jobs waiting for a thread or running."""
        return sum(self._jobs.values())

    def running(self, owner: str | None = None) -> int:
        """Jobs holding a thread now (of ``owner`` only, when given)."""
        if owner is None:
            return int(self._all.borrowed_tokens)
        limiter = self._owners.get(owner)
        return 0 if limiter is None else int(limiter.borrowed_tokens)

    async def run(
        self, owner: str, job: Callable[[], T], wanted: Callable[[], bool] | None = None
    ) -> T:
        """``job()`` in a worker thread once ``owner`` may have one more and a thread is free.
        ``wanted()`` is asked then, on the loop: when it says no, :class:`Dropped` is raised
        instead."""
        limiter = self._owners.get(owner)
        if limiter is None:
            limiter = self._owners[owner] = anyio.CapacityLimiter(self.per_owner)
        self._jobs[owner] = self._jobs.get(owner, 0) + 1
        try:
            async with limiter, self._all:
                if wanted is not None and not wanted():
                    self.dropped += 1
                    raise Dropped
                self.started += 1
                return await anyio.to_thread.run_sync(job, limiter=self._run)
        finally:
            self._jobs[owner] -= 1
            if not self._jobs[owner]:  # nothing of this owner left: forget it
                del self._jobs[owner]
                del self._owners[owner]
