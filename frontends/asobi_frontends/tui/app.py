"""The table: one game of one launch in a full-screen Textual app.

:class:`TableApp` is the one Textual app. It holds what the table is (the launch, its session
and the driver that steps it, the words it is shown in) and what it is doing now (whom it
asks, what it is busy with); it reads the keys, and it is where Textual's plumbing lives (the
widgets, the handlers, the actions). The work is done by the collaborators it owns, each in
its own module:

- :class:`~asobi_frontends.tui.flow.GameFlow`: the game's loop through the core's
  :class:`asobi.play.driver.Driver`, asking the seats, and the end (the final table, the save
  flow, leaving);
- :class:`~asobi_frontends.tui.tabletop.Tabletop`: draws the table (the status line, the
  game's view, the choices, the story, the keys bar, the sizes) and tells the moves one line
  at a time at ``--pace``;
- :class:`~asobi_frontends.tui.dialogs.Dialogs`: the pages and questions over the table;
- :class:`~asobi_frontends.tui.hints.Hints`: the hint, computed in a worker;
- :class:`~asobi_frontends.tui.faults.Faults`: a game's hook that fails stops the game with an
  error panel and saves the record.

Seat names, labels, the story, the hint line, the final table and the save flow are those of
the text frontend (:mod:`asobi_frontends.terminal`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static

from asobi.i18n import LANGUAGES
from asobi.play.driver import Driver
from asobi.play.frontend import Launch
from asobi_frontends.terminal import RECORD_NOT_SAVED, Choices, Presenter
from asobi_frontends.tui.dialogs import Dialogs
from asobi_frontends.tui.faults import Fault, Faults
from asobi_frontends.tui.flow import GameFlow
from asobi_frontends.tui.hints import Hints
from asobi_frontends.tui.hookspecs import ViewContext
from asobi_frontends.tui.story import Story
from asobi_frontends.tui.tabletop import Tabletop
from asobi_frontends.tui.theme import CSS, DEFAULT, HIGH_CONTRAST, TEXTUAL_THEMES
from asobi_frontends.tui.words import words

__all__ = ["RECORD_NOT_SAVED", "Action", "Asking", "Fault", "TableApp"]

Action = dict[str, Any]
Asking = tuple[int, list[Action], "asyncio.Future[Action]"]
"""The seat asked to move, its legal actions, and the future its choice settles."""


class TableApp(App[int]):
    """The full-screen table for one launch: its state, its keys, and the collaborators that
    step the game, draw it, open dialogs, hint and handle a plugin's fault."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        # Shown, translated, by the keys bar (Tabletop.keys_bar), not by Textual's footer.
        Binding("h", "hint", "hint", show=False),
        Binding("question_mark", "help", "help", show=False),
        Binding("r", "rules", "rules", show=False),
        Binding("l", "language", "language", show=False),
        Binding("space", "skip", "skip", show=False),
        Binding("escape", "clear", "clear", show=False),
        Binding("q", "quit_game", "quit", show=False),
    ]

    main_screen: Screen[Any]
    """The table's own screen (set when the app is mounted), under any dialog."""

    def __init__(self, launch: Launch) -> None:
        super().__init__()
        self.launch = launch
        self.lang = launch.lang
        self.theme_name = str(launch.options.get("theme") or "default")
        self.status = 0
        self.session = launch.new_session()
        self.driver = Driver(self.session)
        self.presenter = Presenter.of(self.session, self.lang)
        humans = [i for i, s in enumerate(self.session.seats) if s.is_human]
        self.humans = len(humans)
        self.viewer = humans[0] if humans else 0
        """The seat whose view the table shows first, and whose events it tells."""
        self.shown_seat = self.viewer
        self.hooks = launch.game.hooks
        self._asking: Asking | None = None
        self._menu: Choices | None = None
        """The choices of the seat asked, labelled from one observation."""
        self._digits = ""
        self._busy = ""  # what the table is doing while no person acts ("thinking")
        self._ended = False
        self._quitting = False
        self.said: list[str] = []
        """Every line of the story so far, as plain text."""
        self.view: Widget | None = None
        """The game's view of the seat shown (built by the tabletop)."""
        self.faults = Faults(self)
        self.tabletop = Tabletop(self)
        self.dialogs = Dialogs(self)
        self.hints = Hints(self)
        self.flow = GameFlow(self)
        self.register_theme(DEFAULT)
        self.register_theme(HIGH_CONTRAST)
        self.theme = TEXTUAL_THEMES.get(self.theme_name, DEFAULT.name)
        self.driver.watch(self.viewer, self.tabletop.watch)

    # ------------------------------------------------------------------ words
    def _(self, message: str) -> str:
        """The tui's own words in the table's language (the shared ones: ``presenter``)."""
        return str(words(self.lang)(message))

    def seat_name(self, seat: int) -> str:
        """Seats counted from 1, as players count them (records count from 0)."""
        return self.presenter.seat_name(seat)

    def label(self, seat: int, action: Mapping[str, Any]) -> str:
        """The label of ``action`` as ``seat`` sees the game now."""
        return self.presenter.label(seat, action)

    # ------------------------------------------------------------------ choosing
    def choose(self, index: int) -> None:
        """The person chose ``legal[index]``: the only way a person's move reaches the game."""
        if self._asking is None:
            return
        _seat, legal, future = self._asking
        if 0 <= index < len(legal) and not future.done():
            future.set_result(legal[index])

    def choose_from_view(self, seat: int, action: Any) -> bool:
        """A pick made on the game's view of ``seat`` (a click on a card; the view's
        ``ViewContext.choose``): taken as that choice when ``seat`` is the one asked now, no
        dialog is open and ``action`` is one of its legal actions; otherwise nothing changes.
        Never raises: the view may pass on anything."""
        asking = self._asking
        if asking is None or asking[0] != seat or asking[2].done():
            return False
        if self.screen is not self.main_screen or not isinstance(action, Mapping):
            return False
        try:
            index = next(i for i, legal in enumerate(asking[1]) if legal == dict(action))
        except Exception:  # nothing legal matches, or an action that cannot be compared
            return False
        self._digits = ""
        self.choose(index)
        return True

    def _view_context(self, seat: int) -> ViewContext:
        """What a game's view of ``seat`` knows of this table, with its door for a click."""
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

    # ------------------------------------------------------------------ Textual
    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Container(id="main"):  # a grid: the order places them (theme.CSS)
            yield Container(id="view")
            yield OptionList(id="choices")
            yield Story(id="log")
        yield Static("", id="toosmall", markup=False)
        yield Static("", id="keys")

    def on_mount(self) -> None:
        self.main_screen = self.screen
        if not self.tabletop.show_table():
            return
        presenter = self.presenter
        self.tabletop.say(presenter.title_line())
        self.tabletop.say(presenter.seed_line())
        self.tabletop.say(self._("Press ? for the keys."))
        self.run_worker(self.flow.run(), exclusive=True, name="game")

    def on_resize(self, event: events.Resize) -> None:
        self.tabletop.fit(event.size.width, event.size.height)

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that do nothing now are left out of the footer."""
        if action == "hint":
            return self._asking is not None and not self._quitting
        if action == "skip":
            return self._asking is None and not self._ended
        return True

    def on_key(self, event: events.Key) -> None:
        if self.screen is not self.main_screen or self._asking is None:
            if self._asking is None and event.key in ("enter", "space"):
                self.tabletop.skip()
            return
        char = event.character or ""
        if char.isdigit():
            event.stop()
            self._digit(char)
        elif event.key == "enter" and self._digits:
            event.stop()
            self._take_digits()

    def _digit(self, char: str) -> None:
        """Digits add up to a choice: it is taken as soon as no longer choice could follow."""
        assert self._asking is not None
        count = len(self._asking[1])
        digits = (self._digits + char).lstrip("0")
        if not digits or int(digits) > count:
            self._digits = ""
            self.bell()
        elif int(digits) * 10 > count:
            self._digits = ""
            self.choose(int(digits) - 1)
        else:
            self._digits = digits
            self.query_one("#choices", OptionList).highlighted = int(digits) - 1
        self.tabletop.status()

    def _take_digits(self) -> None:
        number, self._digits = int(self._digits), ""
        self.choose(number - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "choices":
            self._digits = ""
            self.choose(event.option_index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id != "choices" or self._asking is None or self.view is None:
            return
        legal = self._asking[1]
        if 0 <= event.option_index < len(legal):
            try:
                self.tabletop.view_call("hover", legal[event.option_index])
            except Fault as fault:
                self.faults.take_over(fault)

    def on_click(self, event: events.Click) -> None:
        """After a click on the game's view (taken by the view through ``choose``, or on
        nothing), the keys stay with the choices: arrows and Enter go on moving in them."""
        if self._asking is None or self.screen is not self.main_screen or self.view is None:
            return
        focused = self.focused
        if focused is not None and self.view in focused.ancestors_with_self:
            self.query_one("#choices", OptionList).focus()

    # ------------------------------------------------------------------ actions
    def action_clear(self) -> None:
        self._digits = ""
        self.tabletop.status()
        if self._asking is not None:
            self.dialogs.offer_decision()

    def action_language(self) -> None:
        """The next language: the table, the choices and the game's view follow it."""
        codes = list(LANGUAGES)
        self.lang = codes[(codes.index(self.lang) + 1) % len(codes)] if self.lang in codes \
            else codes[0]
        self.presenter = self.presenter.in_language(self.lang)
        if self._menu is not None:  # the same menu, labelled again (no new observation)
            menu = self._menu
            self._menu = self.faults.guard(self.presenter.choices, menu.seat, menu.observation,
                                           menu.legal)
        if self.tabletop.show_table():
            self.notify(LANGUAGES[self.lang])

    def action_hint(self) -> None:
        self.hints.start()

    def action_help(self) -> None:
        self.dialogs.show_keys()

    def action_rules(self) -> None:
        self.dialogs.show_rules()

    def action_skip(self) -> None:
        self.tabletop.skip()

    def action_quit_game(self) -> None:
        self.flow.quit()

    async def action_quit(self) -> None:
        """Ctrl+Q, Textual's own key to quit: the same as ``q`` (asked first during a game)."""
        self.flow.quit()
