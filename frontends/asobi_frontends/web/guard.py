"""What every response carries: the headers of a careful site, and errors as JSON.

:class:`Guard` is plain ASGI middleware, outermost in the stack. It adds the security headers to
every HTTP response, and turns a plain-text 4xx written by a layer below the application (the
Host check of Starlette's ``TrustedHostMiddleware`` answers ``Invalid host header`` as text) into
the ``{"error": ...}`` body every other refusal has.

:func:`require_club_key` is the check of the club passphrase for the routes that need it.
"""

from __future__ import annotations

import json
import secrets
from typing import Any
from urllib.parse import unquote_to_bytes

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .errors import Forbidden

CLUB_KEY_HEADER = "x-asobi-club-key"
"""The header that carries the club passphrase."""


def has_club_key(request: Request, key: str | None) -> bool:
    """Whether ``request`` carries the club passphrase ``key`` (always, when there is none).

    The header is compared, in constant time, as the bytes the client sent (Starlette reads
    header bytes as Latin-1, so they are turned back into those bytes first) with the key in
    each form a client may send it: UTF-8 (curl, httpx, a script), the same percent-encoded
    (``encodeURIComponent``: the one form in which a browser's ``fetch`` can send kana), and,
    for a key made of Latin-1 letters only, Latin-1 (what ``fetch`` sends for ``clé``)."""
    if key is None:
        return True
    given = request.headers.get(CLUB_KEY_HEADER, "").encode("latin-1")
    decoded = unquote_to_bytes(given) if b"%" in given else given
    wanted = key.encode("utf-8")
    matches = [secrets.compare_digest(given, wanted), secrets.compare_digest(decoded, wanted)]
    try:
        matches.append(secrets.compare_digest(given, key.encode("latin-1")))
    except UnicodeEncodeError:
        pass
    return any(matches)


def require_club_key(request: Request, key: str | None, to: str) -> None:
    """Refuse (403, code ``club-key``) a request without the club passphrase ``key``; ``to``
    says what it is needed for ("to replay records")."""
    if not has_club_key(request, key):
        raise Forbidden(f"this server needs the club passphrase {to} (header X-Asobi-Club-Key)",
                        "club-key")

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",  # no inline script, no eval
        "style-src 'self' 'unsafe-inline'",  # views set style attributes
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'self'",  # no framing by other sites
    )
)

SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"SAMEORIGIN"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
)


def security_headers() -> dict[str, str]:
    """:data:`SECURITY_HEADERS` for a response built outside :class:`Guard` (the answer to an
    unexpected exception is sent by Starlette's outermost layer, which Guard does not wrap)."""
    return {name.decode(): value.decode() for name, value in SECURITY_HEADERS}


class Guard:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        held: dict[str, Any] = {}

        async def send_guarded(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v) for k, v in message.get("headers", [])
                    if k.lower() not in {name for name, _ in SECURITY_HEADERS}
                ]
                headers.extend(SECURITY_HEADERS)
                message = {**message, "headers": headers}
                kind = dict(headers).get(b"content-type", b"")
                if 400 <= message["status"] < 500 and kind.startswith(b"text/plain"):
                    held["start"] = message  # rewritten once the text is known
                    held["body"] = b""
                    return
                await send(message)
                return
            if "start" in held and message["type"] == "http.response.body":
                held["body"] += message.get("body", b"")
                if message.get("more_body"):
                    return
                await _send_json_error(send, held["start"], held.pop("body"))
                return
            await send(message)

        await self.app(scope, receive, send_guarded)


async def _send_json_error(send: Send, start: Message, text: bytes) -> None:
    body = json.dumps({"error": text.decode("utf-8", "replace") or "refused"}).encode()
    headers = [
        (k, v) for k, v in start["headers"] if k.lower() not in (b"content-type", b"content-length")
    ]
    headers += [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({**start, "headers": headers})
    await send({"type": "http.response.body", "body": body})
