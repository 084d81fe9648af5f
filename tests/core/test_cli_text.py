"""The command line and the text frontend, driven as a user would: arguments and stdin."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from asobi.cli import main


@pytest.fixture
def cli(nim_registry, monkeypatch):
    monkeypatch.setattr("asobi.cli.discover", lambda warn: nim_registry)
    return main


def feed(monkeypatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


def test_play_to_the_end_through_stdin_and_replay(cli, monkeypatch, capsys, tmp_path):
    record = tmp_path / "nim.json"
    feed(monkeypatch, "1\n" * 20)
    assert cli(["play", "nim", "--seed", "3", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Seed 3 (replay this deal with --seed 3)" in out
    assert "  1. take 1 from pile 1" in out
    assert "Seat 2 (ai:random): take" in out
    assert "Game over." in out and f"Record saved to {record}" in out
    assert cli(["replay", str(record), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["finished"] is True
    assert f"Winner: Seat {replayed['winner'] + 1}" in out


def test_help_rules_hint_and_bad_input(cli, monkeypatch, capsys):
    feed(monkeypatch, "help\nrules\nhint\n99\nfoo\nquit\n\n")
    assert cli(["play", "nim", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Other commands: help, rules" in out
    assert "max_take: 3" in out
    assert "Hint: " in out and "(chosen at random)" in out
    assert "'99' is not a choice: type a number from 1 to 9, or help." in out
    assert "You left the game." in out
    assert "Save a record of this game?" in out


def test_quit_offers_to_save_and_the_partial_record_replays(cli, monkeypatch, capsys, tmp_path):
    saved = tmp_path / "partial.json"
    feed(monkeypatch, f"2\nquit\n{saved}\n")
    assert cli(["play", "nim", "--seed", "4"]) == 0
    assert f"Record saved to {saved}" in capsys.readouterr().out
    record = json.loads(saved.read_text())
    assert record["moves"][0] == {"seat": 0, "action": {"pile": 0, "take": 2}}
    assert cli(["replay", str(saved), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is False


def test_end_of_input_is_a_quit(cli, monkeypatch, capsys):
    feed(monkeypatch, "")
    assert cli(["play", "nim", "--seed", "4"]) == 0
    assert "You left the game." in capsys.readouterr().out


def test_portuguese_text(cli, monkeypatch, capsys):
    feed(monkeypatch, "quit\n\n")
    assert cli(["play", "nim", "--seed", "4", "--lang", "pt"]) == 0
    out = capsys.readouterr().out
    assert "Semente 4" in out and "Você saiu do jogo." in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "nim", "--frontend", "tv"], "unknown frontend 'tv'; installed frontends: text"),
        (["play", "nim", "--players", "human"], "Nim is played by 2 to 3 players; 1 seats"),
        (["play", "nim", "--players", "human,robot"], "unknown seat 'robot'"),
        (["play", "nim", "--players", "human,ai:genius"], "Nim has no AI level 'genius'"),
        (["play", "nim", "--variant", "huge"], "unknown variant 'huge' of nim"),
        (["rules", "nim", "--variant", "missing.yaml"], "missing.yaml: no such variant file"),
        (["variants", "chess"], "unknown game 'chess'"),
        (["play", "nim", "--record", "/no/such/dir/g.json"], "no such folder"),
    ],
)
def test_user_errors_exit_2_without_traceback(cli, capsys, argv, message):
    assert cli(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_argument_errors_exit_2(cli, capsys):
    with pytest.raises(SystemExit) as info:
        cli(["play", "nim", "--lang", "xx"])
    assert info.value.code == 2
    assert "unknown language 'xx'" in capsys.readouterr().err


def test_listings_as_json(cli, capsys):
    assert cli(["games", "--json"]) == 0
    [game] = json.loads(capsys.readouterr().out)
    assert game["name"] == "nim" and game["players"] == [2, 3]
    assert cli(["variants", "nim", "--json"]) == 0
    [variant] = json.loads(capsys.readouterr().out)
    assert variant["name"] == "standard" and variant["title"] == "Three piles"
    assert cli(["frontends", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["name"] == "text"


def test_bench_falls_back_to_random_games_through_hooks(cli, capsys):
    assert cli(["bench", "nim", "--seconds", "0.05", "--repeat", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["unit"] == "games" and out["per_second_median"] > 0
    assert len(out["per_second_runs"]) == 2


def test_real_console_script_version_and_games():
    out = subprocess.run(
        [sys.executable, "-m", "asobi.cli", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout.startswith("asobi 0.1.0")
    assert "plugin: asobi 0.1.0" in out.stdout
