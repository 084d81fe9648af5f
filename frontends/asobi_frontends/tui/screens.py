"""The dialogs of the table: help, rules, a choice asked in a dialog, an announcement, a
question to answer yes or no, the save offer, the game's end and the error panel. Each closes
with Esc unless it must answer; :func:`answer_of` shows one and waits for its answer."""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rich.markup import escape
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

Tr = Callable[[str], str]
Answer = TypeVar("Answer")


async def answer_of(app: App[Any], screen: ModalScreen[Answer]) -> Answer | None:
    """Show ``screen`` over the table and wait until it closes; its answer (None when it
    closes without one)."""
    done: asyncio.Future[Answer | None] = asyncio.get_running_loop().create_future()

    def settle(answer: Answer | None) -> None:
        if not done.done():
            done.set_result(answer)

    app.push_screen(screen, settle)
    return await done


def numbered(number: int, label: str) -> str:
    """A choice as listed: ``1. label``; ``1.梅に…`` when the label starts with a wide
    character, so that a long Japanese label folds after the number instead of leaving it
    alone on its line."""
    wide = bool(label) and unicodedata.east_asian_width(label[0]) in "WF"
    return f"{number}.{label}" if wide else f"{number}. {label}"


LEAVE = Binding("q", "app.quit_game", show=False)
"""``q`` over a page or a question leaves the game as on the table (a modal screen hides the
app's own keys)."""


class TextScreen(ModalScreen[None]):
    """A page to read (help, rules, an announcement): scrolls with the arrows, Esc or Enter
    closes it."""

    BINDINGS = [
        Binding("escape,enter,space", "close", "Close"),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        LEAVE,
    ]

    def __init__(self, title: str, body: str, close_label: str, markup: bool = True) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.body = body
        self.markup = markup
        self.close_label = close_label

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, markup=self.markup, id="dialog-text")
            yield Static(self.close_label, classes="dialog-keys", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)


class PanelScreen(TextScreen):
    """A page that only a key pressed while it shows closes (the error panel): a key typed
    before it appeared (an Enter still on its way, meant for the table) is let go, so that
    the panel is read before it closes."""

    BINDINGS = [
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
    ]

    shown_at = float("inf")
    """When the panel was shown, on the clock the events carry (their ``time``)."""

    def on_mount(self) -> None:
        self.shown_at = events.Mount().time

    def on_key(self, event: events.Key) -> None:
        if event.key in ("escape", "enter", "space"):
            event.stop()
            if event.time >= self.shown_at:
                self.dismiss(None)


class ChoiceScreen(ModalScreen[int | None]):
    """A question with its choices (a number, arrows and Enter, or a click); Esc goes back to
    the table without choosing (the question comes back with the next look)."""

    BINDINGS = [Binding("escape", "back", "Back"), LEAVE]

    def __init__(self, title: str, body: str, choices: Sequence[str], keys: str) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.body = body
        self.choices = list(choices)
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, id="dialog-text")
            yield OptionList(
                *[Option(numbered(i, escape(label))) for i, label in enumerate(self.choices, 1)],
                id="dialog-choices",
            )
            yield Static(self.keys, classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    def on_key(self, event: events.Key) -> None:
        key = event.character or ""
        if key.isdigit() and 1 <= int(key) <= len(self.choices):
            event.stop()
            self.dismiss(int(key) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_back(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A question to answer yes or no in a small dialog: ``y`` or Enter says yes, ``n`` or Esc
    no; a click on either answer, under the question, takes it."""

    BINDINGS = [
        Binding("y,enter", "answer(True)", show=False),
        Binding("n,escape", "answer(False)", show=False),
    ]

    def __init__(self, title: str, body: str, yes: str, no: str) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.body = body
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog -small"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            yield Static(self.body, id="dialog-text", markup=False)
            yield Static(f"[@click=screen.answer(True)]{escape(self.yes)}[/]   "
                         f"[@click=screen.answer(False)]{escape(self.no)}[/]",
                         classes="dialog-keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class SaveScreen(ModalScreen[str | None]):
    """The offer to save the record: a file name and Enter, or Esc (an empty name) to skip."""

    BINDINGS = [Binding("escape", "skip", "Skip")]

    def __init__(self, title: str, body: str, prompt: str, keys: str) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.body = body
        self.prompt = prompt
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title", markup=False)
            with VerticalScroll(classes="dialog-body"):
                yield Static(self.body, id="dialog-text")
            yield Static(self.prompt, markup=False)
            yield Input(id="save-name")
            yield Static(self.keys, classes="dialog-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_skip(self) -> None:
        self.dismiss(None)
