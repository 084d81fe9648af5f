"""Generated requests against every route of a running app: never a 5xx, and a refused request
leaves every game exactly as it was (its record, its version and who holds which seat)."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from asobi_frontends.web.app import create_app
from asobi_frontends.web.store import Store
from support.profiles import examples
from support.web import TEST_OPTIONS

ROUTES = [
    "/", "/api/games", "/api/join/{id}", "/api/strings/{text}", "/api/rules/{text}",
    "/api/stats", "/api/play/{id}", "/api/play/{id}/act", "/api/play/{id}/invite",
    "/api/play/{id}/hint", "/api/play/{id}/record", "/api/play/{id}/stream",
    "/assets/{text}/{text}", "/static/{text}", "/{text}",
]
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]
CONTENT_TYPES = ["application/json", "application/json; charset=utf-8", "text/plain",
                 "application/x-www-form-urlencoded", "multipart/form-data", "", "APPLICATION/JSON"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12,
)
any_text = st.text(max_size=30)
header_bytes = st.binary(max_size=40).filter(lambda b: b"\r" not in b and b"\n" not in b)


class Table:
    """Two games (two people; a person and the AI) with every secret the test may throw."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.games: list[str] = []
        self.secrets: list[str] = []
        for seats in (["human", "human"], ["human", "ai:random"]):
            created = client.post("/api/games", json={"game": "nim", "seats": seats}).json()
            self.games.append(created["id"])
            self.secrets += [created["token"], created["owner"]]
            self.secrets += [i["code"] for i in created["invitations"]]

    def snapshot(self) -> Any:
        hub = self.client.app.state.hub
        return {
            gid: (hub.games[gid].version, json.dumps(hub.games[gid].session.record()),
                  hub.games[gid].keys)
            for gid in self.games if gid in hub.games
        }


@st.composite
def requests(draw: Any, table: Table) -> dict[str, Any]:
    route = draw(st.sampled_from(ROUTES))
    game_id = draw(st.sampled_from(table.games) | any_text)
    path = route.replace("{id}", quote(game_id, safe="") or "x")
    while "{text}" in path:
        path = path.replace("{text}", quote(draw(any_text), safe="") or "x", 1)
    query = draw(st.sampled_from(["", "?since=-1", "?since=x", "?lang=ja", "?lang=%00",
                                  "?since=99999999999999999999999", "?variant=nope",
                                  "?game=nim", "?token=abc"]))
    headers: dict[str, Any] = {}
    if draw(st.booleans()):
        headers["Content-Type"] = draw(st.sampled_from(CONTENT_TYPES))
    for name in ("X-Asobi-Token", "X-Asobi-Owner", "X-Asobi-Club-Key"):
        if draw(st.booleans()):
            headers[name] = draw(st.sampled_from(table.secrets).map(str.encode) | header_bytes)
    kind = draw(st.sampled_from(["none", "json", "bytes", "move"]))
    body: bytes | None = None
    if kind == "json":
        body = json.dumps(draw(json_values)).encode()
    elif kind == "bytes":
        body = draw(st.binary(max_size=200))
    elif kind == "move":
        body = json.dumps({
            draw(st.sampled_from(["index", "action", "code", "seat", "game"])): draw(json_values),
            "version": draw(st.integers(-2, 3) | json_values),
        }).encode()
    return {"method": draw(st.sampled_from(METHODS)), "url": path + query, "headers": headers,
            "content": body}


@pytest.mark.slow
def test_generated_requests_never_fail_the_server_nor_change_a_game_when_refused(
    web_registry, tmp_path
):
    store = Store(tmp_path / "fuzz.sqlite3")
    with TestClient(create_app(web_registry, store, options=TEST_OPTIONS),
                    raise_server_exceptions=False) as client:
        table = Table(client)

        @settings(max_examples=examples(400), deadline=None,
                  suppress_health_check=[HealthCheck.function_scoped_fixture,
                                         HealthCheck.too_slow])
        @given(st.data())
        def check(data: Any) -> None:
            request = data.draw(requests(table))
            if request["url"].split("?")[0].endswith("/stream") and request["method"] in (
                    "GET", "HEAD"):
                # A stream with a valid token never ends: open it with a token of no game.
                request["headers"]["X-Asobi-Token"] = b"not-a-token-of-this-game"
            before = table.snapshot()
            res = client.request(**request)
            assert res.status_code < 500, (request, res.status_code, res.text)
            if res.status_code >= 400:
                if request["method"] != "HEAD":
                    assert isinstance(res.json()["error"], str), (request, res.text)
                assert table.snapshot() == before, request

        check()
    store.close()
