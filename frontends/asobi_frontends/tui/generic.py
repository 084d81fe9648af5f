"""The generic view: a game without a view of its own is drawn by its text view, the hook
``asobi_render_text`` the terminal frontends share (docs/plugins.md), so a third-party game
is playable, and reads as its author wrote it, from the day it is installed. A game without
that hook either gets the core's default, its observation as indented JSON. The legal
actions are the frontend's list of choices."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from asobi_frontends.tui.folding import broken
from asobi_frontends.tui.hookspecs import ViewContext

Render = Callable[[Mapping[str, Any]], str]
"""A seat's observation drawn as text (the game's ``asobi_render_text`` in the table's
language)."""


class GenericView(VerticalScroll):
    """The seat's observation as the game's text view draws it, scrolled with the mouse when
    it is longer than the room."""

    DEFAULT_CSS = """
    GenericView { height: 1fr; padding: 0 1; scrollbar-size-vertical: 1; }
    GenericView > Static { width: 100%; height: auto; }
    """

    plays_events = False
    """The text is drawn as each move left it, as the move is told."""

    def __init__(self, context: ViewContext, render: Render) -> None:
        super().__init__(classes="generic-view")
        self.context = context
        self.render_text = render
        self.text = ""
        """The text shown now."""
        self.body = Static("", markup=False)
        self.can_focus = False

    def compose(self) -> ComposeResult:
        yield self.body

    def show(self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> None:
        self.text = self.render_text(observation)
        self._draw()

    def room(self, rows: int) -> None:
        """The text takes the rows it needs (the choices and the story get the rest)."""
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        """The text broken into lines of the view's width, so that it takes as many rows as
        the table counts for it."""
        width = self.scrollable_content_region.width
        if width <= 0:
            return
        lines = [row for line in self.text.split("\n") for row in broken(Text(line), width)]
        self.body.update(Group(*lines))

    def hover(self, action: Mapping[str, Any] | None) -> None:
        return None

    def decision(
        self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
    ) -> str | None:
        return None

    def play_event(self, event: Mapping[str, Any]) -> None:
        return None

    def announcement(self, events: Sequence[Mapping[str, Any]]) -> str | None:
        return None
