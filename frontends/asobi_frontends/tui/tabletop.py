"""What is on the table and how it is told: the status line, the game's view, the choices,
the story and the keys bar, fitted to the terminal's size (the view takes the rows it draws,
the choices and the story the rest) and drawn again after a move or a change of language;
and the moves told one line at a time at ``--pace`` (Space or Enter skips the wait), with
the game's view following the story and its announcements (the end of a Koi-Koi round) in a
page to read."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.markup import escape
from rich.text import Text
from textual.containers import Container
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from asobi_frontends.tui.faults import Fault
from asobi_frontends.tui.generic import GenericView
from asobi_frontends.tui.hookspecs import tui_view
from asobi_frontends.tui.screens import numbered
from asobi_frontends.tui.story import Story
from asobi_frontends.tui.theme import (
    BELOW_ROWS,
    GAME_WIDTH,
    MIN_HEIGHT,
    MIN_WIDTH,
    ROOMY_HEIGHT,
    ROOMY_WIDTH,
    SIDE_WIDTH,
)

if TYPE_CHECKING:
    from asobi_frontends.tui.app import Action, TableApp


def nothing(*args: Any) -> None:
    """What a view method the view lacks does."""
    return None


class Tabletop:
    """Draws the table (what the seat shown sees, its choices, the status and the keys) and
    tells what the driver lets the viewer see of each move, at the table's pace."""

    def __init__(self, app: TableApp) -> None:
        self.app = app
        self.pace = float(app.launch.options.get("pace", 0.6) or 0.0)
        self._pending: list[
            tuple[int, Action, list[dict[str, Any]], Mapping[str, Any] | None]] = []
        self._skip = asyncio.Event()
        self.room = 1
        """The rows of the table the game's view may take (set by :meth:`fit`)."""

    # ------------------------------------------------------------------ drawing
    def show_table(self) -> bool:
        """Titles, layout and the game's view, drawn again (at the start, after a language
        switch); False when the game's view failed and the fault panel took over."""
        app = self.app
        self.titles()
        self.fit(app.size.width, app.size.height)
        try:
            self.build_view()
        except Fault as fault:
            app.faults.take_over(fault)
            return False
        return True

    def titles(self) -> None:
        app = self.app
        app.query_one("#choices").border_title = app._("Your choices")
        app.query_one("#log").border_title = app._("What happened")
        app.title = f"asobi · {app.launch.game.title_in(app.lang)}"

    def fit(self, width: int, height: int) -> None:
        """The layout for a terminal of ``width`` x ``height``: compact below the roomy size,
        a message alone below the smallest."""
        app = self.app
        screen = getattr(app, "main_screen", None)
        if screen is None:
            return
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        compact = width < ROOMY_WIDTH or height < ROOMY_HEIGHT
        screen.set_class(small, "-toosmall")
        app.query_one("#keys", Static).update(self.keys_bar(width))
        screen.set_class(compact, "-compact")
        # Beside the game, the choices take what the game's view leaves of the width (it gets
        # GAME_WIDTH columns first), within SIDE_WIDTH; below it, half the width each.
        side = max(SIDE_WIDTH[0], min(SIDE_WIDTH[1], width - GAME_WIDTH))
        app.query_one("#main").styles.grid_columns = "1fr 1fr" if compact else f"1fr {side}"
        self.room = max(1, height - 2 - BELOW_ROWS)  # less the status line and the keys bar
        self.give_room()
        app.query_one("#toosmall", Static).update(
            app._("The terminal is {w}x{h}; the table needs at least {mw}x{mh}. "
                  "Make the window larger.").format(w=width, h=height, mw=MIN_WIDTH,
                                                    mh=MIN_HEIGHT))

    def give_room(self) -> None:
        """Offer the game's view the rows of the table (``room``). A view that can lay itself
        out for them (a method ``room(rows)``) takes only the rows it draws, and the choices
        and the story get the rows it leaves; any other view takes them all."""
        app = self.app
        view = app.view
        holder = app.query_one("#view")
        if not self._fits(view):
            holder.styles.height = "1fr"
            self._rows(self.room)
            return
        assert view is not None
        view.styles.height = holder.styles.height = "auto"
        view.styles.max_height = self.room
        try:
            self.view_call("room", self.room)
        except Fault as fault:
            app.faults.take_over(fault)

    @staticmethod
    def _fits(view: Widget | None) -> bool:
        """Whether ``view`` lays itself out for the rows it is offered (``room(rows)``)."""
        return view is not None and callable(getattr(view, "room", None))

    def _follow_view(self, *_changed: object) -> None:
        """The view's row of the table: the rows the view draws now (within its room). Called
        after each call on the view, and when its size changes (a draw of its own, after a
        resize), then once the layout that found it is done (which would forget the change)."""
        view = self.app.view
        if not self._fits(view):
            return
        assert view is not None
        width = view.scrollable_content_region.width or self.app.size.width
        rows = view.get_content_height(Size(width, self.room), self.app.size, width)
        if _changed:
            self.app.call_after_refresh(self._rows, rows)
        else:
            self._rows(rows)

    def _rows(self, rows: int) -> None:
        """The game's view gets ``rows`` rows of the table (within its room), the choices and
        the story the rest. (A number: Textual would size a row ``auto`` by a single column's
        width where the view spans two.)"""
        rows = max(1, min(self.room, rows))
        self.app.query_one("#main").styles.grid_rows = f"{rows} 1fr"

    def build_view(self) -> None:
        """The game's own view (``asobi_tui_view``), else the generic one (the game's text
        view, ``asobi_render_text``), for the seat shown."""
        app = self.app
        holder = app.query_one("#view", Container)
        if app.view is not None:
            app.view.remove()
        context = app._view_context(app.shown_seat)
        view = app.faults.guard(tui_view, app.launch.game, context)
        if not isinstance(view, Widget):
            lang = app.lang
            view = GenericView(context, lambda obs: app.hooks.render_text(obs, lang))
        app.view = view
        holder.mount(view)
        app.watch(view, "virtual_size", self._follow_view, init=False)
        self.give_room()
        self.redraw()

    def view_call(self, method: str, *args: Any) -> Any:
        """The game's view's ``method(*args)`` (nothing when the view lacks it); a failure
        becomes a :class:`~asobi_frontends.tui.faults.Fault`. The view's row follows what it
        has drawn."""
        answer = self.app.faults.guard(getattr(self.app.view, method, nothing), *args)
        self._follow_view()
        return answer

    def redraw(self) -> None:
        """Draw the shown seat's observation, its choices and the status line. While that
        seat is asked, the observation and the labels are those of its menu (asked of the
        game once per decision)."""
        app = self.app
        seat = app.shown_seat
        menu = app._menu if app._asking and app._asking[0] == seat else None
        observation: Mapping[str, Any]
        legal: Sequence[Mapping[str, Any]]
        if menu is not None:
            observation, legal = menu.observation, list(menu.legal)
        else:
            observation, legal = app.faults.guard(app.session.observation, seat), []
        if app.view is not None:
            self.view_call("show", observation, legal)
        self.status()
        choices = app.query_one("#choices", OptionList)
        choices.clear_options()
        if menu is not None and menu.legal:
            choices.add_options(
                [Option(numbered(i, escape(text)), id=str(i)) for i, text in menu.numbered()])
            choices.highlighted = 0
            choices.focus()
        app.refresh_bindings()

    def status(self) -> None:
        """The status line (the game, whom it asks or what it is busy with, the digits typed)
        and the keys bar."""
        app = self.app
        _ = app._
        game, variant = app.launch.game, app.session.variant
        parts = [f"{game.title_in(app.lang)} · {variant.title_in(app.lang)}"]
        if app._busy:
            parts.append(app._busy)
        elif app._asking is not None:
            parts.append(_("{who} to play").format(who=app.seat_name(app._asking[0])))
        if app._digits:
            parts.append(_("choice {n}…").format(n=app._digits))
        app.query_one("#status", Static).update("  ·  ".join(parts))
        app.query_one("#keys", Static).update(self.keys_bar())

    def keys_bar(self, width: int | None = None) -> str:
        """The keys that work now, for the bar at the bottom: each key in a box with what it
        does (a click on it does the same), spaced out where the terminal's width holds them,
        else closer together (an Italian bar of six keys is 86 cells wide spaced out), so that
        the last one, ``q``, stays on screen."""
        app = self.app
        _ = app._
        keys: list[tuple[str, str, str]] = []  # the key, what it does, its action (a click)
        if app._asking is not None:
            keys += [("1-9 ↑↓ Enter", _("choose"), ""), ("h", _("hint"), "hint")]
        elif not app._ended:
            keys.append((_("Space"), _("skip"), "skip"))
        keys += [("?", _("help"), "help"), ("r", _("rules"), "rules"),
                 ("l", _("language"), "language"), ("q", _("quit"), "quit_game")]
        room = (app.size.width if width is None else width) - 2  # the bar's padding
        spaced = sum(cell_len(f" {k}  {v}") for k, v, _a in keys) + 2 * (len(keys) - 1) <= room
        shown = []
        for key, does, action in keys:
            text = (f"[b reverse] {escape(key)} [/] {escape(does)}" if spaced
                    else f"[b reverse]{escape(key)}[/] {escape(does)}")
            shown.append(f"[@click=app.{action}]{text}[/]" if action else text)
        return ("  " if spaced else " ").join(shown)

    def say(self, text: str) -> None:
        """Add a line (Rich markup) to the story."""
        self.app.said.append(Text.from_markup(text).plain)
        self.app.query_one("#log", Story).tell(text)

    # ------------------------------------------------------------------ telling
    def watch(self, mover: int, action: Action, seen: list[dict[str, Any]]) -> None:
        """The driver's watcher: a move, the events the viewer may see of it, and, for a
        view that does not follow the story event by event (``plays_events = False``), what
        the seat shown sees right after it (the table is drawn from it as the move is told)."""
        app = self.app
        after = None
        if self.pace > 0 and not getattr(app.view, "plays_events", True):
            after = app.faults.guard(app.session.observation, app.shown_seat)
        self._pending.append((mover, action, seen, after))

    async def tell(self, mover_label: str) -> None:
        """Tell the moves that happened, one line at a time, then draw the table after them.
        A view that follows the story is walked through each event as it is told
        (``play_event``); one that says it does not (``plays_events = False``) is drawn as
        each move left it before the move is told, so that the table never lags behind the
        story. ``mover_label``: the last move as its mover saw it, for a move the game says nothing
        about."""
        app = self.app
        batches, self._pending = self._pending, []
        self._skip.clear()
        for mover, _action, seen, after in batches:
            if after is not None and app.view is not None:
                self.view_call("show", after, [])  # the table as the move left it
            for told in app.presenter.narrate(mover, mover_label, seen):
                if told.event is not None and app.view is not None and self.pace > 0:
                    # steps nobody could see (no pause): not played
                    self.view_call("play_event", told.event)
                if told.text:
                    self.say(escape(told.text))
                    app._ended |= told.ends_game
                    await self._pause()
            if app.view is not None and seen:
                body = self.view_call("announcement", seen)
                if body:
                    await app.dialogs.show_and_wait(app._("What happened"), body)
        self.redraw()

    async def _pause(self) -> None:
        """Wait ``--pace`` seconds, or less when the person skips."""
        if self.pace <= 0 or self._skip.is_set():
            return
        try:
            await asyncio.wait_for(self._skip.wait(), self.pace)
        except TimeoutError:
            pass

    def skip(self) -> None:
        """Space or Enter while the others move: the moves told now go on without pauses."""
        self._skip.set()
