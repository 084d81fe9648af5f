"""``--resume FILE``: the games a lab has finished, kept as they finish.

The file is JSON lines: a header naming the run (its options and fingerprint), then one line
per finished game. A run given the same options continues where the file stops and reaches
the same figures as a run never stopped; a file of another run is refused and left as it is.
A last line cut short by a stop is ignored.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from asobi.errors import AsobiError
from asobi.lab.plan import LabPlan

KIND = "asobi-lab-resume"
KEPT = ("index", "variant", "block", "order", "seats", "seed", "rounds", "scores", "winner",
        "moves", "first", "measures")
"""What a finished game keeps in the file (not its move times, which change run to run)."""


def read_games(path: Path, plan: LabPlan) -> list[dict[str, Any]]:
    """The games already in ``path`` for ``plan`` (none when the file does not exist)."""
    if not path.exists():
        return []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise AsobiError(f"--resume {path}: cannot read it ({exc})") from None
    if not lines:
        return []
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("kind") != KIND:
        raise AsobiError(f"--resume {path}: not a resume file of asobi lab; name a new file")
    if header.get("fingerprint") != plan.fingerprint():
        theirs = header.get("options", {})
        ours = plan.options()
        if isinstance(theirs, dict) and theirs.get("seeding") != ours["seeding"]:
            raise AsobiError(
                f"--resume {path}: its games were seeded by an earlier version of asobi lab "
                "(the games of a block seeded or dealt otherwise) and cannot be mixed with "
                "this run's; name a new file")
        differ = [k for k in ours if theirs.get(k) != ours[k]] or ["options"]
        raise AsobiError(
            f"--resume {path}: this file belongs to another run ({', '.join(differ)} "
            "differ); give the same options as that run, or name a new file")
    games: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            game = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):
                break  # the last line, cut short when the run was stopped
            raise AsobiError(f"--resume {path}:{number}: not a finished game") from None
        index = game.get("index") if isinstance(game, dict) else None
        if not isinstance(index, int) or not 0 <= index < len(plan.tasks):
            raise AsobiError(f"--resume {path}:{number}: not a game of this run")
        games[index] = game
    return [games[i] for i in sorted(games)]


class ResumeFile:
    """Appends finished games to the file (creating it, with its header, when new)."""

    def __init__(self, path: Path, plan: LabPlan, fresh: bool) -> None:
        self.path = path
        try:
            if not fresh:  # drop a last line cut short by a stop, before adding to the file
                data = path.read_bytes()
                if data and not data.endswith(b"\n"):
                    with path.open("r+b") as raw:
                        raw.truncate(data.rfind(b"\n") + 1)
            self.handle: IO[str] = path.open("a", encoding="utf-8")
        except OSError as exc:
            raise AsobiError(f"--resume {path}: cannot write it ({exc.strerror})") from None
        if fresh:
            header = {"kind": KIND, "fingerprint": plan.fingerprint(), "options": plan.options()}
            self.handle.write(json.dumps(header, ensure_ascii=False) + "\n")
            self.handle.flush()

    def add(self, games: list[dict[str, Any]]) -> None:
        for game in games:
            kept = {k: game[k] for k in KEPT if k in game}
            self.handle.write(json.dumps(kept, ensure_ascii=False, separators=(",", ":")) + "\n")
        self.handle.flush()

    def close(self) -> None:
        self.handle.close()
