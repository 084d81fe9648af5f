"""The Starlette application: pages, the JSON API, the update stream and the game assets.

Every route that acts for a seat needs that seat's secret token (header ``X-Asobi-Token``,
or ``?token=`` where a header cannot be set, as with ``EventSource``). A user's mistake — a
malformed body, an illegal move, a wrong token — is answered with a 4xx status and
``{"error": message}``; the game is then unchanged.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from asobi import variants
from asobi.errors import AsobiError
from asobi.i18n import LANGUAGES
from asobi.registry import Registry
from asobi.session import canonical

from .catalogue import catalogue, game_package
from .games import Forbidden, Hub, Live, NotFound
from .store import Store

STATIC = Path(__file__).resolve().parent / "static"
PING_SECONDS = 15.0
ASSET_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".png": "image/png",
    ".woff2": "font/woff2",
}


class BadRequest(AsobiError):
    """A request the server cannot read (mapped to 400)."""


def create_app(registry: Registry, store: Store, default_lang: str = "en") -> Starlette:
    """The web frontend for every game of ``registry``, keeping games in ``store``."""
    hub = Hub(registry, store)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await hub.close()

    # -------------------------------------------------------------- helpers
    def lang_of(request: Request) -> str:
        lang = request.query_params.get("lang") or default_lang
        return lang if lang in LANGUAGES else default_lang

    def seat_of(request: Request) -> tuple[Live, int]:
        live = hub.get(request.path_params["game_id"])
        token = request.headers.get("x-asobi-token") or request.query_params.get("token")
        seat = live.seat_of(token)
        hub.kick(live)  # an AI seat left waiting (a game started outside the loop) moves now
        return live, seat

    def since_of(request: Request) -> int:
        text = request.query_params.get("since", "-1")
        try:
            return int(text)
        except ValueError:
            raise BadRequest(f"'since' must be a whole number, got {text!r}") from None

    async def body_of(request: Request) -> dict[str, Any]:
        raw = await request.body()
        try:
            data = json.loads(raw or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise BadRequest("the request body is not valid JSON") from None
        if not isinstance(data, dict):
            raise BadRequest("the request body must be a JSON object")
        return data

    # -------------------------------------------------------------- pages and files
    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def asset(request: Request) -> Response:
        game = registry.game(request.path_params["game"])
        name = request.path_params["path"]
        parts = name.split("/")
        if any(p in ("", ".", "..") or p.startswith(".") for p in parts):
            raise NotFound(f"no asset '{name}'")
        folder = game.hook.asobi_web_assets()
        if folder is None:
            raise NotFound(f"{game.info.title} has no browser view")
        item = folder
        for part in parts:
            item = item / part
        suffix = Path(name).suffix
        if suffix not in ASSET_TYPES or not item.is_file():
            raise NotFound(f"no asset '{name}'")
        return Response(
            item.read_bytes(),
            media_type=ASSET_TYPES[suffix],
            headers={"Cache-Control": "no-cache"},
        )

    # -------------------------------------------------------------- catalogue of games
    async def list_games(request: Request) -> Response:
        rows = []
        for name, game in sorted(registry.games().items()):
            info = game.info
            rows.append(
                {
                    "name": name,
                    "title": info.title,
                    "summary": info.summary,
                    "min_players": info.min_players,
                    "max_players": info.max_players,
                    "default_players": list(info.default_players),
                    "ai_levels": list(dict.fromkeys(("random", *info.ai_levels))),
                    "default_variant": info.default_variant,
                    "view": game.hook.asobi_web_assets() is not None,
                    "variants": [
                        {k: v[k] for k in ("name", "title", "description", "default")}
                        for v in variants.listing(info)
                        if v.get("ok")
                    ],
                }
            )
        return JSONResponse({"games": rows, "languages": LANGUAGES, "default_lang": default_lang})

    async def strings(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            raise NotFound(f"no language '{lang}'; known: {', '.join(LANGUAGES)}")
        body: dict[str, Any] = {"lang": lang, "web": catalogue("asobi_frontends.web", lang)}
        game_name = request.query_params.get("game")
        if game_name:
            package = game_package(registry.game(game_name))
            body["game"] = catalogue(package, lang) if package else {}
        return JSONResponse(body)

    async def rules(request: Request) -> Response:
        game = registry.game(request.path_params["game"])
        name = request.query_params.get("variant") or game.info.default_variant
        if variants.looks_like_path(name):
            raise BadRequest(f"'{name}' is not a variant name")
        variant = variants.load(game.info, name)
        lang = lang_of(request)
        text = game.hook.asobi_rules_text(rules=variant.rules, lang=lang)
        return JSONResponse(
            {
                "game": game.name,
                "title": game.info.title,
                "variant": {
                    "name": variant.name,
                    "title": variant.title,
                    "description": variant.description,
                },
                "text": text,
                "rules": json.loads(json.dumps(variant.rules, default=str)),
            }
        )

    # -------------------------------------------------------------- playing
    async def create(request: Request) -> Response:
        data = await body_of(request)
        game_name = data.get("game")
        if not isinstance(game_name, str):
            raise BadRequest("say which game to start: {\"game\": \"koikoi\", ...}")
        game = registry.game(game_name)
        seats = data.get("seats") or list(game.info.default_players) or (
            ["human"] + ["ai:random"] * (game.info.min_players - 1)
        )
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise BadRequest("'seats' must be a list such as [\"human\", \"ai:random\"]")
        variant = data.get("variant")
        if variant is not None and not isinstance(variant, str):
            raise BadRequest("'variant' must be a variant name")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise BadRequest("'seed' must be a whole number")
        lang = data.get("lang") if data.get("lang") in LANGUAGES else default_lang
        live = hub.create(game_name, variant, seats, str(lang), seed=seed)
        return JSONResponse(invitations(live), status_code=201)

    async def state(request: Request) -> Response:
        live, seat = seat_of(request)
        return JSONResponse(hub.payload(live, seat, since_of(request), lang_of(request)))

    async def act(request: Request) -> Response:
        started = time.perf_counter()
        live, seat = seat_of(request)
        data = await body_of(request)
        since = data.get("since", -1)
        if "index" in data:
            index = data["index"]
            legal = live.session.legal_actions(seat)
            if isinstance(index, bool) or not isinstance(index, int):
                raise BadRequest("'index' must be a whole number")
            if not legal:
                raise AsobiError(f"it is not your turn (waiting for {live.session.to_act()})")
            if not 0 <= index < len(legal):
                raise AsobiError(f"no choice number {index}: there are {len(legal)} choices")
            action = legal[index]
        elif "action" in data:
            action = data["action"]
        else:
            raise BadRequest('send {"action": {...}} or {"index": N}')
        hub.act(live, seat, action)
        body = hub.payload(live, seat, since if isinstance(since, int) else -1, lang_of(request))
        response = JSONResponse(body)
        # Whole request: checking, applying, saving, notifying and the seat's new payload.
        timing = (time.perf_counter() - started) * 1000.0
        response.headers["Server-Timing"] = f"move;dur={timing:.3f}"
        return response

    async def hint(request: Request) -> Response:
        live, seat = seat_of(request)
        action, reason = await hub.hint(live, seat)
        obs = live.session.observation(seat)
        legal = live.session.legal_actions(seat)
        key = canonical(action)
        index = next((i for i, a in enumerate(legal) if canonical(a) == key), None)
        text = live.game.hook.asobi_describe_action(
            observation=obs, action=action, lang=lang_of(request)
        )
        return JSONResponse(
            {"action": action, "key": key, "index": index, "label": text or key, "reason": reason}
        )

    async def record(request: Request) -> Response:
        live, _seat = seat_of(request)
        if not live.session.finished:
            # The seed and the moves would reveal the deal: only finished games are shown.
            raise Forbidden("the record can be downloaded once the game is over")
        return JSONResponse(
            live.session.record(),
            headers={"Content-Disposition": f'attachment; filename="asobi-{live.id}.json"'},
        )

    async def stream(request: Request) -> Response:
        live, seat = seat_of(request)
        lang = lang_of(request)
        since = since_of(request)
        queue: asyncio.Queue[int | None] = asyncio.Queue()
        live.listeners.add(queue)

        async def events() -> AsyncIterator[str]:
            sent = since
            first = True
            try:
                yield "retry: 1000\n\n"
                while True:
                    if first or live.version != sent:
                        first = False
                        body = hub.payload(live, seat, sent, lang)
                        sent = live.version
                        yield f"data: {json.dumps(body, separators=(',', ':'))}\n\n"
                    try:
                        item = await asyncio.wait_for(queue.get(), PING_SECONDS)
                    except TimeoutError:
                        yield ": ping\n\n"
                        continue
                    if item is None or hub.closing:
                        return
                    while not queue.empty():
                        if queue.get_nowait() is None:
                            return
            finally:
                live.listeners.discard(queue)

        return StreamingResponse(
            events(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    async def stats(request: Request) -> Response:
        times = sorted(hub.move_ms)
        body: dict[str, Any] = {"games": len(hub.games), "moves": len(times)}
        if times:
            body["p50_ms"] = round(statistics.median(times), 3)
            body["p95_ms"] = round(times[min(len(times) - 1, int(len(times) * 0.95))], 3)
            body["max_ms"] = round(times[-1], 3)
        return JSONResponse(body)

    # -------------------------------------------------------------- errors
    async def user_error(request: Request, exc: Exception) -> Response:
        status = 400
        if isinstance(exc, NotFound):
            status = 404
        elif isinstance(exc, Forbidden):
            status = 403
        return JSONResponse({"error": str(exc)}, status_code=status)

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/games", list_games),
            Route("/api/games", create, methods=["POST"]),
            Route("/api/strings/{lang}", strings),
            Route("/api/rules/{game}", rules),
            Route("/api/stats", stats),
            Route("/api/play/{game_id}", state),
            Route("/api/play/{game_id}/act", act, methods=["POST"]),
            Route("/api/play/{game_id}/hint", hint),
            Route("/api/play/{game_id}/record", record),
            Route("/api/play/{game_id}/stream", stream),
            Route("/assets/{game}/{path:path}", asset),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={AsobiError: user_error},
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.store = store
    return app


def invitations(live: Live) -> dict[str, Any]:
    """The creator's answer: the game id and one private link per human seat."""
    seats = []
    for seat, (spec, token) in enumerate(zip(live.session.seats, live.tokens, strict=True)):
        row: dict[str, Any] = {"seat": seat, "label": str(spec)}
        if token is not None:
            row["token"] = token
            row["link"] = f"/#/play/{live.id}/{token}"
        seats.append(row)
    return {"id": live.id, "game": live.game.name, "seats": seats}

