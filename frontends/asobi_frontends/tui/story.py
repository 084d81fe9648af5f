"""The story of the game: every line told so far, broken into lines of the story's width by
the project's line breaker (:func:`~asobi_frontends.tui.folding.broken`: between words,
between two Japanese characters, never before a closing mark such as 。 or 」), and broken
again when the width changes."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from asobi_frontends.tui.folding import broken


class Story(RichLog):
    """A log of the game's story whose lines are broken by :func:`broken` instead of by
    Rich (which would start a Japanese line with 。 where the width falls)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=False, markup=False, auto_scroll=True, min_width=1)
        self.entries: list[Text] = []
        """Every entry told, as written (its lines depend on the width)."""
        self._width = 0
        """The width the lines written are broken for (0: not known yet)."""

    def tell(self, markup: str) -> None:
        """Add an entry (Rich markup) at the end of the story."""
        entry = Text.from_markup(markup)
        self.entries.append(entry)
        if self._width:
            self._write(entry)

    def on_resize(self, event: events.Resize) -> None:
        """Lines broken again for a new width; the last lines in view whatever the new size
        (the story's height follows the rows the table leaves)."""
        width = self.scrollable_content_region.width
        if width and width != self._width:
            self._width = width
            self.clear()
            for entry in self.entries:
                self._write(entry)
        self.scroll_end(animate=False, immediate=False)

    def _write(self, entry: Text) -> None:
        for line in broken(entry, self._width):
            self.write(line, width=self._width)
