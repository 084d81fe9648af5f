"""uvicorn's HTTP/1.1 protocol (h11) with the bounds of :class:`.connections.ConnectionLimits`.

uvicorn on its own accepts every connection and waits as long as a client likes for the
request headers; its ``limit_concurrency`` answers (in plain text) only once a request has
arrived, so connections that never finish a request hold a file descriptor each for as long as
their client wants. Each connection here has a deadline while no request of it is in progress:
``header_seconds`` from the moment it opened, or from the first byte of its next request; the
idle time between requests stays uvicorn's keep-alive timeout. When the server holds
``max_connections``, a new connection closes the one that has waited longest with no request
in progress; when every connection is busy with a request (update streams), it closes the
oldest connection of the client address holding the most, provided that address holds at
least two more than the newcomer's own; only when no address does is the newcomer closed. So
the connections are shared by address, whatever their number: a few addresses holding every
connection cannot keep a new one out.

The address of a connection is its client's (``X-Forwarded-For`` when the proxy is trusted)
as its latest request gave it, or its peer's before its first request.

What the HTTP parser refuses (a bad ``Content-Length``, a NUL in a header, no ``Host``, raw
bytes beyond ASCII in the path, headers past ``max_header_bytes``) is answered as JSON with the
security headers, like every refusal of the application, instead of uvicorn's plain text.
"""

from __future__ import annotations

import asyncio
import logging
import math
import socket
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, ClassVar

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .connections import ConnectionLimits, raw_refusal

LISTEN_QUEUE = 2048
"""Connections the system keeps waiting to be accepted (they hold no file of the server)."""
LOG_EVERY_SECONDS = 60.0
"""The cap being reached is logged at most once in this time, however many clients hit it."""


class CapWatch:
    """What one server's connections share: when reaching the cap was last logged, and how
    many connections the cap closed since."""

    def __init__(self) -> None:
        self.logged_at = -math.inf
        self.replaced = 0
        self.refused = 0

    def note(self, now: float, logger: logging.Logger, limit: int) -> None:
        if now - self.logged_at < LOG_EVERY_SECONDS:
            return
        self.logged_at = now
        logger.warning(
            "asobi: %d connections open, the cap (--max-connections): %d waiting connections "
            "were closed for new ones and %d new ones refused (noted at most once a minute)",
            limit, self.replaced, self.refused,
        )
        self.replaced = self.refused = 0


class BoundedH11Protocol(H11Protocol):
    """One connection, with a deadline for its requests and a share of the server's cap.

    Built for one server by :func:`bounded_protocol` (uvicorn creates one per connection)."""

    limits: ClassVar[ConnectionLimits]
    watch: ClassVar[CapWatch]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._opened = 0.0
        self._waiting_since = 0.0
        self._heard = False
        """Bytes of a request arrived since the connection opened or its last answer."""

    # ------------------------------------------------------------------ the cap
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._opened = self._waiting_since = self.loop.time()
        if not self._make_room():
            self.transport.close()
            return
        self._arm()

    def _make_room(self) -> bool:
        """Whether this new connection may stay: under the cap, or once a connection has been
        closed for it: the one that waited longest with no request in progress, else the
        oldest of the address holding the most connections (when it holds two more than this
        one's address)."""
        cap = self.limits.max_connections
        if len(self.connections) <= cap:
            return True
        held: list[BoundedH11Protocol] = [
            c for c in self.connections
            if isinstance(c, BoundedH11Protocol) and not c.transport.is_closing()]
        if len(held) <= cap:
            return True
        others = [c for c in held if c is not self]
        waiting = [c for c in others if not c.busy()]
        oldest: BoundedH11Protocol | None
        if waiting:
            oldest = min(waiting, key=lambda c: c._waiting_since)
        else:
            oldest = self._of_the_greediest(others)
            if oldest is None:
                self.watch.refused += 1
                self.watch.note(self.loop.time(), self.logger, cap)
                return False
        oldest._disarm()
        if oldest._heard and oldest.conn.our_state is h11.IDLE:
            oldest.transport.write(raw_refusal(
                503, "the server holds as many connections as it may; send the request again",
                "server-busy"))
        oldest.transport.close()
        self.watch.replaced += 1
        self.watch.note(self.loop.time(), self.logger, cap)
        return True

    def _of_the_greediest(self, others: list[BoundedH11Protocol]) -> BoundedH11Protocol | None:
        """The oldest connection of the address that holds the most of ``others``, if it holds
        at least two more than this connection's address (so that the newcomer's address
        never ends up holding more than it); None otherwise."""
        by_address: dict[str, list[BoundedH11Protocol]] = {}
        for connection in others:
            by_address.setdefault(connection.address(), []).append(connection)
        mine = len(by_address.get(self.address(), ()))
        greediest = max(by_address.values(), key=len, default=[])
        if len(greediest) < mine + 2:
            return None
        return min(greediest, key=lambda c: c._opened)

    def address(self) -> str:
        """The client address this connection counts for: its latest request's client (as a
        trusted proxy named it), or its peer before any request."""
        client = self.scope.get("client") if self.scope is not None else self.client
        return str(client[0]) if client else ""

    def busy(self) -> bool:
        """Whether a request of this connection is in progress (its handler has not answered
        in full): the application's own bounds apply then, not the deadline."""
        return self.cycle is not None and not self.cycle.response_complete

    # ------------------------------------------------------------------ the deadline
    def _arm(self) -> None:
        if self._deadline is None:
            self._deadline = self.loop.call_later(self.limits.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def data_received(self, data: bytes) -> None:
        if self._head_too_large(data):
            self._disarm()
            self.transport.write(self._large_head())
            self.transport.close()
            return
        super().data_received(data)
        if self.transport.is_closing() or self.busy():
            self._disarm()  # closed, or a request's headers are in: its handler runs
            return
        self._heard = True
        self._arm()

    def on_response_complete(self) -> None:
        self._waiting_since = self.loop.time()
        self._heard = False
        super().on_response_complete()  # the keep-alive timeout runs until the next byte

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.transport.is_closing() or self.busy():
            return
        if self._heard and self.conn.our_state is h11.IDLE:
            self.transport.write(raw_refusal(
                408, f"the request did not arrive within {self.limits.header_seconds:g} s",
                "slow-request"))
        self.transport.close()

    # ------------------------------------------------------------------ malformed requests
    def _head_too_large(self, data: bytes) -> bool:
        """Whether the request line and headers being received pass ``max_header_bytes`` (h11
        checks only a head that is still incomplete; one that arrives whole in a read of up to
        256 KiB would pass)."""
        if self.busy() or self.conn.their_state is not h11.IDLE:
            return False
        head = self.conn.trailing_data[0] + data
        end = head.find(b"\r\n\r\n")
        return (end if end >= 0 else len(head)) > self.limits.max_header_bytes

    def _large_head(self) -> bytes:
        return raw_refusal(431, f"the request headers are larger than this server reads "
                           f"({self.limits.max_header_bytes // 1024} KiB)", "headers-too-large")

    def send_400_response(self, msg: str) -> None:
        """What the parser refused, as JSON with the security headers (uvicorn writes plain
        text); nothing is written when an answer to this request has already begun."""
        self._disarm()
        if self.cycle is None or self.cycle.response_complete or not self.cycle.response_started:
            pending = len(self.conn.trailing_data[0])
            if pending > self.limits.max_header_bytes:
                answer = self._large_head()
            else:
                answer = raw_refusal(400, "this request is not valid HTTP/1.1 (its request "
                                     "line, a header or its length)", "bad-http")
            self.transport.write(answer)
        self.transport.close()


def bounded_protocol(limits: ConnectionLimits) -> type[BoundedH11Protocol]:
    """The protocol class of one server with ``limits`` (``uvicorn.Config(http=...)``)."""
    return type("BoundedH11Protocol", (BoundedH11Protocol,),
                {"limits": limits, "watch": CapWatch()})


class QueuedServer(uvicorn.Server):
    """uvicorn's server, accepting a few connections per turn of its event loop, and hanging
    up long answers first when it stops.

    asyncio accepts as many connections at once as the listening backlog it is given, each a
    file descriptor before any protocol can check it against the cap; uvicorn is given
    :data:`.connections.ACCEPT_BATCH` for that, and the listening socket's queue is set back to
    :data:`LISTEN_QUEUE` once it serves, so that bursts of clients still wait their turn.

    When it stops, ``hang_up()`` is awaited before uvicorn's own graceful shutdown (which waits
    for every answer in progress, then cancels them with a traceback in the log): it ends the
    application's update streams, so their answers end at once and nothing is cancelled."""

    def __init__(self, config: uvicorn.Config,
                 hang_up: Callable[[], Awaitable[None]] | None = None) -> None:
        super().__init__(config)
        self.hang_up = hang_up

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        if self.hang_up is not None:
            await self.hang_up()
            await asyncio.sleep(0)  # the streams' answers end on this turn of the loop
        await super().shutdown(sockets=sockets)

    async def startup(self, sockets: Sequence[socket.socket] | None = None) -> None:
        await super().startup(sockets=list(sockets) if sockets is not None else None)
        for sock in sockets or ():
            sock.listen(LISTEN_QUEUE)
