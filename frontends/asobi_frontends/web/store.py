"""Where games live between requests and between server runs: one SQLite file, one writer.

Each game is one row: its id, the digests of its seat tokens and invitations (``keys``), the
language it was started in, the table's hint rule, who created it, and its record
(``Session.record()``) as JSON, written after every move. A restarted server rebuilds a game
from its record.

A database file belongs to one server process at a time, whatever path leads to it: opening it
takes an exclusive lock on a lock file in the file's folder named from the file's identity (its
device and inode, so a symbolic link, another relative path or a rename in the folder reach the
same lock), released by the system when the process ends, even by ``kill -9``. A second server
is refused with a clear message instead of keeping its own copy of the games and overwriting
the first server's moves; programs that only read the file (``sqlite3``, a backup) are not. A
file with more than one name (hard links) is refused: SQLite keeps its write-ahead log next to
the name a file is opened by, so a server started through the other name would not see the
last moves. A file that is not an asobi database (damaged, or another program's) is refused at
start with a message, and nothing is written to it.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
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
FIRST_COLUMNS = {"id", "game", "tokens", "lang", "record", "finished", "created", "updated"}
"""Columns every asobi database has had: a ``games`` table without them is another program's."""
APPLICATION_ID = 0x61736F62
"""SQLite's ``application_id`` of an asobi database ("asob"; files of older versions have 0)."""


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
        self._lock = threading.Lock()
        self._file_lock: Any = None
        if self.path == ":memory:":
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            _check(self._db, self.path)
            _prepare(self._db)
        else:
            self._file_lock, self._db = _open(self.path)

    def close(self) -> None:
        with self._lock:
            self._db.close()
        if self._file_lock is not None:
            self._file_lock.release()
            self._file_lock = None

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

    def finished_before(self, cutoff: float, after: str, limit: int
                        ) -> list[tuple[str, dict[str, Any] | None]]:
        """Up to ``limit`` finished games last changed before ``cutoff`` (seconds since the
        epoch), ids above ``after`` in order: ``(id, record)``, the record None when it is not
        JSON."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, record FROM games WHERE finished = 1 AND updated < ? AND id > ?"
                " ORDER BY id LIMIT ?", (cutoff, after, limit),
            ).fetchall()
        return [(game_id, _json_or_none(record)) for game_id, record in rows]

    def delete_finished(self, game_ids: list[str], cutoff: float) -> int:
        """Delete these games if they are still finished and last changed before ``cutoff``;
        how many were deleted."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                deleted = sum(
                    self._db.execute(
                        "DELETE FROM games WHERE id = ? AND finished = 1 AND updated < ?",
                        (game_id, cutoff),
                    ).rowcount
                    for game_id in game_ids
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        return deleted

    def records(self, batch: int = 200) -> Iterator[tuple[str, dict[str, Any] | None]]:
        """Every stored game as ``(id, record)`` in id order, read ``batch`` rows at a time
        (the record None when it is not JSON)."""
        after = ""
        while True:
            with self._lock:
                rows = self._db.execute(
                    "SELECT id, record FROM games WHERE id > ? ORDER BY id LIMIT ?",
                    (after, batch),
                ).fetchall()
            if not rows:
                return
            for game_id, record in rows:
                yield game_id, _json_or_none(record)
            after = rows[-1][0]

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


def _json_or_none(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except (TypeError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def _open(path: str) -> tuple[Any, sqlite3.Connection]:
    """The file's lock and a connection to it, on an asobi database (a new one when the file
    is new or empty), or a clear refusal with nothing written to the file."""
    file = Path(path).resolve()  # the log goes next to the file, not next to a link
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        if not file.exists():
            file.touch()  # a new database: an empty file is one (an existing file is not touched)
        identity = file.stat()
    except OSError as exc:
        raise AsobiError(f"cannot open {path}: {_why(exc)}") from None
    lock = _lock(file.parent / f".asobi-{identity.st_dev}-{identity.st_ino}.lock", path)
    try:
        if identity.st_nlink > 1:
            raise AsobiError(
                f"{path} has {identity.st_nlink} names (hard links): SQLite keeps its log next "
                "to the name a file is opened by, so two names could each hold the last moves; "
                "give the file a single name (remove the other links, or copy it) and start again"
            )
        db = sqlite3.connect(file, check_same_thread=False, isolation_level=None)
    except (AsobiError, sqlite3.Error) as exc:
        lock.release()
        raise AsobiError(str(exc) if isinstance(exc, AsobiError) else
                         f"cannot open {path}: {exc}") from None
    try:
        _check(db, path)
        db.execute("PRAGMA journal_mode=WAL")
        _prepare(db)
    except BaseException as exc:
        db.close()
        lock.release()
        if isinstance(exc, sqlite3.Error):
            raise AsobiError(_refusal(path, exc)) from None
        if isinstance(exc, (ValueError, TypeError)):  # a row of an older version, unreadable
            raise AsobiError(f"{path} is damaged (a stored game is not readable): move it "
                             "aside or choose another file with --db") from None
        raise
    return lock, db


def _refusal(path: str, exc: sqlite3.Error) -> str:
    name = getattr(exc, "sqlite_errorname", "")
    if name in ("SQLITE_BUSY", "SQLITE_LOCKED"):
        return (f"{path} is being written by another program; stop it first, or give this "
                "server its own file with --db")
    if name in ("SQLITE_NOTADB", "SQLITE_CORRUPT") or isinstance(exc, sqlite3.DatabaseError) \
            and not isinstance(exc, sqlite3.OperationalError):
        return (f"{path} is not a readable asobi database ({exc}): it is damaged or belongs to "
                "another program; move it aside (a new file is then started there) or choose "
                "another file with --db")
    return f"cannot use {path}: {_why(exc)}"


def _why(exc: BaseException) -> str:
    return str(getattr(exc, "strerror", None) or exc)


def _check(db: sqlite3.Connection, path: str) -> None:
    """Refuse a damaged file or another program's database (reading only)."""
    damage = db.execute("PRAGMA quick_check(1)").fetchone()
    if damage is None or damage[0] != "ok":
        found = " ".join(str(damage[0] if damage else "no answer").split())
        found = found if len(found) <= 120 else found[:117] + "..."
        raise AsobiError(
            f"{path} is damaged (SQLite's check: {found}): move it aside (a new file is then "
            "started there) or choose another file with --db"
        )
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    if app_id not in (0, APPLICATION_ID) or (tables and not FIRST_COLUMNS <= columns):
        raise AsobiError(
            f"{path} is a database of another program, not asobi's; choose another file with "
            "--db (asobi does not write to it)"
        )


def _prepare(db: sqlite3.Connection) -> None:
    """Create or upgrade the table, and mark the file as asobi's, in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute(SCHEMA)
        _upgrade(db)
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    db.execute("PRAGMA synchronous=NORMAL")


def _lock(lock_file: Path, path: str) -> Any:
    """Take ``lock_file`` for this process, or refuse with a message naming the database."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(lock_file), timeout=0, thread_local=False)
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


def _upgrade(db: sqlite3.Connection) -> None:
    have = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    for name, kind in COLUMNS.items():
        if name not in have:
            db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
    # Rows of older versions kept the tokens themselves: keep only their digests.
    rows = db.execute("SELECT id, tokens FROM games WHERE keys IS NULL").fetchall()
    for game_id, tokens in rows:
        plain = json.loads(tokens)
        keys = Keys(
            tuple(SeatKey(t is not None, digest(t) if t else None) for t in plain),
            owner="",
        )
        db.execute(
            "UPDATE games SET keys = ?, tokens = '[]' WHERE id = ?",
            (json.dumps(keys.to_json()), game_id),
        )

