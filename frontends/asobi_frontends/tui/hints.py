"""Hints at the table: what the game's strongest level would play for the seat asked, and
why, computed in a worker by the driver (seeded from the record, so the same position gets
the same hint in every frontend) and told with its number among the choices."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.markup import escape
from textual.widgets import OptionList

if TYPE_CHECKING:
    from asobi_frontends.tui.app import Action, TableApp


class Hints:
    """The ``h`` key: a hint for the decision asked now."""

    def __init__(self, app: TableApp) -> None:
        self.app = app

    def start(self) -> None:
        """Think over a hint for the seat asked now, in a worker (a newer one replaces it)."""
        app = self.app
        if app._asking is None:
            return
        seat, legal, _future = app._asking
        app.run_worker(self._hint(seat, legal), group="hint", exclusive=True)

    def _still_asked(self, legal: Sequence[Action]) -> bool:
        asking = self.app._asking
        return asking is not None and asking[1] == legal

    async def _hint(self, seat: int, legal: Sequence[Action]) -> None:
        app = self.app
        if not self._still_asked(legal):
            return  # the move was made before the hint started
        app._busy = app._("The hint is thinking…")
        app.tabletop.status()
        try:
            hinter = app.driver.hinter(seat)  # the position now, thought over in a thread
            action, reason = await asyncio.to_thread(hinter)
        except Exception as exc:
            app.tabletop.say(escape(f"{type(exc).__name__}: {exc}"))
            return
        finally:
            app._busy = ""
            app.tabletop.status()
        if not self._still_asked(legal) or app._menu is None:
            return  # the move was made meanwhile
        hint = app.presenter.hint(app._menu, action, reason)
        if hint.index is not None:
            app.query_one("#choices", OptionList).highlighted = hint.index
        app.tabletop.say("[b]" + escape(hint.line) + "[/b]")
