"""Running a list of games on a runner: progress, records, and the games back in order."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.host.registry import Registry
from asobi.play.runner import Runner
from asobi.play.tasks import Batch

Progress = Callable[[int, int], None]
"""``progress(done, total)``, called with games done after each finished batch."""


def record_name(game: dict[str, Any], variant: str) -> str:
    """The file a game's record is saved in: its place in the run, variant, block, seating."""
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", variant).strip("._") or "variant"
    order = "".join(str(p) for p in game["order"])
    return f"{game['index']:06d}-{safe}-block{game['block']}-seats{order}.json"


def records_folder(path: str | None) -> Path | None:
    """``--records DIR``: made if missing; AsobiError when it cannot be (before any game)."""
    if path is None:
        return None
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AsobiError(f"--records {path}: cannot make the folder ({exc.strerror})") from None
    return folder


def save_records(folder: Path, games: Sequence[dict[str, Any]], names: Sequence[str]) -> None:
    """Write the records the games carry (and drop them from the games)."""
    for game in games:
        record = game.pop("record", None)
        if record is None:
            continue
        path = folder / record_name(game, names[game["variant"]])
        try:
            path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise AsobiError(f"cannot save the record {path}: {exc.strerror}") from None


def without_faulty(registry: Registry, fault: PluginFault) -> Registry | None:
    """The registry to play the run again with, after ``fault``: without the cross-cutting
    plugin at fault, which is skipped with a one-line warning, as a plugin that fails to load
    is; None when the fault cannot be skipped (the game itself, an AI level a seat asked for)
    and the run must stop. Games are played again from the first, so that every game of the
    report is scored alike."""
    if not fault.skippable or fault.plugin is None:
        return None
    other = registry.without(fault.plugin)
    if other is registry:
        return None
    registry.warn(f"{fault}; skipped: the games are played again without it")
    return other


def run_batches(
    registry: Registry, runner: Runner, work: Sequence[Batch], names: Sequence[str],
    on_games: Callable[[list[dict[str, Any]]], None],
    records: Path | None = None,
) -> None:
    """Play ``work`` on ``runner``; each finished batch has its records saved, then goes to
    ``on_games``. ``names`` are the variant names used in record file names."""

    def finished(games: list[dict[str, Any]]) -> None:
        if records is not None:
            save_records(records, games, names)
        on_games(games)

    runner.run(registry, work, finished)
