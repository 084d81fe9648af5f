"""Records carry the rules of variants that are not built in, so they replay anywhere.

A record of a game played under a variant file, a user variant or a house-rule pack holds the
merged rules and their digest (docs/records.md, "Variants carried in the record"); replay uses
them without the file, checks them against the game's schema, and notes a built-in variant
that changed since. Records without these fields replay as before.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from asobi.cli.main import main
from asobi.errors import AsobiError
from asobi.play import records
from asobi.play.session import Session, rules_digest

ONE_PILE = "game: nim\nname: one\ntitle: One pile\ndescription: D\nextends: standard\n"


@pytest.fixture
def cli(nim_registry, monkeypatch):
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: nim_registry)
    return main


def write_json(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def replay_json(cli, path: Path, capsys) -> dict[str, Any]:
    capsys.readouterr()
    assert cli(["replay", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_record_of_a_variant_file_replays_after_the_file_is_gone(
    cli, tmp_path, monkeypatch, capsys
):
    rules = tmp_path / "house" / "one.yaml"
    rules.parent.mkdir()
    rules.write_text(ONE_PILE + "rules: {piles: [2], max_take: 1}\n")
    saves = tmp_path / "saves"
    saves.mkdir()
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n"))
    argv = ["play", "nim", "--variant", str(rules), "--seed", "1", "--record"]
    assert cli([*argv, str(saves / "g.json")]) == 0
    record = json.loads((saves / "g.json").read_text())
    assert record["variant"] == "../house/one.yaml"
    assert record["rules"] == {"piles": [2], "max_take": 1, "misere": False}
    canonical = json.dumps(record["rules"], sort_keys=True, separators=(",", ":"))
    assert record["variant_digest"] == "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()
    expected = replay_json(cli, saves / "g.json", capsys)
    # Sent to a friend: the record alone, in another folder, with no variant file anywhere.
    shutil.rmtree(rules.parent)
    friend = tmp_path / "friend"
    friend.mkdir()
    shutil.copy(saves / "g.json", friend / "g.json")
    assert replay_json(cli, friend / "g.json", capsys) == expected
    assert expected["finished"] is True and expected["winner"] == 1


def test_user_and_pack_variants_are_carried_but_built_in_ones_are_not(
    registry_of, tmp_path, monkeypatch
):
    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "plugins" / "asobi-house-pack"))
    import asobi_house_pack

    reg = registry_of({"nim": "asobi_nim"}, plugins=[asobi_house_pack])
    nim = reg.game("nim")
    user = tmp_path / "config" / "variants" / "nim"
    user.mkdir(parents=True)
    (user / "one.yaml").write_text(ONE_PILE + "rules: {piles: [4]}\n")
    for name, piles in (("one", [4]), ("big-piles", [20, 20])):
        variant = nim.load_variant(name)
        assert variant.origin in ("user", "pack")
        record = Session(nim, variant, ["human", "human"], seed=5).record()
        assert record["variant"] == name and record["rules"]["piles"] == piles
        assert record["variant_digest"] == rules_digest(variant.rules)
    built_in = Session(nim, nim.load_variant("standard"), ["human", "human"], seed=5).record()
    assert "rules" not in built_in and "variant_digest" not in built_in


def test_a_user_variant_record_replays_where_the_variant_does_not_exist(registry_of, tmp_path):
    reg = registry_of({"nim": "asobi_nim"})
    nim = reg.game("nim")
    user = tmp_path / "config" / "variants" / "nim"
    user.mkdir(parents=True)
    (user / "one.yaml").write_text(ONE_PILE + "rules: {piles: [1]}\n")
    session = Session(nim, nim.load_variant("one"), ["human", "human"], seed=5)
    session.apply(0, {"pile": 0, "take": 1})
    record = session.record()
    (user / "one.yaml").unlink()
    with pytest.raises(AsobiError, match="unknown variant 'one'"):
        nim.load_variant("one")
    replayed = records.replay(reg, record)
    assert replayed.finished and replayed.result()["winner"] == 0
    assert replayed.result()["variant"] == "one" and replayed.notes == []
    # Saved again, the replayed game still carries its rules.
    assert replayed.record()["variant_digest"] == record["variant_digest"]


def test_a_built_in_variant_that_changed_replays_the_stored_rules_with_a_note(
    cli, nim_registry, tmp_path, capsys
):
    stored = {"piles": [1], "max_take": 1, "misere": False}
    path = write_json(
        tmp_path / "old.json",
        {
            "format": 1,
            "game": "nim",
            "variant": "standard",
            "seed": 2,
            "seats": ["human", "ai:random"],
            "rules": stored,
            "variant_digest": rules_digest(stored),
            "moves": [{"seat": 0, "action": {"pile": 0, "take": 1}}],
        },
    )
    assert cli(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    # Under today's standard rules (3, 4, 5) one move would not end the game.
    assert out["finished"] is True and out["winner"] == 0 and out["variant"] == "standard"
    session = records.replay(nim_registry, records.read(path))
    assert session.notes == [
        "the built-in variant 'standard' has changed since this record was made; "
        "replaying with the rules stored in the record"
    ]
    err = io.StringIO()
    assert records.show(session, records.read(path), out=io.StringIO(), err=err) == 0
    assert "asobi: note: the built-in variant 'standard' has changed" in err.getvalue()


def test_stored_rules_that_match_the_built_in_give_no_note(nim_registry):
    nim = nim_registry.game("nim")
    rules = dict(nim.load_variant("standard").rules)
    record = {
        "format": 1,
        "game": "nim",
        "variant": "standard",
        "seed": 2,
        "seats": ["human", "human"],
        "rules": rules,
        "variant_digest": rules_digest(rules),
        "moves": [],
    }
    assert records.replay(nim_registry, record).notes == []


def test_a_digest_without_rules_is_checked_against_the_installed_variant(nim_registry):
    record = {
        "format": 1,
        "game": "nim",
        "variant": "standard",
        "seed": 2,
        "seats": ["human", "human"],
        "variant_digest": "sha256:" + "0" * 64,
        "moves": [],
    }
    session = records.replay(nim_registry, record)
    assert session.variant.rules["piles"] == [3, 4, 5]
    assert "does not carry its rules" in session.notes[0]


@pytest.mark.parametrize(
    ("changes", "messages"),
    [
        (
            {"rules": {"piles": [0], "max_take": 1, "colour": "red"}},
            [
                "the rules stored in the record do not fit Nim (3 problems)",
                "rules.piles.0: 0 is out of range",
                "rules.colour: unknown key 'colour'",
                "missing key 'misere'",
            ],
        ),
        ({"rules": [1, 2]}, ["'rules' must be an object"]),
        ({"variant_digest": "md5:abc"}, ["'variant_digest' must be 'sha256:'"]),
        (
            {
                "rules": {"piles": [1], "max_take": 1, "misere": False},
                "variant_digest": "sha256:" + "a" * 64,
            },
            ["'variant_digest' does not match the 'rules' stored in the record"],
        ),
    ],
)
def test_bad_stored_rules_exit_2_listing_the_problems(cli, tmp_path, capsys, changes, messages):
    record = {
        "format": 1,
        "game": "nim",
        "variant": "gone.yaml",
        "seed": 2,
        "seats": ["human", "human"],
        "moves": [],
        **changes,
    }
    path = write_json(tmp_path / "r.json", record)
    assert cli(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for message in messages:
        assert message in err


def test_a_record_without_the_new_fields_replays_as_before(cli, tmp_path, capsys):
    (tmp_path / "big.yaml").write_text(ONE_PILE + "rules: {piles: [2], max_take: 2}\n")
    path = write_json(
        tmp_path / "r.json",
        {
            "format": 1,
            "game": "nim",
            "variant": "big.yaml",
            "seed": 3,
            "seats": ["human", "human"],
            "moves": [{"seat": 0, "action": {"pile": 0, "take": 2}}],
        },
    )
    out = replay_json(cli, path, capsys)
    assert out["finished"] is True and out["winner"] == 0 and out["variant"] == "big.yaml"
    (tmp_path / "big.yaml").unlink()
    assert cli(["replay", str(path)]) == 2
    assert "big.yaml: no such variant file" in capsys.readouterr().err


def test_a_record_that_is_not_utf8_exits_2_naming_the_file(cli, tmp_path, capsys):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"format": 1, "game": "nim", "variant": "pi\u00f1a"}'.encode("latin-1"))
    assert cli(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: cannot read the record: it is not UTF-8 text" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"seed": ' + "9" * 5000 + "}"])
def test_a_record_too_deep_or_too_long_to_read_exits_2(cli, tmp_path, capsys, text):
    path = tmp_path / "odd.json"
    path.write_text(text)
    assert cli(["replay", str(path)]) == 2
    assert f"{path}: not a record asobi can read" in capsys.readouterr().err


def test_the_text_summary_counts_seats_from_1_and_json_from_0(nim_registry):
    record = {
        "format": 1,
        "game": "nim",
        "variant": "standard",
        "seed": 2,
        "seats": ["human", "human"],
        "moves": [],
    }
    nim = nim_registry.game("nim")
    one = nim.load_variant("standard")
    small = dataclasses.replace(one, rules={**one.rules, "piles": [1]})
    session = Session(nim, small, ["human", "human"], seed=2)
    session.apply(0, {"pile": 0, "take": 1})
    record["moves"] = session.moves
    text, as_json = io.StringIO(), io.StringIO()
    records.show(session, record, out=text)
    records.show(session, record, as_json=True, out=as_json)
    assert json.loads(as_json.getvalue())["winner"] == 0
    lines = text.getvalue().splitlines()
    assert lines[0] == "Nim - Three piles: 1 move"
    assert lines[1] == "   1. points +1, +0  winner seat 1"
    assert lines[2] == "scores: seat 1: 1, seat 2: 0  winner: seat 1"


def test_koikoi_records_of_a_variant_file_carry_the_merged_rules(installed, tmp_path):
    koikoi = installed.game("koikoi")
    house = tmp_path / "house.yaml"
    house.write_text(
        "game: koikoi\nname: house\ntitle: House\ndescription: D\nextends: italian\nrules: {}\n"
    )
    variant = koikoi.load_variant(str(house))
    session = Session(koikoi, variant, ["ai:random", "ai:random"], seed=9)
    while not session.finished:
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])
    record = session.record(folder=tmp_path)
    assert record["rules"] == json.loads(json.dumps(dict(koikoi.load_variant("italian").rules)))
    house.unlink()
    replayed = records.replay(installed, json.loads(json.dumps(record)))
    assert replayed.result() == session.result()


@pytest.mark.parametrize("name", ["v" * 300, "bad\0name", "deep/" * 900 + "x.yaml"],
                         ids=["name-too-long", "nul", "path-too-long"])
def test_a_variant_name_the_system_cannot_look_up_is_not_found_not_an_os_error(nim_registry,
                                                                               name):
    """A name too long for a file name (or with a NUL) is a variant that is not there: one
    user error, never the system's OSError (issue 34, finding 2)."""
    with pytest.raises(AsobiError):
        nim_registry.game("nim").load_variant(name)
