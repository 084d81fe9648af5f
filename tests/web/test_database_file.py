"""One writer per database file, whatever the path (issue 20, finding 8), and a clear refusal of
a file that is not an asobi database (finding 9).

The attack of the finding: a second server started on the same file through a symbolic link
or a hard link kept its own copy of the games. Here the second one is refused, in the same
process (a second Store) and as a second ``asobi serve`` (exit status 2, no traceback).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import httpx2
import pytest

from asobi.errors import AsobiError
from asobi_frontends.web.seats import Keys
from asobi_frontends.web.store import APPLICATION_ID, Store
from support.serveproc import Served, run_asobi

IN_USE = "is in use by another asobi server"
RECORD = {"format": 1, "game": "nim", "variant": "standard", "seed": 4,
          "seats": ["human", "ai:random"], "moves": []}


def stored(store: Store, game_id: str = "g1") -> None:
    store.create(game_id, "nim", Keys((), owner=""), "en", True, "test", RECORD)


def test_a_second_store_is_refused_through_a_link_of_either_kind(tmp_path):
    db = tmp_path / "club.sqlite3"
    first = Store(db)
    stored(first)
    (tmp_path / "alias.sqlite3").symlink_to(db)
    os.link(db, tmp_path / "twin.sqlite3")
    (tmp_path / "elsewhere").mkdir()
    os.link(db, tmp_path / "elsewhere" / "club.sqlite3")
    try:
        for path in (db, tmp_path / "alias.sqlite3", tmp_path / "twin.sqlite3",
                     tmp_path / "." / "club.sqlite3"):
            with pytest.raises(AsobiError, match=IN_USE):
                Store(path)
        # A name in another folder reaches another lock file; the file's three names refuse it.
        with pytest.raises(AsobiError, match="has 3 names"):
            Store(tmp_path / "elsewhere" / "club.sqlite3")
        assert first.get("g1") is not None  # the first store is untouched and goes on
        first.save("g1", {**RECORD, "moves": [{"seat": 0, "action": {"take": 1}}]}, False)
    finally:
        first.close()


def test_a_file_with_two_names_is_refused_even_when_free(tmp_path):
    """SQLite keeps its log next to the name it opens: a file with two names could hold the
    last moves under one name only, so it is refused until it has one name again."""
    db = tmp_path / "club.sqlite3"
    Store(db).close()
    os.link(db, tmp_path / "twin.sqlite3")
    for path in (db, tmp_path / "twin.sqlite3"):
        with pytest.raises(AsobiError, match="has 2 names"):
            Store(path)
    assert not list(tmp_path.glob("*-wal"))  # refused before SQLite opened it
    (tmp_path / "twin.sqlite3").unlink()
    Store(db).close()


def test_a_symbolic_link_opens_the_file_itself(tmp_path):
    db = tmp_path / "real" / "club.sqlite3"
    db.parent.mkdir()
    store = Store(db)
    stored(store)
    store.close()
    (tmp_path / "alias.sqlite3").symlink_to(db)
    again = Store(tmp_path / "alias.sqlite3")
    try:
        assert again.get("g1") is not None
        again.save("g1", RECORD, True)
        # The journal is next to the file, never next to the link.
        assert not list(tmp_path.glob("alias.sqlite3-*"))
    finally:
        again.close()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["symlink", "hardlink"])
def test_a_second_server_through_another_path_refuses_to_start(tmp_path, kind):
    db = tmp_path / "club.sqlite3"
    with Served(tmp_path, db=db) as first:
        other = tmp_path / f"{kind}.sqlite3"
        if kind == "symlink":
            other.symlink_to(db)
        else:
            os.link(db, other)
        second = run_asobi("serve", "--db", str(other), "--port", "0")
        assert second.returncode == 2
        assert IN_USE in second.stderr and "Traceback" not in second.stderr
        assert httpx2.get(f"{first.url}/api/games").status_code == 200


def damaged(tmp_path: Path) -> Path:
    path = tmp_path / "damaged.sqlite3"
    store = Store(path)
    for n in range(60):
        stored(store, f"game{n:02d}")
    store.close()
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xff" * 4096  # a page of the table, overwritten
    path.write_bytes(bytes(data))
    return path


def foreign(tmp_path: Path) -> Path:
    path = tmp_path / "notes.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('buy rice')")
    return path


def foreign_games(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE games (title TEXT, price REAL)")
    return path


def marked(tmp_path: Path) -> Path:
    path = tmp_path / "other-app.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA application_id = 1234")
    return path


def not_sqlite(tmp_path: Path) -> Path:
    path = tmp_path / "text.sqlite3"
    path.write_text("This is a shopping list, not a database.\n" * 200)
    return path


FILES = {
    "damaged": (damaged, "is damaged"),
    "another program's tables": (foreign, "a database of another program"),
    "another program's games table": (foreign_games, "a database of another program"),
    "another program's id": (marked, "a database of another program"),
    "not SQLite": (not_sqlite, "is not a readable asobi database"),
}


@pytest.mark.parametrize("name", list(FILES))
def test_a_file_that_is_not_an_asobi_database_is_refused_and_left_as_it_was(tmp_path, name):
    make, message = FILES[name]
    path = make(tmp_path)
    before = path.read_bytes()
    with pytest.raises(AsobiError, match=message) as refused:
        Store(path)
    assert "--db" in str(refused.value)
    assert path.read_bytes() == before
    left = sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".asobi-"))
    assert left == [path.name]  # no journal beside it


@pytest.mark.parametrize("name", ["damaged", "not SQLite"])
def test_serve_on_such_a_file_is_one_message_and_exit_2(tmp_path, name):
    make, message = FILES[name]
    path = make(tmp_path)
    done = run_asobi("serve", "--db", str(path), "--port", "0")
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_an_empty_file_and_an_older_asobi_file_are_databases(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    Store(empty).close()
    older = tmp_path / "older.sqlite3"
    with sqlite3.connect(older) as db:  # the first version's table, without application id
        db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, tokens TEXT"
                   " NOT NULL, lang TEXT NOT NULL, record TEXT NOT NULL, finished INTEGER NOT"
                   " NULL DEFAULT 0, created REAL NOT NULL, updated REAL NOT NULL)")
    Store(older).close()
    with sqlite3.connect(older) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
