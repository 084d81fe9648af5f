"""Where games live between requests and between server runs: one SQLite file, one writer.

Each game is one row: its id, the digests of its seat tokens and invitations (``keys``), the
language it was started in, the table's hint rule, who created it, and its record
(``Session.record()``) as JSON, written after every move. A restarted server rebuilds a game
from its record.

A database file belongs to one server process at a time: opening it takes an exclusive lock on
``<file>.lock`` (released by the system when the process ends, even by ``kill -9``), and a
second server on the same file is refused with a clear message instead of keeping its own copy
of the games and overwriting the first server's moves.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from asobi.errors import AsobiError

from .seats import Keys, SeatKey, digest

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    tokens TEXT NOT NULL,
    lang TEXT NOT NULL,
    record TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
)
"""
COLUMNS = {"keys": "TEXT", "hints": "INTEGER NOT NULL DEFAULT 1", "creator": "TEXT"}
"""Columns added by the fair-play version; older files get them when first opened."""


def default_db_path() -> Path:
    """``<user data dir>/asobi/web.sqlite3``."""
    return Path(platformdirs.user_data_dir("asobi")) / "web.sqlite3"


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    keys: Keys
    lang: str
    hints: bool
    creator: str
    record: dict[str, Any]
    finished: bool
    updated: float


class Store:
    """A small thread-safe wrapper around one SQLite connection, holding the file's lock."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        self._file_lock: Any = None
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._file_lock = _lock(Path(self.path))
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(SCHEMA)
        self._upgrade()

    def close(self) -> None:
        with self._lock:
            self._db.close()
        if self._file_lock is not None:
            self._file_lock.release()
            self._file_lock = None

    def _upgrade(self) -> None:
        have = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        for name, kind in COLUMNS.items():
            if name not in have:
                self._db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
        # Rows of older versions kept the tokens themselves: keep only their digests.
        rows = self._db.execute("SELECT id, tokens FROM games WHERE keys IS NULL").fetchall()
        for game_id, tokens in rows:
            plain = json.loads(tokens)
            keys = Keys(
                tuple(SeatKey(t is not None, digest(t) if t else None) for t in plain),
                owner="",
            )
            self._db.execute(
                "UPDATE games SET keys = ?, tokens = '[]' WHERE id = ?",
                (json.dumps(keys.to_json()), game_id),
            )

    def create(
        self,
        game_id: str,
        game: str,
        keys: Keys,
        lang: str,
        hints: bool,
        creator: str,
        record: dict[str, Any],
    ) -> None:
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO games (id, game, tokens, lang, record, finished, created, updated,"
                " keys, hints, creator) VALUES (?, ?, '[]', ?, ?, 0, ?, ?, ?, ?, ?)",
                (game_id, game, lang, json.dumps(record), now, now,
                 json.dumps(keys.to_json()), int(hints), creator),
            )

    def save(self, game_id: str, record: dict[str, Any], finished: bool) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE games SET record = ?, finished = ?, updated = ? WHERE id = ?",
                (json.dumps(record), int(finished), time.time(), game_id),
            )

    def save_keys(self, game_id: str, keys: Keys) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE games SET keys = ? WHERE id = ?", (json.dumps(keys.to_json()), game_id)
            )

    def get(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, keys, lang, hints, creator, record, finished, updated"
                " FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
        return None if row is None else _row(row)

    def unfinished(self) -> list[StoredGame]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, keys, lang, hints, creator, record, finished, updated"
                " FROM games WHERE finished = 0 ORDER BY updated DESC"
            ).fetchall()
        return [_row(r) for r in rows]


def _row(row: tuple[Any, ...]) -> StoredGame:
    return StoredGame(
        id=row[0],
        game=row[1],
        keys=Keys.from_json(json.loads(row[2])),
        lang=row[3],
        hints=bool(row[4]),
        creator=row[5] or "",
        record=json.loads(row[6]),
        finished=bool(row[7]),
        updated=row[8],
    )


def _lock(path: Path) -> Any:
    """Take ``<path>.lock`` for this process, or refuse with a message naming the file."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(path) + ".lock", timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise AsobiError(
            f"{path} is in use by another asobi server; stop that server first, or give this "
            "one its own file with --db"
        ) from None
    except OSError as exc:
        raise AsobiError(f"cannot lock {path}: {exc.strerror or exc}") from None
    return lock
