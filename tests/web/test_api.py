"""The JSON API: creating games, acting for a seat, errors, hints, records and resuming."""

from __future__ import annotations

import json

from starlette.testclient import TestClient

from asobi_frontends.web.app import create_app
from asobi_frontends.web.store import Store
from support.api import move, seat_get, start
from support.web import TEST_OPTIONS, need, wait_until


def test_lobby_lists_every_installed_game_with_variants(client):
    body = client.get("/api/games").json()
    games = {g["name"]: g for g in body["games"]}
    assert "nim" in games
    assert games["nim"]["view"] is False  # a third-party game gets the generic view
    assert any(v["name"] == "standard" for v in games["nim"]["variants"])
    assert "random" in games["nim"]["ai_levels"]
    assert set(body["languages"]) == {"en", "pt", "it", "ja"}


def test_the_creator_gets_their_own_token_and_an_invitation_per_other_human(client):
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "ai:random", "human"]})
    created = res.json()
    assert created["seat"] == 0 and created["token"] and created["owner"]
    assert [i["seat"] for i in created["invitations"]] == [2]
    code = created["invitations"][0]["code"]
    assert code != created["token"]
    assert created["invitations"][0]["link"] == f"/#/join/{created['id']}/{code}"
    assert created["hints"] is False  # two people at the table: hints off unless asked for


def test_ai_moves_on_the_server_and_the_human_gets_labelled_choices(client):
    created = start(client, seats=("ai:random", "human"), seed=5)
    token = created["tokens"][1]
    body = wait_until(lambda: (b := seat_get(client, created["id"], token))["legal"] and b)
    assert body["seat"] == 1
    assert body["version"] >= 1
    assert body["events"][0] == {"type": "take", "seat": 0, **body["events"][0]}
    assert body["legal"][0]["label"].startswith("take ")


def test_a_token_acts_only_for_its_own_seat(client):
    created = start(client, seats=("human", "human"))
    first, second = created["tokens"]
    gid = created["id"]
    before = seat_get(client, gid, first)
    assert before["to_act"] == [0]
    # The second seat's token cannot play the first seat's move.
    res = move(client, gid, second)
    assert res.status_code == 400
    assert "turn" in res.json()["error"]
    res = client.post(f"/api/play/{gid}/act", json={"index": 0, "version": 0},
                      headers={"X-Asobi-Token": "nope"})
    assert res.status_code == 403
    res = client.post(f"/api/play/{gid}/act", json={"index": 0, "version": 0})
    assert res.status_code == 403
    assert seat_get(client, gid, first)["version"] == before["version"]


def test_malformed_and_illegal_requests_are_4xx_json_and_change_nothing(client):
    created = start(client, seats=("human", "human"))
    gid, token = created["id"], created["tokens"][0]
    headers = {"X-Asobi-Token": token, "Content-Type": "application/json"}
    before = seat_get(client, gid, token)
    bad_bodies = [
        b"not json",
        b"[1, 2]",
        json.dumps({"action": {"pile": 0, "take": 99}, "version": 0}).encode(),
        json.dumps({"action": "take", "version": 0}).encode(),
        json.dumps({"index": 999, "version": 0}).encode(),
        json.dumps({"index": "1", "version": 0}).encode(),
        json.dumps({"index": 0}).encode(),
        json.dumps({"version": 0}).encode(),
        json.dumps({}).encode(),
    ]
    for body in bad_bodies:
        res = client.post(f"/api/play/{gid}/act", content=body, headers=headers)
        assert 400 <= res.status_code < 500, body
        assert isinstance(res.json()["error"], str) and res.json()["error"]
    after = seat_get(client, gid, token)
    assert after["observation"] == before["observation"]
    assert after["version"] == before["version"]
    assert client.get("/api/play/nothing-here", headers=headers).status_code == 404
    res = client.post("/api/games", json={"game": "chess"})
    assert res.status_code == 400
    assert "unknown game" in res.json()["error"]
    res = client.post("/api/games", json={"game": "nim", "seats": ["human", "ai:genius"]})
    assert res.status_code == 400 and "genius" in res.json()["error"]
    assert client.post("/api/games", json={"game": "nim", "seats": ["human"]}).status_code == 400
    res = client.post("/api/games", json={"game": "nim", "variant": "../../etc/passwd"})
    assert res.status_code == 400


def test_hint_names_a_legal_move_with_a_reason(client):
    created = start(client, seats=("human", "human"), hints=True)
    gid, token = created["id"], created["tokens"][0]
    hint = client.get(f"/api/play/{gid}/hint", headers={"X-Asobi-Token": token}).json()
    legal = seat_get(client, gid, token)["legal"]
    assert hint["key"] in [c["key"] for c in legal]
    assert hint["reason"]
    other = created["tokens"][1]
    assert client.get(f"/api/play/{gid}/hint", headers={"X-Asobi-Token": other}).status_code == 400


def test_record_only_after_the_game_and_games_resume_after_a_restart(web_registry, db_path):
    store = Store(db_path)
    with TestClient(create_app(web_registry, store, options=TEST_OPTIONS)) as client:
        created = start(client, seats=("human", "human"))
        gid = created["id"]
        tokens = created["tokens"]
        for _ in range(3):
            body = seat_get(client, gid, tokens[0])
            seat = body["to_act"][0]
            res = move(client, gid, tokens[seat], version=body["version"])
            assert res.status_code == 200
        before = seat_get(client, gid, tokens[0])
        res = client.get(f"/api/play/{gid}/record", headers={"X-Asobi-Token": tokens[0]})
        assert res.status_code == 403  # the seed would give the game away
    store.close()

    store = Store(db_path)  # a new server on the same file
    with TestClient(create_app(web_registry, store, options=TEST_OPTIONS)) as client:
        after = seat_get(client, gid, tokens[0])
        assert after["observation"] == before["observation"]
        assert after["version"] == before["version"] == 3
        while not (body := seat_get(client, gid, tokens[0]))["finished"]:
            seat = body["to_act"][0]
            move(client, gid, tokens[seat], version=body["version"])
        record = client.get(f"/api/play/{gid}/record", headers={"X-Asobi-Token": tokens[1]})
        assert record.status_code == 200
        assert record.json()["game"] == "nim" and len(record.json()["moves"]) == body["version"]
    store.close()


def test_strings_rules_and_assets(client, web_registry):
    pt = client.get("/api/strings/pt").json()
    assert pt["web"]["Start the game"] != "Start the game"
    assert client.get("/api/strings/xx").status_code == 404
    rules = client.get("/api/rules/nim?lang=en").json()
    assert rules["variant"]["name"] == "standard" and "piles" in rules["rules"]
    assert client.get("/").status_code == 200
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    need(web_registry, "koikoi")
    res = client.get("/assets/koikoi/view.js")
    assert res.status_code == 200 and "export function mount" in res.text
    assert client.get("/assets/koikoi/%2e%2e/plugin.py").status_code in (400, 404)
    assert client.get("/assets/koikoi/plugin.py").status_code == 404
    assert client.get("/assets/nim/view.js").status_code == 404


def test_an_installed_house_rule_pack_is_offered_in_the_lobby(tmp_path):
    import sys
    from importlib.metadata import EntryPoint
    from pathlib import Path

    from asobi.host.registry import Registry

    pack = Path(__file__).resolve().parents[1] / "plugins" / "asobi-house-pack"
    sys.path.insert(0, str(pack))
    try:
        import asobi_house_pack

        registry = Registry(game_entry_points=[EntryPoint("nim", "asobi_nim", "asobi.games")],
                            extra_plugins=[asobi_house_pack])
        store = Store(tmp_path / "pack.sqlite3")
        with TestClient(create_app(registry, store, options=TEST_OPTIONS)) as client:
            nim = client.get("/api/games").json()["games"][0]
            assert "big-piles" in [v["name"] for v in nim["variants"]]
            created = start(client, seats=("human", "ai:random"), variant="big-piles")
            body = seat_get(client, created["id"], created["tokens"][0])
            assert body["observation"]["piles"] == [20, 20]
            rules = client.get("/api/rules/nim?variant=big-piles").json()
            assert rules["variant"]["title"] == "Big piles"
        store.close()
    finally:
        sys.path.remove(str(pack))


def test_the_lobby_speaks_the_players_language(client):
    games = {g["name"]: g for g in client.get("/api/games?lang=pt").json()["games"]}
    koikoi = games.get("koikoi")
    if koikoi is None:
        return  # the Koi-Koi plugin is not installed here
    assert koikoi["summary"].startswith("Cartas de flores")
    assert koikoi["level_titles"]["hard"] == "difícil"
    assert koikoi["level_titles"]["random"] == "aleatório"  # the core's own level
    standard = next(v for v in koikoi["variants"] if v["name"] == "standard")
    assert standard["title"] == "Padrão (uma só mão)"
    rules = client.get("/api/rules/koikoi?variant=italian&lang=ja").json()
    assert rules["variant"]["title"] == "イタリア式（十二か月）"
    english = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert english["koikoi"]["summary"].startswith("Hanafuda flower cards")
