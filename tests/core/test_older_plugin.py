"""A game written for the hooks of 2026 and kept as it was (``tests/plugins/asobi-goofspiel-2026``,
the tutorial's Goofspiel before ``asobi_hidden_variant`` became ``asobi_resample``), installed
with pip into a fresh virtual environment beside asobi and today's Goofspiel: it is listed with
one warning line, plays to the end, replays its records and passes its own tests (the
conformance kit among them), unchanged."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from support.venvs import SharedEnvironment

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "plugins"
OLD = PLUGINS / "asobi-goofspiel-2026"
RECORDS = sorted((OLD / "records").glob("*.json"))
NOT_SOURCE = shutil.ignore_patterns("build", "*.egg-info", "__pycache__", ".pytest_cache",
                                    ".ruff_cache")


@dataclass(frozen=True)
class OldEnv:
    """asobi with today's Goofspiel and the older one installed, and the copy of the older
    package (whose own tests run from there)."""

    shared: SharedEnvironment
    new: Path
    old: Path


@pytest.fixture(scope="module")
def old_env(asobi_env, tmp_path_factory) -> OldEnv:
    work = tmp_path_factory.mktemp("older")
    old, new = work / "asobi-goofspiel-2026", work / "asobi-goofspiel"
    shutil.copytree(OLD, old, ignore=NOT_SOURCE)
    shutil.copytree(PLUGINS / "asobi-goofspiel", new, ignore=NOT_SOURCE)
    return OldEnv(asobi_env, new, old)


def run(env: OldEnv, *args: str, stdin: str = "", cwd: Path | None = None,
        home: Path | None = None) -> subprocess.CompletedProcess:
    extra = {} if home is None else {"HOME": str(home), "ASOBI_CONFIG_DIR": str(home / "config")}
    return subprocess.run([str(env.shared.bin / args[0]), *args[1:]], input=stdin,
                          capture_output=True, text=True, timeout=300, cwd=cwd,
                          env=env.shared.environ(env.new, env.old, **extra))


@pytest.mark.slow
def test_the_older_game_is_listed_beside_todays_with_one_warning_line(old_env, tmp_path):
    out = run(old_env, "asobi", "games", "--json", home=tmp_path)
    assert out.returncode == 0, out.stderr
    games = {g["name"]: g for g in json.loads(out.stdout)}
    assert games["goofspiel-old"]["distribution"] == "asobi-goofspiel-old 0.1.0"
    assert games["goofspiel-old"]["ai_levels"] == ["random", "search"]
    assert "goofspiel" in games
    assert out.stderr.splitlines() == [
        "asobi: warning: game 'goofspiel-old' from asobi-goofspiel-old 0.1.0 implements "
        "`asobi_hidden_variant`, an older name of `asobi_resample`: it still works, but "
        "implement `asobi_resample`, which is given the real state as `state`"]


@pytest.mark.slow
def test_the_older_game_plays_to_the_end_and_replays_its_record(old_env, tmp_path):
    record = tmp_path / "game.json"
    play = run(old_env, "asobi", "play", "goofspiel-old", "--players", "human,ai:search",
               "--seed", "5", "--record", str(record), stdin="1\n" * 40, home=tmp_path)
    assert play.returncode == 0 and "Game over." in play.stdout, play.stdout + play.stderr
    replay = run(old_env, "asobi", "replay", str(record), "--json", home=tmp_path)
    assert replay.returncode == 0, replay.stderr
    result = json.loads(replay.stdout)
    assert result["finished"] is True and result["game"] == "goofspiel-old"


@pytest.mark.slow
@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_the_older_games_records_replay_to_their_results(old_env, tmp_path, path):
    replay = run(old_env, "asobi", "replay", str(path), "--json", home=tmp_path)
    assert replay.returncode == 0, replay.stderr
    expected = json.loads(path.read_text(encoding="utf-8"))["expected"]
    assert {k: v for k, v in json.loads(replay.stdout).items() if k in expected} == expected


@pytest.mark.slow
def test_the_older_game_passes_its_own_tests_unchanged(old_env, tmp_path):
    out = run(old_env, "pytest", "-q", "-p", "no:cacheprovider", cwd=old_env.old, home=tmp_path)
    assert out.returncode == 0 and " passed" in out.stdout and "skipped" not in out.stdout, \
        out.stdout + out.stderr
