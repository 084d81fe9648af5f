"""Where games live between requests and between server runs: one SQLite file.

Each game is one row: its id, the seat tokens, the language it was started in, and its record
(``Session.record()``) as JSON, written after every move. A restarted server rebuilds a game
from its record with :func:`asobi.records.replay`.
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


def default_db_path() -> Path:
    """``<user data dir>/asobi/web.sqlite3``."""
    return Path(platformdirs.user_data_dir("asobi")) / "web.sqlite3"


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    tokens: list[str | None]
    lang: str
    record: dict[str, Any]
    finished: bool
    updated: float


class Store:
    """A small thread-safe wrapper around one SQLite connection."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(
        self, game_id: str, game: str, tokens: list[str | None], lang: str, record: dict[str, Any]
    ) -> None:
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO games (id, game, tokens, lang, record, finished, created, updated)"
                " VALUES (?, ?, ?, ?, ?, 0, ?, ?)",
                (game_id, game, json.dumps(tokens), lang, json.dumps(record), now, now),
            )

    def save(self, game_id: str, record: dict[str, Any], finished: bool) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE games SET record = ?, finished = ?, updated = ? WHERE id = ?",
                (json.dumps(record), int(finished), time.time(), game_id),
            )

    def get(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, tokens, lang, record, finished, updated FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
        return None if row is None else _row(row)

    def unfinished(self) -> list[StoredGame]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, tokens, lang, record, finished, updated FROM games"
                " WHERE finished = 0 ORDER BY updated DESC"
            ).fetchall()
        return [_row(r) for r in rows]


def _row(row: tuple[Any, ...]) -> StoredGame:
    return StoredGame(
        id=row[0],
        game=row[1],
        tokens=json.loads(row[2]),
        lang=row[3],
        record=json.loads(row[4]),
        finished=bool(row[5]),
        updated=row[6],
    )
