"""How long ``asobi games`` takes to start, for this tree and older commits, in the same run.

    python tools/startup_time.py                      # this tree only
    python tools/startup_time.py 9d35c89 d758708      # and two older commits beside it

Each commit is checked out in a temporary ``git worktree`` and its package folders are put
first on ``PYTHONPATH``, so that ``asobi games`` (run as the script does, :data:`LAUNCH`) runs
that commit's code (its entry points stay those of the installed distribution): the folders
its ``pyproject.toml`` names (``packages.find``'s ``where``: ``core``, ``frontends``...),
or, for a commit from before each folder held its package under its import name, links named
as its ``package-dir`` table says (``asobi`` -> ``core/``...). This tree is found the same
way, not by an editable install's finder.
The trees take turns, run after run, so that a busy machine slows them alike; the first
``--warm`` runs of each are not counted (they write the bytecode caches). Prints the median
and the fastest of ``--runs`` (with ``--json``, as one JSON object: what tools/measure.py
reads).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[1]


def refuse(message: str) -> NoReturn:
    print(f"startup_time: {message}", file=sys.stderr)
    raise SystemExit(2)


def import_path(tree: Path, work: Path, number: int) -> list[Path]:
    """The folders to put on ``PYTHONPATH`` so that the packages of ``tree`` are imported."""
    with open(tree / "pyproject.toml", "rb") as f:
        setuptools = tomllib.load(f).get("tool", {}).get("setuptools", {})
    if "package-dir" not in setuptools:
        return [tree / where for where in setuptools["packages"]["find"]["where"]]
    links = work / f"path-{number}"
    links.mkdir()
    for package, folder in setuptools["package-dir"].items():
        if (tree / folder).is_dir():
            (links / package).symlink_to(tree / folder)
    return [links]


def linked_tree(rev: str | None, work: Path, number: int) -> str:
    """The ``PYTHONPATH`` under which the packages are those of commit ``rev`` (None: of this
    working tree); its worktree is named by ``number`` (a commit may be ``origin/main``)."""
    tree = ROOT
    if rev is not None:
        tree = work / f"tree-{number}"
        done = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-f",
                               str(tree), rev], capture_output=True, text=True, check=False)
        if done.returncode:
            refuse(f"{rev}: {done.stderr.strip().splitlines()[-1]}")
    folders = import_path(tree, work, number)
    if not any((folder / "asobi").is_dir() for folder in folders):
        refuse(f"{rev}: that commit has no asobi package")  # else the installed one is timed
    return os.pathsep.join(map(str, folders))


LAUNCH = """import sys
try:
    from asobi.cli.main import main
except ImportError:  # a tree from before the command line became the package asobi.cli
    from asobi.cli import main
sys.exit(main())"""
"""What the ``asobi`` script does, for a tree of either layout: the installed script names this
tree's entry point, which an older tree does not have."""


def run_once(script: str, name: str, path: str) -> float:
    """Seconds one ``asobi games`` of the tree linked at ``path`` took (it must succeed: a
    failing start would be timed as a fast one)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = path
    start = time.perf_counter()
    done = subprocess.run([script, "-c", LAUNCH, "games"], env=env, cwd=tempfile.gettempdir(),
                          capture_output=True, text=True, check=False)
    took = time.perf_counter() - start
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        refuse(f"{name}: asobi games failed there (exit {done.returncode}): {last}")
    return took


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revs", nargs="*", help="older commits to time beside this tree")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--warm", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.runs < 1 or args.warm < 0:
        refuse("--runs must be at least 1 and --warm at least 0")
    if shutil.which("asobi", path=str(Path(sys.executable).parent)) is None:
        refuse("no asobi script beside this python: run it with the .venv's python")
    script = sys.executable
    work = Path(tempfile.mkdtemp(prefix="asobi-startup-"))
    try:
        trees = {"this tree": linked_tree(None, work, 0)}
        for number, rev in enumerate(args.revs, 1):
            trees[rev] = linked_tree(rev, work, number)
        times: dict[str, list[float]] = {name: [] for name in trees}
        for turn in range(args.warm + args.runs):
            for name, path in trees.items():
                took = run_once(script, name, path)
                if turn >= args.warm:
                    times[name].append(took)
        if args.json:
            print(json.dumps({"runs": args.runs, "warm": args.warm, "trees": [
                {"tree": name, "median": round(statistics.median(took), 4),
                 "fastest": round(min(took), 4)} for name, took in times.items()]}))
        else:
            for name, took in times.items():
                print(f"{name:12} median {statistics.median(took):.3f} s   "
                      f"fastest {min(took):.3f} s   ({len(took)} runs)")
    finally:
        for number in range(1, len(args.revs) + 1):
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(work / f"tree-{number}")], capture_output=True, check=False)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
