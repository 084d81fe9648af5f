"""A progress bar for long runs (``asobi arena``, ``asobi lab``): rich's, with the time left.

rich comes with the ``lab`` extra and is imported only here, when a bar is shown; without it
the run goes on without a bar.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TextIO


class Advance(Protocol):
    def __call__(self, games: int) -> None: ...


def _silent(games: int) -> None:
    return None


@contextmanager
def bar(stream: TextIO | None, total: int, label: str, done: int = 0) -> Iterator[Advance]:
    """A bar of ``total`` games on ``stream`` (none when ``stream`` is None or rich is not
    installed); yields ``advance(games)``. ``done`` games are already finished."""
    if stream is None:
        yield _silent
        return
    try:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
    except ImportError:
        yield _silent
        return
    console = Console(file=stream)
    columns: list[Any] = [
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn("games"), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
    ]
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(label, total=total, completed=done)

        def advance(games: int) -> None:
            progress.advance(task, games)

        yield advance
