"""Bounded connections: how long a client may take to send a request, and how much it may hold.

One client must not be able to hold the server's sockets, file descriptors or request slots
for others. The bounds, each an option of ``asobi serve`` (README, "Limits"):

- request headers must arrive within ``header_seconds`` of the connection (or of the first
  byte of the next request on a kept-alive one), and a request body within ``body_seconds``
  (:func:`asobi_frontends.web.reading.body_of`);
- the server holds at most ``max_connections`` connections; at the cap, a new connection takes
  the place of the one that has waited longest without a request in progress (a slow sender,
  an idle kept-alive connection), else of the oldest connection of the client address holding
  the most (when it holds two more than the newcomer's), and is closed at once only when no
  address does (:mod:`.protocol`, uvicorn's h11 protocol with these bounds);
- one client address has at most ``requests_per_client`` requests in progress at once, update
  streams included (:class:`ClientLimit`, 429 above).

Refusals written below the application (a timed-out or malformed request) are JSON with the
security headers too (:func:`raw_refusal`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from http import HTTPStatus
from typing import Any

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from .errors import WebError
from .guard import SECURITY_HEADERS

FILES_PER_CONNECTION = 2
"""File descriptors one connection may need at worst: its socket, and a static file it is
being sent."""
RESERVED_FILES = 32
"""File descriptors kept for everything else: the database and its journal, the listening
socket, the event loop, standard streams."""
ACCEPT_BATCH = 16
"""Connections accepted in one turn of the event loop. Each is a file descriptor before the
cap can look at it, and one refused is closed on the next turn, so up to three batches are
counted on top of the cap (the system queues the connections not yet accepted)."""


@dataclass(frozen=True)
class ConnectionLimits:
    """How long a request may take to arrive and how many connections a server holds."""

    header_seconds: float = 10.0
    """From a connection (or the first byte of its next request) to the end of the request
    headers; then the connection is closed (408 when part of a request had arrived)."""
    body_seconds: float = 30.0
    """To receive a whole request body once the handler reads it (408 after)."""
    keep_alive_seconds: int = 20
    """An idle connection between requests stays open this long: longer than a client's own
    idle limit (httpx keeps 5 s), so that a client never sends a request on a connection the
    server is closing."""
    max_connections: int = 1000
    """Open connections the server holds at once."""
    requests_per_client: int = 100
    """Requests in progress at once from one client address, update streams included (0: no
    limit). Behind a reverse proxy, the address is the one the proxy forwards when it is
    trusted (``--forwarded-allow-ips``); else every client shares the proxy's."""
    max_header_bytes: int = 16 * 1024
    """The request line and headers together (431 above)."""


class SlowBody(WebError):
    """A request body that did not arrive in time."""

    status = 408


def raw_refusal(status: int, message: str, code: str) -> bytes:
    """A whole HTTP/1.1 answer ``{"error": message, "code": code}`` that closes the connection,
    with the security headers: for the refusals written below the application."""
    body = json.dumps({"error": message, "code": code}).encode()
    lines = [
        f"HTTP/1.1 {status} {HTTPStatus(status).phrase}".encode(),
        b"content-type: application/json",
        b"content-length: " + str(len(body)).encode(),
        b"connection: close",
        *(name + b": " + value for name, value in SECURITY_HEADERS),
    ]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


class ClientLimit:
    """ASGI middleware: at most ``limit`` requests in progress from one client address (429
    with ``code: "busy-client"`` above; 0: no limit). Requests without a client address (a
    Unix socket) are not counted."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit
        self.open: dict[str, int] = {}
        """Requests in progress, per address (an address leaves when its last one ends)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        if scope["type"] != "http" or not self.limit or not client:
            await self.app(scope, receive, send)
            return
        host = str(client[0])
        held = self.open.get(host, 0)
        if held >= self.limit:
            refusal = JSONResponse(
                {"error": f"too many requests in progress from your address (at most "
                          f"{self.limit} at once); close some pages or wait a moment",
                 "code": "busy-client"},
                status_code=429, headers={"retry-after": "1"},
            )
            await refusal(scope, receive, send)
            return
        self.open[host] = held + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.open[host] - 1
            if left:
                self.open[host] = left
            else:
                del self.open[host]


def fit_open_files(limits: ConnectionLimits) -> tuple[ConnectionLimits, str | None]:
    """``limits`` within what this process may open: the soft limit of open files is raised as
    far as the connections need (up to the hard limit), and ``max_connections`` lowered when
    even that is too few, with a note saying so. Called once, when a server starts."""
    try:
        import resource
    except ImportError:  # not a Unix system: no limit to read
        return limits, None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    spare = RESERVED_FILES + 3 * ACCEPT_BATCH
    wanted = limits.max_connections * FILES_PER_CONNECTION + spare
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return limits, None
    room = max(1, (soft - spare) // FILES_PER_CONNECTION)
    note = f"at most {room} connections at once (this process may open {soft} files)"
    return replace(limits, max_connections=room), note


def limits_of(state: Any) -> ConnectionLimits:
    """The connection limits an app was created with (``app.state``), or the defaults."""
    found = getattr(state, "connection_limits", None)
    return found if isinstance(found, ConnectionLimits) else ConnectionLimits()
