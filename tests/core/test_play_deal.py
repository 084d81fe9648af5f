"""``asobi play GAME --deal RECORD``: a new game on the seed, pinned deal and rules of a record.

With the record's seats, the new game is the record's game (every AI decision is a function of
seed, seat, level and moves), so an arena game can be played again in any frontend, and a
person can take a seat in it. Every mistake is one line and exit status 2, and nothing starts.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from asobi.cli.main import main
from asobi.host.registry import Registry, discover
from asobi.play import records
from asobi.play.driver import Driver


def arena(tmp_path: Path, game: str, players: str, seed: int, *extra: str) -> list[Path]:
    """The records of a short arena run (one per seating), in order."""
    folder = tmp_path / f"arena-{game}-{seed}"
    args = ["arena", game, "--players", players, "--games", "2", "--seed", str(seed),
            "--records", str(folder), "--quiet", *extra]
    assert main(args) == 0
    found = sorted(folder.glob("*.json"))
    assert found
    return found


def play(monkeypatch, *args: str, stdin: str = "") -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    return main(["play", *args])


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def result(path: Path) -> dict[str, Any]:
    record = records.read(path)
    return records.replay(discover(), record, base_dir=path.parent).result()


def replayed_on_its_deal(monkeypatch, source: Path, out: Path) -> None:
    """Play ``source``'s deal with its own seats; the new record is the same file."""
    seats = ",".join(load(source)["seats"])
    assert play(monkeypatch, load(source)["game"], "--deal", str(source), "--players", seats,
                "--record", str(out)) == 0
    assert load(out) == load(source)
    assert out.read_bytes() == source.read_bytes()
    assert result(out) == result(source)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_an_arena_game_of_koikoi_is_played_again_move_for_move(monkeypatch, tmp_path, seed):
    for i, source in enumerate(arena(tmp_path, "koikoi", "ai:normal,ai:easy", seed)):
        assert "setup" in load(source) and len(load(source)["moves"]) > 3
        replayed_on_its_deal(monkeypatch, source, tmp_path / f"again-{seed}-{i}.json")


@pytest.mark.parametrize(("players", "seed"), [
    ("ai:normal,ai:easy,ai:random", 5),
    ("ai:easy,ai:random,ai:normal,ai:easy", 8),
])
@pytest.mark.slow
def test_an_arena_game_of_sakura_is_played_again_move_for_move(
        monkeypatch, tmp_path, players, seed):
    sources = arena(tmp_path, "sakura", players, seed)
    for i, source in enumerate(sources[:2]):
        replayed_on_its_deal(monkeypatch, source, tmp_path / f"again-{i}.json")


@pytest.mark.slow
def test_other_seats_play_the_same_deal(monkeypatch, tmp_path):
    """A person (here answering 1 to everything) takes a seat against another level: the
    cards are the record's, the game is a new one."""
    source = arena(tmp_path, "koikoi", "ai:normal,ai:easy", 5)[0]
    out = tmp_path / "mine.json"
    assert play(monkeypatch, "koikoi", "--deal", str(source), "--players", "human,ai:hard",
                "--record", str(out), stdin="1\n" * 400) == 0
    mine, theirs = load(out), load(source)
    assert mine["seats"] == ["human", "ai:hard"]
    assert (mine["seed"], mine["setup"], mine["variant"]) == (
        theirs["seed"], theirs["setup"], theirs["variant"])
    assert mine["moves"][0]["seat"] == theirs["moves"][0]["seat"]  # the same dealer leads
    first_hand = theirs["setup"]["deals"][0]["hands"][mine["moves"][0]["seat"]]
    assert mine["moves"][0]["action"]["play"] in first_hand


def test_a_record_without_a_pinned_deal_gives_its_seed(monkeypatch, tmp_path):
    source = tmp_path / "plain.json"
    assert play(monkeypatch, "koikoi", "--players", "ai:easy,ai:normal", "--seed", "9",
                "--record", str(source)) == 0
    assert "setup" not in load(source)
    replayed_on_its_deal(monkeypatch, source, tmp_path / "again.json")


@pytest.mark.slow
def test_rules_carried_by_the_record_are_played_without_the_variant_file(
        monkeypatch, tmp_path, capsys):
    house = tmp_path / "house.yaml"
    house.write_text("game: koikoi\nname: house\ntitle: House\ndescription: D\n"
                     "extends: italian\nrules: {}\n", encoding="utf-8")
    source = arena(tmp_path, "koikoi", "ai:normal,ai:easy", 3, "--variant", str(house))[0]
    house.unlink()
    carried = load(source)["rules"]
    replayed_on_its_deal(monkeypatch, source, source.parent / "again.json")
    # Named after a built-in variant whose rules are others: the record's rules are played,
    # and a note says the installed variant changed.
    renamed = {**load(source), "variant": "standard"}
    (tmp_path / "renamed.json").write_text(json.dumps(renamed), encoding="utf-8")
    out = tmp_path / "renamed-again.json"
    capsys.readouterr()
    assert play(monkeypatch, "koikoi", "--deal", str(tmp_path / "renamed.json"), "--players",
                ",".join(renamed["seats"]), "--record", str(out)) == 0
    err = capsys.readouterr().err
    assert "asobi: note: the built-in variant 'standard' has changed" in err
    assert load(out)["rules"] == carried
    assert load(out)["moves"] == renamed["moves"]


class Table:
    """A third-party frontend: its game comes from ``launch.new_session()``, AIs only."""

    title = "Table (test)"

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def play(self, launch) -> int:
        session = launch.new_session()
        driver = Driver(session)
        for seat in driver.turns():
            driver.play(seat, driver.decide(seat))
        self.records.append(session.record())
        return 0


@pytest.mark.slow
def test_a_third_party_frontend_plays_the_deal_too(monkeypatch, tmp_path, installed):
    source = arena(tmp_path, "sakura", "ai:normal,ai:easy,ai:random", 4)[1]
    module = type(sys)("asobi_test_table")
    module.TABLE = Table()
    monkeypatch.setitem(sys.modules, "asobi_test_table", module)
    with_table = Registry(
        game_entry_points=installed.game_entry_points,
        frontend_entry_points=[
            ep for ep in discover().frontend_entry_points if ep.name == "text"
        ] + [type(installed.game_entry_points[0])(
            "table", "asobi_test_table:TABLE", "asobi.frontends")],
    )
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: with_table)
    seats = ",".join(load(source)["seats"])
    assert play(monkeypatch, "sakura", "--deal", str(source), "--players", seats,
                "--frontend", "table") == 0
    assert module.TABLE.records == [load(source)]


def test_default_seats_are_as_many_as_the_deal_is_for(monkeypatch, tmp_path, spy, installed):
    source = arena(tmp_path, "sakura", "ai:easy,ai:random,ai:random,ai:easy", 2)[0]
    with_spy = Registry(
        game_entry_points=installed.game_entry_points,
        frontend_entry_points=[type(installed.game_entry_points[0])(
            "spy", "asobi_test_spy:SPY", "asobi.frontends")],
    )
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: with_spy)
    assert play(monkeypatch, "sakura", "--deal", str(source), "--frontend", "spy") == 0
    (launch,) = spy.launches
    assert [str(s) for s in launch.seats] == ["human", "ai:normal", "ai:normal", "ai:normal"]
    session = launch.new_session()
    assert session.setup == load(source)["setup"]
    assert session.record()["seed"] == load(source)["seed"]


@pytest.fixture
def koikoi_record(tmp_path):
    return arena(tmp_path, "koikoi", "ai:easy,ai:random", 1)[0]


def mistakes(folder: Path, good: Path) -> list[tuple[list[str], str]]:
    """(arguments after 'play', what the one line says) for every mistake."""
    (folder / "list.json").write_text("[1, 2]", encoding="utf-8")
    (folder / "broken.json").write_text('{"format": 1,', encoding="utf-8")
    (folder / "big.json").write_bytes(b" " * (records.MAX_RECORD_BYTES + 1))
    (folder / "latin1.json").write_bytes(b'{"game": "caf\xe9"}')
    (folder / "no-seed.json").write_text(json.dumps(
        {k: v for k, v in load(good).items() if k != "seed"}), encoding="utf-8")
    r = str(good)
    return [
        (["koikoi", "--deal", str(folder / "missing.json")], "cannot read the record"),
        (["koikoi", "--deal", str(folder)], "cannot read the record"),
        (["koikoi", "--deal", str(folder / "list.json")], "a record is a JSON object"),
        (["koikoi", "--deal", str(folder / "broken.json")], "not valid JSON"),
        (["koikoi", "--deal", str(folder / "big.json")], "larger than 4 MiB"),
        (["koikoi", "--deal", str(folder / "latin1.json")], "not UTF-8"),
        (["koikoi", "--deal", str(folder / "no-seed.json")], "'seed' is missing"),
        (["sakura", "--deal", r], "a record of 'koikoi', not of 'sakura'"),
        (["koikoi", "--deal", r, "--seed", "3"], "leave out --seed"),
        (["koikoi", "--deal", r, "--variant", "italian"], "leave out --variant"),
        (["koikoi", "--deal", r, "--seed", "3", "--variant", "italian"],
         "leave out --seed and --variant"),
        (["koikoi", "--deal", r, "--players", "ai:easy,ai:easy,ai:easy"], "2 players"),
        (["koikoi", "--deal", r, "--players", "ai:nobody,ai:easy"], "no AI level 'nobody'"),
    ]


def test_every_mistake_is_one_line_and_starts_nothing(monkeypatch, tmp_path, capsys,
                                                      koikoi_record):
    folder = tmp_path / "bad"
    folder.mkdir()
    for args, says in mistakes(folder, koikoi_record):
        out = tmp_path / "never.json"
        capsys.readouterr()
        assert play(monkeypatch, *args, "--record", str(out)) == 2, args
        captured = capsys.readouterr()
        lines = captured.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("asobi: "), (args, captured.err)
        assert says in lines[0], (args, lines)
        assert "Traceback" not in captured.err and captured.out == "", args
        assert not out.exists(), args


@pytest.mark.slow
def test_a_sakura_deal_is_for_its_number_of_players(monkeypatch, tmp_path, capsys):
    source = arena(tmp_path, "sakura", "ai:easy,ai:random,ai:random", 1)[0]
    capsys.readouterr()
    assert play(monkeypatch, "sakura", "--deal", str(source), "--players",
                "ai:easy,ai:easy,ai:easy,ai:easy") == 2
    err = capsys.readouterr().err
    assert "the deal is for 3 players, and --players gives 4 seats" in err
