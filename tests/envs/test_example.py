"""The worked examples of docs/envs.md run as written (with a tiny budget here)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "examples" / "nim_qlearning.py"


@pytest.mark.slow
def test_the_nim_example_trains_writes_a_policy_and_measures_it(tmp_path, monkeypatch,
                                                                   capsys):
    pytest.importorskip("pyspiel")
    pytest.importorskip("open_spiel")
    monkeypatch.setattr(sys, "path", list(sys.path))
    spec = importlib.util.spec_from_file_location("nim_qlearning_example", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "policy.json"
    assert module.main(["--seconds", "1.5", "--games", "2", "--out", str(out)]) == 0
    policy = json.loads(out.read_text(encoding="utf-8"))
    assert policy["game"] == "nim" and len(policy["policy"]) > 10
    first = json.loads(next(iter(policy["policy"])))
    assert set(first) == {"seat", "piles", "turn", "winner"}
    report = capsys.readouterr().out
    assert "ai:qlearned" in report and "ai:random" in report and "ai:search" in report


REINFORCE = ROOT / "docs" / "examples" / "koikoi_reinforce.py"


@pytest.mark.slow
def test_the_koikoi_reinforce_example_trains_against_ai_normal_and_reports_a_curve(
        tmp_path, monkeypatch, capsys):
    pytest.importorskip("pettingzoo")
    spec = importlib.util.spec_from_file_location("koikoi_reinforce_example", REINFORCE)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)   # its dataclass looks itself up
    spec.loader.exec_module(module)
    out = tmp_path / "curve.json"
    assert module.main(["--games", "24", "--block", "8", "--eval", "8", "--envs", "4",
                        "--batch", "16", "--out", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert [block["games"] for block in report["blocks"]] == [8, 8, 8]
    for key in ("before", "after_sampling", "after_greedy"):
        assert report[key]["games"] == 8 and 0 <= report[key]["win_rate"] <= 1
    printed = capsys.readouterr().out
    assert "games     24: win rate" in printed and "after, greedy" in printed
