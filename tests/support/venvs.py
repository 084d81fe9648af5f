"""The one virtual environment of a test run that installs asobi with pip, as a user would.

Building it costs some ten seconds of pip (a fresh venv, a current pip, asobi and its web extra
from this tree, pytest), so it is built once per run and shared by every test that needs a real
install, whichever xdist worker runs it: the first worker builds it under a file lock, the
others wait and reuse it. Test packages (Nim, the scaffold's new game...) are installed beside
it with ``pip install --target``, each set a test asks for into a folder of its own, once per
run, and the test puts that folder on ``PYTHONPATH``: entry points are found there as in
site-packages, and no test sees a plugin another test installed.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest
from filelock import FileLock

from support import run_folder

ROOT = Path(__file__).resolve().parents[2]
PIP_QUIET = ("--quiet", "--disable-pip-version-check")


def _pip(python: Path, *args: str, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(python), "-m", "pip", *args], capture_output=True, text=True,
                          timeout=timeout)
    if done.returncode != 0:
        raise AssertionError(f"pip {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done


@dataclass(frozen=True)
class SharedEnvironment:
    """asobi installed by pip into ``folder`` (a venv); test packages in ``folder/../plugins``."""

    folder: Path

    @property
    def bin(self) -> Path:
        return self.folder / "bin"

    @property
    def python(self) -> Path:
        return self.bin / "python"

    def install(self, *packages: Path) -> Path:
        """The folder where these packages (source folders with a pyproject.toml) are
        installed together, installing them with one pip command on first use (no
        dependencies: asobi is in the environment)."""
        names = "\n".join(str(p.resolve()) for p in packages)
        digest = hashlib.sha256(names.encode()).hexdigest()[:10]
        target = self.folder.parent / "plugins" / digest
        target.parent.mkdir(exist_ok=True)
        with FileLock(f"{target}.lock"):
            if not (target / ".installed").exists():
                _pip(self.python, "install", *PIP_QUIET, "--no-deps", "--no-build-isolation",
                     "--target", str(target), *map(str, packages))
                (target / ".installed").touch()
        return target

    def environ(self, *packages: Path, **extra: str) -> dict[str, str]:
        """A minimal environment for a command of this venv that sees these test packages
        (and nothing of the developer's own configuration)."""
        env = {"PATH": f"{self.bin}:/usr/bin:/bin", "ASOBI_LANG": "en",
               "PYTHONPATH": str(self.install(*packages))}
        env.update(extra)
        return env


SOURCES = ("pyproject.toml", "README.md", "LICENSE", "core", "frontends", "plugins", "variants")
"""What the wheel of asobi is built from."""


def _sources(folder: Path) -> Path:
    """A copy of what the wheel is built from, in ``folder``: setuptools builds in a ``build``
    folder beside ``pyproject.toml`` and keeps files a developer has since deleted there, which
    would ship in the wheel (a fresh clone has no such folder; a working tree may)."""
    ignore = shutil.ignore_patterns("__pycache__", "build", "*.egg-info")
    folder.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, folder / name, ignore=ignore)
        elif (ROOT / name).exists():
            shutil.copy2(ROOT / name, folder / name)
    return folder


def _build(folder: Path) -> None:
    # A current pip, setuptools and wheel come in one install by the pip running the tests
    # (``--python``): the venv's own bundled pip would be installed, then replaced.
    venv.create(folder, with_pip=False, clear=True)
    python = folder / "bin" / "python"
    _pip(Path(sys.executable), "--python", str(python), "install", *PIP_QUIET, "pip",
         "setuptools>=77", "wheel")
    source = _sources(folder / "asobi-source")
    _pip(python, "install", *PIP_QUIET, "--no-build-isolation", f"{source}[web]", "pytest")


def shared_environment(factory: pytest.TempPathFactory) -> SharedEnvironment:
    """The run's environment, built by whichever process asks first."""
    folder = run_folder(factory) / "asobi-env"
    with FileLock(f"{folder}.lock"):
        if not (folder / ".built").exists():
            _build(folder)
            (folder / ".built").touch()
    return SharedEnvironment(folder)
