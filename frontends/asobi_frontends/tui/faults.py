"""When a plugin fails: the fault becomes an error panel, the record of the game so far is
saved (where ``--record`` says, else in the user's data folder), and the table leaves with
status 1, as ``asobi play`` does in every frontend (docs/plugins.md, "When a plugin fails")."""

from __future__ import annotations

import asyncio
import traceback
from typing import IO, TYPE_CHECKING, Any

from rich.markup import escape

from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.play.stopped import fault_record_path, log_fault
from asobi_frontends.tui.screens import PanelScreen, answer_of

if TYPE_CHECKING:
    from asobi_frontends.tui.app import TableApp


class Fault(Exception):
    """A game's hook raised: the game cannot go on."""


def described(exc: BaseException) -> str:
    """An exception as the error panel shows it. A plugin's fault is its one line naming the
    plugin, the hook and what was wrong, its traceback written to the fault log (shown by
    path); anything else, its type, message and the last calls."""
    if isinstance(exc, PluginFault):
        path = log_fault(exc)
        return str(exc) if path is None else f"{exc}\n\n(details: {path})"
    return f"{type(exc).__name__}: {exc}\n\n{traceback.format_exc(limit=6)}"


class Faults:
    """The table's calls into the game that may fail, and the error panel when one does."""

    def __init__(self, app: TableApp) -> None:
        self.app = app
        self.report: tuple[str, ...] = ()
        """What the terminal keeps once the table has closed after a fault: the fault and
        where the record is (printed by the frontend after the app exits)."""

    def guard(self, call: Any, *args: Any) -> Any:
        """``call(*args)``; an exception from a game's hook becomes a :class:`Fault`."""
        try:
            return call(*args)
        except (Fault, asyncio.CancelledError):
            raise
        except Exception as exc:
            raise Fault(described(exc)) from exc

    def guard_quiet(self, call: Any) -> str:
        """``call()`` as text, or the error it raised as text (for pages to read)."""
        try:
            return str(call())
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"

    def take_over(self, fault: Fault) -> None:
        """A fault met outside the game's loop (drawing, a key): the error panel replaces the
        loop, in the worker the game runs in."""
        self.app.run_worker(self.stop(str(fault)), exclusive=True, name="game")

    def print_report(self, err: IO[str]) -> None:
        """After the app has left the screen: the fault's one line and where the record is,
        as ``asobi play`` prints them in every frontend (nothing when no fault stopped the
        game)."""
        for line in self.report:
            print(f"asobi: {line}", file=err)

    async def stop(self, message: str) -> None:
        """Save the record so far, show the error panel, and leave with status 1."""
        app = self.app
        app._busy = ""
        path = app.launch.record_path or fault_record_path(app.launch.game.name)
        try:
            app.session.save(path)
            saved = app._("The record of the game so far is saved to {path}.").format(path=path)
        except AsobiError as exc:
            saved = app._("The record could not be saved: {why}").format(why=exc)
        app.status = 1
        body = "\n\n".join([
            app._("The game stopped: a plugin failed (the game, or one added to it). This is "
                  "a fault in that plugin, not something you did."),
            escape(message.strip()), escape(saved)])
        self.report = (f"the game stopped: {message.strip().splitlines()[0]}", saved)
        await answer_of(app, PanelScreen(app._("Error"), body, app._("Enter or Esc: leave")))
        app.exit(app.status)
