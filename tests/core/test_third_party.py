"""A stranger's game plugin, pip-installed into a fresh virtual environment next to asobi."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "plugins"


PACKAGES = ("asobi-nim", "asobi-broken", "asobi-first-level", "asobi-house-pack", "asobi-echo")


pytestmark = pytest.mark.xdist_group("third-party")
"""One worker runs these tests: their packages are installed beside asobi once."""


@pytest.fixture(scope="module")
def fresh_env(asobi_env) -> dict[str, str]:
    """The environment of a command that sees asobi and these five test packages installed."""
    return asobi_env.environ(*(PLUGINS / p for p in PACKAGES))


def asobi(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    program = shutil.which("asobi", path=env["PATH"])  # the environment's own asobi
    assert program is not None
    return subprocess.run([program, *args], input=stdin, capture_output=True, text=True,
                          timeout=120, env=env)


@pytest.mark.slow
def test_installed_plugin_is_listed_and_a_broken_one_only_warns(fresh_env):
    out = asobi(fresh_env, "games", "--json")
    assert out.returncode == 0, out.stderr
    names = [g["name"] for g in json.loads(out.stdout)]
    assert "nim" in names and "koikoi" in names
    assert [g for g in json.loads(out.stdout) if g["name"] == "nim"][0]["distribution"] == \
        "asobi-nim 1.0.0"
    assert "asobi: warning: game 'broken' from asobi-broken 0.3.0 failed to load" in out.stderr
    version = asobi(fresh_env, "--version")
    assert "plugin: asobi-nim 1.0.0" in version.stdout


@pytest.mark.slow
def test_installed_plugin_plays_to_the_end_and_replays(fresh_env, tmp_path):
    record = tmp_path / "nim.json"
    out = asobi(fresh_env, "play", "nim", "--seed", "11", "--record", str(record),
                stdin="1\n" * 30)
    assert out.returncode == 0, out.stderr
    assert "Game over." in out.stdout
    replay = asobi(fresh_env, "replay", str(record), "--json")
    assert json.loads(replay.stdout)["finished"] is True
    variants = asobi(fresh_env, "variants", "nim")
    assert "standard" in variants.stdout and "Three piles" in variants.stdout


@pytest.mark.slow
def test_an_installed_ai_level_house_rule_pack_and_frontend_work_with_no_change_to_asobi(
    fresh_env,
):
    games = {g["name"]: g for g in json.loads(asobi(fresh_env, "games", "--json").stdout)}
    assert games["nim"]["ai_levels"] == ["random", "search", "first"]
    assert "first" in games["koikoi"]["ai_levels"] and games["koikoi"]["default_level"] == "normal"
    listing = asobi(fresh_env, "variants", "koikoi")
    assert "club-three-rounds" in listing.stdout and "[pack]" in listing.stdout
    rules = asobi(fresh_env, "rules", "koikoi", "--variant", "club-three-rounds")
    assert rules.returncode == 0 and "Club night" in rules.stdout
    game = asobi(fresh_env, "play", "koikoi", "--variant", "club-three-rounds", "--players",
                 "ai:first,ai:easy", "--seed", "5")
    assert game.returncode == 0 and game.stdout.count("Game over") == 1, game.stdout
    echo = asobi(fresh_env, "play", "nim", "--frontend", "echo", "--prefix", "~", "--players",
                 "human,ai:first", "--seed", "2", stdin="1\n" * 30)
    assert echo.returncode == 0, echo.stderr
    lines = echo.stdout.splitlines()
    assert lines[0] == "~ Nim: take the last stone to win."
    assert all(line.startswith("~ ") for line in lines) and "~ game over" in echo.stdout
    frontends = asobi(fresh_env, "frontends")
    assert "echo" in frontends.stdout
