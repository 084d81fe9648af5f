"""A move is kept or refused, never both (issue 20, finding 7): when the database cannot be
written (a full disk), the move is taken back, nobody hears of it, the answer is a 503 that
says so, and the same move sent again once there is room is applied and kept."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from starlette.testclient import TestClient

from asobi_frontends.web.app import create_app
from asobi_frontends.web.store import Store
from support.api import move, seat_get, start
from support.web import TEST_OPTIONS, wait_until

FULL = "database or disk is full"


def fail_once(monkeypatch, method: str, after: int = 0) -> list[int]:
    """``Store.<method>`` raises "database or disk is full" once, after ``after`` calls that
    work; the list counts the calls."""
    original = getattr(Store, method)
    calls: list[int] = []

    def failing(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == after + 1:
            raise sqlite3.OperationalError(FULL)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Store, method, failing)
    return calls


@pytest.fixture
def app_client(web_registry, db_path):
    store = Store(db_path)
    with TestClient(create_app(web_registry, store, options=TEST_OPTIONS)) as client:
        client.store = store
        yield client
    store.close()


def test_a_move_the_disk_cannot_keep_is_refused_and_a_retry_later_works(
    app_client, web_registry, db_path, monkeypatch
):
    client = app_client
    created = start(client, seats=("human", "human"))
    gid, tokens = created["id"], created["tokens"]
    before = seat_get(client, gid, tokens[0])
    live = client.app.state.hub.games[gid]
    other_page: asyncio.Queue[int | None] = asyncio.Queue()
    live.listeners[other_page] = 1  # the other seat's stream
    fail_once(monkeypatch, "save")

    refused = move(client, gid, tokens[0], index=1, version=0)
    assert refused.status_code == 503
    assert refused.json()["code"] == "not-kept"
    assert "nothing changed" in refused.json()["error"]
    assert seat_get(client, gid, tokens[0]) == before  # the move was taken back
    assert live.session.moves == [] and other_page.empty()  # and nobody heard of it
    assert client.store.get(gid).record["moves"] == []

    again = move(client, gid, tokens[0], index=1, version=0)  # there is room again
    assert again.status_code == 200 and again.json()["version"] == 1
    assert other_page.get_nowait() == 1
    kept = client.store.get(gid).record["moves"]
    assert len(kept) == 1 and kept[0]["seat"] == 0
    after = seat_get(client, gid, tokens[1])
    live.listeners.pop(other_page)
    client.store.close()

    store = Store(db_path)  # a restart: the move is there
    with TestClient(create_app(web_registry, store, options=TEST_OPTIONS)) as restarted:
        assert seat_get(restarted, gid, tokens[1])["observation"] == after["observation"]
        assert seat_get(restarted, gid, tokens[1])["version"] == 1
    store.close()


def first_choices(client, created, moves: int | None = None) -> int:
    """Play ``moves`` moves (or to the end), every seat taking its first choice; how many."""
    gid, tokens = created["id"], created["tokens"]
    made = 0
    while moves is None or made < moves:
        body = seat_get(client, gid, tokens[0])
        if body["finished"]:
            break
        seat = body["to_act"][0]
        assert move(client, gid, tokens[seat], version=body["version"]).status_code == 200
        made += 1
    return made


def test_the_end_is_announced_only_once_the_last_move_is_kept(app_client, monkeypatch):
    client = app_client
    # Nim has no hidden cards: taking the first choice every time is the same game each time.
    length = first_choices(client, start(client, seats=("human", "human")))
    created = start(client, seats=("human", "human"))
    gid, tokens = created["id"], created["tokens"]
    hooks = client.app.state.hub.games[gid].session.game.hooks
    heard: list[dict] = []
    monkeypatch.setattr(hooks, "game_over",
                        lambda variant, result, seats: heard.append(result))
    assert first_choices(client, created, length - 1) == length - 1
    body = seat_get(client, gid, tokens[0])
    seat = body["to_act"][0]
    fail_once(monkeypatch, "save")
    res = move(client, gid, tokens[seat], version=body["version"])  # the last move
    assert res.status_code == 503
    assert heard == []  # no observer was told of an end that did not happen
    assert seat_get(client, gid, tokens[0]) == body
    assert client.store.get(gid).finished is False
    res = move(client, gid, tokens[seat], version=body["version"])
    assert res.status_code == 200 and res.json()["finished"] is True
    assert len(heard) == 1 and client.store.get(gid).finished is True


@pytest.mark.slow
def test_an_ai_move_the_disk_cannot_keep_is_made_again_once_it_can(app_client, monkeypatch):
    client = app_client
    calls = fail_once(monkeypatch, "save", after=1)  # the person's move, then the AI's fails
    created = start(client, seats=("human", "ai:random"))
    gid, token = created["id"], created["tokens"][0]
    assert move(client, gid, token, index=0, version=0).status_code == 200
    body = wait_until(lambda: (b := seat_get(client, gid, token))["version"] >= 2 and b)
    assert len(calls) >= 3  # the AI's move was refused once, then kept
    assert [m["seat"] for m in client.store.get(gid).record["moves"]][:2] == [0, 1]
    assert body["legal"] or body["finished"]


def test_a_claim_the_disk_cannot_keep_leaves_the_invitation_unused(app_client, monkeypatch):
    client = app_client
    created = client.post("/api/games", json={"game": "nim", "seats": ["human", "human"]}).json()
    gid, code = created["id"], created["invitations"][0]["code"]
    fail_once(monkeypatch, "save_keys")
    res = client.post(f"/api/join/{gid}", json={"code": code})
    assert res.status_code == 503 and res.json()["code"] == "not-kept"
    assert seat_get(client, gid, created["token"])["seats"][1]["claimed"] is False
    res = client.post(f"/api/join/{gid}", json={"code": code})
    assert res.status_code == 200 and res.json()["seat"] == 1
    assert client.store.get(gid).keys.seats[1].token is not None
