"""A club server people can trust: deals nobody can compute, one seat for one person, hints as a
table rule, bounded work, stale and repeated moves, clear refusals and careful headers."""

from __future__ import annotations

import json
import logging

import pytest
from starlette.testclient import TestClient

from asobi.play.seeds import parse_seed
from asobi_frontends.web.app import create_app
from asobi_frontends.web.options import ServerOptions
from asobi_frontends.web.store import Store
from support.api import move, seat_get, start
from support.web import TEST_OPTIONS, LiveServer, need, wait_until

JSON = {"Content-Type": "application/json"}


def app_client(registry, tmp_path, **changes):
    options = ServerOptions(**{**TEST_OPTIONS.__dict__, **changes})
    store = Store(tmp_path / f"club-{len(list(tmp_path.iterdir()))}.sqlite3")
    return TestClient(create_app(registry, store, options=options)), store


def play_out(client, created):
    gid, tokens = created["id"], created["tokens"]
    while not (body := seat_get(client, gid, tokens[0]))["finished"]:
        seat = body["to_act"][0]
        assert move(client, gid, tokens[seat], version=body["version"]).status_code == 200
    return body


# ---------------------------------------------------------------------- deals
def test_a_game_between_two_people_has_a_seed_of_at_least_128_bits(client):
    created = start(client, seats=("human", "human"))
    play_out(client, created)
    record = client.get(f"/api/play/{created['id']}/record",
                        headers={"X-Asobi-Token": created["tokens"][1]}).json()
    assert isinstance(record["seed"], str)  # survives JSON readers that hold 53-bit numbers
    assert parse_seed(record["seed"], "seed").bit_length() >= 128


def test_a_chosen_seed_is_refused_at_a_table_of_people_and_allowed_for_practice(client):
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "human"], "seed": 7})
    assert res.status_code == 400 and "practice" in res.json()["error"]
    solo = start(client, seats=("human", "ai:random"), seed=7)
    again = start(client, seats=("human", "ai:random"), seed=7)
    first = seat_get(client, solo["id"], solo["tokens"][0])["observation"]
    assert first == seat_get(client, again["id"], again["tokens"][0])["observation"]


def test_a_chosen_seed_stays_with_its_creator_for_the_whole_game(web_registry, tmp_path):
    """Issue 34, finding 5: the creator of a practice game with a chosen seed cannot give up
    the seat (nor re-invite it with the owner key) to send the link to a friend who would
    then play a deal the creator knows; also after a restart. A game with a seed nobody
    chose can still be given up."""
    client, store = app_client(web_registry, tmp_path)
    with client:
        solo = start(client, seats=("human", "ai:random"), seed=7)
        gid, token = solo["id"], solo["tokens"][0]
        headers = {"X-Asobi-Token": token}
        res = client.post(f"/api/play/{gid}/invite", json={"seat": 0}, headers=headers)
        assert res.status_code == 403 and res.json()["code"] == "chosen-seed"
        assert "seed" in res.json()["error"]
        res = client.post(f"/api/play/{gid}/invite", json={"seat": 0},
                          headers={"X-Asobi-Owner": solo["owner"]})
        assert res.status_code in (403, 409)  # held by its player, and a chosen seed
        assert seat_get(client, gid, token)["seats"][0]["claimed"] is True  # nothing changed
        fair = start(client, seats=("human", "ai:random"))
        res = client.post(f"/api/play/{fair['id']}/invite", json={"seat": 0},
                          headers={"X-Asobi-Token": fair["tokens"][0]})
        assert res.status_code == 200 and res.json()["link"]
    store.close()
    reopened = Store(store.path)
    with TestClient(create_app(web_registry, reopened, options=TEST_OPTIONS)) as again:
        res = again.post(f"/api/play/{gid}/invite", json={"seat": 0}, headers=headers)
        assert res.status_code == 403 and res.json()["code"] == "chosen-seed"
    reopened.close()


# ---------------------------------------------------------------------- seats
def test_an_invitation_is_claimed_once_and_a_reinvitation_revokes_the_old_seat(client):
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "human"]})
    created = res.json()
    gid, code = created["id"], created["invitations"][0]["code"]
    assert seat_get(client, gid, created["token"])["seats"][1]["claimed"] is False
    first = client.post(f"/api/join/{gid}", json={"code": code})
    assert first.status_code == 200 and first.json()["seat"] == 1
    friend = first.json()["token"]
    assert friend not in (code, created["token"])
    again = client.post(f"/api/join/{gid}", json={"code": code})
    assert again.status_code == 409 and "already used" in again.json()["error"]
    assert client.post(f"/api/join/{gid}", json={"code": "x" * 32}).status_code == 403
    assert seat_get(client, gid, created["token"])["seats"][1]["claimed"] is True

    # Only the owner key re-invites; a seat token (even the creator's) does not.
    for headers in ({}, {"X-Asobi-Owner": created["token"]}, {"X-Asobi-Owner": friend}):
        res = client.post(f"/api/play/{gid}/invite", json={"seat": 1}, headers=headers)
        assert res.status_code == 403
    # A seat its player holds is theirs (issue 20): the owner key does not take it...
    res = client.post(f"/api/play/{gid}/invite", json={"seat": 1},
                      headers={"X-Asobi-Owner": created["owner"]})
    assert res.status_code == 409 and res.json()["code"] == "seat-held"
    # ...until the player gives it up; then the owner may invite someone to it again.
    res = client.post(f"/api/play/{gid}/invite", json={"seat": 1},
                      headers={"X-Asobi-Token": friend})
    assert res.status_code == 200
    res = client.post(f"/api/play/{gid}/invite", json={"seat": 1},
                      headers={"X-Asobi-Owner": created["owner"]})
    assert res.status_code == 200
    fresh = res.json()["code"]
    lost = client.get(f"/api/play/{gid}", headers={"X-Asobi-Token": friend})
    assert lost.status_code == 403 and lost.json()["code"] == "token"
    assert client.post(f"/api/join/{gid}", json={"code": code}).status_code == 403
    assert seat_get(client, gid, created["token"])["seats"][1]["claimed"] is False
    claimed = client.post(f"/api/join/{gid}", json={"code": fresh})
    assert claimed.status_code == 200 and claimed.json()["seat"] == 1
    assert seat_get(client, gid, claimed.json()["token"])["seat"] == 1


def test_the_database_keeps_digests_not_tokens(client, db_path):
    created = start(client, seats=("human", "human"))
    raw = db_path.read_bytes() + b"".join(
        p.read_bytes() for p in db_path.parent.glob("*-wal")
    )
    for secret in (*created["tokens"], created["owner"], created["invitations"][0]["code"]):
        assert secret.encode() not in raw


# ---------------------------------------------------------------------- hints
def test_hints_are_a_table_rule_between_people_and_always_on_against_the_ai(client):
    off = start(client, seats=("human", "human"))
    body = seat_get(client, off["id"], off["tokens"][0])
    assert body["hints"] is False
    res = client.get(f"/api/play/{off['id']}/hint", headers={"X-Asobi-Token": off["tokens"][0]})
    assert res.status_code == 403 and "hints are off" in res.json()["error"]
    assert res.json()["code"] == "hints-off"  # the page tells it from a lost seat ("token")
    on = start(client, seats=("human", "human"), hints=True)
    assert seat_get(client, on["id"], on["tokens"][1])["hints"] is True
    res = client.get(f"/api/play/{on['id']}/hint", headers={"X-Asobi-Token": on["tokens"][0]})
    assert res.status_code == 200
    solo = start(client, seats=("human", "ai:random"), hints=False)
    assert seat_get(client, solo["id"], solo["tokens"][0])["hints"] is True


# ---------------------------------------------------------------------- versions
def test_a_stale_move_is_409_with_the_table_and_a_repeated_move_is_applied_once(client):
    created = start(client, seats=("human", "human"))
    gid, tokens = created["id"], created["tokens"]
    first = move(client, gid, tokens[0], index=1, version=0)
    assert first.status_code == 200 and first.json()["version"] == 1
    repeat = move(client, gid, tokens[0], index=1, version=0)  # the same request, sent again
    assert repeat.status_code == 200 and repeat.json()["version"] == 1
    stale = move(client, gid, tokens[0], index=0, version=0)  # another move on the old table
    assert stale.status_code == 409
    assert stale.json()["payload"]["version"] == 1 and "version" in stale.json()["error"]
    late = move(client, gid, tokens[1], index=0, version=0)
    assert late.status_code == 409
    assert seat_get(client, gid, tokens[0])["version"] == 1


# ---------------------------------------------------------------------- bounded work
def test_bodies_must_be_json_and_small(client):
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""):
        res = client.post("/api/games", content=b'{"game": "nim"}', headers={"Content-Type": kind})
        assert res.status_code == 415 and "application/json" in res.json()["error"]
    big = b'{"game": "nim", "pad": "' + b"x" * 70_000 + b'"}'
    res = client.post("/api/games", content=big, headers=JSON)
    assert res.status_code == 413 and "64 KiB" in res.json()["error"]

    def chunks():  # no Content-Length: the server stops reading at the limit
        yield b'{"pad": "'
        for _ in range(1000):
            yield b"x" * 1000
        yield b'"}'

    res = client.post("/api/games", content=chunks(), headers=JSON)
    assert res.status_code == 413


def test_ai_only_games_and_long_ai_budgets_are_refused_unless_the_server_allows(
    web_registry, tmp_path
):
    client, store = app_client(web_registry, tmp_path)
    with client:
        res = client.post("/api/games", json={"game": "nim", "seats": ["ai:random"] * 2})
        assert res.status_code == 403 and "human" in res.json()["error"]
        res = client.post("/api/games", json={"game": "koikoi", "seats": ["human", "ai:hard:60"]})
        assert res.status_code == 400 and "at most 2 s" in res.json()["error"]
        assert client.get("/api/games").json()["limits"]["allow_ai_only"] is False
    store.close()
    client, store = app_client(web_registry, tmp_path, allow_ai_only=True, ai_budget_max=60.0)
    with client:
        res = client.post("/api/games", json={"game": "nim", "seats": ["ai:random"] * 2})
        assert res.status_code == 201 and res.json()["token"] is None
    store.close()


def test_the_club_passphrase_guards_creation(web_registry, tmp_path):
    client, store = app_client(web_registry, tmp_path, club_key="cherry blossom")
    with client:
        assert client.get("/api/games").json()["club_key_required"] is True
        body = {"game": "nim", "seats": ["human", "ai:random"]}
        for headers in ({}, {"X-Asobi-Club-Key": "plum"}, {"X-Asobi-Club-Key": "é".encode()}):
            res = client.post("/api/games", json=body, headers=headers)
            assert res.status_code == 403 and "passphrase" in res.json()["error"]
        res = client.post("/api/games", json=body, headers={"X-Asobi-Club-Key": "cherry blossom"})
        assert res.status_code == 201
    store.close()


def test_caps_on_games_per_creator_and_games_in_memory(web_registry, tmp_path):
    body = {"game": "nim", "seats": ["human", "ai:random"]}
    client, store = app_client(web_registry, tmp_path, games_per_creator=2)
    with client:
        assert [client.post("/api/games", json=body).status_code for _ in range(3)] == [
            201, 201, 429]
    store.close()
    client, store = app_client(web_registry, tmp_path, max_games=1, games_per_creator=0)
    with client:
        assert client.post("/api/games", json=body).status_code == 201
        res = client.post("/api/games", json=body)
        assert res.status_code == 429 and "full" in res.json()["error"]
    store.close()


def test_finished_games_leave_memory_promptly_and_count_while_they_stay(web_registry,
                                                                       tmp_path):
    """Issue 34, finding 8: a finished game is in the store; it leaves memory a minute after
    its last request (not --idle-minutes), and until then it counts toward --max-games: a new
    game at the cap takes the place of finished ones that no page follows."""
    from asobi_frontends.web.games import FINISHED_SECONDS

    body = {"game": "nim", "seats": ["human", "human"]}
    client, store = app_client(web_registry, tmp_path, max_games=1, games_per_creator=0,
                               idle_seconds=3600.0)
    with client:
        hub = client.app.state.hub
        clock = [hub.now()]
        hub.now = lambda: clock[0]
        created = start(client, seats=("human", "human"))
        assert play_out(client, created)["finished"]
        clock[0] += FINISHED_SECONDS - 1
        hub.sweep()
        assert created["id"] in hub.games
        clock[0] += 2
        hub.sweep()
        assert created["id"] not in hub.games  # well before the idle hour
        again = seat_get(client, created["id"], created["tokens"][0])  # back from the store
        assert again["finished"] is True and created["id"] in hub.games
        # At the cap (one game), the finished game in memory counts: the new one takes its
        # place; then the unfinished new one holds the cap.
        fresh = client.post("/api/games", json=body)
        assert fresh.status_code == 201 and list(hub.games) == [fresh.json()["id"]]
        res = client.post("/api/games", json=body)
        assert res.status_code == 429 and "full" in res.json()["error"]
    store.close()


def test_idle_games_leave_memory_and_come_back_from_the_database(web_registry, tmp_path):
    client, store = app_client(web_registry, tmp_path, idle_seconds=60.0)
    with client:
        created = start(client, seats=("human", "human"))
        gid, token = created["id"], created["tokens"][0]
        assert move(client, gid, token, version=0).status_code == 200
        before = seat_get(client, gid, token)
        hub = client.app.state.hub
        clock = [hub.now() + 3600]
        hub.now = lambda: clock[0]
        hub.sweep()
        assert gid not in hub.games
        after = seat_get(client, gid, token)
        assert gid in hub.games
        assert after == before  # observation, log and narration are back
    store.close()


# ---------------------------------------------------------------------- refusals
@pytest.mark.parametrize(
    "body",
    [
        {"game": "nim", "lang": ["x"]},
        {"game": "nim", "lang": {}},
        {},
        {"game": ["nim"]},
        {"game": "nim", "seats": "human"},
        {"game": "nim", "seats": [1, 2]},
        {"game": "nim", "variant": 3},
        {"game": "nim", "variant": "nope"},
        {"game": "nim", "hints": "yes"},
        {"game": "nim", "creator_seat": 1},
        {"game": "nim", "seed": -1},
        {"game": "nim", "seed": 1.5},
        {"game": "nim", "seed": "0xzz"},
    ],
)
def test_bad_creation_bodies_are_4xx_json(client, body):
    res = client.post("/api/games", json=body)
    assert 400 <= res.status_code < 500, res.text
    assert res.json()["error"]
    assert client.app.state.hub.games == {}


def test_numbers_too_long_nesting_too_deep_and_odd_tokens_are_4xx(client):
    created = start(client, seats=("human", "human"))
    gid = created["id"]
    for raw in (b'{"game": "nim", "seed": ' + b"9" * 4301 + b"}", b"[" * 50_000 + b"]" * 50_000):
        res = client.post("/api/games", content=raw[:60_000], headers=JSON)
        assert 400 <= res.status_code < 500 and res.json()["error"]
    for token in ("é" * 20, "🂡", "a b", "x" * 65, "null"):
        res = client.get(f"/api/play/{gid}", headers={"X-Asobi-Token": token.encode()})
        assert res.status_code == 403 and res.json()["error"]
    assert client.get(f"/api/play/{gid}?token={created['tokens'][0]}").status_code == 403
    assert client.get(f"/api/play/{gid}?since=1e9",
                      headers={"X-Asobi-Token": created["tokens"][0]}).status_code == 400


def test_unknown_things_are_404_and_wrong_methods_405_all_in_json(client):
    for path in ("/api/rules/nope", "/api/rules/nim?variant=nope", "/assets/nope/x.js",
                 "/api/strings/xx", "/api/strings/en?game=nope", "/api/play/nope",
                 "/api/nothing", "/static/nothing.js"):
        res = client.get(path)
        assert res.status_code == 404, path
        assert res.json()["error"], path
    res = client.delete("/api/games")
    assert res.status_code == 405 and res.json()["error"]


# ---------------------------------------------------------------------- headers
def test_every_answer_carries_the_headers_of_a_careful_site(client):
    for res in (client.get("/"), client.get("/api/games"), client.get("/api/nothing")):
        policy = res.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split(
            "script-src")[1].split(";")[0]
        assert "frame-ancestors 'self'" in policy
        assert res.headers["x-content-type-options"] == "nosniff"
        assert res.headers["referrer-policy"] == "no-referrer"


def test_a_foreign_host_header_is_refused(client):
    res = client.get("/api/games", headers={"Host": "evil.example"})
    assert res.status_code == 400 and "host" in res.json()["error"].lower()
    assert client.get("/api/games", headers={"Host": "localhost:8000"}).status_code == 200


class Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_tokens_never_reach_the_server_log(web_registry, tmp_path):
    import httpx2

    server = LiveServer(web_registry, tmp_path / "log.sqlite3", log_level="debug")
    server.start()
    sink = Collect()
    loggers = [logging.getLogger(name) for name in ("uvicorn.access", "uvicorn.error", "")]
    for logger in loggers:
        logger.addHandler(sink)
    try:
        with httpx2.Client(base_url=server.url) as http:
            created = http.post("/api/games", json={"game": "nim", "seats": ["human"] * 2}).json()
            code = created["invitations"][0]["code"]
            friend = http.post(f"/api/join/{created['id']}", json={"code": code}).json()["token"]
            for token in (created["token"], friend):
                http.get(f"/api/play/{created['id']}", headers={"X-Asobi-Token": token})
            http.post(f"/api/play/{created['id']}/act", json={"index": 0, "version": 0},
                      headers={"X-Asobi-Token": created["token"]})
            with http.stream("GET", f"/api/play/{created['id']}/stream",
                             headers={"X-Asobi-Token": friend}) as events:
                for line in events.iter_lines():
                    if line.startswith("data:"):
                        break
    finally:
        for logger in loggers:
            logger.removeHandler(sink)
        server.stop()
    logged = "\n".join(sink.lines)
    assert f"/api/play/{created['id']}/act" in logged  # the access log was on
    for secret in (created["token"], friend, code, created["owner"]):
        assert secret not in logged


def test_old_databases_keep_their_games_and_lose_their_plain_tokens(web_registry, tmp_path):
    import sqlite3

    db = tmp_path / "old.sqlite3"
    legacy = sqlite3.connect(db)
    legacy.execute(
        "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, tokens TEXT NOT NULL,"
        " lang TEXT NOT NULL, record TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0,"
        " created REAL NOT NULL, updated REAL NOT NULL)"
    )
    record = {"format": 1, "game": "nim", "variant": "standard", "seed": 4,
              "seats": ["human", "ai:random"], "moves": []}
    token = "Abcdefghijklmnopqrstuvwx"
    legacy.execute("INSERT INTO games VALUES ('oldgame', 'nim', ?, 'en', ?, 0, 0, 0)",
                   (json.dumps([token, None]), json.dumps(record)))
    legacy.commit()
    legacy.close()
    store = Store(db)
    with TestClient(create_app(web_registry, store, options=TEST_OPTIONS)) as client:
        assert seat_get(client, "oldgame", token)["seat"] == 0
    store.close()
    assert token.encode() not in db.read_bytes()


def test_a_restart_brings_back_the_move_log_and_its_narration(web_registry, tmp_path):
    need(web_registry, "koikoi")
    db = tmp_path / "restart.sqlite3"
    store = Store(db)
    with TestClient(create_app(web_registry, store, options=TEST_OPTIONS)) as client:
        created = start(client, game="koikoi", seats=("human", "ai:easy"), seed=12)
        gid, token = created["id"], created["tokens"][0]
        for _ in range(3):
            body = wait_until(lambda: (b := seat_get(client, gid, token))["legal"] and b)
            assert move(client, gid, token, version=body["version"]).status_code == 200
        before = wait_until(lambda: (b := seat_get(client, gid, token))["legal"] and b)
    store.close()
    store = Store(db)
    with TestClient(create_app(web_registry, store, options=TEST_OPTIONS)) as client:
        after = seat_get(client, gid, token)
    store.close()
    assert len(before["narration"]) >= 6
    assert after == before


def test_the_table_hears_when_a_seat_is_claimed_without_any_move(web_registry, tmp_path):
    import httpx2

    server = LiveServer(web_registry, tmp_path / "claims.sqlite3")
    server.start()
    try:
        with httpx2.Client(base_url=server.url, timeout=10) as http:
            created = http.post("/api/games", json={"game": "nim", "seats": ["human"] * 2}).json()
            gid, code = created["id"], created["invitations"][0]["code"]
            with http.stream("GET", f"/api/play/{gid}/stream",
                             headers={"X-Asobi-Token": created["token"]}) as events:
                payloads = (json.loads(line[5:]) for line in events.iter_lines()
                            if line.startswith("data:"))
                assert next(payloads)["seats"][1]["claimed"] is False
                assert http.post(f"/api/join/{gid}", json={"code": code}).status_code == 200
                update = next(payloads)
                assert update["seats"][1]["claimed"] is True and update["version"] == 0
    finally:
        server.stop()
