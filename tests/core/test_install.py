"""Installing asobi prints no warning about its packaging (a current pip shows the build's
warnings even with --quiet)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_an_editable_install_is_silent(asobi_env, tmp_path):
    """The run's environment has a current pip and setuptools; the editable install goes to a
    folder of its own, so the environment's own asobi stays as it is."""
    out = subprocess.run(
        [str(asobi_env.python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--no-build-isolation", "--target", str(tmp_path / "target"),
         "--editable", str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    text = out.stdout + out.stderr
    warnings = [line for line in text.splitlines() if "Warning" in line]
    # setuptools notes every editable install that maps packages to other folders; nothing else
    assert all("BuildBackendWarning: Editable installation" in line for line in warnings), text
    for symptom in ("deprecated", "absent from", "license"):
        assert symptom not in text, text
