"""Update streams cannot be turned against players (issue 20, finding 5): ``HEAD`` holds no
stream, one seat cannot take a game's every stream, and a finished game's streams close after
its last payload. A live server: these are long-lived HTTP answers."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx2
import pytest

from asobi_frontends.web.games import Hub
from support.web import TEST_OPTIONS, LiveServer


@pytest.fixture
def server(web_registry, tmp_path) -> Iterator[LiveServer]:
    options = dataclasses.replace(TEST_OPTIONS, listeners_per_game=4, streams_per_seat=2)
    live = LiveServer(web_registry, tmp_path / "streams.sqlite3", options=options)
    live.start()
    yield live
    live.stop()


def hub_of(server: LiveServer) -> Hub:
    hub: Hub = server.server.config.app.state.hub
    return hub


def people(http: httpx2.Client, seats: int = 2) -> tuple[str, list[str]]:
    """A Nim game of ``seats`` people, every seat claimed: its id and tokens."""
    created = http.post("/api/games", json={"game": "nim", "seats": ["human"] * seats}).json()
    tokens = [created["token"]]
    for invitation in created["invitations"]:
        claim = http.post(f"/api/join/{created['id']}", json={"code": invitation["code"]})
        tokens.append(claim.json()["token"])
    return created["id"], tokens


def open_stream(stack: ExitStack, http: httpx2.Client, gid: str, token: str) -> Any:
    """An open update stream of ``token``'s seat, its first payload read: the lines left (keep
    them: dropping them closes the stream)."""
    res = stack.enter_context(http.stream("GET", f"/api/play/{gid}/stream",
                                          headers={"X-Asobi-Token": token}))
    assert res.status_code == 200, res.read()
    lines = res.iter_lines()
    assert json.loads(next(line for line in lines if line.startswith("data:"))[5:])
    return lines


def replaced(lines: Any) -> bool:
    """Whether a stream ended with the ``replaced`` event and no payload before it."""
    rest = [line for line in lines if line and not line.startswith(":")]
    if rest[:1] != ["event: replaced"] or len(rest) != 2:
        return False
    return bool(json.loads(rest[1].removeprefix("data:"))["code"] == "replaced")


def test_three_pages_of_one_seat_settle_the_newest_wins(server):
    """Three tabs of one seat (two streams a seat): the third ends the first with a
    ``replaced`` event; the first, taking the seat back, ends the second the same way; the
    two newest streams get every update."""
    with httpx2.Client(base_url=server.url, timeout=5) as http, ExitStack() as stack:
        gid, tokens = people(http)
        tabs = [open_stream(stack, http, gid, tokens[0]) for _ in range(3)]
        assert replaced(tabs[0])
        back = open_stream(stack, http, gid, tokens[0])  # the first tab's "Play here"
        assert replaced(tabs[1])
        res = http.post(f"/api/play/{gid}/act", json={"index": 0, "version": 0},
                        headers={"X-Asobi-Token": tokens[0]})
        assert res.status_code == 200
        for tab in (tabs[2], back):
            update = json.loads(next(line for line in tab if line.startswith("data:"))[5:])
            assert update["version"] == 1
        assert listeners(server, gid) == [0, 0]


def listeners(server: LiveServer, gid: str) -> list[int]:
    return sorted(hub_of(server).games[gid].listeners.values())


def settle(check: Any, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_head_on_a_stream_answers_at_once_and_holds_no_stream(server):
    with httpx2.Client(base_url=server.url, timeout=5) as http:
        gid, tokens = people(http)
        for _ in range(10):  # ten times the per-seat cap: none of them is kept
            res = http.head(f"/api/play/{gid}/stream", headers={"X-Asobi-Token": tokens[0]})
            assert res.status_code == 200
            assert res.headers["content-type"].startswith("text/event-stream")
        assert listeners(server, gid) == []
        res = http.head(f"/api/play/{gid}/stream", headers={"X-Asobi-Token": "x" * 32})
        assert res.status_code == 403  # the same checks as a GET


def test_one_seat_cannot_take_every_stream_of_a_game(server):
    with httpx2.Client(base_url=server.url, timeout=5) as http, ExitStack() as stack:
        gid, tokens = people(http)
        mine = [open_stream(stack, http, gid, tokens[0]) for _ in range(5)]
        # The seat holds two streams; each new one ended the seat's oldest, saying why (the
        # page stops instead of reconnecting: issue 34, finding 6).
        assert listeners(server, gid) == [0, 0]
        for ended in mine[:3]:
            assert replaced(ended)
        # The other seat still follows the game (the game's cap is 4).
        theirs = open_stream(stack, http, gid, tokens[1])
        assert listeners(server, gid) == [0, 0, 1]
        res = http.post(f"/api/play/{gid}/act", json={"index": 0, "version": 0},
                        headers={"X-Asobi-Token": tokens[0]})
        assert res.status_code == 200
        update = json.loads(next(line for line in theirs if line.startswith("data:"))[5:])
        assert update["version"] == 1


def test_the_game_cap_still_refuses_streams_past_it(web_registry, tmp_path):
    options = dataclasses.replace(TEST_OPTIONS, listeners_per_game=3, streams_per_seat=2)
    server = LiveServer(web_registry, tmp_path / "cap.sqlite3", options=options)
    server.start()
    try:
        with httpx2.Client(base_url=server.url, timeout=5) as http, ExitStack() as stack:
            gid, tokens = people(http, seats=3)
            held = [open_stream(stack, http, gid, tokens[seat]) for seat in (0, 0, 1)]
            assert len(held) == 3 and listeners(server, gid) == [0, 0, 1]
            res = http.get(f"/api/play/{gid}/stream", headers={"X-Asobi-Token": tokens[2]})
            assert res.status_code == 429 and res.json()["error"]
    finally:
        server.stop()


def test_streams_of_a_finished_game_close_after_its_last_payload(server):
    with httpx2.Client(base_url=server.url, timeout=5) as http, ExitStack() as stack:
        gid, tokens = people(http)
        following = open_stream(stack, http, gid, tokens[1])
        while True:  # play to the end, the second seat's stream open all along
            body = http.get(f"/api/play/{gid}", headers={"X-Asobi-Token": tokens[0]}).json()
            if body["finished"]:
                break
            seat = body["to_act"][0]
            res = http.post(f"/api/play/{gid}/act", json={"index": 0, "version": body["version"]},
                            headers={"X-Asobi-Token": tokens[seat]})
            assert res.status_code == 200
        payloads = [json.loads(line[5:]) for line in following if line.startswith("data:")]
        assert payloads and payloads[-1]["finished"] is True  # the last one, then the end
        settle(lambda: listeners(server, gid) == [])
        # A stream opened on the finished game: its final payload, and it closes.
        for _ in range(5):
            with http.stream("GET", f"/api/play/{gid}/stream",
                             headers={"X-Asobi-Token": tokens[0]}) as res:
                data = [json.loads(line[5:]) for line in res.iter_lines()
                        if line.startswith("data:")]
            assert [p["finished"] for p in data] == [True]
        settle(lambda: listeners(server, gid) == [])
