"""The whole repository is ruff clean (the rules are in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUFF = Path(sys.executable).parent / "ruff"


@pytest.mark.skipif(not RUFF.exists(), reason="ruff is part of the test extra")
def test_ruff_finds_nothing():
    out = subprocess.run([str(RUFF), "check", "--no-cache", "."], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
