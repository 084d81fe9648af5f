"""Finished games are not kept forever (issue 20, finding 9): a finished game leaves the database
``--keep-days`` after its last move, its record written to ``--archive`` first; ``asobi serve
--export DIR`` writes every stored record out. A record that cannot be written is not deleted.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from asobi.errors import AsobiError
from asobi.play import records
from asobi_frontends.web.app import create_app
from asobi_frontends.web.retention import DAY, Retention, export_all, sweep
from asobi_frontends.web.seats import Keys
from asobi_frontends.web.server import retention_of
from asobi_frontends.web.store import Store
from support.serveproc import Served, run_asobi
from support.web import TEST_OPTIONS, wait_until


def record_of(seed: int, moves: int = 0) -> dict:
    return {"format": 1, "game": "nim", "variant": "standard", "seed": seed,
            "seats": ["human", "ai:random"], "moves": [{"seat": 0, "action": {"take": 1}}] * moves}


def fill(store: Store) -> dict[str, dict]:
    """Three finished games and one unfinished, all last changed now."""
    games = {}
    for n, finished in enumerate([True, True, True, False]):
        game_id = f"game{n}"
        games[game_id] = record_of(n, moves=n + 1)
        store.create(game_id, "nim", Keys((), owner=""), "en", True, "test", record_of(n))
        store.save(game_id, games[game_id], finished)
    return games


def later(days: float) -> Retention:
    return Retention(keep_days=90, clock=lambda: time.time() + days * DAY)


def test_finished_games_past_their_days_are_archived_then_deleted(tmp_path):
    store = Store(tmp_path / "club.sqlite3")
    games = fill(store)
    archive = tmp_path / "archive"
    try:
        assert sweep(store, Retention(keep_days=90, archive=archive)) == 0  # too recent
        assert sweep(store, Retention(keep_days=90, archive=archive,
                                      clock=lambda: time.time() + 89 * DAY)) == 0
        assert sweep(store, Retention(keep_days=90, archive=archive,
                                      clock=lambda: time.time() + 91 * DAY)) == 3
        for game_id in ("game0", "game1", "game2"):
            assert store.get(game_id) is None
            written = json.loads((archive / f"{game_id}.json").read_text())
            assert written == games[game_id]
            records.check_shape(records.read(archive / f"{game_id}.json"))
        assert store.get("game3") is not None  # never finished: kept
        assert sorted(p.name for p in archive.iterdir()) == [f"game{n}.json" for n in range(3)]
    finally:
        store.close()


def test_keep_days_zero_keeps_everything_and_no_archive_still_deletes(tmp_path):
    store = Store(tmp_path / "club.sqlite3")
    fill(store)
    try:
        forever = Retention(keep_days=0, clock=lambda: time.time() + 10_000 * DAY)
        assert sweep(store, forever) == 0
        assert all(store.get(f"game{n}") is not None for n in range(4))
        assert sweep(store, later(91)) == 3
    finally:
        store.close()


def test_a_record_that_cannot_be_written_is_not_deleted(tmp_path):
    store = Store(tmp_path / "club.sqlite3")
    fill(store)
    archive = tmp_path / "archive"
    (archive / "game1.json").mkdir(parents=True)  # where game1's file would go
    try:
        gone = sweep(store, Retention(keep_days=90, archive=archive,
                                      clock=lambda: time.time() + 91 * DAY))
        assert gone == 2
        assert store.get("game1") is not None
        assert store.get("game0") is None and store.get("game2") is None
        blocked = tmp_path / "not-a-folder"
        blocked.write_text("a file")
        with pytest.raises(AsobiError, match="not-a-folder"):
            sweep(store, Retention(keep_days=90, archive=blocked,
                                   clock=lambda: time.time() + 91 * DAY))
        assert store.get("game1") is not None
    finally:
        store.close()


def test_a_running_server_sweeps_at_start_and_the_game_is_gone(web_registry, tmp_path):
    """A game played to its end over HTTP, then a server whose clock is two days later with
    --keep-days 1: the game is answered 404 and its record is in the archive, as it was."""
    db = tmp_path / "club.sqlite3"
    store = Store(db)
    with TestClient(create_app(web_registry, store, options=TEST_OPTIONS)) as client:
        created = client.post("/api/games", json={"game": "nim",
                                                  "seats": ["human", "ai:random"]}).json()
        gid, headers = created["id"], {"X-Asobi-Token": created["token"]}

        def my_turn() -> dict:
            body = client.get(f"/api/play/{gid}", headers=headers).json()
            return body if body["finished"] or body["legal"] else {}

        while not (body := wait_until(my_turn))["finished"]:
            client.post(f"/api/play/{gid}/act", json={"index": 0, "version": body["version"]},
                        headers=headers)
        kept = client.get(f"/api/play/{gid}/record", headers=headers).json()
    store.close()

    archive = tmp_path / "archive"
    store = Store(db)
    retention = Retention(keep_days=1, archive=archive, clock=lambda: time.time() + 2 * DAY)
    try:
        with TestClient(create_app(web_registry, store, options=TEST_OPTIONS,
                                   retention=retention)) as client:
            wait_until(lambda: (archive / f"{gid}.json").exists())
            wait_until(lambda: store.get(gid) is None)
            assert client.get(f"/api/play/{gid}", headers=headers).status_code == 404
        assert json.loads((archive / f"{gid}.json").read_text()) == kept
    finally:
        store.close()


def test_export_writes_every_record(tmp_path):
    store = Store(tmp_path / "club.sqlite3")
    games = fill(store)
    try:
        done = export_all(store, tmp_path / "out")
    finally:
        store.close()
    assert (done.written, done.skipped) == (4, 0)
    for game_id, record in games.items():
        assert json.loads((tmp_path / "out" / f"{game_id}.json").read_text()) == record


@pytest.mark.slow
def test_serve_export_writes_the_files_and_stops_and_is_refused_while_a_server_runs(tmp_path):
    db = tmp_path / "club.sqlite3"
    store = Store(db)
    games = fill(store)
    store.close()
    out = tmp_path / "exported"
    done = run_asobi("serve", "--db", str(db), "--export", str(out))
    assert done.returncode == 0, done.stderr
    assert f"4 game records written to {out}" in done.stdout
    assert {p.stem for p in out.iterdir()} == set(games)
    with Served(tmp_path, db=db):
        busy = run_asobi("serve", "--db", str(db), "--export", str(tmp_path / "again"))
    assert busy.returncode == 2 and "in use by another asobi server" in busy.stderr
    missing = run_asobi("serve", "--db", str(tmp_path / "none.sqlite3"), "--export", str(out))
    assert missing.returncode == 2 and "there is no database" in missing.stderr
    assert not (tmp_path / "none.sqlite3").exists()


def test_serve_options_become_the_retention():
    assert retention_of({}) == Retention(keep_days=90)
    assert retention_of({"keep_days": 0}).keep_days == 0
    assert retention_of({"keep_days": 7, "archive": "/srv/asobi/old"}).archive == \
        Path("/srv/asobi/old")
