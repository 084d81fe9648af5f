"""How long ``asobi games`` takes to start, for this tree and older commits, in the same run.

    python tools/startup_time.py                      # this tree only
    python tools/startup_time.py 9d35c89 d758708      # and two older commits beside it

Each commit is checked out in a temporary ``git worktree`` and its packages (the
``package-dir`` table of ``pyproject.toml``: ``asobi`` is ``core/``...) are linked into a
folder put first on ``PYTHONPATH``, so the installed ``asobi`` script runs that commit's code
(its entry points stay those of the installed distribution); this tree is linked the same
way, so that every tree is found by the same path (not by an editable install's finder).
The trees take turns, run after run, so that a busy machine slows them alike; the first
``--warm`` runs of each are not counted (they write the bytecode caches). Prints the median
and the fastest of ``--runs``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def refuse(message: str) -> None:
    print(f"startup_time: {message}", file=sys.stderr)
    raise SystemExit(2)


def package_dirs() -> dict[str, str]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return dict(tomllib.load(f)["tool"]["setuptools"]["package-dir"])


def linked_tree(rev: str | None, work: Path) -> Path:
    """A folder whose packages are those of commit ``rev`` (None: of this working tree)."""
    tree = ROOT
    if rev is not None:
        tree = work / f"tree-{rev}"
        done = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f",
                               str(tree), rev], capture_output=True, text=True, check=False)
        if done.returncode:
            refuse(f"{rev}: {done.stderr.strip().splitlines()[-1]}")
    path = work / f"path-{rev or 'this'}"
    path.mkdir()
    for package, folder in package_dirs().items():
        if (tree / folder).is_dir():
            (path / package).symlink_to(tree / folder)
    return path


def run_once(script: str, path: Path) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(path)
    start = time.perf_counter()
    subprocess.run([script, "games"], env=env, cwd=tempfile.gettempdir(),
                   capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revs", nargs="*", help="older commits to time beside this tree")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--warm", type=int, default=2)
    args = parser.parse_args()
    if args.runs < 1 or args.warm < 0:
        refuse("--runs must be at least 1 and --warm at least 0")
    script = shutil.which("asobi", path=str(Path(sys.executable).parent))
    if script is None:
        refuse("no asobi script beside this python: run it with the .venv's python")
    work = Path(tempfile.mkdtemp(prefix="asobi-startup-"))
    try:
        trees = {"this tree": linked_tree(None, work)}
        for rev in args.revs:
            trees[rev] = linked_tree(rev, work)
        times: dict[str, list[float]] = {name: [] for name in trees}
        for turn in range(args.warm + args.runs):
            for name, path in trees.items():
                took = run_once(script, path)
                if turn >= args.warm:
                    times[name].append(took)
        for name, took in times.items():
            print(f"{name:12} median {statistics.median(took):.3f} s   "
                  f"fastest {min(took):.3f} s   ({len(took)} runs)")
    finally:
        for rev in args.revs:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(work / f"tree-{rev}")], capture_output=True, check=False)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
