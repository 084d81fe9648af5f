"""tools/lab_scaling.py: the README's scaling figures come from it, so it must keep working."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "lab_scaling.py"


@pytest.fixture
def load(monkeypatch):
    monkeypatch.syspath_prepend(str(TOOL.parent))  # as when run: tools/ first on the path
    return lambda: _load()


def _load():
    spec = importlib.util.spec_from_file_location("lab_scaling", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_it_compares_worker_counts_round_by_round(capsys, load):
    assert load().main(["--games", "40", "--repeat", "1", "--workers", "1", "2"]) == 0
    out, err = capsys.readouterr()
    rows = out.splitlines()
    assert rows[0] == "40 games of ai:random*2, Koi-Koi standard, medians of 1"
    assert rows[2].startswith("--workers 1") and "1.00x" in rows[2]
    assert rows[3].startswith("--workers 2")
    assert err.count("round 1:") == 2


def test_bad_counts_are_refused(capsys, load):
    with pytest.raises(SystemExit) as stop:
        load().main(["--repeat", "0"])
    assert stop.value.code == 2
    assert "at least 1" in capsys.readouterr().err
