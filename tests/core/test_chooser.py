"""The chooser: ``asobi`` alone, or ``asobi play`` without a game, in a terminal, asks what to
play, remembers the answers and plays; without a terminal nothing changes."""

from __future__ import annotations

import io
import os
import pty
import select
import signal
import sys
import time
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.cli import chooser, questions
from asobi.cli.main import main
from asobi.cli.questions import NOTE_LINES, Prompter, display_width, variant_options, wrap
from support.profiles import examples


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Interrupted(Terminal):
    """A terminal where the person presses Ctrl-C at the ``after``-th question."""

    def __init__(self, typed: str, after: int) -> None:
        super().__init__(typed)
        self.left = after

    def readline(self, *args: object) -> str:  # type: ignore[override]
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return super().readline()


@pytest.fixture
def reg(registry_of, spy, monkeypatch):
    found = registry_of(
        {"nim": "asobi_nim"},
        {"text": "asobi_frontends.text:FRONTEND", "spy": "asobi_test_spy:SPY"},
    )
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: found)
    return found


@pytest.fixture
def config_file() -> Path:
    return Path(os.environ["ASOBI_CONFIG_DIR"]) / "config.yaml"


def at_terminal(monkeypatch, argv: list[str], typed: str | io.StringIO) -> tuple[int, str]:
    """Run ``asobi ARGV`` with ``typed`` at a terminal; the exit status and the screen."""
    screen, before = Terminal(), sys.stdout
    monkeypatch.setattr(sys, "stdin", Terminal(typed) if isinstance(typed, str) else typed)
    monkeypatch.setattr(sys, "stdout", screen)
    try:
        status = main(argv)
    finally:
        monkeypatch.setattr(sys, "stdout", before)
    return status, screen.getvalue()


def test_asobi_alone_asks_everything_remembers_and_plays(reg, spy, monkeypatch, config_file):
    # game: only Nim (taken at once); variant: only one; 3 players; seat 1 human, seat 2
    # AI (random), seat 3 human; frontend 1 (spy: frontends come in the order of their names)
    status, screen = at_terminal(monkeypatch, [], "3\n1\n2\n1\n1\n")
    assert status == 0
    assert "Game: Nim (the only choice)" in screen
    assert "Variant of Nim: Three piles (the only choice)" in screen
    assert "Number of players: 2 to 3 (Enter: 2): " in screen
    assert " * 1. Human (a person at this screen)\n   2. AI: random\n" in screen
    assert "   1. spy\n      Spy (records the launch)\n * 2. text\n" in screen
    assert ("Starting: asobi play nim --variant standard --players human,ai:random,human "
            "--frontend spy") in screen
    launch = spy.launches[-1]
    assert [str(s) for s in launch.seats] == ["human", "ai:random", "human"]
    assert launch.variant.name == "standard" and launch.lang == "en"
    assert yaml.safe_load(config_file.read_text()) == {
        "frontend": "spy", "game": "nim",
        "nim": {"players": "human,ai:random,human", "variant": "standard"},
    }
    # what the chooser started is what the command it printed starts
    assert main(["play", "nim", "--variant", "standard", "--players", "human,ai:random,human",
                 "--frontend", "spy"]) == 0
    again = spy.launches[-1]
    assert (again.game.name, again.variant.rules, again.seats, again.lang, again.options) == (
        launch.game.name, launch.variant.rules, launch.seats, launch.lang, launch.options)
    # next time: `asobi play nim` (no terminal needed) starts what was chosen
    sys.stdin = io.StringIO("")
    assert main(["play", "nim"]) == 0
    assert spy.launches[-1].seats == launch.seats
    # and the chooser offers the last answers first: Enter at every question
    status, screen = at_terminal(monkeypatch, ["play"], "\n\n\n\n\n")
    assert status == 0 and "Number of players: 2 to 3 (Enter: 3): " in screen
    assert " * 2. AI: random" in screen and " * 1. spy" in screen
    assert spy.launches[-1].seats == launch.seats


def test_the_chooser_plays_in_the_text_frontend_with_the_same_input(reg, monkeypatch):
    status, screen = at_terminal(monkeypatch, ["play", "--seed", "3"], "\n\n\n\n2\n" + "1\n" * 20)
    assert status == 0
    assert "Starting: asobi play nim --variant standard --players human,ai:random " \
           "--frontend text --seed 3" in screen
    assert "Seed 3 (replay this deal with --seed 3)" in screen and "Game over." in screen


def test_without_a_terminal_nothing_changes(reg, monkeypatch, capsys, config_file):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n1\n"))
    assert main([]) == 2
    assert "usage: asobi" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main(["play"])
    assert stopped.value.code == 2
    assert "the following arguments are required: game" in capsys.readouterr().err
    monkeypatch.setattr(sys, "stdin", Terminal("1\n"))  # a terminal in, a pipe out
    with pytest.raises(SystemExit):
        main(["play"])
    assert not config_file.exists()


@pytest.mark.parametrize("answered", [0, 1, 2, 3])
def test_end_of_input_or_ctrl_c_at_any_question_changes_nothing(
    reg, spy, monkeypatch, capsys, config_file, answered
):
    config_file.parent.mkdir(parents=True)
    config_file.write_text("lang: en\n")
    answers = ["2", "1", "2", "1"][:answered]
    typed = "".join(a + "\n" for a in answers)
    status, screen = at_terminal(monkeypatch, [], typed)
    assert status == 2 and not spy.launches
    err = capsys.readouterr().err
    assert "asobi: the input ended before a choice was made; nothing was started" in err
    assert "Traceback" not in err and "Starting:" not in screen
    status, screen = at_terminal(monkeypatch, [], Interrupted(typed, answered))
    assert status == 130 and not spy.launches and "Traceback" not in capsys.readouterr().err
    assert config_file.read_text() == "lang: en\n"


def test_bad_answers_are_explained_and_asked_again(reg, spy, monkeypatch):
    typed = "0\nthree\n4\n\x1b[A\n99999999999999999999\n２\n" + "robot\n" + "AI: RANDOM\n" \
        + "ai:random\n" + "\ufffd\nSPY\n"
    status, screen = at_terminal(monkeypatch, [], typed)
    assert status == 0
    assert screen.count("is not a number from 2 to 3.") == 5
    assert "'?[A' is not a number" in screen
    assert "'99999999999999999999' is not a number" in screen
    assert ("'robot' is not one of the choices: type a number from 1 to 3, or press Enter "
            "for 1.") in screen
    assert "'\ufffd' is not one of the choices" in screen
    assert [str(s) for s in spy.launches[-1].seats] == ["ai:random", "ai:random"]


def test_options_given_are_not_asked(reg, spy, monkeypatch, config_file):
    status, screen = at_terminal(
        monkeypatch, ["play", "--players", "ai:random,human", "--frontend", "spy", "--lang", "it"],
        "",
    )
    assert status == 0
    assert "Number of players" not in screen and "Posto" not in screen
    assert "Interfaccia" not in screen
    assert [str(s) for s in spy.launches[-1].seats] == ["ai:random", "human"]
    assert spy.launches[-1].lang == "it"
    assert yaml.safe_load(config_file.read_text()) == {"game": "nim",
                                                       "nim": {"variant": "standard"}}


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({"LANG": "pt_BR.UTF-8"}, "Número de jogadores: de 2 a 3 (Enter: 2): "),
        ({"LANG": "pt_BR.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "Numero di giocatori"),
        ({"LANG": "it_IT", "LC_ALL": "ja_JP.UTF-8"}, "プレイヤーの人数: 2〜3（Enter: 2）: "),
        ({"LANG": "C.UTF-8"}, "Number of players: 2 to 3"),
    ],
)
def test_the_questions_are_in_the_systems_language(reg, spy, monkeypatch, env, words):
    monkeypatch.delenv("ASOBI_LANG")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    status, screen = at_terminal(monkeypatch, [], "\n\n\nspy\n")
    assert status == 0 and words in screen
    assert spy.launches[-1].lang == chooser.userconfig.default_lang(None, env)


def test_counts_take_the_plural_of_their_language(installed, monkeypatch):
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: installed)
    monkeypatch.setenv("ASOBI_LANG", "pt")
    status, screen = at_terminal(monkeypatch, [], "")
    assert status == 2 and "Escolha de 1 a " in screen
    for game in installed.games().values():
        low, high = game.info.min_players, game.info.max_players
        title = game.text(game.info.title, "pt")
        count = f"{low} jogadores" if low == high else f"{low} a {high} jogadores"
        assert f"{title} ({count})" in screen
    frontends = questions.frontend_options(installed, "en", lambda message: None)
    assert [o.key for o in frontends] == sorted(o.key for o in frontends)
    for option in frontends:  # every installed frontend that can play, with its title
        assert option.note == installed.frontend(option.key).load().title


@pytest.mark.slow
@settings(max_examples=examples(100), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(
    st.one_of(
        st.text(max_size=12).map(lambda t: t.replace("\n", " ")),
        st.integers(-2, 5).map(str),
        st.sampled_from(["", "spy", "spy2", "human", "ai:random", "Nim", "q", "\x04"]),
    ),
    max_size=8,
))
def test_any_typing_is_answered_or_ends_cleanly(registry_of, spy, monkeypatch, capsys,
                                                config_file, lines):
    spies = registry_of({"nim": "asobi_nim"},
                        {"spy": "asobi_test_spy:SPY", "spy2": "asobi_test_spy:SPY2"})
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: spies)
    config_file.parent.mkdir(parents=True, exist_ok=True)
    config_file.write_text("frontend: spy\nlang: en\n")  # no text frontend here
    spy.launches.clear()
    status, screen = at_terminal(monkeypatch, ["play"], "".join(f"{x}\n" for x in lines))
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if status == 2:  # the input ended first: nothing saved, nothing played
        assert "the input ended before a choice was made" in err
        assert config_file.read_text() == "frontend: spy\nlang: en\n" and not spy.launches
        return
    assert status == 0, err
    saved = yaml.safe_load(config_file.read_text())
    assert saved["frontend"] in ("spy", "spy2") and saved["game"] == "nim"
    assert saved["lang"] == "en" and saved["nim"]["variant"] == "standard"
    seats = saved["nim"]["players"].split(",")
    offered = {"human", *(f"ai:{level}" for level in spies.game("nim").ai_levels())}
    assert 2 <= len(seats) <= 3 and set(seats) <= offered
    if saved["frontend"] == "spy":
        assert [str(s) for s in spy.launches[-1].seats] == seats
    # every line was an answer, a refusal, or left unread
    refused = screen.count("is not one of the choices") + screen.count("is not a number")
    assert refused <= len(lines) - (len(seats) + 1) + screen.count("(Enter: ")


def in_a_pty(argv: list[str], answers: list[tuple[str, str]], env: dict[str, str],
             ) -> tuple[int, str]:
    """Run ``asobi ARGV`` in a real pseudo-terminal; each answer is typed once its prompt
    shows. The exit status and everything the terminal showed."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: asobi, with the pty as its controlling terminal
        # as in a terminal, Ctrl-C interrupts (a background job may have been started with
        # SIGINT ignored, and an ignored signal stays ignored across exec)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.execve(sys.executable, [sys.executable, "-c",
                                   "import sys; from asobi.cli.main import main; sys.exit(main())",
                                   *argv], env)
    shown, pending, unread = b"", list(answers), 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if pending and pending[0][0].encode() in shown[unread:]:
            os.write(fd, pending.pop(0)[1].encode())
            unread = len(shown)  # the next prompt is looked for in what comes after
        ready, _w, _x = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the child has gone: the pty reads as closed
                break
            if not chunk:
                break
            shown += chunk
    # The pty reads as closed a moment before the child can be reaped: wait for it (a few
    # seconds on a busy machine), then kill one still running, a failure rather than a hang.
    until = max(deadline, time.monotonic() + 10)
    done, status = os.waitpid(pid, os.WNOHANG)
    while not done and time.monotonic() < until:
        time.sleep(0.02)
        done, status = os.waitpid(pid, os.WNOHANG)
    if not done:
        os.kill(pid, signal.SIGKILL)
        _pid, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), shown.decode("utf-8", "replace")


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a POSIX pseudo-terminal")
def test_a_real_terminal_gets_the_questions_and_ctrl_c_leaves(config_file):
    env = {**os.environ, "ASOBI_LANG": "en", "ASOBI_CONFIG_DIR": str(config_file.parent),
           "COLUMNS": "100"}
    status, shown = in_a_pty([], [("Choose 1-", "\x03")], env)
    assert status == 130 and "Game\r\n" in shown and "Traceback" not in shown
    assert not config_file.exists()
    answers = [("(Enter: 1): ", "koikoi\r"), ("Variant of Koi-Koi", "\r"), ("Seat 1", "\r"),
               ("Seat 2", "ai:random\r"), ("Frontend", "text\r"), ("> ", "quit\r"),
               ("File name", "\r")]
    # A fixed deal: a deal at random may end the round at once (a hand dealt with a yaku),
    # and the game would be over before its first prompt, where `quit` is typed.
    status, shown = in_a_pty(["play", "--seed", "7"], answers, env)
    assert status == 0, shown
    assert "Starting: asobi play koikoi --variant standard --players human,ai:random " \
           "--frontend text" in shown
    assert "You left the game." in shown
    assert yaml.safe_load(config_file.read_text())["koikoi"]["players"] == "human,ai:random"


def test_a_remembered_level_with_a_time_budget_is_offered_again(reg, spy, monkeypatch):
    assert main(["config", "set", "nim.players", "human,ai:search:0.5"]) == 0
    status, screen = at_terminal(monkeypatch, [], "\n\n\nspy\n")
    assert status == 0 and " * 4. AI: search (0.5 s)" in screen
    assert [str(s) for s in spy.launches[-1].seats] == ["human", "ai:search:0.5"]


def test_a_broken_settings_file_is_named_kept_and_the_chooser_still_plays(
    reg, spy, monkeypatch, capsys, config_file
):
    config_file.parent.mkdir(parents=True)
    config_file.write_bytes(b"frontend: [spy\n")
    status, screen = at_terminal(monkeypatch, [], "\n\n\nspy\n")
    assert status == 0 and spy.launches
    err = capsys.readouterr().err
    assert f"your settings are not used: {config_file}:2:1: not valid YAML" in err
    assert "your choices were not saved" in err and "asobi config reset" in err
    assert "Saved as your defaults" not in screen
    assert config_file.read_bytes() == b"frontend: [spy\n"


WORDS = st.tuples(st.sampled_from(["桜の庭", "絵師たち", "皇帝", "ab", "cde", "fghij"]),
                  st.sampled_from(["", "。", "、", "）", ",", "."]),
                  st.sampled_from(["", " "]))
"""A word, the mark that may close it, and a space or none (Japanese puts none)."""


@given(st.lists(WORDS, max_size=30), st.integers(8, 60))
def test_a_note_is_wrapped_whole_within_the_width_and_no_line_starts_with_a_closing_mark(
        words, width):
    text = "".join(word + mark + space for word, mark, space in words)
    lines = wrap(text, width, NOTE_LINES)
    assert len(lines) <= NOTE_LINES
    assert all(display_width(line) <= width for line in lines)
    flat = " ".join(text.split())
    if lines and not lines[-1].endswith("…"):  # nothing left out: every character is there
        assert "".join(lines).replace(" ", "") == flat.replace(" ", "")
    assert not any(line[:1] in "。、）" for line in lines[1:] if len(line) > 1)


def test_long_variant_descriptions_are_wrapped_not_cut(installed, monkeypatch):
    prompter = Prompter(io.StringIO("\n"), io.StringIO(), "en", 80)
    game = installed.game("sakura")
    options = variant_options(game, "en", None)
    prompter.pick("Variant of Sakura", options, 0)
    screen = prompter.stdout.getvalue()
    assert "garden and try to be closest to\n      him when he stops at a cherry tree" in screen
    assert all(display_width(line) < 80 for line in screen.splitlines())
