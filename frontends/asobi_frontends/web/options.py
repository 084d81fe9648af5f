"""What a club server allows: the bounds on work, memory and who may create games.

One frozen value, built from ``asobi serve``'s options (or a test's keywords) and read by every
handler. Nothing here is mutable at run time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
"""Host headers a server bound to the loopback answers (a DNS-rebinding page sends another)."""

CLUB_KEY_ENV = "ASOBI_CLUB_KEY"
"""Environment variable read when ``--club-key`` is not given."""


@dataclass(frozen=True)
class ServerOptions:
    """Limits and rules of one web server."""

    default_lang: str = "en"
    max_body: int = 64 * 1024
    """Largest request body read, in bytes (413 above)."""
    max_games: int = 1000
    """Games held at once: unfinished and changed (a move, a seat taken) within
    ``idle_seconds``, and finished ones still in memory (429 above, until some rest or leave).
    Reading an unfinished game does not count."""
    games_per_creator: int = 20
    """Unfinished games in memory created from one client address (0: no limit)."""
    games_per_minute: int = 10
    """Games one client address may start in any minute (0: no limit)."""
    allow_ai_only: bool = False
    """Accept games without a human seat (they run on the server's CPU with nobody watching)."""
    ai_budget_max: float = 2.0
    """The largest AI time budget per move a seat may ask for (``ai:hard:SECONDS``)."""
    ai_threads: int = max(1, os.cpu_count() or 1)
    """AI decisions computed at once; more wait their turn (one client address holds at most
    about half of these threads, :func:`.work.fair_share`)."""
    hint_threads: int = 0
    """Hints (and replays) computed at once, in threads of their own (0: half of
    ``ai_threads``, at least one)."""
    hints_per_game: int = 2
    """Hints being worked out at once for one game (one per seat at most; 429 above)."""
    idle_seconds: float = 1800.0
    """An unfinished game nobody touched for this long leaves memory (it stays in the
    database); a finished one leaves after :data:`.games.FINISHED_SECONDS`."""
    listeners_per_game: int = 16
    """Open update streams one game accepts (429 above)."""
    streams_per_seat: int = 2
    """Open update streams of one seat: a new one ends the seat's oldest."""
    club_key: str | None = None
    """Passphrase needed to create games (None: anyone who reaches the server may)."""
    allowed_hosts: tuple[str, ...] = LOCAL_HOSTS
    """Values of the Host header the server answers; ``("*",)`` accepts any."""

    @property
    def hint_workers(self) -> int:
        """The threads of hints and replays: ``hint_threads``, or half of ``ai_threads``."""
        return self.hint_threads or max(1, self.ai_threads // 2)

    @property
    def max_body_text(self) -> str:
        return f"{self.max_body // 1024} KiB" if self.max_body >= 1024 else f"{self.max_body} B"


def hosts_for(bind: str, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The Host headers to accept for a server bound to ``bind``.

    A loopback server accepts only loopback names (plus ``extra``); a server bound to a
    wildcard address accepts what ``extra`` names, or any host when ``extra`` is empty."""
    if extra:
        return tuple(dict.fromkeys((*extra, *LOCAL_HOSTS)))
    if bind in ("0.0.0.0", "::", ""):
        return ("*",)
    return tuple(dict.fromkeys((*LOCAL_HOSTS, bind)))


def club_key_from_env(given: str | None) -> str | None:
    key = given if given is not None else os.environ.get(CLUB_KEY_ENV)
    return key or None
