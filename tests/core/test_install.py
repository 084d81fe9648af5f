"""Installing asobi prints no warning about its packaging (a current pip shows the build's
warnings even with --quiet)."""

from __future__ import annotations

import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_an_editable_install_is_silent(tmp_path):
    where = tmp_path / "venv"
    venv.create(where, with_pip=True)
    pip = [str(where / "bin" / "python"), "-m", "pip"]
    subprocess.run([*pip, "install", "--quiet", "--upgrade", "pip"], capture_output=True,
                   timeout=300, check=True)
    out = subprocess.run(
        [str(where / "bin" / "python"), "-m", "pip", "install", "--quiet",
         "--disable-pip-version-check", "--no-deps", "--editable", str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout + out.stderr
    warnings = [line for line in text.splitlines() if "Warning" in line]
    # setuptools notes every editable install that maps packages to other folders; nothing else
    assert all("BuildBackendWarning: Editable installation" in line for line in warnings), text
    for symptom in ("deprecated", "absent from", "license"):
        assert symptom not in text, text
