"""A game a plugin's fault stopped: its traceback logged, its record kept, the user told.

The same in every frontend (docs/plugins.md, "When a plugin fails"): the command line prints the
fault's one line and where the traceback went (:func:`report`), the terminal UI and the web
server log it (:func:`log_fault`), and a game that was being played leaves its record in the
user's data folder (:func:`fault_record_path`) unless the player named a file.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

import platformdirs

from asobi.host.faults import one_line


def log_path() -> Path:
    """The file tracebacks of plugin faults are appended to (the user's log folder)."""
    return Path(platformdirs.user_log_dir("asobi")) / "faults.log"


def log_fault(fault: BaseException, now: Callable[[], float] = time.time) -> Path | None:
    """Append the fault's traceback to :func:`log_path`; the file, or None when it cannot be
    written (a read-only home: the message alone then)."""
    path = log_path()
    stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now()))
    text = "".join(traceback.format_exception(fault))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"--- {stamp}: {one_line(str(fault), 1000)}\n{text}\n")
    except OSError:
        return None
    return path


def report(fault: BaseException, err: IO[str], debug: bool = False, prefix: str = "",
           notes: Sequence[str] = ()) -> None:
    """Tell the user about ``fault``: its one-line message on ``err`` (after ``prefix``), then
    each of ``notes``, then where its traceback was logged; with ``debug`` the traceback is
    shown on ``err`` as well."""
    print(f"asobi: {prefix}{fault}", file=err)
    for note in notes:
        print(f"asobi: {note}", file=err)
    path = log_fault(fault)
    if debug:
        traceback.print_exception(fault, file=err)
    elif path is not None:
        print(f"asobi: the traceback is in {path} (asobi --debug shows it here)", file=err)


def fault_record_path(game: str, now: Callable[[], float] = time.time) -> Path:
    """A new file in the user's data folder (``asobi/records``) for the record of a game a
    fault stopped; the folder is made when missing."""
    folder = Path(platformdirs.user_data_dir("asobi")) / "records"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now()))
    path = folder / f"{game}-stopped-{stamp}.json"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"{game}-stopped-{stamp}-{number}.json"
    return path
