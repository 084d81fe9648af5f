"""The command line and the text frontend, driven as a user would: arguments and stdin."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest

from asobi.cli.main import main


@pytest.fixture
def cli(nim_registry, monkeypatch):
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: nim_registry)
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
    assert "Seat 2 (AI, random): take" in out
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
    assert "Hint: " in out and " — chosen at random" in out
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
        (["play", "nim", "--players", "human"], "played by 2 to 3 players; 1 seat was given"),
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
        [sys.executable, "-m", "asobi.cli.main", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0 and out.stdout.startswith("asobi 0.1.0")
    assert "plugin: asobi 0.1.0" in out.stdout


def test_a_number_of_thousands_of_digits_is_not_a_choice(cli, monkeypatch, capsys):
    feed(monkeypatch, "9" * 5000 + "\n" + "0" * 4400 + "1\nquit\n\n")
    assert cli(["play", "nim", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "'" + "9" * 37 + "...' is not a choice" in out  # echoed, cut short
    assert "is not a choice: type a number from 1 to 9" in out
    assert "Seat 2 (AI, random): take" in out  # the zero-padded 1 was a move; the game went on


def test_full_width_digits_choose_and_odd_digits_do_not(cli, monkeypatch, capsys):
    feed(monkeypatch, "\u00b2\n\uff12\nquit\n\n")  # superscript two, then full-width two
    assert cli(["play", "nim", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "'\u00b2' is not a choice" in out
    assert "Seat 2 (AI, random): take" in out


def test_a_nul_byte_in_the_file_name_asks_again(cli, monkeypatch, capsys, tmp_path):
    saved = tmp_path / "ok.json"
    feed(monkeypatch, f"quit\nbad\x00name.json\n{saved}\n")
    assert cli(["play", "nim", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "a file name cannot hold a NUL byte" in out
    assert "Try another file name (Enter to give up): " in out
    assert f"Record saved to {saved}" in out and saved.is_file()


def test_a_failed_save_after_quit_asks_again_until_saved(cli, monkeypatch, capsys, tmp_path):
    saved = tmp_path / "second.json"
    feed(monkeypatch, f"2\nquit\n{tmp_path / 'no' / 'x.json'}\n{tmp_path}\n{saved}\n")
    assert cli(["play", "nim", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.count("Try another file name (Enter to give up): ") == 2
    assert f"Record saved to {saved}" in out
    assert json.loads(saved.read_text())["moves"][0]["action"] == {"pile": 0, "take": 2}


@pytest.mark.parametrize("give_up", ["\n", ""])
def test_giving_up_after_a_failed_save_exits_2(cli, monkeypatch, capsys, tmp_path, give_up):
    feed(monkeypatch, f"quit\n{tmp_path / 'no' / 'x.json'}\n{give_up}")
    assert cli(["play", "nim", "--seed", "4"]) == 2
    out = capsys.readouterr().out
    assert "cannot save the record to" in out and "The record was not saved." in out


def test_skipping_the_save_offer_is_not_a_failure(cli, monkeypatch, capsys):
    feed(monkeypatch, "quit\n\n")
    assert cli(["play", "nim", "--seed", "4"]) == 0
    assert "The record was not saved." not in capsys.readouterr().out


def test_record_naming_a_folder_is_refused_before_the_game(cli, monkeypatch, capsys, tmp_path):
    feed(monkeypatch, "1\n" * 20)
    assert cli(["play", "nim", "--seed", "3", "--record", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert f"cannot save the record to {tmp_path}: it is a folder; name a file" in captured.err
    assert "Seed 3" not in captured.out and "Traceback" not in captured.err


class FolderVanishes(io.StringIO):
    """Input whose first line read deletes the folder ``--record`` points into."""

    def __init__(self, text: str, folder) -> None:
        super().__init__(text)
        self.folder = folder

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        if self.folder.exists():
            self.folder.rmdir()
        return super().readline(size)


def test_a_record_that_cannot_be_written_at_the_end_asks_for_another_name(
    cli, monkeypatch, capsys, tmp_path
):
    monkeypatch.chdir(tmp_path)
    feed(monkeypatch, "1\n" * 20)
    assert cli(["play", "nim", "--seed", "3", "--record", "first.json"]) == 0
    mine = sum(
        move["seat"] == 0 for move in json.loads((tmp_path / "first.json").read_text())["moves"]
    )
    gone = tmp_path / "gone"
    gone.mkdir()
    saved = tmp_path / "instead.json"
    monkeypatch.setattr(sys, "stdin", FolderVanishes("1\n" * mine + f"{saved}\n", gone))
    capsys.readouterr()
    assert cli(["play", "nim", "--seed", "3", "--record", str(gone / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "Game over." in out and f"cannot save the record to {gone / 'g.json'}" in out
    assert f"Record saved to {saved}" in out
    assert cli(["replay", str(saved), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["finished"] is True


class UndecodableOnce(io.StringIO):
    """Input whose first line is bytes the terminal's encoding cannot decode."""

    failed = False

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        if not self.failed:
            self.failed = True
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
        return super().readline(size)


def test_a_line_that_is_not_text_is_not_a_choice(cli, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", UndecodableOnce("quit\n\n"))
    assert cli(["play", "nim", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "'?' is not a choice" in out and "You left the game." in out


def test_listings_are_in_columns_and_frontends_have_their_titles(capsys):
    from asobi.cli.main import main

    assert main(["games"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "players" in line]
    starts = {tuple(m.start() for m in re.finditer(r"(?<=  )\S", line))[:3] for line in lines}
    assert len(lines) >= 2 and len(starts) == 1, lines  # every column starts at one place
    assert main(["frontends"]) == 0
    out = capsys.readouterr().out
    assert "Plain text (any terminal, works through pipes)" in out and "Web browser" in out


@pytest.mark.parametrize("game, seats", [("koikoi", "human,ai:easy"), ("sakura", "human,ai:easy")])
def test_a_game_that_tells_its_end_is_not_summed_up_twice(monkeypatch, capsys, game, seats):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    assert main(["play", game, "--players", seats, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    ends = out.count("Game over") + out.count("The game is over")
    assert ends == 1, out[-800:]
    assert "  Round 1:" not in out  # the generic summary would call Sakura's trees rounds


def test_a_game_that_does_not_tell_its_end_gets_the_frontends_summary(cli, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 40))
    assert cli(["play", "nim", "--seed", "3"]) == 0
    assert "Game over." in capsys.readouterr().out
