"""The end of a game in words, and where a game stopped by a fault keeps its record."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import platformdirs


def crash_record_path(game: str, now: Callable[[], float] = time.time) -> Path:
    """A new file in the user's data folder (``asobi/records``) for the record of a game that
    a fault stopped; the folder is made when missing."""
    folder = Path(platformdirs.user_data_dir("asobi")) / "records"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now()))
    return folder / f"{game}-stopped-{stamp}.json"


def result_lines(
    result: Mapping[str, Any], seat_name: Callable[[int], str], _: Callable[[str], str]
) -> list[str]:
    """The final table: points of each round, the scores and the winner."""
    lines = []
    for i, unit in enumerate(result.get("rounds", []), 1):
        points = ", ".join(f"{p:+d}" for p in unit.get("points", []))
        lines.append(_("Round {n}: {points}").format(n=i, points=points))
    scores = ", ".join(f"{seat_name(i)}: {s}" for i, s in enumerate(result.get("scores", [])))
    lines.append(_("Final scores: {scores}").format(scores=scores))
    winner = result.get("winner")
    if winner is None:
        lines.append(_("It is a draw."))
    else:
        lines.append(_("Winner: {who}").format(who=seat_name(int(winner))))
    return lines
