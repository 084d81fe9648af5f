"""``POST /api/replay`` is bounded (issue 20, findings 1 and 6).

Anyone who reaches the server could replay a record, and a record may carry its own rules: the
route needs the club passphrase when the server has one, reads at most the body limit, replays at
most MAX_MOVES moves, and holds the rules to the game's schema and limits before building
anything from them. Every refusal is a 4xx with a JSON error, never a 500: a lone surrogate in
the game, the variant or a rules key included.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from asobi.variants import schema
from asobi_frontends.web import replay as replay_route
from asobi_frontends.web.app import create_app
from asobi_frontends.web.replay import MAX_MOVES
from asobi_frontends.web.store import Store
from asobi_sakura.garden import MAX_SPACES
from support.profiles import examples
from support.web import TEST_OPTIONS

README = Path(replay_route.__file__).with_name("README.md")
WALL = 2.0
"""Seconds one refused request may take at most: a guard against a hang (each takes ms)."""

ATTACK = ('{"record":{"format":1,"game":"sakura","variant":"standard","seed":1,'
          '"seats":["human","human"],"moves":[],'
          '"rules":{"garden":{"path":["gate","100000000 plain","torii","tree"]}}}}')
"""The request of the issue: a few hundred bytes asking for a garden of 10**8 spaces."""

PLAIN = {"format": 1, "game": "sakura", "variant": "standard", "seed": 1,
         "seats": ["human", "human"], "moves": []}
"""A record the server replays (no move yet)."""


@contextlib.contextmanager
def app_with(web_registry, tmp_path, **options: Any) -> Iterator[TestClient]:
    store = Store(tmp_path / "games.sqlite3")
    app = create_app(web_registry, store, options=dataclasses.replace(TEST_OPTIONS, **options))
    with TestClient(app) as client:
        yield client
    store.close()


@pytest.fixture
def club(web_registry, tmp_path) -> Iterator[TestClient]:
    with app_with(web_registry, tmp_path, club_key="sakura-no-niwa") as client:
        yield client


def post(client: TestClient, body: str | bytes, **headers: Any):
    return client.post("/api/replay", content=body,
                       headers={"content-type": "application/json", **headers})


def refused(answer, status: int | None = None) -> dict[str, Any]:
    """The JSON error of a 4xx answer."""
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:300])
    if status is not None:
        assert answer.status_code == status, answer.text[:300]
    assert answer.headers["content-type"].startswith("application/json")
    body = answer.json()
    assert isinstance(body["error"], str) and body["error"]
    return body


# --------------------------------------------------------------------------- the issue's attack


def test_the_request_of_the_issue_is_refused_at_once_naming_the_bound(client):
    assert len(ATTACK.encode()) < 300  # "one request of about 250 bytes"
    start = time.perf_counter()
    body = refused(post(client, ATTACK), 400)
    assert time.perf_counter() - start < WALL
    assert body["code"] == "record"
    assert "'100000000 plain' asks for more spaces than a garden has" in body["error"]
    assert f"at most {MAX_SPACES} spaces" in body["error"]


def test_ten_billion_spaces_cost_the_server_no_memory(client):
    attack = ATTACK.replace("100000000 plain", "10000000000 plain")
    post(client, ATTACK)  # the first request warms the caches
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        for _ in range(2):
            refused(post(client, attack), 400)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert peak < 4 * 2**20, f"{peak / 2**20:.1f} MiB"  # before: a MemoryError (a 500)


def test_a_record_within_the_bounds_still_replays(client):
    answer = post(client, json.dumps({"record": PLAIN}))
    assert answer.status_code == 200, answer.text
    assert answer.json()["replay"]["steps"] == 0


# --------------------------------------------------------------------------- the club key


def test_replay_needs_the_club_passphrase_when_the_server_has_one(club):
    body = json.dumps({"record": PLAIN})
    missing = refused(post(club, body), 403)
    assert missing["code"] == "club-key" and "passphrase" in missing["error"]
    assert refused(post(club, body, **{"x-asobi-club-key": "wrong"}), 403)["code"] == "club-key"
    # the passphrase is asked for before the body is read: a huge or broken body is not looked at
    assert refused(post(club, b"{" * 10), 403)["code"] == "club-key"
    assert refused(post(club, ATTACK), 403)["code"] == "club-key"
    answer = post(club, body, **{"x-asobi-club-key": "sakura-no-niwa"})
    assert answer.status_code == 200, answer.text
    assert refused(post(club, ATTACK, **{"x-asobi-club-key": "sakura-no-niwa"}),
                   400)["code"] == "record"


def test_a_passphrase_with_accents_matches_when_sent_as_utf8(web_registry, tmp_path):
    with app_with(web_registry, tmp_path, club_key="clé-été-桜") as client:
        body = json.dumps({"record": PLAIN})
        answer = post(client, body, **{"x-asobi-club-key": "clé-été-桜".encode()})
        assert answer.status_code == 200, answer.text
        refused(post(client, body, **{"x-asobi-club-key": "cle-ete"}), 403)


# --------------------------------------------------------------------------- sizes


def test_a_body_over_the_limit_is_413_before_it_is_read(client):
    body = json.dumps({"record": {**PLAIN, "pad": "x" * (TEST_OPTIONS.max_body + 1)}})
    refused(post(client, body), 413)


def test_more_moves_than_the_bound_are_refused_before_any_is_replayed(web_registry, tmp_path):
    # the default body limit refuses such a record already (413); with a larger one the moves
    # bound is what holds
    with app_with(web_registry, tmp_path, max_body=2**20) as client:
        moves = [{"seat": 0, "action": {"play": 1}}] * (MAX_MOVES + 1)
        body = refused(post(client, json.dumps({"record": {**PLAIN, "moves": moves}})), 400)
        assert f"at most {MAX_MOVES} moves" in body["error"]


# --------------------------------------------------------------------------- surrogates

SURROGATE = "\ud800"


@pytest.mark.parametrize("place", ["game", "variant", "rules-key", "rules-value", "seat",
                                   "move", "variant-with-rules", "step-key"])
def test_a_lone_surrogate_anywhere_is_a_400_not_a_500(client, web_registry, place):
    record: dict[str, Any] = dict(PLAIN)
    request: dict[str, Any] = {"record": record}
    rules = dict(web_registry.game("sakura").load_variant("standard").rules)
    if place in ("game", "variant"):
        record[place] = "sakura" + SURROGATE
    elif place == "rules-key":
        record["rules"] = {**rules, SURROGATE: 1}
    elif place == "rules-value":
        record["rules"] = {**rules, "two_players": {"neutral_painter": SURROGATE}}
    elif place == "seat":
        record["seats"] = ["human", SURROGATE]
    elif place == "move":
        record["moves"] = [{"seat": 0, "action": {SURROGATE: SURROGATE}}]
    elif place == "variant-with-rules":  # valid rules: the name was echoed in the payload
        record.update(variant="house" + SURROGATE, rules=rules)
    else:
        request[SURROGATE] = 1
    text = json.dumps(request)  # ASCII, with the surrogate as the escape \ud800
    assert "\\ud800" in text
    body = refused(post(client, text), 400)
    assert "lone surrogate" in body["error"]
    body["error"].encode("utf-8")  # the answer itself is valid text


# --------------------------------------------------------------------------- every field


def test_a_long_variant_name_with_valid_rules_replays_without_a_500(client, sakura_rules):
    """The record of issue 34 (finding 2): valid rules and a variant name of 251+ characters,
    which the variants loader once looked up as a file name (a 500 and a traceback)."""
    for length in (251, 999):
        record = {**PLAIN, "variant": "v" * length, "rules": sakura_rules}
        answer = post(client, json.dumps({"record": record}))
        assert answer.status_code == 200, answer.text[:300]
        assert answer.json()["variant"]["name"] == "v" * length
    body = refused(post(client, json.dumps(
        {"record": {**PLAIN, "variant": "v" * 1001, "rules": sakura_rules}})), 400)
    assert "'variant' must be a text of 1 to 1000 characters" in body["error"]


@st.composite
def hostile_field(draw) -> tuple[str, Any]:
    """One field of a record (as docs/records.md lists them) given a value past its bounds."""
    deep: Any = 1
    for i in range(draw(st.integers(11, 200))):
        deep = [deep] if i % 2 else {"k": deep}
    long = "x" * draw(st.integers(1001, 20_000))
    field = draw(st.sampled_from(["game", "variant", "seats", "setup", "scoring", "moves",
                                  "variant_digest", "seed", "format"]))
    values: dict[str, list[Any]] = {
        "game": [long[:65], long, ""],
        "variant": [long, "", "a/" * 600],
        "seats": [["human"] * draw(st.integers(65, 3000)), ["human", long[:81]]],
        "setup": [deep, {"cards": list(range(draw(st.integers(1001, 5000))))}, {"k": long}],
        "scoring": [[{"name": long, "version": None}], [{"name": "a", "version": "1"}] * 100],
        "moves": [[{"seat": 0, "action": deep}], [{"seat": 0, "action": {"play": long}}]],
        "variant_digest": [long, "sha256:" + "0" * 63],
        "seed": [long, -1, 2**300],
        "format": [long, 2, None],
    }
    return field, draw(st.sampled_from(values[field]))


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(hostile=hostile_field(), with_rules=st.booleans())
def test_every_field_of_a_record_is_bounded_before_use(client, sakura_rules, hostile,
                                                       with_rules):
    field, value = hostile
    record = {**PLAIN, field: value}
    if with_rules:
        record["rules"] = sakura_rules
    start = time.perf_counter()
    answer = post(client, json.dumps({"record": record}))
    assert time.perf_counter() - start < WALL
    refused(answer)


# --------------------------------------------------------------------------- any hostile value


@st.composite
def hostile_request(draw, rules: dict[str, Any]) -> str:
    """A replay request whose record carries the standard Sakura rules with one hostile value
    (it may be over the body limit: that is a 413, a refusal too)."""
    rules = copy.deepcopy(rules)
    kind = draw(st.sampled_from(["count", "list", "deep", "text", "int", "key", "map"]))
    if kind == "count":
        number = draw(st.one_of(st.integers(MAX_SPACES + 1, 10**40),
                                st.integers(41, 5000).map(lambda n: "9" * n)))
        rules["garden"]["path"][draw(st.integers(1, 3))] = f"{number} plain"
    elif kind == "list":
        size = draw(st.integers(MAX_SPACES + 1, 30_000))
        where = draw(st.sampled_from([("garden", "path"), ("scoring", "places"), ("deck",)]))
        target = rules if len(where) == 1 else rules[where[0]]
        target[where[-1]] = ["plain"] * size if where[-1] == "path" else [1] * size
    elif kind == "deep":
        value: Any = 1
        for i in range(draw(st.integers(6, 300))):
            value = [value] if i % 2 else {"k": value}
        rules[draw(st.sampled_from(["garden", "deck", "by_players", "tokens"]))] = value
    elif kind == "text":
        text = draw(st.sampled_from("x9 ")) * draw(st.integers(schema.TEXT_LEN + 1, 70_000))
        rules["garden"]["path"][1] = text
    elif kind == "int":
        rules["tokens"]["total"] = draw(st.one_of(st.integers(schema.MAX_NUMBER + 1, 10**60),
                                                  st.integers(50, 4000).map(lambda n: 10**n)))
    elif kind == "key":
        rules[draw(st.sampled_from([SURROGATE, "k" * 5000, "tokens" + SURROGATE]))] = 1
    else:
        rules["by_players"] = {f"p{i}": {"hand_size": 3} for i in range(draw(
            st.integers(6, 5000)))}
    return json.dumps({"record": {**PLAIN, "rules": rules}})


@pytest.fixture(scope="module")
def sakura_rules(web_registry) -> dict[str, Any]:
    return dict(web_registry.game("sakura").load_variant("standard").rules)


@settings(max_examples=examples(50), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(data=st.data())
def test_any_hostile_rule_value_is_a_quick_4xx(client, sakura_rules, data):
    request = data.draw(hostile_request(sakura_rules))
    start = time.perf_counter()
    answer = post(client, request)
    assert time.perf_counter() - start < WALL
    refused(answer)


def test_the_readme_lists_the_limits_of_replay_with_their_defaults():
    text = README.read_text(encoding="utf-8")
    section = text.split("### Limits of `POST /api/replay`")[1].split("\n**")[0]
    for figure in (f"| {MAX_MOVES} (", f"| {TEST_OPTIONS.max_body // 1024} KiB |",
                   "403 `club-key`", "lone surrogate", f"at most {MAX_SPACES} spaces",
                   f"| {replay_route.LOG_LINES} |", "docs/variants/limits.md"):
        assert figure in section, figure
