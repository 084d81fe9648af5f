"""tools/koikoi_infer_calibration.py, the fit of the hard AI's opponent model to how levels
play: one table per capture preference, and a mistaken option is refused with exit status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "koikoi_infer_calibration.py"


def run(*words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *words], capture_output=True, text=True,
                          timeout=120, check=False)


def table(lines: list[str], start: int) -> dict[float, list[float]]:
    """The rows (temperature: log likelihoods by slip) of the table under line ``start``."""
    rows: dict[float, list[float]] = {}
    for line in lines[start + 2:]:
        words = line.split()
        try:
            rows[float(words[0])] = [float(w) for w in words[1:]]
        except (ValueError, IndexError):
            break
    return rows


def test_each_capture_preference_gets_a_table_and_capturing_players_fit_it_better():
    done = run("--levels", "normal,easy", "--games", "6", "--rounds", "1",
               "--captures", "0,1.5")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    heads = [i for i, line in enumerate(lines) if "capture preference" in line]
    assert len(heads) == 4  # two levels, two preferences each
    for without, with_ in zip(heads[::2], heads[1::2], strict=True):
        plain, preferring = table(lines, without), table(lines, with_)
        assert len(plain) == len(preferring) == 9
        # both levels capture whenever they can more often than the scores alone say
        assert max(map(max, preferring.values())) > max(map(max, plain.values()))


def test_a_mistaken_option_is_one_message_and_exit_2():
    done = run("--captures", "a,b")
    assert done.returncode == 2
    assert "--captures a,b" in done.stderr
