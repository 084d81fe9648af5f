"""tools/paired_arena.py, two arena runs on the same deals compared game by game: its figures
are the arena's own, the paired difference is theirs block by block, and runs that did not
play the same deals are refused with one line and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from asobi.arena import run_arena

TOOL = Path(__file__).resolve().parents[2] / "tools" / "paired_arena.py"


def arena(registry, folder: Path, first: str, games: int = 4, seed: int = 5) -> dict:
    return run_arena(registry, "koikoi", [first, "ai:card-values"], games=games, seed=seed,
                     records=str(folder))


def paired(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *words], capture_output=True, text=True,
                          timeout=120, check=False)


def test_two_runs_are_compared_on_the_same_deals(ai_registry, tmp_path):
    easy = arena(ai_registry, tmp_path / "easy", "ai:easy")
    normal = arena(ai_registry, tmp_path / "normal", "ai:normal")
    done = paired(str(tmp_path / "easy"), str(tmp_path / "normal"), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    for run, key in ((easy, "a"), (normal, "b")):
        mine = report[key]
        assert mine["players"] == [p["player"] for p in run["players"]]
        assert mine["difference"]["mean"] == run["difference"]["per_game"]["mean"]
        assert (mine["won"], mine["lost"], mine["drawn"]) == (
            run["players"][0]["wins"], run["players"][1]["wins"], run["draws"])
    expected = normal["difference"]["per_game"]["mean"] - easy["difference"]["per_game"]["mean"]
    assert abs(report["b_minus_a"]["mean"] - expected) < 1e-9
    assert report["b_minus_a"]["n"] == 2  # two duplicate blocks of two games

    text = paired(str(tmp_path / "easy"), str(tmp_path / "easy"))
    assert text.returncode == 0 and "B - A, paired over 2 duplicate blocks: +0.00" in text.stdout


def test_runs_on_other_deals_or_no_records_are_refused(ai_registry, tmp_path):
    arena(ai_registry, tmp_path / "a", "ai:easy")
    arena(ai_registry, tmp_path / "b", "ai:easy", seed=6)
    arena(ai_registry, tmp_path / "c", "ai:easy", games=2)
    (tmp_path / "empty").mkdir()
    (tmp_path / "renamed").mkdir()
    first = sorted((tmp_path / "a").glob("*.json"))[0]
    (tmp_path / "renamed" / "game.json").write_text(first.read_text())
    for other, said in (("b", "dealt other cards"), ("c", "did not play the same games"),
                        ("empty", "no arena records"), ("renamed", "not named as asobi arena")):
        done = paired(str(tmp_path / "a"), str(tmp_path / other))
        assert done.returncode == 2, done.stdout
        assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1
