"""tools/startup_time.py, the start-up measurement the README quotes: it times this tree beside
an older commit, leaves no worktree behind, and a mistake is one line and exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Each test checks that the tool leaves no git worktree behind, so none may run while the
# other has one open: xdist runs the group in one worker.
pytestmark = pytest.mark.xdist_group("git-worktrees")
TOOL = ROOT / "tools" / "startup_time.py"


def run(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *words], capture_output=True, text=True,
                          timeout=120, check=False)


def worktrees() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "worktree", "list"], capture_output=True,
                          text=True, check=True).stdout


@pytest.mark.slow
@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs the git checkout")
def test_it_times_this_tree_beside_a_commit_and_cleans_up():
    before = worktrees()
    done = run("HEAD", "--runs", "1", "--warm", "0")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["this", "HEAD"]
    assert all("median" in line and "(1 runs)" in line for line in lines)
    assert worktrees() == before


@pytest.mark.parametrize("words,said", [
    (["no-such-commit"], "no-such-commit"),
    (["--runs", "0"], "--runs must be at least 1"),
])
def test_mistakes_are_one_line_and_exit_2(words, said):
    done = run(*words)
    assert done.returncode == 2
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(not (ROOT / ".git").is_dir() or (ROOT / ".git" / "shallow").exists(),
                    reason="needs the whole history")
def test_a_commit_whose_asobi_does_not_start_is_refused_not_timed():
    # The first commit's asobi cannot run the installed plugins: a failed start would
    # otherwise be timed as a fast one.
    first = subprocess.run(["git", "-C", str(ROOT), "rev-list", "--max-parents=0", "HEAD"],
                           capture_output=True, text=True, check=True).stdout.split()[0]
    before = worktrees()
    done = run(first, "--runs", "1", "--warm", "0")
    assert done.returncode == 2
    assert "asobi games failed there" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert worktrees() == before
