"""The worked example of docs/envs.md runs as written (with a tiny budget here)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel")

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "examples" / "nim_qlearning.py"


@pytest.mark.slow
def test_the_nim_example_trains_writes_a_policy_and_measures_it(tmp_path, monkeypatch,
                                                                   capsys):
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
