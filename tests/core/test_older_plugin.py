"""A game written against hooks renamed since (``tests/plugins/asobi-oldstyle``), installed
with pip beside asobi and today's Goofspiel: at version 0.x asobi does not answer the older
names; the game is refused at load in one line that names each older hook and its new name,
and every other game goes on as before."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import types
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from asobi.errors import AsobiError
from asobi.host.registry import Registry
from support.toys import HighCard, hookimpl
from support.venvs import SharedEnvironment

PLUGINS = Path(__file__).resolve().parents[1] / "plugins"
REFUSED = ("asobi: warning: game 'oldstyle' from asobi-oldstyle 0.1.0 implements hooks renamed "
           "since: `asobi_hidden_variant` (now `asobi_resample`), `asobi_obsolete_move` (now "
           "`asobi_upgrade_record`); skipped")


def asobi(env: SharedEnvironment, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(env.bin / "asobi"), *args], capture_output=True, text=True, timeout=120,
        env=env.environ(PLUGINS / "asobi-oldstyle", PLUGINS / "asobi-goofspiel",
                        HOME=str(home), ASOBI_CONFIG_DIR=str(home / "config")))


def test_the_older_game_is_refused_in_one_line_and_the_others_are_listed(asobi_env, tmp_path):
    out = asobi(asobi_env, tmp_path, "games", "--json")
    assert out.returncode == 0, out.stderr
    games = {g["name"] for g in json.loads(out.stdout)}
    assert "oldstyle" not in games and {"goofspiel", "koikoi", "sakura"} <= games
    assert out.stderr.splitlines() == [REFUSED]


def test_playing_the_older_game_says_why_it_cannot_with_status_2(asobi_env, tmp_path):
    out = asobi(asobi_env, tmp_path, "play", "oldstyle", "--players", "ai:random,ai:random")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert ("the game 'oldstyle' is installed (asobi-oldstyle 0.1.0) but failed to load: "
            "implements hooks renamed since: `asobi_hidden_variant` (now `asobi_resample`), "
            "`asobi_obsolete_move` (now `asobi_upgrade_record`)") in out.stderr, out.stderr
    played = asobi(asobi_env, tmp_path, "play", "sakura", "--players", "ai:random,ai:random",
                   "--seed", "3")
    assert played.returncode == 0 and "in all." in played.stdout, played.stderr


@pytest.mark.parametrize("declared", [True, False])
def test_a_declaration_that_disagrees_with_the_hooks_is_refused(declared, monkeypatch):
    """``upgrades_records`` in GameInfo says whether the game implements
    ``asobi_upgrade_record``; a game that says one thing and does the other is refused."""

    class Says(HighCard):
        @hookimpl
        def asobi_game_info(self):
            return dataclasses.replace(super().asobi_game_info(), upgrades_records=declared)

    class SaysAndDoes(Says):
        @hookimpl
        def asobi_upgrade_record(self, record, state):
            return None

    module = types.ModuleType("highcard_declared")
    module.GAME = Says() if declared else SaysAndDoes()
    monkeypatch.setitem(sys.modules, "highcard_declared", module)
    warnings: list[str] = []
    registry = Registry(game_entry_points=[EntryPoint("highcard", "highcard_declared:GAME",
                                                      "asobi.games")], warn=warnings.append)
    assert registry.games() == {}
    said, does = ("declares", "does not implement") if declared else \
        ("does not declare", "implements")
    assert warnings == [f"game 'highcard' from highcard_declared:GAME {said} upgrades_records "
                        f"in its GameInfo but {does} asobi_upgrade_record; skipped"]
    # A plugin author's own test that asks for the game is told why, not "unknown game".
    with pytest.raises(AsobiError, match=rf"^the game 'highcard' is installed "
                                         rf"\(highcard_declared:GAME\) but failed to load: "
                                         rf"{said} upgrades_records"):
        registry.game("highcard")
