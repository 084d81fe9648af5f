"""Sessions refuse what is illegal; records replay exactly; bad records exit 2 with a reason."""

from __future__ import annotations

import json

import pytest

from asobi.cli.main import main
from asobi.errors import AsobiError
from asobi.play.seeds import parse_seed
from asobi.play.session import Session
from asobi.variants.loader import load


@pytest.fixture
def nim(nim_registry):
    return nim_registry.game("nim")


@pytest.fixture
def cli(nim_registry, monkeypatch):
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: nim_registry)
    return main


def play_out(session: Session) -> None:
    while not session.finished:
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[-1])


def test_illegal_action_is_refused_and_changes_nothing(nim):
    session = Session(nim, load(nim.info), ["human", "ai:random"], seed=1)
    before = session.observation(0)
    with pytest.raises(AsobiError, match=r'illegal action \{"pile":0,"take":4\} for seat 0; legal'):
        session.apply(0, {"pile": 0, "take": 4})
    with pytest.raises(AsobiError, match="not seat 1's turn"):
        session.apply(1, {"pile": 0, "take": 1})
    with pytest.raises(AsobiError, match="no seat 7"):
        session.apply(7, {"pile": 0, "take": 1})
    assert session.observation(0) == before and session.moves == []


def test_a_seed_is_chosen_and_stored_when_none_is_given(nim):
    session = Session(nim, load(nim.info), ["human", "ai:random"])
    assert isinstance(session.seed, int) and parse_seed(session.record()["seed"]) == session.seed


def test_no_moves_after_the_end(nim):
    session = Session(nim, load(nim.info), ["human", "human"], seed=2)
    play_out(session)
    with pytest.raises(AsobiError, match="the game is over"):
        session.apply(0, {"pile": 0, "take": 1})


def test_record_replays_to_the_same_result(nim, cli, tmp_path, capsys):
    session = Session(nim, load(nim.info), ["human", "ai:random"], seed=9)
    play_out(session)
    path = tmp_path / "game.json"
    session.save(path)
    record = json.loads(path.read_text())
    assert list(record) == ["format", "game", "variant", "seed", "seats", "moves"]
    assert cli(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["game", "variant", "finished", "rounds", "scores", "winner"]
    assert out == {k: session.result()[k] for k in out}
    assert out["finished"] is True


def test_replay_of_a_partial_record_is_unfinished(nim, cli, tmp_path, capsys):
    session = Session(nim, load(nim.info), ["human", "ai:random"], seed=9)
    session.apply(0, {"pile": 0, "take": 1})
    path = tmp_path / "part.json"
    session.save(path)
    assert cli(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is False and out["winner"] is None


def record_with(tmp_path, **changes):
    record = {
        "format": 1,
        "game": "nim",
        "variant": "standard",
        "seed": 1,
        "seats": ["human", "human"],
        "moves": [
            {"seat": 0, "action": {"pile": 0, "take": 1}},
            {"seat": 1, "action": {"pile": 2, "take": 3}},
            {"seat": 0, "action": {"pile": 2, "take": 3}},
        ],
    }
    record.update(changes)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    return path


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {
                "moves": [
                    {"seat": 0, "action": {"pile": 0, "take": 1}},
                    {"seat": 1, "action": {"pile": 0, "take": 3}},
                ]
            },
            'move 1 ({"pile":0,"take":3}): illegal action',
        ),
        (
            {"moves": [{"seat": 1, "action": {"pile": 0, "take": 1}}]},
            'move 0 ({"pile":0,"take":1}): it is not seat 1\'s turn',
        ),
        ({"moves": [{"seat": 0}]}, "move 0 is malformed"),
        ({"moves": [{"seat": "zero", "action": {}}]}, "move 0 is malformed: 'seat' must be"),
        ({"format": 2}, "unsupported record format 2"),
        ({"seed": "abc"}, "'seed' is missing or not an integer"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"variant": "nope"}, "unknown variant 'nope' of nim"),
        ({"seats": ["human"]}, "record has 1 seats"),
    ],
)
def test_bad_records_exit_2_with_the_reason(cli, tmp_path, capsys, changes, message):
    path = record_with(tmp_path, **changes)
    assert cli(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_record_that_is_not_json(cli, tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text('{"format": 1,,}')
    assert cli(["replay", str(path)]) == 2
    assert f"{path}:1:14: not valid JSON" in capsys.readouterr().err


def test_missing_record_file(cli, tmp_path, capsys):
    assert cli(["replay", str(tmp_path / "none.json")]) == 2
    assert "cannot read the record" in capsys.readouterr().err


def test_record_variant_path_is_relative_to_the_record(cli, tmp_path, capsys):
    (tmp_path / "big.yaml").write_text(
        "game: nim\nname: big\ntitle: Big\ndescription: D\nextends: standard\nrules: {piles: [1]}\n"
    )
    path = record_with(
        tmp_path, variant="big.yaml", moves=[{"seat": 0, "action": {"pile": 0, "take": 1}}]
    )
    assert cli(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] == 0 and out["variant"] == "big.yaml"


def test_played_variant_file_is_recorded_relative_to_the_record(cli, tmp_path, monkeypatch,
                                                                 capsys):
    rules = tmp_path / "house" / "one.yaml"
    rules.parent.mkdir()
    rules.write_text("game: nim\nname: one\ntitle: One\ndescription: D\nextends: standard\n"
                     "rules: {piles: [2], max_take: 1}\n")
    saves = tmp_path / "saves"
    saves.mkdir()
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("1\n1\n"))
    assert cli(["play", "nim", "--variant", str(rules), "--seed", "1",
                "--record", str(saves / "g.json")]) == 0
    assert json.loads((saves / "g.json").read_text())["variant"] == "../house/one.yaml"
    capsys.readouterr()
    assert cli(["replay", str(saves / "g.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is True
