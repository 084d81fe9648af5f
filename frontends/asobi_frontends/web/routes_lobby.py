"""Routes that need no seat: the page, game assets, the catalogue, rules, creating and joining.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from asobi.host.registry import Game
from asobi.i18n import LANGUAGES, entries

from .errors import NotFound
from .games import Live
from .guard import require_club_key
from .hookspecs import web_assets
from .newgame import find_game, read_new_game
from .reading import body_of, hub_of, lang_of
from .seats import Minted

STATIC = Path(__file__).resolve().parent / "static"
ASSET_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".png": "image/png",
    ".woff2": "font/woff2",
}
MAX_ASSET_PATH = 200


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def asset(request: Request) -> Response:
    game = find_game(hub_of(request).registry, request.path_params["game"])
    name = request.path_params["path"]
    parts = name.split("/")
    if len(name) > MAX_ASSET_PATH or any(p in ("", ".", "..") or p.startswith(".") for p in parts):
        raise NotFound("no such asset")
    folder = web_assets(game)
    if folder is None:
        raise NotFound(f"{game.info.title} has no browser view")
    item = folder
    for part in parts:
        item = item / part
    suffix = Path(name).suffix
    if suffix not in ASSET_TYPES or not item.is_file():
        raise NotFound(f"no asset '{name}'")
    return Response(
        item.read_bytes(), media_type=ASSET_TYPES[suffix], headers={"Cache-Control": "no-cache"}
    )


async def list_games(request: Request) -> Response:
    hub = hub_of(request)
    options = hub.options
    lang = lang_of(request)
    rows = []
    for name, game in sorted(hub.registry.games().items()):
        info = game.info
        levels = game.ai_levels()
        rows.append(
            {
                "name": name,
                "title": game.title_in(lang),
                "summary": game.summary_in(lang),
                "lang": lang,
                "min_players": info.min_players,
                "max_players": info.max_players,
                "default_players": list(info.default_players),
                "ai_levels": levels,
                "level_titles": {level: game.level_title(level, lang) for level in levels},
                "default_level": game.default_level,
                "default_variant": info.default_variant,
                "view": web_assets(game) is not None,
                "emblem": emblem_of(game),
                "variants": [
                    {
                        "name": v["name"],
                        "title": v["translations"].get(lang, {}).get("title") or v["title"],
                        "description": v["translations"].get(lang, {}).get("description")
                        or v["description"],
                        "default": v["default"],
                    }
                    for v in hub.variants.listing(game)
                    if v.get("ok")
                ],
            }
        )
    return JSONResponse(
        {
            "games": rows,
            "languages": LANGUAGES,
            "default_lang": options.default_lang,
            "club_key_required": options.club_key is not None,
            "limits": {
                "ai_budget_max": options.ai_budget_max,
                "allow_ai_only": options.allow_ai_only,
            },
        }
    )


async def strings(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGUAGES:
        raise NotFound(f"no language '{lang[:20]}'; known: {', '.join(LANGUAGES)}")
    # Whole catalogues: plural entries ({one, other, ...}) travel as objects for tn/gtn.
    body: dict[str, Any] = {"lang": lang, "web": entries("asobi_frontends.web", lang)}
    game_name = request.query_params.get("game")
    if game_name:
        package = find_game(hub_of(request).registry, game_name).package
        body["game"] = entries(package, lang) if package else {}
    return JSONResponse(body)


async def rules(request: Request) -> Response:
    hub = hub_of(request)
    game = find_game(hub.registry, request.path_params["game"])
    variant = hub.variants.find(game, request.query_params.get("variant") or None)
    lang = lang_of(request)
    text = game.hooks.rules_text(variant.rules, lang)
    return JSONResponse(
        {
            "game": game.name,
            "title": game.title_in(lang),
            "variant": {
                "name": variant.name,
                "title": variant.title_in(lang),
                "description": variant.description_in(lang),
            },
            "text": text,
            "rules": json.loads(json.dumps(variant.rules, default=str)),
        }
    )


async def create(request: Request) -> Response:
    hub = hub_of(request)
    require_club_key(request, hub.options.club_key, "to create games")
    data = await body_of(request)
    new = read_new_game(hub.registry, hub.variants, data, hub.options)
    creator = request.client.host if request.client else "unknown"
    live, minted = hub.create(new, creator, paced=True)
    return JSONResponse(created(live, minted), status_code=201)


async def join(request: Request) -> Response:
    hub = hub_of(request)
    live = hub.get(request.path_params["game_id"])
    data = await body_of(request)
    seat, token = hub.seating.claim(live, data.get("code"))
    return JSONResponse({"id": live.id, "seat": seat, "token": token})


async def stats(request: Request) -> Response:
    hub = hub_of(request)
    times = sorted(hub.move_ms)
    body: dict[str, Any] = {"games": len(hub.games), "moves": len(times)}
    if times:
        body["p50_ms"] = round(statistics.median(times), 3)
        body["p95_ms"] = round(times[min(len(times) - 1, int(len(times) * 0.95))], 3)
        body["p99_ms"] = round(times[min(len(times) - 1, int(len(times) * 0.99))], 3)
        body["max_ms"] = round(times[-1], 3)
    return JSONResponse(body)


def emblem_of(game: Game) -> str | None:
    """The address of the game's emblem (``emblem.svg`` beside its view), if it has one."""
    folder = web_assets(game)
    if folder is None or not (folder / "emblem.svg").is_file():
        return None
    return f"/assets/{game.name}/emblem.svg"


def created(live: Live, minted: Minted) -> dict[str, Any]:
    """The creator's answer: their own seat's token, the owner key, and one invitation per
    other human seat (codes, not tokens: each mints a token for whoever claims it first)."""
    return {
        "id": live.id,
        "game": live.game.name,
        "seat": minted.creator_seat,
        "token": minted.creator_token,
        "owner": minted.owner,
        "hints": live.hints,
        "invitations": [
            {"seat": seat, "code": code, "link": invitation_link(live.id, code)}
            for seat, code in sorted(minted.invitations.items())
        ],
    }


def invitation_link(game_id: str, code: str) -> str:
    return f"/#/join/{game_id}/{code}"

