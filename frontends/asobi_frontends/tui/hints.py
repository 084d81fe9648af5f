"""Hints at the table: what the game's strongest level would play for the seat asked, and
why, computed in a worker by the driver (seeded from the record, so the same position gets
the same hint in every frontend) and told with its number among the choices."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from rich.markup import escape
from textual.widgets import OptionList

from asobi_frontends.tui.flow import TableFlow
from asobi_frontends.tui.state import Action


class TableHints(TableFlow):
    """The ``h`` key: a hint for the decision asked now."""

    def action_hint(self) -> None:
        if self._asking is None:
            return
        seat, legal, _future = self._asking
        self.run_worker(self._hint(seat, legal), group="hint", exclusive=True)

    def _still_asked(self, legal: Sequence[Action]) -> bool:
        return self._asking is not None and self._asking[1] == legal

    async def _hint(self, seat: int, legal: Sequence[Action]) -> None:
        if not self._still_asked(legal):
            return  # the move was made before the hint started
        self._busy = self._("The hint is thinking…")
        self._status()
        try:
            hinter = self.driver.hinter(seat)  # the position now, thought over in a thread
            action, reason = await asyncio.to_thread(hinter)
        except Exception as exc:
            self.say(escape(f"{type(exc).__name__}: {exc}"))
            return
        finally:
            self._busy = ""
            self._status()
        if not self._still_asked(legal) or self._menu is None:
            return  # the move was made meanwhile
        hint = self.presenter.hint(self._menu, action, reason)
        if hint.index is not None:
            self.query_one("#choices", OptionList).highlighted = hint.index
        self.say("[b]" + escape(hint.line) + "[/b]")
