"""The ``web`` frontend: every installed game in the browser.

``asobi serve`` runs a long-lived server for a club (games kept in SQLite, one private link per
human seat); ``asobi play GAME --frontend web`` starts a local server with that one game and
opens it in the browser. See ``README.md`` in this folder for the API and the view contract.

This module stays light (``asobi`` reads the frontend's options from it at start-up): the
server and Starlette are imported only when a game is played or served.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from asobi.host.registry import Registry
    from asobi.play.frontend import Launch


def _whole(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise argparse.ArgumentTypeError(f"expected a whole number of 0 or more, got '{text}'")
    return int(text)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got '{text}'") from None
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(f"seconds above 0 and at most 86400, got {text}")
    return value


def _port(text: str) -> int:
    value = _whole(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, got {text}")
    return value


class WebFrontend:
    """Entry point object of the ``web`` frontend."""

    title = "Web browser (local game, or a server for a club with asobi serve)"
    requires = ("starlette", "uvicorn", "filelock")
    """What the server imports (the extra ``web``): the core says it is not installed
    without them (:class:`asobi.host.registry.FrontendMissing`)."""
    install = "pip install 'asobi[web]'"

    def add_options(self, parser: argparse.ArgumentParser, command: str) -> None:
        """The web frontend's options of ``asobi play`` and ``asobi serve``."""
        group = parser.add_argument_group("web frontend")
        group.add_argument("--host", default="127.0.0.1", help="address to listen on")
        group.add_argument("--port", type=_port,
                           help="port (default: 8000 for serve, any free one for play)")
        group.add_argument("--db", help="SQLite file where games are kept (default: user "
                           "data dir); one server per file")
        if command != "serve":
            return
        from asobi.cli.main import (
            positive,  # not at import: `python -m asobi.cli.main` would load it twice
        )

        group.add_argument("--club-key", help="passphrase needed to create games "
                           "(default: $ASOBI_CLUB_KEY; none: anyone who reaches the server)")
        group.add_argument("--allowed-host", action="append", metavar="NAME",
                           help="a host name the server answers to (repeatable; loopback "
                           "names always)")
        group.add_argument("--max-games", type=positive(int),
                           help="games held at once: being played, or finished and still "
                           "in memory (default 1000)")
        group.add_argument("--games-per-creator", type=_whole,
                           help="unfinished games one address may have (0: no limit; "
                           "default 20)")
        group.add_argument("--idle-minutes", type=positive(float),
                           help="minutes before an untouched unfinished game leaves memory "
                           "(it stays in --db; a finished one after a minute; default 30)")
        group.add_argument("--ai-budget-max", type=positive(float),
                           help="largest AI time budget per move a seat may ask for, in "
                           "seconds (default 2)")
        group.add_argument("--ai-threads", type=positive(int),
                           help="AI decisions computed at once (default: CPU count)")
        group.add_argument("--hint-threads", type=positive(int),
                           help="hints (and replays) computed at once, in threads of their "
                           "own (default: half of --ai-threads, at least 1)")
        group.add_argument("--hints-per-game", type=positive(int),
                           help="hints being worked out at once for one game (default 2)")
        group.add_argument("--games-per-minute", type=_whole,
                           help="games one address may start in any minute (0: no limit; "
                           "default 10)")
        group.add_argument("--streams-per-seat", type=positive(int),
                           help="open update streams of one seat; a new one ends its oldest "
                           "(default 2)")
        group.add_argument("--allow-ai-only", action="store_true", default=None,
                           help="accept games without a human seat")
        group.add_argument("--header-timeout", type=_seconds, metavar="S",
                           help="seconds a client has to send a request's headers (default 10)")
        group.add_argument("--body-timeout", type=_seconds, metavar="S",
                           help="seconds a client has to send a request's body (default 30)")
        group.add_argument("--max-connections", type=positive(int), metavar="N",
                           help="connections open at once (default 1000, fewer when the "
                           "system's open-file limit is lower)")
        group.add_argument("--requests-per-client", type=_whole, metavar="N",
                           help="requests in progress at once from one client address, update "
                           "streams included (0: no limit; default 100)")
        group.add_argument("--forwarded-allow-ips", metavar="LIST",
                           help="addresses of reverse proxies whose X-Forwarded-For names the "
                           "client (comma-separated; default: $FORWARDED_ALLOW_IPS or "
                           "127.0.0.1,::1)")
        group.add_argument("--keep-days", type=_whole, metavar="N",
                           help="days a finished game is kept after its last move (0: "
                           "forever; default 90)")
        group.add_argument("--archive", metavar="DIR",
                           help="folder where a finished game's record is written before it "
                           "is deleted (default: not kept)")
        group.add_argument("--export", metavar="DIR",
                           help="write the record of every game in --db to DIR as JSON files, "
                           "then stop (no server is started)")

    def serve(self, registry: Registry, options: Mapping[str, Any]) -> int:
        from asobi_frontends.web.server import serve

        return serve(registry, options)

    def play(self, launch: Launch) -> int:
        from asobi_frontends.web.server import play

        return play(launch)


FRONTEND = WebFrontend()

__all__ = ["FRONTEND", "WebFrontend"]
