#!/usr/bin/env python3
"""Set up a local virtual environment and play or test: the two commands of the README.

    python3 dev.py play [ARGS...]       # asobi play koikoi against the AI (ARGS go to `asobi play`)
    python3 dev.py test [ARGS...]       # the whole test suite, as CI runs it (ARGS go to pytest)
    python3 dev.py test --quick [ARGS]  # the fast lane: no browser, install, stats or slow test,
                                        # a fifth of the hypothesis examples, drawn at random

The environment lives in .venv/ and is reinstalled only when pyproject.toml changes. Tests run
in parallel with pytest-xdist (see WORKERS and QUICK_WORKERS); `-n 0` runs them in this one
process.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WORKERS = (os.cpu_count() or 1) + 2
"""Processes for the whole suite: one a core, and two more for the time tests spend waiting on
browsers, servers and subprocesses (the suite keeps two cores three quarters busy). On 2
cores, pytest's seconds in the same quiet hour: 3 processes 209.5 and 220.8, 4 processes 204.0
and 209.3 (the same processor time, about 310 s), 5 processes 222.0 (contention). The quick
lane is mostly computing: one process a core."""
QUICK_WORKERS = max(2, os.cpu_count() or 1)
QUICK = "not (slow or browser or install or stats)"
VENV = ROOT / ".venv"
STAMP = VENV / ".asobi-installed"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


PLAY_EXTRAS = ("tui", "web")
"""What playing needs: the frontends (the text one needs nothing)."""
TEST_EXTRAS = ("lab", "openspiel", "ray", "rl", "test", "tui", "web")
"""What the whole suite needs: every extra, and the test tools."""


def ensure_venv(extras: tuple[str, ...]) -> None:
    """.venv with asobi and ``extras`` installed: installed again only when pyproject.toml
    changed or an extra is missing (``play`` installs the frontends only, ``test`` the rest)."""
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py may run on an older python3)
        sys.exit(f"asobi needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    stamp = STAMP.read_text().split() if STAMP.exists() else []
    have = set(stamp[1].split(",")) if len(stamp) > 1 and stamp[0] == wanted else set()
    if set(extras) <= have and (BIN / "asobi").exists():
        return
    if not (BIN / "python").exists():
        print("Creating the virtual environment in .venv ...", flush=True)
        venv.create(VENV, with_pip=True)
    needed = sorted(have | set(extras))
    what = "asobi and its test tools" if "test" in needed else "asobi and its frontends"
    print(f"Installing {what} into .venv ...", flush=True)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    quiet([*pip, "--upgrade", "pip"])
    quiet([*pip, "--editable", f"{ROOT}[{','.join(needed)}]"])
    STAMP.write_text(f"{wanted} {','.join(needed)}")


def quiet(command: list[str]) -> None:
    """Run an install step; show what it printed only when it fails (setuptools notes that
    every editable install of a package mapped to other folders is one, on every run)."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr)
        sys.exit(f"installing failed: {' '.join(command)}")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    ensure_venv(PLAY_EXTRAS if command == "play" else TEST_EXTRAS)
    if command == "play":
        args = [str(BIN / "asobi"), "play", *(rest if rest and not rest[0].startswith("-")
                                               else ["koikoi", *rest])]
        return subprocess.call(args, cwd=ROOT)
    return subprocess.call(test_command(rest), cwd=ROOT, env=test_environment(rest))


def test_command(rest: list[str]) -> list[str]:
    """pytest with the lane asked for, spread over WORKERS processes unless ARGS say how."""
    args = [str(BIN / "python"), "-m", "pytest"]
    workers = WORKERS
    if "--quick" in rest:
        rest = [a for a in rest if a != "--quick"]
        args += ["-m", QUICK]
        workers = QUICK_WORKERS
    if not any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in rest):
        args += ["-n", str(workers)]
    return [*args, "--dist", "loadgroup", *rest]


def test_environment(rest: list[str]) -> dict[str, str]:
    """The quick lane draws fewer hypothesis examples, at random (see tests/support/profiles.py).
    Bytecode caches are kept even where the machine turns them off: the suite starts hundreds
    of Python processes, and each would compile asobi again."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if "--quick" in rest:
        env.setdefault("ASOBI_HYPOTHESIS", "dev")
    return env


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
