"""A plugin's fault at a web table: that table stops with the fault's message and keeps its
record; every other table goes on (docs/plugins.md, "When a plugin fails")."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from asobi.host.registry import Registry
from asobi_frontends.web.app import create_app
from asobi_frontends.web.store import Store
from support.web import TEST_OPTIONS, wait_until

FAULTY = Path(__file__).resolve().parents[2] / "tests" / "plugins" / "asobi-faulty"
STOPPED = ("this table stopped because a plugin failed: asobi_faulty.game `asobi_apply` raised "
           "ZeroDivisionError: the tally divided by zero")


@pytest.fixture
def warnings() -> list[str]:
    return []


@pytest.fixture
def client(monkeypatch, tmp_path, warnings) -> Iterator[Any]:
    """The web app on Tally (whose third move fails: ``ASOBI_FAULT=apply-raise``) and Nim."""
    monkeypatch.syspath_prepend(str(FAULTY))
    monkeypatch.setenv("ASOBI_FAULT", "apply-raise")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    registry = Registry(
        game_entry_points=[EntryPoint("tally", "asobi_faulty.game", "asobi.games"),
                           EntryPoint("nim", "asobi_nim", "asobi.games")],
        plugin_entry_points=[EntryPoint("faulty", "asobi_faulty.plugin", "asobi.plugins")],
        warn=warnings.append,
    )
    store = Store(tmp_path / "games.sqlite3")
    app = create_app(registry, store, options=TEST_OPTIONS)
    with TestClient(app) as test_client:
        test_client.store = store
        yield test_client
    store.close()


def start(client, game: str, seats: list[str]) -> tuple[str, str]:
    res = client.post("/api/games", json={"game": game, "seats": seats})
    assert res.status_code == 201, res.text
    return res.json()["id"], res.json()["token"]


def look(client, game_id: str, token: str):
    return client.get(f"/api/play/{game_id}?since=-1", headers={"X-Asobi-Token": token})


def move(client, game_id: str, token: str):
    version = look(client, game_id, token).json()["version"]
    return client.post(f"/api/play/{game_id}/act", json={"index": 0, "version": version},
                       headers={"X-Asobi-Token": token})


def test_a_fault_in_a_move_stops_that_table_and_the_others_go_on(client, warnings):
    tally, token = start(client, "tally", ["human", "ai:random"])
    other, other_token = start(client, "nim", ["human", "ai:random"])
    assert move(client, tally, token).status_code == 200
    wait_until(lambda: look(client, tally, token).json()["version"] == 2)  # the AI's move
    failed = move(client, tally, token)  # the third move: the game's hook raises
    assert failed.status_code == 500
    assert failed.json() == {"error": STOPPED, "code": "plugin-fault"}
    # The table stays stopped, says why to every request, and keeps its record.
    again = client.post(f"/api/play/{tally}/act", json={"index": 0, "version": 2},
                        headers={"X-Asobi-Token": token})
    assert again.status_code == 500 and again.json()["code"] == "plugin-fault"
    assert look(client, tally, token).json()["error"] == STOPPED
    hint = client.get(f"/api/play/{tally}/hint", headers={"X-Asobi-Token": token})
    assert hint.status_code == 500 and hint.json()["error"] == STOPPED
    stored = client.store.get(tally)
    assert [m["seat"] for m in stored.record["moves"]] == [0, 1]  # the moves before the fault
    assert stored.record["moves"][0]["action"] == {"add": 1}
    assert len(warnings) == 1 and warnings[0].startswith(f"table {tally} stopped: ")
    # Another table is not touched.
    assert move(client, other, other_token).status_code == 200
    assert wait_until(lambda: look(client, other, other_token).json()["version"] >= 2)
    created = client.post("/api/games", json={"game": "nim", "seats": ["human", "human"]})
    assert created.status_code == 201


def test_a_fault_in_an_ai_move_stops_the_table_for_its_players(client):
    ai_first, ai_token = start(client, "tally", ["ai:random", "human"])
    # The AI makes moves 1 and 3: its third move fails on the server's own loop.
    wait_until(lambda: look(client, ai_first, ai_token).json()["version"] == 1)
    assert move(client, ai_first, ai_token).status_code == 200
    stopped = wait_until(lambda: (r := look(client, ai_first, ai_token)).status_code == 500 and r)
    assert stopped.json() == {"error": STOPPED, "code": "plugin-fault"}
    assert len(client.store.get(ai_first).record["moves"]) == 2
