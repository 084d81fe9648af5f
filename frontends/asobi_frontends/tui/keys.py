"""The table's keys: choosing by number (digits add up to a choice), by arrows or a click,
Esc, the language switch, and which keys the bar shows as working now; after a click on the
game's view, the keys stay with the choices. The keys that open
pages, hint, skip or quit are the actions of the layers that do those."""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import OptionList

from asobi.i18n import LANGUAGES
from asobi_frontends.tui.faults import Fault
from asobi_frontends.tui.hints import TableHints
from asobi_frontends.tui.state import nothing


class TableKeys(TableHints):
    """What each key does at the table."""

    BINDINGS = [
        # Shown, translated, by the keys bar (see _keys), not by Textual's footer.
        Binding("h", "hint", "hint", show=False),
        Binding("question_mark", "help", "help", show=False),
        Binding("r", "rules", "rules", show=False),
        Binding("l", "language", "language", show=False),
        Binding("space", "skip", "skip", show=False),
        Binding("escape", "clear", "clear", show=False),
        Binding("q", "quit_game", "quit", show=False),
    ]

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
                self._skip.set()
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
        self._status()

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
                self._guard(getattr(self.view, "hover", nothing), legal[event.option_index])
            except Fault as fault:
                self.run_worker(self._fault(str(fault)), exclusive=True, name="game")

    def on_click(self, event: events.Click) -> None:
        """After a click on the game's view (taken by the view through ``choose``, or on
        nothing), the keys stay with the choices: arrows and Enter go on moving in them."""
        if self._asking is None or self.screen is not self.main_screen or self.view is None:
            return
        focused = self.focused
        if focused is not None and self.view in focused.ancestors_with_self:
            self.query_one("#choices", OptionList).focus()

    def action_clear(self) -> None:
        self._digits = ""
        self._status()
        if self._asking is not None:
            self._offer_decision()

    def action_language(self) -> None:
        """The next language: the table, the choices and the game's view follow it."""
        codes = list(LANGUAGES)
        self.lang = codes[(codes.index(self.lang) + 1) % len(codes)] if self.lang in codes \
            else codes[0]
        self.presenter = self.presenter.in_language(self.lang)
        if self._menu is not None:  # the same menu, labelled again (no new observation)
            menu = self._menu
            self._menu = self._guard(self.presenter.choices, menu.seat, menu.observation,
                                     menu.legal)
        if self._show_table():
            self.notify(LANGUAGES[self.lang])
