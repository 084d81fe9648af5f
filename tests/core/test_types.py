"""The public API (every module of ``asobi``) passes ``mypy --strict``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["core", "frontends", "plugins/koikoi", "plugins/sakura", "variants"]
"""The folders that hold the packages under their import names (as pyproject.toml says)."""


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("mypy", path=str(Path(sys.executable).parent)) is None,
                    reason="mypy is part of the test extra")
def test_the_core_passes_mypy_strict():
    mypy = Path(sys.executable).parent / "mypy"
    out = subprocess.run(
        [str(mypy), "--strict", "--follow-imports=silent", "--no-incremental", "-p", "asobi"],
        cwd=ROOT, env={**os.environ, "MYPYPATH": os.pathsep.join(SOURCES)},
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
