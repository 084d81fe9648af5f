"""The club server attacked again (issue 20): one client's hints and AI games cannot hold up
another client's AI, a seat a player holds is theirs until they give it up, a chosen seed
never decides the cards of someone else, and the limits on games count what is really played.

Two client addresses are needed here, so these tests speak HTTP to the app in one event loop
(httpx's ASGI transport, one client per address) instead of through Starlette's TestClient.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx2
import pytest

from asobi.play.driver import Driver
from asobi_frontends.web.app import create_app
from asobi_frontends.web.games import Hub
from asobi_frontends.web.store import Store
from support.api import move, seat_get, start
from support.web import TEST_OPTIONS, need

FLOODER = "10.0.0.1"
BYSTANDER = "10.0.0.2"


@asynccontextmanager
async def served(registry, tmp_path, **changes) -> AsyncIterator[Callable[[str], Any]]:
    """The app with ``changes`` to the test options; yields ``client(address)``: an HTTP
    client whose requests come from ``address``."""
    options = dataclasses.replace(TEST_OPTIONS, **changes)
    store = Store(tmp_path / f"club-{len(list(tmp_path.iterdir()))}.sqlite3")
    app = create_app(registry, store, options=options)
    made: list[httpx2.AsyncClient] = []

    def client(address: str) -> httpx2.AsyncClient:
        transport = httpx2.ASGITransport(app=app, client=(address, 40000))
        http = httpx2.AsyncClient(transport=transport, base_url="http://testserver",
                                  timeout=30)
        made.append(http)
        return http

    client.hub = app.state.hub  # type: ignore[attr-defined]
    try:
        yield client
    finally:
        for http in made:
            await http.aclose()
        await app.state.hub.close()
        store.close()


async def table(http: httpx2.AsyncClient, game: str, seats: list[str], **extra: Any) -> dict:
    """A new game with every invitation claimed: the answer plus ``tokens`` by seat."""
    res = await http.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert res.status_code == 201, res.text
    created = res.json()
    tokens: list[str | None] = [None] * len(seats)
    if created["seat"] is not None:
        tokens[created["seat"]] = created["token"]
    for invitation in created["invitations"]:
        claim = await http.post(f"/api/join/{created['id']}", json={"code": invitation["code"]})
        tokens[claim.json()["seat"]] = claim.json()["token"]
    return {**created, "tokens": tokens}


async def look(http: httpx2.AsyncClient, gid: str, token: str) -> dict:
    res = await http.get(f"/api/play/{gid}", headers={"X-Asobi-Token": token})
    assert res.status_code == 200, res.text
    return res.json()


async def until(check: Callable[[], Any], seconds: float) -> Any:
    """Wait (without blocking the loop) until ``check()`` is truthy; None after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = await check() if asyncio.iscoroutinefunction(check) else check()
        if value:
            return value
        await asyncio.sleep(0.02)
    return None


def gate_hints(monkeypatch) -> tuple[threading.Event, list[int]]:
    """Every hint waits in its worker thread until the returned event is set (a slow hint
    level); the list gets the seat of every hint actually computed."""
    gate = threading.Event()
    computed: list[int] = []
    original = Driver.hinter

    def hinter(self: Driver, seat: int) -> Callable[[], Any]:
        work = original(self, seat)

        def slow() -> Any:
            computed.append(seat)
            gate.wait(30)
            return work()

        return slow

    monkeypatch.setattr(Driver, "hinter", hinter)
    return gate, computed


async def bystander_ai_answer(http: httpx2.AsyncClient, seconds: float) -> float | None:
    """The bystander's Nim game against ai:random: seconds from its move to the AI's answer
    (None: no answer within ``seconds``)."""
    game = await table(http, "nim", ["human", "ai:random"])
    gid, token = game["id"], game["tokens"][0]
    res = await http.post(f"/api/play/{gid}/act", json={"index": 0, "version": 0},
                          headers={"X-Asobi-Token": token})
    assert res.status_code == 200, res.text
    started = time.monotonic()

    async def answered() -> bool:
        return (await look(http, gid, token))["version"] >= 2

    return time.monotonic() - started if await until(answered, seconds) else None


# ---------------------------------------------------------------------- fair scheduling
def test_a_hint_flood_does_not_delay_another_clients_ai(web_registry, tmp_path, monkeypatch):
    """One client keeps every hint thread busy and more hints waiting; another client's AI
    answers at once all the same (AI moves never queue behind hints)."""
    gate, computed = gate_hints(monkeypatch)

    async def attack() -> None:
        async with served(web_registry, tmp_path, ai_threads=2) as client:
            flood = client(FLOODER)
            tables = [await table(flood, "nim", ["human", "human"], hints=True)
                      for _ in range(4)]
            hints = [asyncio.create_task(flood.get(f"/api/play/{t['id']}/hint",
                                                   headers={"X-Asobi-Token": t["tokens"][0]}))
                     for t in tables for _ in range(3)]
            assert await until(lambda: computed, 5)  # the hint threads are taken
            waited = await bystander_ai_answer(client(BYSTANDER), 5.0)
            assert waited is not None, "the bystander's AI waited behind the hints"
            assert not any(h.done() for h in hints)  # the flood is still going on
            gate.set()
            answers = await asyncio.gather(*hints)
            assert {a.status_code for a in answers} == {200}
            # Three asks per seat, one hint computed per seat (the same answer shared).
            assert len(computed) == len(tables)

    try:
        asyncio.run(attack())
    finally:
        gate.set()


def test_one_clients_ai_games_cannot_take_every_ai_thread(web_registry, tmp_path, monkeypatch):
    """A client whose AI seats think for a long time holds at most half of the AI threads:
    another client's AI still answers at once."""
    gate = threading.Event()
    original = Driver.thinker

    def thinker(self: Driver, seat: int) -> Callable[[], Any]:
        work = original(self, seat)
        if seat != 0:
            return work

        def slow() -> Any:  # the flooder's AI sits in seat 0, the bystander's in seat 1
            gate.wait(30)
            return work()

        return slow

    monkeypatch.setattr(Driver, "thinker", thinker)

    async def attack() -> None:
        async with served(web_registry, tmp_path, ai_threads=2) as client:
            flood = client(FLOODER)
            for _ in range(3):
                await table(flood, "nim", ["ai:random", "human"])
            pool = client.hub.ai_pool
            assert await until(lambda: pool.running(FLOODER) == 1, 5)
            waited = await bystander_ai_answer(client(BYSTANDER), 5.0)
            assert waited is not None, "the bystander's AI waited behind another client's AI"
            assert pool.running(FLOODER) == 1  # never more than its share
            gate.set()

    try:
        asyncio.run(attack())
    finally:
        gate.set()


@pytest.mark.slow
def test_hints_are_capped_per_game_and_dropped_when_the_table_moves_on(
    web_registry, tmp_path, monkeypatch
):
    need(web_registry, "sakura")
    gate, computed = gate_hints(monkeypatch)

    async def attack() -> None:
        async with served(web_registry, tmp_path, ai_threads=2, hints_per_game=2) as client:
            http = client(FLOODER)
            blocker = await table(http, "nim", ["human", "human"], hints=True)
            busy = asyncio.create_task(http.get(
                f"/api/play/{blocker['id']}/hint",
                headers={"X-Asobi-Token": blocker["tokens"][0]}))
            assert await until(lambda: computed, 5)  # the only hint thread is taken
            garden = await table(http, "sakura", ["human"] * 6, hints=True)
            gid, tokens = garden["id"], garden["tokens"]

            def ask(seat: int) -> asyncio.Task[httpx2.Response]:
                return asyncio.create_task(http.get(
                    f"/api/play/{gid}/hint", headers={"X-Asobi-Token": tokens[seat]}))

            waiting = [ask(0), ask(1)]
            await asyncio.sleep(0.2)
            # Two hints wait at this table: a third seat is refused at once.
            third = await ask(2)
            assert third.status_code == 429 and third.json()["code"] == "hints-busy"
            # Seat 5 chooses its card: the table moves on, the waiting hints are stale.
            body = await look(http, gid, tokens[5])
            res = await http.post(f"/api/play/{gid}/act",
                                  json={"index": 0, "version": body["version"]},
                                  headers={"X-Asobi-Token": tokens[5]})
            assert res.status_code == 200
            gate.set()
            stale = await asyncio.gather(*waiting)
            assert [r.status_code for r in stale] == [409, 409]
            assert {r.json()["code"] for r in stale} == {"stale"}
            assert (await busy).status_code == 200
            assert computed == [0]  # only the blocker's hint was ever computed
            fresh = await ask(0)
            assert fresh.status_code == 200 and fresh.json()["label"]

    try:
        asyncio.run(attack())
    finally:
        gate.set()


# ---------------------------------------------------------------------- seats
def mid_game(client, moves=3):
    """A Koi-Koi table between two invited humans, three moves in. A table with an invitation
    takes no chosen seed, and a deal at random can end the round at once (a hand dealt with a
    yaku), so a table whose round ends before the third move is set aside for another."""
    for _ in range(20):
        created = start(client, game="koikoi", seats=("human", "human"))
        for _ in range(moves):
            body = seat_get(client, created["id"], created["tokens"][0])
            if not body["to_act"]:
                break
            seat = body["to_act"][0]
            res = move(client, created["id"], created["tokens"][seat], version=body["version"])
            assert res.status_code == 200
        else:
            return created
    raise AssertionError("twenty deals in a row ended before three moves")


def test_the_owner_cannot_take_a_seat_its_player_holds(client, web_registry):
    """The attack of finding 3: mid-game, the creator re-invites the friend's claimed seat to
    claim it and read the friend's hand. It is refused and nothing changes."""
    need(web_registry, "koikoi")
    created = mid_game(client)
    gid, (mine, friend) = created["id"], created["tokens"]
    friends_hand = seat_get(client, gid, friend)["observation"]["hand"]
    owner = {"X-Asobi-Owner": created["owner"]}
    res = client.post(f"/api/play/{gid}/invite", json={"seat": 1}, headers=owner)
    assert res.status_code == 409 and res.json()["code"] == "seat-held"
    assert "only they can give it up" in res.json()["error"]
    # The owner's own seat token does not give up someone else's seat either.
    res = client.post(f"/api/play/{gid}/invite", json={"seat": 1},
                      headers={**owner, "X-Asobi-Token": mine})
    assert res.status_code == 409
    # No code to claim: the old one is spent, and the friend keeps the seat.
    code = created["invitations"][0]["code"]
    assert client.post(f"/api/join/{gid}", json={"code": code}).status_code == 409
    mine_now = seat_get(client, gid, mine)
    assert mine_now["seat"] == 0 and mine_now["seats"][1] == {
        **mine_now["seats"][1], "claimed": True, "claims": 1}
    assert seat_get(client, gid, friend)["observation"]["hand"] == friends_hand


def test_a_player_gives_up_their_seat_and_the_whole_table_sees_it(client):
    created = start(client, seats=("human", "human"))
    gid, (mine, friend) = created["id"], created["tokens"]
    # A seat token gives up its own seat only.
    res = client.post(f"/api/play/{gid}/invite", json={"seat": 1},
                      headers={"X-Asobi-Token": mine})
    assert res.status_code == 403
    res = client.post(f"/api/play/{gid}/invite", json={"seat": 1},
                      headers={"X-Asobi-Token": friend})
    assert res.status_code == 200
    handed_on = res.json()["code"]
    assert res.json()["link"] == f"/#/join/{gid}/{handed_on}"
    lost = client.get(f"/api/play/{gid}", headers={"X-Asobi-Token": friend})
    assert lost.status_code == 403 and lost.json()["code"] == "token"
    seats = seat_get(client, gid, mine)["seats"]
    assert seats[1]["claimed"] is False and seats[1]["claims"] == 1
    # A free seat: the owner may invite it again (the code handed on stops working).
    res = client.post(f"/api/play/{gid}/invite", json={"seat": 1},
                      headers={"X-Asobi-Owner": created["owner"]})
    assert res.status_code == 200
    assert client.post(f"/api/join/{gid}", json={"code": handed_on}).status_code == 403
    newcomer = client.post(f"/api/join/{gid}", json={"code": res.json()["code"]})
    assert newcomer.status_code == 200 and newcomer.json()["seat"] == 1
    # Everyone sees that seat 2 was taken a second time.
    assert seat_get(client, gid, mine)["seats"][1]["claims"] == 2
    assert seat_get(client, gid, newcomer.json()["token"])["seats"][1]["claims"] == 2


def test_a_creator_who_looks_at_a_seat_before_the_friend_is_seen(client):
    """The creator holds every invitation code until it is sent: looking at a seat means
    claiming it, and the friend who claims it afterwards is shown it was taken before."""
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "human"]})
    created = res.json()
    gid, code = created["id"], created["invitations"][0]["code"]
    peek = client.post(f"/api/join/{gid}", json={"code": code}).json()["token"]
    assert seat_get(client, gid, peek)["seat"] == 1  # the creator looked at seat 2
    again = client.post(f"/api/play/{gid}/invite", json={"seat": 1},
                        headers={"X-Asobi-Token": peek})  # and put it back, with a new code
    friend = client.post(f"/api/join/{gid}", json={"code": again.json()["code"]}).json()
    seen = seat_get(client, gid, friend["token"])
    assert seen["seats"][1]["claims"] == 2  # taken twice: someone held it before the friend
    assert seat_get(client, gid, created["token"])["seats"][0]["claims"] == 1


# ---------------------------------------------------------------------- seeds
def test_a_seed_is_chosen_only_when_every_human_seat_is_the_choosers(client):
    body = {"game": "nim", "seed": 7}
    # The organiser has no seat; the only person at the table is the invited friend.
    res = client.post("/api/games", json={**body, "seats": ["human", "ai:random"],
                                          "creator_seat": None})
    assert res.status_code == 400 and "practice" in res.json()["error"]
    res = client.post("/api/games", json={**body, "seats": ["human", "human"]})
    assert res.status_code == 400
    res = client.post("/api/games", json={**body, "seats": ["ai:random", "human"]})
    assert res.status_code == 201 and res.json()["invitations"] == []
    res = client.post("/api/games", json={**body, "seats": ["human", "ai:random"],
                                          "creator_seat": None, "seed": None})
    assert res.status_code == 201  # no seed asked for: a fresh one


# ---------------------------------------------------------------------- limits on games
def test_games_kept_alive_by_reading_them_do_not_fill_the_server(web_registry, tmp_path):
    async def attack() -> None:
        async with served(web_registry, tmp_path, max_games=2, games_per_creator=0,
                          idle_seconds=600.0) as client:
            hub: Hub = client.hub
            clock = [1000.0]
            hub.now = lambda: clock[0]
            squatter, player = client(FLOODER), client(BYSTANDER)
            kept = [await table(squatter, "nim", ["human", "ai:random"]) for _ in range(2)]
            clock[0] += 601  # nobody moves in them; they are only read, again and again
            for game in kept:
                await look(squatter, game["id"], game["tokens"][0])
            assert all(game["id"] in hub.games for game in kept)
            mine = await table(player, "nim", ["human", "ai:random"])  # not "full"
            res = await player.post(f"/api/play/{mine['id']}/act",
                                    json={"index": 0, "version": 0},
                                    headers={"X-Asobi-Token": mine["tokens"][0]})
            assert res.status_code == 200
            await table(player, "nim", ["human", "ai:random"])  # two games played now
            res = await player.post("/api/games", json={"game": "nim"})
            assert res.status_code == 429 and "full" in res.json()["error"]

    asyncio.run(attack())


def test_one_address_starts_only_so_many_games_a_minute(web_registry, tmp_path):
    async def attack() -> None:
        async with served(web_registry, tmp_path, games_per_minute=3,
                          games_per_creator=0) as client:
            hub: Hub = client.hub
            clock = [1000.0]
            hub.now = lambda: clock[0]
            flood, other = client(FLOODER), client(BYSTANDER)
            body = {"game": "nim", "seats": ["human", "ai:random"]}
            codes = [(await flood.post("/api/games", json=body)).status_code for _ in range(4)]
            assert codes == [201, 201, 201, 429]
            res = await flood.post("/api/games", json=body)
            assert "in the last minute" in res.json()["error"]
            assert (await other.post("/api/games", json=body)).status_code == 201
            clock[0] += 61
            assert (await flood.post("/api/games", json=body)).status_code == 201

    asyncio.run(attack())
