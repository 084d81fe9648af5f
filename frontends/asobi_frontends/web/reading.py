"""Reading what a request carries, trusting none of it: bodies, tokens, numbers, languages."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import ClientDisconnect, Request

from asobi.i18n import LANGUAGES

from .connections import SlowBody, limits_of
from .errors import BadRequest, TooLarge, Unsupported
from .games import Hub, Live

MAX_NUMBER_TEXT = 20
"""Digits read from a query number (``since``); longer is a mistake, not a version."""


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def lang_of(request: Request) -> str:
    default = hub_of(request).options.default_lang
    lang = request.query_params.get("lang") or default
    return lang if lang in LANGUAGES else default


def token_of(request: Request, header: str = "x-asobi-token") -> str | None:
    """A secret from its header only: secrets never travel in URLs, so no log holds one."""
    return request.headers.get(header) or None


def seat_of(request: Request) -> tuple[Live, int]:
    hub = hub_of(request)
    live = hub.get(request.path_params["game_id"])
    return live, live.seat_of(token_of(request))


def number(text: str | None, name: str, default: int) -> int:
    if text is None or text == "":
        return default
    body = text[1:] if text.startswith("-") else text
    if not body.isascii() or not body.isdigit() or len(body) > MAX_NUMBER_TEXT:
        raise BadRequest(f"'{name}' must be a whole number")
    return int(text)


def since_of(request: Request, default: int = -1) -> int:
    return number(request.query_params.get("since"), "since", default)


def whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"'{name}' must be a whole number")
    return value


async def body_of(request: Request) -> dict[str, Any]:
    """The request's JSON object: 415 unless sent as JSON, 413 past the size limit (the body is
    not read past it), 408 when the whole body has not arrived within the body timeout, 400
    when it is not a JSON object."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Unsupported("send the body as JSON (Content-Type: application/json)")
    options = hub_of(request).options
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > options.max_body):
        raise TooLarge(f"the body is larger than this server reads ({options.max_body_text})")
    raw = bytearray()
    seconds = limits_of(request.app.state).body_seconds
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > options.max_body:
                    raise TooLarge(
                        f"the body is larger than this server reads ({options.max_body_text})"
                    )
    except ClientDisconnect:
        raise BadRequest("the request ended before its body") from None
    except TimeoutError:
        raise SlowBody(f"the request body did not arrive within {seconds:g} s",
                       "slow-body") from None
    try:
        data = json.loads(bytes(raw) or b"{}")
    except (ValueError, RecursionError):
        # ValueError covers bad JSON, bad UTF-8 and numbers of too many digits.
        raise BadRequest("the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    return data
