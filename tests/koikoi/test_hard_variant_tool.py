"""tools/hard_variant_arena.py, the screening run of a changed hard AI: it plays, and a mistake
in its command is one line and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "hard_variant_arena.py"


def run(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *words], capture_output=True, text=True,
                          timeout=120, check=False)


def test_a_changed_hard_ai_plays_in_the_arena():
    done = run("--set", "trust=0.5", "--set", "NOISE=0.3", "--", "koikoi", "--players",
               "ai:hard:0.01,ai:card-values", "--games", "2", "--seed", "1", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "ai:hard:0.01" in done.stdout and "ai:card-values" in done.stdout


@pytest.mark.parametrize("words,said", [
    (["--set", "wdth=3"], "HardAgent takes"),
    (["--set", "NOISY=1"], "no constant NOISY"),
    (["--set", "width=x"], "not JSON"),
    (["--set", "width"], "NAME=VALUE"),
    (["--", "koikoi", "--workers", "2"], "this process only"),
])
def test_mistakes_are_one_line_and_exit_2(words, said):
    done = run(*words)
    assert done.returncode == 2
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_the_oracle_plays_and_changes_the_hard_seats_moves(tmp_path):
    """Told the opponent's hand, the hard AI plays other moves on the same deals (a ceiling
    for opponent reading), and told the stock's order as well, others again; without either,
    the same run is the same game move for move."""
    def moves(name: str, *oracle: str) -> list[list[dict[str, object]]]:
        folder = tmp_path / name
        done = run(*oracle, "--", "koikoi", "--players", "ai:hard:0.02,ai:card-values",
                   "--games", "2", "--seed", "3", "--quiet", "--records", str(folder))
        assert done.returncode == 0, done.stderr
        return [json.loads(f.read_text())["moves"] for f in sorted(folder.glob("*.json"))]

    blind = moves("blind")
    assert len(blind) == 2
    assert moves("again") == blind
    told = moves("told", "--oracle")
    assert told != blind
    assert moves("seen", "--clairvoyant") not in (blind, told)


@pytest.mark.slow
def test_the_koikoi_calls_can_be_made_by_a_fixed_rule(tmp_path):
    """``--calls stop``: the hard seat never calls koi-koi; ``--calls card-values``: it decides
    every call as the yardstick would in its place; by default the search calls on these deals."""
    from asobi.host.registry import discover
    from asobi.play.records import start
    from asobi_koikoi.ai_cardvalues import CardValuesAgent

    registry = discover()
    yardstick = CardValuesAgent()

    def calls(name: str, *words: str) -> list[tuple[bool, bool]]:
        """(the hard seat's call, the yardstick's call in its place) at each of its decisions."""
        folder = tmp_path / name
        done = run(*words, "--", "koikoi", "--variant", "koikoi-japan", "--players",
                   "ai:hard:0.01,ai:normal", "--games", "2", "--seed", "5", "--quiet",
                   "--records", str(folder))
        assert done.returncode == 0, done.stderr
        found = []
        for path in sorted(folder.glob("*.json")):
            record = json.loads(path.read_text())
            session = start(registry, record)
            for move in record["moves"]:
                seat, action = move["seat"], move["action"]
                if "koikoi" in action and record["seats"][seat] == "ai:hard:0.01":
                    rule, _ = yardstick.decide(session.observation(seat),
                                               session.legal_actions(seat))
                    found.append((action["koikoi"], rule["koikoi"]))
                session.apply(seat, action)
        return found

    searched = calls("search")
    assert any(go for go, _ in searched)
    stopped = calls("stop", "--calls", "stop")
    assert stopped and not any(go for go, _ in stopped)
    ruled = calls("rule", "--calls", "card-values")
    assert ruled and all(go == rule for go, rule in ruled)
    assert any(go for go, _ in ruled)
