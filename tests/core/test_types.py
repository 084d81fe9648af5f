"""The public API (every module of ``asobi``) passes ``mypy --strict``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {"asobi": "core", "asobi_frontends": "frontends"}


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("mypy", path=str(Path(sys.executable).parent)) is None,
                    reason="mypy is part of the test extra")
def test_the_core_passes_mypy_strict(tmp_path):
    # The editable install maps import names to folders with a finder mypy cannot read: lay
    # the same names out as links for it.
    for name, folder in PACKAGES.items():
        (tmp_path / name).symlink_to(ROOT / folder, target_is_directory=True)
    mypy = Path(sys.executable).parent / "mypy"
    out = subprocess.run(
        [str(mypy), "--strict", "--follow-imports=silent", "--no-incremental", "-p", "asobi"],
        cwd=tmp_path, env={**os.environ, "MYPYPATH": str(tmp_path)},
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
