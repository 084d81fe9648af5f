"""Rule values from outside are bounded before they are used (issue 20, finding 1).

Whatever size a variant file or the rules a record carries ask for (a garden entry "10**10
plain", a list of a hundred thousand items, nesting a few thousand deep, a text of a megabyte, a
number of four thousand digits, a lone surrogate), asobi answers with a clear AsobiError (exit
status 2 from the command line) at once, without building anything of that size. The wall-clock
bound below is only a guard against a hang: the real bound is that nothing grows with the size
asked for, which the tracemalloc test shows for the worst case of the issue.
"""

from __future__ import annotations

import copy
import json
import re
import time
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.cli.main import EXIT_USER_ERROR, main
from asobi.errors import AsobiError
from asobi.host.registry import Registry, discover
from asobi.play import records
from asobi.variants import file as variantfile
from asobi.variants import schema
from asobi_koikoi import rules as koikoi_rules
from asobi_sakura import garden as sakura_garden
from asobi_sakura import rules as sakura_rules
from support.profiles import examples

WALL = 2.0
"""Seconds one hostile value may take at most (a guard against a hang: records and rules are
refused in milliseconds)."""
WALL_YAML = 5.0
"""The same guard for a variant file: PyYAML reads in pure Python, about 0.1 ms a value on an
idle machine, so a file at the bound of values (:data:`asobi.variants.file.MAX_NODES`) takes a
good part of a second, more on a loaded one."""

ROOT = Path(__file__).resolve().parents[2]
ATTACK = {"format": 1, "game": "sakura", "variant": "standard", "seed": 1,
          "seats": ["human", "human"], "moves": [],
          "rules": {"garden": {"path": ["gate", "100000000 plain", "torii", "tree"]}}}
"""The record of the issue: a few hundred bytes asking for a garden of 10**8 spaces."""


@pytest.fixture(scope="module")
def registry() -> Registry:
    return discover(warn=lambda message: None)


@pytest.fixture(scope="module")
def standard(registry) -> dict[str, dict[str, Any]]:
    return {game: dict(registry.game(game).load_variant("standard").rules)
            for game in ("koikoi", "sakura")}


@pytest.fixture
def cli(registry, monkeypatch):
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: registry)
    return main


def record_of(game: str, rules: Any) -> dict[str, Any]:
    return {"format": 1, "game": game, "variant": "standard", "seed": 7,
            "seats": ["human", "human"], "moves": [], "rules": rules}


def refused_in_time(work) -> str:
    """Run ``work``; it must raise AsobiError within :data:`WALL`. Returns the message."""
    start = time.perf_counter()
    with pytest.raises(AsobiError) as caught:
        work()
    assert time.perf_counter() - start < WALL
    message = str(caught.value)
    assert message.strip() and "Traceback" not in message
    return message


# --------------------------------------------------------------------------- the issue's attack


def test_the_record_of_the_issue_is_refused_at_once_naming_the_bound(registry, tmp_path, cli,
                                                                     capsys):
    text = json.dumps(ATTACK)
    assert len(text.encode()) < 300  # "one request of about 250 bytes"
    path = tmp_path / "attack.json"
    path.write_text(text, encoding="utf-8")
    message = refused_in_time(lambda: records.start(registry, records.read(path)))
    assert "rules.garden.path.1: '100000000 plain' asks for more spaces" in message
    assert f"at most {sakura_garden.MAX_SPACES} spaces" in message
    capsys.readouterr()
    start = time.perf_counter()
    assert cli(["replay", str(path)]) == EXIT_USER_ERROR
    assert time.perf_counter() - start < WALL
    assert "asks for more spaces than a garden has" in capsys.readouterr().err


def test_a_garden_of_ten_billion_spaces_costs_no_memory(registry, standard, tmp_path):
    rules = copy.deepcopy(standard["sakura"])
    rules["garden"]["path"] = ["gate", "torii", "10000000000 plain", "tree"]
    record = record_of("sakura", rules)
    variant = tmp_path / "huge.yaml"
    variant.write_text(json.dumps({"game": "sakura", "name": "huge", "title": "H",
                                   "description": "D", "rules": rules}), encoding="utf-8")
    game = registry.game("sakura")
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        refused_in_time(lambda: records.start(registry, record))
        refused_in_time(lambda: game.load_variant(str(variant)))
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert peak < 4 * 2**20, f"{peak / 2**20:.1f} MiB"  # a list of 10**10 spaces: 80 GB


def test_a_garden_of_exactly_the_bound_plays_and_one_space_more_is_refused(registry, standard):
    rules = copy.deepcopy(standard["sakura"])
    most = sakura_garden.MAX_SPACES
    rules["garden"]["path"] = ["gate", "torii", f"{most - 3} plain", "tree"]
    records.start(registry, record_of("sakura", rules))  # accepted
    assert sakura_rules.compile_rules(rules).garden(2).size == most
    rules["garden"]["path"] = ["gate", "torii", f"{most - 3} plain", "bridge", "tree"]
    message = refused_in_time(lambda: records.start(registry, record_of("sakura", rules)))
    assert f"the path has {most + 1} spaces" in message


def test_building_a_garden_refuses_too_long_a_path_before_laying_it_out():
    with pytest.raises(AsobiError, match="at most 200 spaces"):
        sakura_garden.build_garden(["gate", "torii", "99999999999999999999 plain", "tree"], 1)
    with pytest.raises(AsobiError, match="a bridge takes 1 to 5 spaces"):
        sakura_garden.build_garden(["gate", "torii", "tree"], 10**9)


# --------------------------------------------------------------------------- hostile values

SURROGATE = "\ud800"


def nested(depth: int, leaf: Any = 1) -> Any:
    value = leaf
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


# Where each kind of hostile value is put, as (game, path to a rule value).
TEXT_PLACES = [
    ("koikoi", ("yaku", "plains", "title")),
    ("koikoi", ("first_dealer",)),
    ("sakura", ("garden", "path", 1)),
    ("sakura", ("deck", 0, "garden")),
]
LIST_PLACES = [
    ("koikoi", ("yaku", "plains", "cards")),
    ("koikoi", ("scoring", "koikoi_calls")),
    ("sakura", ("garden", "path")),
    ("sakura", ("deck",)),
    ("sakura", ("scoring", "places")),
]
INT_PLACES = [
    ("koikoi", ("starting_points",)),
    ("koikoi", ("yaku", "plains", "points")),
    ("sakura", ("tokens", "total")),
    ("sakura", ("deck", 3, "n")),
    ("sakura", ("hand_size",)),
]
ANY_PLACES = [*TEXT_PLACES, *LIST_PLACES, *INT_PLACES, ("koikoi", ("yaku",)),
              ("sakura", ("by_players",))]


def long_list(kind: str, size: int) -> list[Any]:
    if kind == "path":
        return ["gate", "torii", *(["plain"] * size), "tree"]
    return [copy.deepcopy({"n": 1, "garden": "forward", "move": 1, "painter": "forward",
                           "steps": 1}) for _ in range(size)] if kind == "deck" else [1] * size


@st.composite
def hostile(draw) -> tuple[str, dict[str, Any], str]:
    """(game, rules, what was done): a built-in rule set with one value from outside."""
    kind = draw(st.sampled_from(["count", "list", "map", "deep", "text", "int", "surrogate",
                                 "surrogate-key", "long-key"]))
    if kind == "count":
        number = draw(st.one_of(st.integers(sakura_garden.MAX_SPACES + 1, 10**30),
                                st.integers(12, 4000).map(lambda n: int("9" * n))))
        entry = draw(st.sampled_from(["plain", "bridge", "tree"]))
        where = draw(st.integers(1, 3))
        return "sakura", {"@garden": (where, f"{number} {entry}")}, kind
    if kind == "list":
        game, path = draw(st.sampled_from(LIST_PLACES))
        size = draw(st.integers(sakura_garden.MAX_SPACES + 1, 20_000))
        return game, {path: long_list(path[-1], size)}, kind
    if kind == "map":
        size = draw(st.integers(koikoi_rules.MAX_YAKU + 1, 20_000))
        yaku = {f"y{i}": {"title": "T", "cards": ["pine-crane"], "points": 1}
                for i in range(size)}
        return "koikoi", {("yaku",): yaku}, kind
    if kind == "deep":
        game, path = draw(st.sampled_from(ANY_PLACES))
        return game, {path: nested(draw(st.integers(6, 400)))}, kind
    if kind == "text":
        game, path = draw(st.sampled_from(TEXT_PLACES))
        size = draw(st.integers(schema.TEXT_LEN + 1, 2_000_000))
        return game, {path: draw(st.sampled_from("a9- ")) * size}, kind
    if kind == "int":
        game, path = draw(st.sampled_from(INT_PLACES))
        number = draw(st.one_of(st.integers(schema.MAX_NUMBER + 1, 10**40),
                                st.integers(-(10**40), -1),
                                st.integers(40, 4000).map(lambda n: 10**n)))
        return game, {path: number}, kind
    if kind == "surrogate":
        game, path = draw(st.sampled_from(TEXT_PLACES))
        return game, {path: draw(st.sampled_from(["", "Hanami", "plain "])) + SURROGATE}, kind
    game = draw(st.sampled_from(["koikoi", "sakura"]))
    key = SURROGATE if kind == "surrogate-key" else "k" * draw(st.integers(1001, 100_000))
    return game, {(key,): 1}, kind


def apply(rules: dict[str, Any], changes: dict[Any, Any]) -> dict[str, Any]:
    rules = copy.deepcopy(rules)
    for path, value in changes.items():
        if path == "@garden":
            where, entry = value
            rules["garden"]["path"][where] = entry
            continue
        target = rules
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
    return rules


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(case=hostile())
def test_hostile_rule_values_are_refused_quickly_in_records_files_and_variants(
    case, registry, standard, cli, tmp_path, capsys
):
    game, changes, kind = case
    rules = apply(standard[game], changes)
    # the rules a record carries, read in-process
    refused_in_time(lambda: records.start(registry, record_of(game, rules)))
    # the same record as a file, through `asobi replay`
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record_of(game, rules)), encoding="utf-8")
    capsys.readouterr()
    start = time.perf_counter()
    assert cli(["replay", str(path)]) == EXIT_USER_ERROR
    assert time.perf_counter() - start < WALL
    assert capsys.readouterr().err.startswith("asobi: ")
    # the same rules as a variant file (JSON is YAML), through `asobi variant check`
    variant = tmp_path / "hostile.yaml"
    variant.write_text(json.dumps({"game": game, "name": "hostile", "title": "H",
                                   "description": "D", "rules": rules}), encoding="utf-8")
    start = time.perf_counter()
    assert cli(["variant", "check", str(variant)]) == EXIT_USER_ERROR
    assert time.perf_counter() - start < WALL_YAML
    err = capsys.readouterr().err
    assert re.search(r"hostile\.yaml(:\d+:\d+)?: ", err), err[:300]


def test_a_surrogate_in_an_otherwise_valid_yaku_title_is_refused_not_a_crash(registry,
                                                                              standard):
    # the title is free text: without the bound it passed the schema and failed later, in the
    # record's digest (UnicodeEncodeError)
    rules = apply(standard["koikoi"], {("yaku", "plains", "title"): "Kasu" + SURROGATE})
    message = refused_in_time(lambda: records.start(registry, record_of("koikoi", rules)))
    assert "rules.yaku.plains.title" in message and "lone surrogate" in message
    record = {**record_of("koikoi", rules), "variant_digest": "sha256:" + "0" * 64}
    refused_in_time(lambda: records.check_shape(record))


# --------------------------------------------------------------------------- YAML itself


BOMB = "a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
    f"{c}: &{c} [{','.join(['*' + p] * 10)}]\n"
    for p, c in zip("abcdefgh", "bcdefghi", strict=True)
)
"""Ten to the ninth values through nine levels of aliases, in 300 bytes."""


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("rules: " + "[" * 20_000 + "]" * 20_000, "nested too deep", id="deep"),
    pytest.param("rules: &x [*x]\n", "alias *x names no anchor that is complete",
                 id="holds-itself"),
    pytest.param(BOMB, "too many values", id="alias-bomb"),
    pytest.param("rules: {n: " + "9" * 5000 + "}\n", "a value of 5000 characters",
                 id="big-number"),
    pytest.param("rules: {when: 2024-13-45}\n", "a value cannot be read", id="bad-date"),
    pytest.param("description: " + "x" * (variantfile.MAX_FILE_BYTES + 10) + "\n",
                 "at most 128 KiB", id="big-file"),
])
def test_a_variant_file_too_big_or_too_deep_is_refused_while_it_is_read(
    text, expected, tmp_path, cli, capsys
):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    assert cli(["variant", "check", str(path)]) == EXIT_USER_ERROR
    assert time.perf_counter() - start < WALL_YAML
    err = capsys.readouterr().err
    assert expected in err and str(path) in err and "Traceback" not in err


def test_a_record_file_larger_than_the_bound_is_not_read(tmp_path, cli, capsys):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (records.MAX_RECORD_BYTES + 1))
    assert cli(["replay", str(path)]) == EXIT_USER_ERROR
    assert "the most a record may be" in capsys.readouterr().err


def test_every_built_in_variant_is_within_the_bounds(registry):
    for name in ("koikoi", "sakura"):
        game = registry.game(name)
        for variant in game.variant_names():
            rules = dict(game.load_variant(variant).rules)
            assert game.info.schema.validate(rules) == [], (name, variant)
            assert game.info.schema.limits is not None


def test_a_rule_set_with_every_size_at_its_bound_is_checked_quickly(standard):
    # the largest Sakura rules the schema admits: its work is what any request may cost
    rules = copy.deepcopy(standard["sakura"])
    deck = [{**rules["deck"][i % 60], "n": i + 1} for i in range(sakura_rules.MAX_DECK)]
    path = ["gate", "torii", *(["plain"] * (sakura_garden.MAX_SPACES - 3)), "tree"]
    rules.update(deck=deck, garden={**rules["garden"], "path": path})
    rules["by_players"] = {word: {"garden": {"path": path}, "scoring": rules["scoring"]}
                           for word in sakura_rules.PLAYER_WORDS}
    start = time.perf_counter()
    assert sakura_rules.SCHEMA.validate(rules) == []
    assert time.perf_counter() - start < WALL
    # and the largest Koi-Koi yaku table, every yaku requiring the next (a long chain)
    many = {f"y{i}": {"title": "T", "cards": ["pine-crane"], "points": 1,
                      "requires": [f"y{(i + 1) % koikoi_rules.MAX_YAKU}"]}
            for i in range(koikoi_rules.MAX_YAKU)}
    start = time.perf_counter()
    problems = koikoi_rules.SCHEMA.validate({**standard["koikoi"], "yaku": many})
    assert time.perf_counter() - start < WALL
    assert any("requires itself through other yaku" in message for _, message in problems)


def test_no_more_than_the_bound_of_problems_is_reported(standard):
    rules = copy.deepcopy(standard["koikoi"])
    rules["yaku"] = {f"y{i}": {"title": "T", "cards": ["no-card", "nor-this"], "points": 1}
                     for i in range(koikoi_rules.MAX_YAKU)}
    problems = koikoi_rules.SCHEMA.validate(rules)
    assert len(problems) == schema.MAX_PROBLEMS + 1
    assert "only the first 100 are shown" in problems[-1][1]


def test_each_kind_of_value_has_a_default_maximum_a_game_can_lower():
    toy = schema.Struct({
        "names": schema.List(schema.Str()),
        "ids": schema.MapOf(schema.Slug(), schema.Int()),
        "short": schema.List(schema.Int(), max_len=3),
        "title": schema.Str(max_len=10),
    })
    within = {"names": ["x" * schema.TEXT_LEN] * schema.LIST_LEN,
              "ids": {f"{i}-" + "a" * (schema.ID_LEN - 5): i for i in range(schema.MAP_LEN)},
              "short": [1, 2, 3], "title": "ten chars!"}
    assert toy.validate(within) == []
    beyond = {"names": ["x" * (schema.TEXT_LEN + 1), *(["x"] * schema.LIST_LEN)],
              "ids": {"a" * (schema.ID_LEN + 1): 1, **{f"k{i}": i for i in range(schema.MAP_LEN)}},
              "short": [1, 2, 3, 4], "title": "eleven chars"}
    messages = dict(toy.validate(beyond))
    assert messages[("names",)] == f"a list of {schema.LIST_LEN + 1} items; at most 200 are " \
        "allowed here"
    assert messages[("ids",)] == f"a mapping of {schema.MAP_LEN + 1} entries; at most 200 are " \
        "allowed here"
    assert "got 4 items" in messages[("short",)]
    assert "at most 10 characters, got 12" in messages[("title",)]
    del beyond["names"][1:], beyond["ids"]["k0"]
    messages = dict(toy.validate(beyond))
    assert f"at most {schema.TEXT_LEN} characters, got 201" in messages[("names", 0)]
    assert f"at most {schema.ID_LEN} characters, got 61" in messages[("ids", "a" * 61)]


def test_a_schema_holds_the_whole_value_to_its_own_limits_first():
    toy = schema.Struct({"a": schema.List(schema.List(schema.Int()))},
                        limits=schema.Limits(depth=3, values=10, number=100))
    assert toy.validate({"a": [[1, 2], [3]]}) == []
    assert toy.validate({"a": [[[1]]]}) == [(("a", 0, 0), "nested too deep: rule values are "
                                              "nested at most 3 levels (mappings and lists)")]
    assert "too many values" in toy.validate({"a": [list(range(20))]})[0][1]
    assert toy.validate({"a": [[101]]})[0] == (
        ("a", 0, 0), "101 is too large: a rule value is a number from -100 to 100")
    cycle: list[Any] = []
    cycle.append(cycle)  # a value that holds itself stops at the depth bound
    assert "nested too deep" in toy.validate({"a": cycle})[0][1]


# --------------------------------------------------------------------------- documentation


def test_the_limits_page_gives_every_bound_with_its_value():
    text = (ROOT / "docs" / "variants" / "limits.md").read_text(encoding="utf-8")
    figures = {
        "variantfile.MAX_FILE_BYTES": f"{variantfile.MAX_FILE_BYTES // 1024} KiB",
        "variantfile.MAX_NESTING": f"| {variantfile.MAX_NESTING} |",
        "variantfile.MAX_NODES": f"{variantfile.MAX_NODES:,}",
        "variantfile.MAX_SCALAR": f"{variantfile.MAX_SCALAR:,}",
        "records.MAX_RECORD_BYTES": f"{records.MAX_RECORD_BYTES // 2**20} MiB",
        "schema.MAX_DEPTH": f"| {schema.MAX_DEPTH} |",
        "schema.MAX_VALUES": f"{schema.MAX_VALUES:,}",
        "schema.MAX_ENTRIES": f"{schema.MAX_ENTRIES:,}",
        "schema.MAX_TEXT": f"| {schema.MAX_TEXT:,} |",
        "schema.TEXT_LEN": f"{schema.TEXT_LEN} characters",
        "schema.ID_LEN": f"{schema.ID_LEN} characters",
        "schema.LIST_LEN": f"{schema.LIST_LEN} items",
        "schema.MAP_LEN": f"{schema.MAP_LEN} entries",
        "schema.MAX_PROBLEMS": f"{schema.MAX_PROBLEMS} problems",
        "koikoi MAX_YAKU": f"{koikoi_rules.MAX_YAKU} yaku",
        "sakura MAX_SPACES": f"{sakura_garden.MAX_SPACES} spaces",
        "sakura MAX_DECK": f"{sakura_rules.MAX_DECK} cards",
        "sakura MAX_TOKENS": f"{sakura_rules.MAX_TOKENS:,}",
    }
    missing = [name for name, shown in figures.items() if shown not in text]
    assert not missing, missing
    for limits in (koikoi_rules.LIMITS, sakura_rules.LIMITS):
        assert f"| {limits.depth} |" in text and f"{limits.values:,}" in text
