"""Telling the moves: what the viewer may see of each move, one line at a time at
``--pace`` (Space or Enter skips the wait), with the game's view following the story and its
announcements (the end of a Koi-Koi round) in a page to read."""

from __future__ import annotations

import asyncio
from typing import Any

from rich.markup import escape

from asobi_frontends.tui.dialogs import TableDialogs
from asobi_frontends.tui.state import Action, nothing


class TableTelling(TableDialogs):
    """Collects what the driver tells the viewer, and tells it at the table's pace."""

    def _watch(self, mover: int, action: Action, seen: list[dict[str, Any]]) -> None:
        """The driver's watcher: a move and the events the viewer may see of it."""
        self._pending.append((mover, action, seen))

    async def _tell(self, mover_label: str) -> None:
        """Tell the moves that happened, one line at a time, then draw the table after them.
        ``mover_label``: the last move as its mover saw it, for a move the game says nothing
        about."""
        batches, self._pending = self._pending, []
        self._skip.clear()
        for mover, _action, seen in batches:
            for told in self.presenter.narrate(mover, mover_label, seen):
                if told.event is not None and self.view is not None and self.pace > 0:
                    # steps nobody could see (no pause): not played
                    self._guard(getattr(self.view, "play_event", nothing), told.event)
                if told.text:
                    self.say(escape(told.text))
                    self._ended |= told.ends_game
                    await self._pause()
            if self.view is not None and seen:
                body = self._guard(getattr(self.view, "announcement", nothing), seen)
                if body:
                    await self._show_and_wait(self._("What happened"), body)
        self._redraw()

    async def _pause(self) -> None:
        """Wait ``--pace`` seconds, or less when the person skips."""
        if self.pace <= 0 or self._skip.is_set():
            return
        try:
            await asyncio.wait_for(self._skip.wait(), self.pace)
        except TimeoutError:
            pass

    def action_skip(self) -> None:
        self._skip.set()
