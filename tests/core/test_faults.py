"""A plugin's fault at run time: named in one line, and contained (docs/plugins.md, "When a
plugin fails"). The plugin is ``tests/plugins/asobi-faulty``, told which fault to make by the
environment variable ``ASOBI_FAULT``: loaded from its folder in most tests, installed with pip
(into a folder on ``sys.path``) where its distribution's name and version must show."""

from __future__ import annotations

import io
import json
import pickle
import shutil
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pluggy
import pytest
from hypothesis import given
from hypothesis import strategies as st

from asobi.cli.main import main
from asobi.errors import AsobiError
from asobi.host import origin
from asobi.host.faults import PluginFault, guard_agent, kind
from asobi.host.registry import Registry
from asobi.play.agents import BaseAgent
from asobi.play.session import Session, canonical
from asobi.variants.loader import load

ROOT = Path(__file__).resolve().parents[2]
FAULTY = ROOT / "tests" / "plugins" / "asobi-faulty"
GAME = "asobi_faulty.game"
PLUGIN = "asobi_faulty.plugin"


@pytest.fixture(autouse=True)
def faulty_on_path(monkeypatch, tmp_path):
    """The faulty package importable; the user's data and log folders in ``tmp_path``."""
    monkeypatch.syspath_prepend(str(FAULTY))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("ASOBI_FAULT", raising=False)


def registry(warn=None, games=None) -> Registry:
    """Tally and Nim, with the faulty plugin as an entry point (workers load it too)."""
    games = games or {"tally": GAME, "nim": "asobi_nim"}
    return Registry(
        game_entry_points=[EntryPoint(n, v, "asobi.games") for n, v in games.items()],
        frontend_entry_points=[EntryPoint("text", "asobi_frontends.text:FRONTEND",
                                          "asobi.frontends")],
        plugin_entry_points=[EntryPoint("faulty", PLUGIN, "asobi.plugins")],
        warn=warn if warn is not None else (lambda message: None),
    )


@pytest.fixture
def cli(monkeypatch):
    """``main`` on :func:`registry`, its warnings printed as the real CLI prints them."""
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: registry(warn))
    return main


def fault(monkeypatch, *names: str) -> None:
    monkeypatch.setenv("ASOBI_FAULT", ",".join(names))


def play_out(session: Session) -> None:
    while not session.finished:
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])


def tally(warnings: list[str] | None = None) -> Session:
    game = registry(warnings.append if warnings is not None else None).game("tally")
    return Session(game, load(game.info), ["human", "human"], seed=1)


# --------------------------------------------------------------------------- the message


def test_the_message_names_the_distribution_the_hook_and_what_was_wrong():
    fault_ = PluginFault("asobi-myscore 0.1", "asobi_adjust_points",
                         f"returned {kind('x')}, expected a list of 2 int")
    assert str(fault_) == "asobi-myscore 0.1 `asobi_adjust_points` returned a str, " \
        "expected a list of 2 int"
    assert kind([1]) == "a list of 1 int" and kind(42) == "an int" and kind(None) == "None"
    assert kind([]) == "an empty list"
    # It crosses process boundaries (the arena's workers) whole.
    again = pickle.loads(pickle.dumps(fault_))
    assert str(again) == str(fault_) and again.hook == "asobi_adjust_points"
    assert not isinstance(fault_, AsobiError)  # not the user's mistake: exit 1, not 2


@pytest.mark.parametrize(("faults", "problem"), [
    ("adjust-type", "returned a str, expected a list of 2 int"),
    ("adjust-short", "returned a list of 1 int, expected a list of 2 int"),
    ("adjust-raise", "raised KeyError: 'bonus'"),
])
def test_a_scoring_plugin_that_fails_is_named_and_the_game_stops(monkeypatch, faults, problem):
    session = tally()
    fault(monkeypatch, faults)
    with pytest.raises(PluginFault) as caught:
        play_out(session)
    assert str(caught.value) == f"{PLUGIN} `asobi_adjust_points` {problem}"
    assert caught.value.skippable
    if faults == "adjust-raise":
        assert isinstance(caught.value.__cause__, KeyError)
    # The move that settled the point is not recorded: the record holds the moves before it.
    assert len(session.record()["moves"]) == session.state.moves - 1


def test_a_game_hook_that_raises_or_answers_the_wrong_type_names_the_game(monkeypatch):
    session = tally()
    fault(monkeypatch, "legal-type")
    with pytest.raises(PluginFault, match=r"^asobi_faulty\.game `asobi_legal_actions` returned "
                                          r"a dict, expected a list of dict \(actions\)$"):
        session.legal_actions(0)
    fault(monkeypatch, "result-type")
    with pytest.raises(PluginFault, match="`asobi_result` returned a list of 4 tuple"):
        session.result()
    fault(monkeypatch, "apply-raise")
    session.apply(0, {"add": 1})
    session.apply(1, {"add": 1})
    with pytest.raises(PluginFault, match="`asobi_apply` raised ZeroDivisionError: the tally "
                                          "divided by zero") as caught:
        session.apply(0, {"add": 1})
    assert not caught.value.skippable  # the game itself: a tool cannot go on without it
    assert len(session.moves) == 2


class Audit:
    """A hook wrapper around the scoring hook: it sees what pluggy's loop gives back."""

    def __init__(self):
        self.seen = []

    @pluggy.HookimplMarker("asobi")(wrapper=True)
    def asobi_adjust_points(self, game, unit):
        try:
            answers = yield
        except PluginFault as caught:
            self.seen.append(("fault", caught.culprit))
            raise
        self.seen.append(("answers", answers))
        return answers


def test_hook_wrappers_run_and_see_the_fault_named_after_the_plugin_that_failed(monkeypatch):
    audit = Audit()
    session = tally()
    session.game.manager.register(audit, name="plugin:audit")
    play_out(session)
    assert audit.seen == [("answers", [])]  # pluggy's own loop ran: nobody adjusts, unprovoked
    fault(monkeypatch, "adjust-raise")
    session = tally()
    session.game.manager.register(audit, name="plugin:audit")
    with pytest.raises(PluginFault, match=r"`asobi_adjust_points` raised KeyError"):
        play_out(session)
    assert audit.seen[-1] == ("fault", PLUGIN)


def test_a_user_error_from_a_hook_stays_a_user_error():
    session = tally()
    with pytest.raises(AsobiError, match="illegal action"):
        session.apply(0, {"add": 7})


def test_a_failing_observer_is_reported_and_the_game_ends(monkeypatch):
    warnings: list[str] = []
    session = tally(warnings)
    fault(monkeypatch, "over-raise")
    play_out(session)
    assert session.finished and session.result()["winner"] is not None
    assert warnings == [f"{PLUGIN} `asobi_game_over` raised RuntimeError: the statistics file "
                        "is locked; the game and its record are not affected"]


def test_listing_hooks_that_fail_leave_the_plugin_out_with_one_warning(monkeypatch):
    warnings: list[str] = []
    game = registry(warnings.append).game("tally")
    assert game.ai_levels() == ["random", "cheat", "number"]
    fault(monkeypatch, "levels-type", "folders-type")
    assert game.ai_levels() == ["random"]  # not "o", "o", "p", "s"
    assert game.ai_levels() == ["random"]
    assert [row["name"] for row in game.variant_listing()] == ["standard"]
    assert warnings == [
        f"{PLUGIN} `asobi_agent_levels` returned a str, expected a list of str (level names); "
        "skipped",
        f"{PLUGIN} `asobi_variant_folders` returned a str, expected a list of folders (Path or "
        "Traversable); skipped",
    ]


def test_an_agent_that_is_not_an_agent_is_named():
    game = registry().game("tally")
    with pytest.raises(PluginFault, match=rf"^{PLUGIN} `asobi_agent` returned an int, expected "
                                          r"an agent \(an object with choose\) for ai:number$"):
        game.hooks.agent("number", 0, {"target": 7}, 2, 1)
    assert game.hooks.agent("cheat", 0, {"target": 7}, 2, 1) is not None
    assert game.manager.provider("cheat") == (PLUGIN, f"plugin:{PLUGIN}")
    assert game.hooks.agent("random", 0, {}, 2, 1) is not None
    assert game.manager.provider("random")[0].startswith("asobi ")


# --------------------------------------------------------------------------- agents


class Scripted(BaseAgent):
    def __init__(self, answer):
        self.answer = answer

    def decide(self, observation, legal):
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer, "scripted"


LEGAL = [{"add": 1}, {"add": 2}]


def test_an_ai_level_that_answers_an_illegal_move_is_named_not_the_game():
    agent = guard_agent(Scripted({"add": 99}), "foo", "asobi-first-level 0.1")
    with pytest.raises(PluginFault) as caught:
        agent.choose({}, LEGAL)
    assert str(caught.value) == ('ai:foo from asobi-first-level 0.1 `choose` answered an '
                                 'illegal move {"add":99}; legal: {"add":1}, {"add":2}')
    with pytest.raises(PluginFault, match="`explain` answered an illegal move"):
        agent.explain({}, LEGAL)
    broken = guard_agent(Scripted(ValueError("lost")), "foo", "x 1")
    with pytest.raises(PluginFault, match=r"^ai:foo from x 1 `choose` raised ValueError: lost$"):
        broken.choose({}, LEGAL)
    refusing = guard_agent(Scripted(AsobiError("ai:foo:bad: no such option")), "foo", "x 1")
    with pytest.raises(AsobiError):
        refusing.choose({}, LEGAL)
    assert guard_agent(agent, "bar", "y") is agent


@given(
    legal=st.lists(st.dictionaries(st.sampled_from("abc"), st.integers(0, 3), min_size=1),
                   min_size=1, max_size=6, unique_by=canonical),
    answer=st.dictionaries(st.sampled_from("abc"), st.integers(0, 3), min_size=1),
)
def test_a_guarded_agent_passes_exactly_the_legal_answers(legal, answer):
    agent = guard_agent(Scripted(dict(reversed(list(answer.items())))), "p", "q")
    if canonical(answer) in {canonical(a) for a in legal}:
        chosen = agent.choose({}, legal + [{"z": 0}])
        assert chosen is next(a for a in legal if canonical(a) == canonical(answer))
    else:
        with pytest.raises(PluginFault, match="answered an illegal move"):
            agent.choose({}, legal + [{"z": 0}])


def test_an_agent_that_only_chooses_still_explains_under_the_guard():
    class ChooseOnly:
        def choose(self, observation, legal):
            return legal[-1]

    assert guard_agent(ChooseOnly(), "last", "x").explain({}, LEGAL) == ({"add": 2}, "")


# --------------------------------------------------------------------------- asobi play


def stderr_lines(capsys) -> list[str]:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.splitlines()


def test_text_play_stops_saves_the_record_and_exits_1(cli, monkeypatch, capsys, tmp_path):
    record = tmp_path / "tally.json"
    fault(monkeypatch, "apply-raise")
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 10))
    status = cli(["play", "tally", "--players", "human,ai:random", "--seed", "5",
                  "--record", str(record)])
    assert status == 1
    lines = stderr_lines(capsys)
    assert lines[0] == ("asobi: the game stopped: asobi_faulty.game `asobi_apply` raised "
                        "ZeroDivisionError: the tally divided by zero")
    assert lines[1] == f"asobi: the record of the game so far is saved to {record}"
    log = tmp_path / "state" / "asobi" / "log" / "faults.log"
    assert lines[2].startswith(f"asobi: the traceback is in {log}")
    assert "Traceback" in log.read_text() and "ZeroDivisionError" in log.read_text()
    saved = json.loads(record.read_text())
    assert len(saved["moves"]) == 2 and saved["seed"] == 5
    monkeypatch.delenv("ASOBI_FAULT")
    assert cli(["replay", str(record), "--json"]) == 0  # the record so far replays
    assert json.loads(capsys.readouterr().out)["finished"] is False


def test_without_record_the_game_is_kept_in_the_data_folder_and_debug_shows_the_traceback(
    cli, monkeypatch, capsys, tmp_path,
):
    fault(monkeypatch, "adjust-type")
    assert cli(["--debug", "play", "tally", "--players", "ai:random,ai:random"]) == 1
    err = capsys.readouterr().err
    assert (f"asobi: the game stopped: {PLUGIN} `asobi_adjust_points` returned a str, expected "
            "a list of 2 int") in err.splitlines()
    assert "Traceback" in err  # --debug
    kept = list((tmp_path / "data" / "asobi" / "records").glob("tally-stopped-*.json"))
    assert len(kept) == 1 and f"saved to {kept[0]}" in err
    assert json.loads(kept[0].read_text())["game"] == "tally"


def test_text_play_names_an_ai_level_that_answers_an_illegal_move(cli, monkeypatch, capsys):
    assert cli(["play", "tally", "--players", "ai:random,ai:cheat", "--seed", "2"]) == 1
    lines = stderr_lines(capsys)
    assert lines[0].startswith(f"asobi: the game stopped: ai:cheat from {PLUGIN} `choose` "
                               'answered an illegal move {"add":99}')


def test_an_agent_that_is_not_an_agent_stops_play_before_it_starts(cli, capsys):
    assert cli(["play", "tally", "--players", "human,ai:number"]) == 1
    lines = stderr_lines(capsys)
    assert lines[0] == (f"asobi: {PLUGIN} `asobi_agent` returned an int, expected an agent "
                        "(an object with choose) for ai:number")


def test_a_failing_observer_never_stops_the_record(cli, monkeypatch, capsys, tmp_path):
    record = tmp_path / "over.json"
    fault(monkeypatch, "over-raise")
    assert cli(["play", "tally", "--players", "ai:random,ai:random", "--seed", "3",
                "--record", str(record)]) == 0
    out = capsys.readouterr()
    assert "Game over." in out.out and json.loads(record.read_text())["moves"]
    assert out.err.count("`asobi_game_over` raised RuntimeError") == 1


# --------------------------------------------------------------------------- the other commands


def test_listing_commands_skip_the_faulty_plugin_with_a_warning(cli, monkeypatch, capsys):
    fault(monkeypatch, "levels-type", "folders-type")
    assert cli(["games", "--json"]) == 0
    out = capsys.readouterr()
    levels = {g["name"]: g["ai_levels"] for g in json.loads(out.out)}
    assert levels["tally"] == ["random"] and "o" not in levels["nim"]
    assert f"asobi: warning: {PLUGIN} `asobi_agent_levels` returned a str" in out.err
    assert cli(["variants", "tally"]) == 0
    out = capsys.readouterr()
    assert "standard" in out.out and "`asobi_variant_folders` returned a str" in out.err
    assert cli(["play", "tally", "--players", "ai:random,ai:random"]) == 0  # plays on
    assert "`asobi_variant_folders` returned a str" in capsys.readouterr().err
    fault(monkeypatch, "rules-raise")
    assert cli(["rules", "tally"]) == 1
    assert stderr_lines(capsys)[0] == ("asobi: asobi_faulty.game `asobi_rules_text` raised "
                                       "RuntimeError: no rules today")


def test_replay_with_a_faulty_plugin_is_one_line_and_exit_1(cli, monkeypatch, capsys, tmp_path):
    record = tmp_path / "good.json"
    assert cli(["play", "tally", "--players", "ai:random,ai:random", "--record",
                str(record)]) == 0
    capsys.readouterr()
    fault(monkeypatch, "adjust-short")
    assert cli(["replay", str(record)]) == 1
    lines = stderr_lines(capsys)
    assert lines[0] == (f"asobi: {PLUGIN} `asobi_adjust_points` returned a list of 1 int, "
                        "expected a list of 2 int")


def test_the_arena_goes_on_without_a_faulty_scoring_plugin(cli, monkeypatch, capsys, tmp_path):
    fault(monkeypatch, "adjust-type")
    records = tmp_path / "records"
    assert cli(["arena", "tally", "--players", "ai:random,ai:random", "--games", "4",
                "--quiet", "--json", "--records", str(records)]) == 0
    out = capsys.readouterr()
    assert out.err.count(f"{PLUGIN} `asobi_adjust_points` returned a str, expected a list of 2 "
                         "int; skipped: the games are played again without it") == 1
    report = json.loads(out.out)
    assert report["games"] == 4
    assert len(list(records.glob("*.json"))) == 4

    def scores(report):
        return [{k: p[k] for k in ("player", "games", "wins", "points_per_game")}
                for p in report["players"]]

    # The same games as with the plugin never installed (move times aside).
    fault(monkeypatch)
    assert cli(["arena", "tally", "--players", "ai:random,ai:random", "--games", "4",
                "--quiet", "--json"]) == 0
    assert scores(json.loads(capsys.readouterr().out)) == scores(report)


def test_the_arena_in_worker_processes_goes_on_without_it_too(cli, monkeypatch, capsys):
    fault(monkeypatch, "adjust-raise")
    assert cli(["arena", "tally", "--players", "ai:random,ai:random", "--games", "8",
                "--quiet", "--workers", "2"]) == 0
    assert "`asobi_adjust_points` raised KeyError: 'bonus'; skipped" in capsys.readouterr().err


def test_the_arena_stops_on_a_faulty_game_with_one_line(cli, monkeypatch, capsys):
    fault(monkeypatch, "apply-raise")
    assert cli(["arena", "tally", "--players", "ai:random,ai:random", "--games", "2",
                "--quiet"]) == 1
    assert stderr_lines(capsys)[0] == ("asobi: asobi_faulty.game `asobi_apply` raised "
                                       "ZeroDivisionError: the tally divided by zero")


def test_the_lab_goes_on_without_a_faulty_scoring_plugin(cli, monkeypatch, capsys, tmp_path):
    fault(monkeypatch, "adjust-short")
    resume = tmp_path / "lab.jsonl"
    assert cli(["lab", "tally", "--variant", "standard", "--players", "ai:random,ai:random",
                "--games", "4", "--quiet", "--json", "--resume", str(resume)]) == 0
    out = capsys.readouterr()
    assert "`asobi_adjust_points` returned a list of 1 int, expected a list of 2 int; skipped" \
        in out.err
    assert json.loads(out.out)["games_per_variant"] == 4
    fault(monkeypatch, "apply-raise")
    assert cli(["lab", "tally", "--variant", "standard", "--players", "ai:random,ai:random",
                "--games", "4", "--quiet"]) == 1
    assert "`asobi_apply` raised ZeroDivisionError" in stderr_lines(capsys)[0]


# --------------------------------------------------------------------------- installed with pip


@pytest.fixture(scope="module")
def installed_faulty(tmp_path_factory) -> Path:
    """asobi-faulty installed with pip into a folder (no dependencies: asobi is here)."""
    source = tmp_path_factory.mktemp("source") / "asobi-faulty"
    shutil.copytree(FAULTY, source)
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--target", str(target), str(source)],
        check=True, capture_output=True, text=True, timeout=300,
    )
    return target


@pytest.fixture
def faulty_installed_here(installed_faulty, monkeypatch):
    """The pip-installed copy on ``sys.path`` for one test; the process forgets it afterwards
    (its modules, and which distribution holds them), so the tests that load the source copy
    see no distribution, whichever order they run in."""
    def forget() -> None:
        for name in [m for m in sys.modules if m.partition(".")[0] == "asobi_faulty"]:
            del sys.modules[name]
        origin.installed.cache_clear()

    forget()
    monkeypatch.syspath_prepend(str(installed_faulty))
    yield
    forget()


@pytest.mark.slow
@pytest.mark.usefixtures("faulty_installed_here")
def test_an_installed_plugin_is_named_by_its_distribution_and_version(monkeypatch, capsys):
    fault(monkeypatch, "levels-type")
    assert main(["games"]) == 0
    assert ("asobi: warning: asobi-faulty 0.1.0 `asobi_agent_levels` returned a str, expected "
            "a list of str (level names); skipped") in capsys.readouterr().err
    fault(monkeypatch, "adjust-short")
    assert main(["play", "tally", "--players", "ai:random,ai:random"]) == 1
    err = capsys.readouterr().err
    assert ("asobi: the game stopped: asobi-faulty 0.1.0 `asobi_adjust_points` returned a list "
            "of 1 int, expected a list of 2 int") in err.splitlines()
    fault(monkeypatch, "apply-raise")
    assert main(["play", "tally", "--players", "ai:random,ai:random"]) == 1
    assert "asobi-faulty 0.1.0 `asobi_apply` raised ZeroDivisionError" in capsys.readouterr().err
    # Worker processes rebuild the entry points, and still name the distribution.
    assert main(["arena", "tally", "--players", "ai:random,ai:random", "--games", "4",
                 "--workers", "2", "--quiet"]) == 1
    assert "asobi-faulty 0.1.0 `asobi_apply` raised ZeroDivisionError" in capsys.readouterr().err
