"""The table's layout: the status line, the game's view, the choices, the story beside them
and the keys bar; the sizes it adapts to, and drawing it all again after a move or a change
of language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.widget import Widget
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from asobi_frontends.tui.faults import Fault, TableFaults
from asobi_frontends.tui.generic import GenericView
from asobi_frontends.tui.hookspecs import ViewContext, tui_view
from asobi_frontends.tui.screens import numbered
from asobi_frontends.tui.state import nothing
from asobi_frontends.tui.theme import (
    GAME_WIDTH,
    MIN_HEIGHT,
    MIN_WIDTH,
    ROOMY_HEIGHT,
    ROOMY_WIDTH,
    SIDE_WIDTH,
)


class TableLayout(TableFaults):
    """Draws the table: what the seat shown sees, its choices, the status and the keys."""

    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Container(id="main"):
            yield Container(id="view")
            with Vertical(id="side"):
                yield OptionList(id="choices")
                yield RichLog(id="log", wrap=True, markup=True, auto_scroll=True, min_width=10)
        yield Static("", id="toosmall", markup=False)
        yield Static("", id="keys")

    def _show_table(self) -> bool:
        """Titles, layout and the game's view, drawn again (at the start, after a language
        switch); False when the game's view failed and the fault panel took over."""
        self._titles()
        self._fit(self.size.width, self.size.height)
        try:
            self._build_view()
        except Fault as fault:
            self.run_worker(self._fault(str(fault)), exclusive=True, name="game")
            return False
        return True

    def _titles(self) -> None:
        self.query_one("#choices").border_title = self._("Your choices")
        self.query_one("#log").border_title = self._("What happened")
        self.title = f"asobi · {self.launch.game.title_in(self.lang)}"

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        screen = getattr(self, "main_screen", None)
        if screen is None:
            return
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        compact = width < ROOMY_WIDTH or height < ROOMY_HEIGHT
        screen.set_class(small, "-toosmall")
        screen.set_class(compact, "-compact")
        # Beside the game, the choices and the story take what the game's view leaves of the
        # width (it gets GAME_WIDTH columns first), within SIDE_WIDTH.
        side = self.query_one("#side")
        side.styles.width = None if compact else max(SIDE_WIDTH[0], min(
            SIDE_WIDTH[1], width - GAME_WIDTH))
        self.query_one("#toosmall", Static).update(
            self._("The terminal is {w}x{h}; the table needs at least {mw}x{mh}. "
                   "Make the window larger.").format(w=width, h=height, mw=MIN_WIDTH,
                                                     mh=MIN_HEIGHT))

    def _view_context(self, seat: int) -> ViewContext:
        return ViewContext(
            lang=self.lang,
            seat=seat,
            players=self.session.players,
            seat_names=self.presenter.seat_names(),
            rules=self.session.variant.rules,
            theme=self.theme_name,
            describe=lambda obs, action: self.hooks.describe_action(obs, action, self.lang),
            choose=lambda action: bool(self.choose_from_view(seat, action)),
        )

    def _build_view(self) -> None:
        """The game's own view (``asobi_tui_view``), else the generic one, for the seat shown."""
        holder = self.query_one("#view", Container)
        if self.view is not None:
            self.view.remove()
        context = self._view_context(self.shown_seat)
        view = self._guard(tui_view, self.launch.game, context)
        self.view = view if isinstance(view, Widget) else GenericView(context)
        holder.mount(self.view)
        self._redraw()

    def _redraw(self) -> None:
        """Draw the shown seat's observation, its choices and the status line. While that
        seat is asked, the observation and the labels are those of its menu (asked of the
        game once per decision)."""
        seat = self.shown_seat
        menu = self._menu if self._asking and self._asking[0] == seat else None
        observation: Mapping[str, Any]
        legal: Sequence[Mapping[str, Any]]
        if menu is not None:
            observation, legal = menu.observation, list(menu.legal)
        else:
            observation, legal = self._guard(self.session.observation, seat), []
        if self.view is not None:
            self._guard(getattr(self.view, "show", nothing), observation, legal)
        self._status()
        choices = self.query_one("#choices", OptionList)
        choices.clear_options()
        if menu is not None and menu.legal:
            choices.add_options(
                [Option(numbered(i, escape(text)), id=str(i)) for i, text in menu.numbered()])
            choices.highlighted = 0
            choices.focus()
        self.refresh_bindings()

    def _status(self) -> None:
        _ = self._
        game, variant = self.launch.game, self.session.variant
        parts = [f"{game.title_in(self.lang)} · {variant.title_in(self.lang)}"]
        if self._busy:
            parts.append(self._busy)
        elif self._asking is not None:
            parts.append(_("{who} to play").format(who=self.seat_name(self._asking[0])))
        if self._digits:
            parts.append(_("choice {n}…").format(n=self._digits))
        self.query_one("#status", Static).update("  ·  ".join(parts))
        self.query_one("#keys", Static).update(self._keys())

    def _keys(self) -> str:
        """The keys that work now, for the bar at the bottom."""
        _ = self._
        pairs = []
        if self._asking is not None:
            pairs += [("1-9 ↑↓ Enter", _("choose")), ("h", _("hint"))]
        elif not self._ended:
            pairs.append((_("Space"), _("skip")))
        pairs += [("?", _("help")), ("r", _("rules")), ("l", _("language")), ("q", _("quit"))]
        return "  ".join(f"[b reverse] {escape(k)} [/] {escape(v)}" for k, v in pairs)

    def say(self, text: str) -> None:
        """Add a line (Rich markup) to the story on the side."""
        self.said.append(Text.from_markup(text).plain)
        self.query_one("#log", RichLog).write(text)
