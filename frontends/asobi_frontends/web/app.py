"""The Starlette application: routes, middleware, error answers and the server's lifetime.

Every route that acts for a seat needs that seat's secret token in the ``X-Asobi-Token`` header
(never in the URL, so that no log can hold one). A user's mistake — a malformed body, an illegal
move, a wrong token, an unknown game — is answered with a 4xx status and ``{"error": message}``;
every game is then unchanged. Handlers live in :mod:`.routes_lobby` and :mod:`.routes_play`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.host.registry import Registry

from . import routes_lobby as lobby
from . import routes_play as play
from .connections import ClientLimit, ConnectionLimits
from .errors import Conflict, WebError, printable
from .games import FINISHED_SECONDS, Hub
from .guard import Guard, security_headers
from .options import ServerOptions
from .replay import replay
from .retention import Retention, sweep_forever
from .store import Store


def create_app(
    registry: Registry,
    store: Store,
    default_lang: str | None = None,
    options: ServerOptions | None = None,
    on_ready: Callable[[], None] | None = None,
    connections: ConnectionLimits | None = None,
    retention: Retention | None = None,
) -> Starlette:
    """The web frontend for every game of ``registry``, keeping games in ``store``.

    ``on_ready`` is called once the server is up (the port is bound and requests are served).
    ``connections``: the bounds of requests (the defaults when None); ``retention``: how long
    finished games are kept (None: forever, nothing swept)."""
    options = options or ServerOptions()
    connections = connections or ConnectionLimits()
    if default_lang is not None:
        options = dataclasses.replace(options, default_lang=default_lang)
    hub = Hub(registry, store, options)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(_sweep_forever(hub))
        keeper = (asyncio.create_task(sweep_forever(store, retention))
                  if retention is not None and retention.keep_days else None)
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            for task in (sweeper, keeper):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
            await hub.close()

    app = Starlette(
        routes=[
            Route("/", lobby.index),
            Route("/api/games", lobby.list_games),
            Route("/api/games", lobby.create, methods=["POST"]),
            Route("/api/join/{game_id}", lobby.join, methods=["POST"]),
            Route("/api/strings/{lang}", lobby.strings),
            Route("/api/rules/{game}", lobby.rules),
            Route("/api/stats", lobby.stats),
            Route("/api/replay", replay, methods=["POST"]),
            Route("/api/play/{game_id}", play.state),
            Route("/api/play/{game_id}/act", play.act, methods=["POST"]),
            Route("/api/play/{game_id}/invite", play.invite, methods=["POST"]),
            Route("/api/play/{game_id}/hint", play.hint),
            Route("/api/play/{game_id}/record", play.record),
            Route("/api/play/{game_id}/stream", play.stream),
            Route("/assets/{game}/{path:path}", lobby.asset),
            Mount("/static", StaticFiles(directory=lobby.STATIC), name="static"),
        ],
        middleware=[
            Middleware(Guard),
            Middleware(ClientLimit, limit=connections.requests_per_client),
            Middleware(TrustedHostMiddleware, allowed_hosts=list(options.allowed_hosts)),
        ],
        exception_handlers={
            AsobiError: user_error,
            PluginFault: plugin_fault,
            HTTPException: http_error,
            Exception: server_error,
        },
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.store = store
    app.state.connection_limits = connections
    return app


async def _sweep_forever(hub: Hub) -> None:
    period = max(1.0, min(FINISHED_SECONDS / 4, hub.options.idle_seconds / 4))
    while True:
        await asyncio.sleep(period)
        hub.sweep()


async def user_error(request: Request, exc: Exception) -> Response:
    status = exc.status if isinstance(exc, WebError) else 400
    body: dict[str, Any] = {"error": printable(str(exc))}
    if isinstance(exc, WebError) and exc.code:
        body["code"] = exc.code
    if isinstance(exc, Conflict) and exc.payload is not None:
        body["payload"] = exc.payload
    return JSONResponse(body, status_code=status)


async def plugin_fault(request: Request, exc: Exception) -> Response:
    """A plugin's fault outside a table's own work (creating a game, rebuilding a stored one):
    the one-line message that names the plugin, as a JSON error (docs/plugins.md)."""
    return JSONResponse({"error": printable(str(exc)), "code": "plugin-fault"}, status_code=500)


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    messages = {404: "no such page or API route", 405: "this route does not take that method"}
    text = messages.get(exc.status_code, exc.detail or "refused")
    return JSONResponse({"error": text}, status_code=exc.status_code, headers=exc.headers)


async def server_error(request: Request, exc: Exception) -> Response:
    # Sent by Starlette's outermost layer, outside Guard: the headers are added here.
    return JSONResponse({"error": "the server failed on this request"}, status_code=500,
                        headers=security_headers())
