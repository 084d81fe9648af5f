"""How long a club server keeps finished games, and their records written out as files.

A finished game stays in the database ``keep_days`` days after its last move (0: forever);
then the sweep deletes it, after writing its record to the ``archive`` folder when one is set.
A record that cannot be written is not deleted. ``asobi serve --export DIR`` writes the record
of every stored game, finished or not, to ``DIR`` and stops. Each file is ``<game id>.json``:
the record as ``asobi replay`` reads it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError

from .store import Store

DAY = 86400.0
SWEEP_EVERY_SECONDS = 3600.0
"""How often a running server looks for finished games past their time (and once at start)."""
BATCH = 200
"""Games written and deleted per step of a sweep (the database is held for one step only)."""
SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""Game ids that are file names as they are (every id this server makes)."""

log = logging.getLogger("asobi.web")


@dataclass(frozen=True)
class Retention:
    """How long finished games are kept, and where their records go before deletion."""

    keep_days: float = 90.0
    """Days a finished game stays after its last move (0: forever)."""
    archive: Path | None = None
    """Folder that receives a finished game's record before it is deleted (None: not kept)."""
    clock: Callable[[], float] = field(default=time.time, compare=False)
    """Seconds since the epoch (a test moves it forward)."""


@dataclass(frozen=True)
class Exported:
    written: int
    skipped: int
    """Rows whose id is not a file name or whose record is not JSON."""


def write_record(folder: Path, game_id: str, record: dict[str, Any]) -> None:
    """``folder/<game_id>.json``, written whole or not at all (a temporary file, renamed)."""
    if not SAFE_ID.fullmatch(game_id):
        raise ValueError(f"game id {game_id!r} is not a file name")
    target = folder / f"{game_id}.json"
    partial = folder / f".{game_id}.json.part"
    with open(partial, "w", encoding="utf-8") as out:
        json.dump(record, out, ensure_ascii=False, indent=1)
        out.write("\n")
        out.flush()
        os.fsync(out.fileno())
    os.replace(partial, target)


def _folder(path: Path) -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise AsobiError(f"cannot write records to {path}: {exc.strerror or exc}") from None
    if not path.is_dir():
        raise AsobiError(f"{path} is not a folder")
    return path


def export_all(store: Store, folder: Path) -> Exported:
    """Every stored game's record into ``folder`` (``asobi serve --export``)."""
    _folder(folder)
    written = skipped = 0
    for game_id, record in store.records():
        if record is None or not SAFE_ID.fullmatch(game_id):
            skipped += 1
            continue
        try:
            write_record(folder, game_id, record)
        except OSError as exc:
            raise AsobiError(f"cannot write {folder / (game_id + '.json')}: "
                             f"{exc.strerror or exc}; {written} records were written") from None
        written += 1
    return Exported(written, skipped)


def sweep(store: Store, retention: Retention) -> int:
    """Delete the finished games past ``keep_days`` (their records archived first, when an
    archive is set); how many were deleted. A game whose record cannot be written stays."""
    if not retention.keep_days:
        return 0
    cutoff = retention.clock() - retention.keep_days * DAY
    if retention.archive is not None:
        _folder(retention.archive)
    deleted = 0
    after = ""
    while True:
        batch = store.finished_before(cutoff, after, BATCH)
        if not batch:
            return deleted
        after = batch[-1][0]
        gone: list[str] = []
        for game_id, record in batch:
            if retention.archive is not None:
                try:
                    if record is None:
                        raise ValueError("its record is not readable")
                    write_record(retention.archive, game_id, record)
                except (OSError, ValueError) as exc:
                    log.warning("asobi: game %s kept: its record could not be archived (%s)",
                                game_id, exc)
                    continue
            gone.append(game_id)
        deleted += store.delete_finished(gone, cutoff)


async def sweep_forever(store: Store, retention: Retention) -> None:
    """Sweep at start, then every :data:`SWEEP_EVERY_SECONDS`, in a worker thread."""
    while True:
        try:
            await asyncio.to_thread(sweep, store, retention)
        except (AsobiError, OSError, sqlite3.Error) as exc:
            log.warning("asobi: finished games were not swept: %s", exc)
        await asyncio.sleep(SWEEP_EVERY_SECONDS)
