"""Sakura's cards as terminal tiles, and how a hand of them is laid out in the room a view has.

Plain Rich text (no Textual): a tile is a head line (the number of the choice that plays it,
the card's number), then its garden half and its painter half on a colour each, every line the
same width in cells so that rows of tiles line up, Japanese text too (wide characters take two
cells and are never split).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from asobi.i18n import Translator
from asobi_sakura.view import garden_text, painter_text

ACTION_KEY = "asobi_sakura.action"
"""The key, in the Rich style metadata of a tile's cells, of the action a click on it takes."""

CARD_COLOURS = {
    "default": (("#f4a7b9", "#1d1b22"), ("#5c8a3a", "#ffffff")),
    "high-contrast": (("#ffffff", "#000000"), ("#ffff00", "#000000")),
    "monochrome": (("magenta", "white"), ("green", "black")),
}
"""(background, foreground) of a card's garden half and of its painter half."""

NARROWEST, WIDEST = 14, 26
"""The width of a tile in cells, borders included."""


def fit(text: str, width: int) -> str:
    """``text`` in exactly ``width`` cells: cut with … or padded; wide characters whole."""
    if cell_len(text) <= width:
        return text + " " * (width - cell_len(text))
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return out + "…" + " " * (width - cell_len(out) - 1)


def _head(text: str, width: int) -> str:
    """The longest start of ``text`` (a single word) that holds in ``width`` cells."""
    out = ""
    for ch in text:
        if cell_len(out + ch) > width:
            break
        out += ch
    return out or text[:1]


def wrapped(text: str, width: int) -> list[str]:
    """``text`` over as many lines of at most ``width`` cells as it needs, broken between
    words; a word longer than a line (Japanese has no spaces) is broken between characters."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        while cell_len(word) > width:
            if line:
                lines.append(line)
                line = ""
            head = _head(word, width)
            lines.append(head)
            word = word[len(head):]
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line or not lines:
        lines.append(line)
    return lines


def wrap(text: str, width: int, lines: int) -> list[str]:
    """``text`` in exactly ``lines`` lines of ``width`` cells: the last one cut with … when
    the text needs more."""
    parts = wrapped(text, width)
    if len(parts) > lines:
        parts = parts[: lines - 1] + [" ".join(parts[lines - 1:])]
    parts += [""] * (lines - len(parts))
    return [fit(part, width) for part in parts]


@dataclass(frozen=True)
class HandLayout:
    """How a hand is drawn: tiles a row, a tile's width (cells), lines of each half."""

    per_row: int
    width: int
    garden_rows: int
    painter_rows: int

    def height(self, cards: int) -> int:
        """The lines ``cards`` tiles take."""
        return -(-cards // self.per_row) * (1 + self.garden_rows + self.painter_rows)


def hand_layout(
    _: Translator, cards: Sequence[Mapping[str, Any]], width: int, room: int
) -> HandLayout:
    """The layout of ``cards`` in a view ``width`` cells wide with ``room`` lines for them:
    of the layouts that show every card's text whole and fit in ``room``, the one that takes
    the fewest lines (then the most tiles a row). When none fits: as many tiles a row as the
    width holds, each half cut to the lines the room leaves (one at least)."""
    count = max(1, len(cards))
    best: HandLayout | None = None
    for per_row in range(min(count, max(1, (width + 1) // (NARROWEST + 1))), 0, -1):
        tile = max(NARROWEST, min(WIDEST, (width + 1) // per_row - 1))
        inner = tile - 2
        garden = max((len(wrapped(garden_text(c, _), inner)) for c in cards), default=1)
        painter = max((len(wrapped(painter_text(c, _), inner)) for c in cards), default=1)
        layout = HandLayout(per_row, tile, garden, painter)
        if layout.height(count) <= room and (
                best is None or layout.height(count) < best.height(count)):
            best = layout
    if best is not None:
        return best
    per_row = max(1, min(count, (width + 1) // (NARROWEST + 1)))
    tile = max(NARROWEST, min(WIDEST, (width + 1) // per_row - 1))
    tile_rows = -(-count // per_row)
    half = max(1, (room // tile_rows - 1) // 2)
    garden = max((len(wrapped(garden_text(c, _), tile - 2)) for c in cards), default=1)
    painter = max((len(wrapped(painter_text(c, _), tile - 2)) for c in cards), default=1)
    return HandLayout(per_row, tile, min(half, garden), min(half, painter))


def card_tile(
    _: Translator, card: Mapping[str, Any], layout: HandLayout, theme: str,
    number: int | None = None, action: Mapping[str, Any] | None = None, lit: bool = False,
) -> list[Text]:
    """A card as a tile: ``number`` (the choice that plays it) and the card's number, the
    garden half, then the painter half. ``action`` (the legal action of that choice) is
    carried by every cell, for a click on the tile to take."""
    (gbg, gfg), (pbg, pfg) = CARD_COLOURS.get(theme, CARD_COLOURS["default"])
    extra = Style(reverse=True) if lit else Style()
    inner = layout.width - 2
    head = Text(style=Style(bold=True) + extra)
    head.append(f"{number}" if number is not None else " ", style=Style(reverse=True))
    head.append(fit(f" #{card['number']}", inner + 1))
    lines = [head]
    for text in wrap(garden_text(card, _), inner, layout.garden_rows):
        lines.append(Text(" " + text + " ", style=Style(color=gfg, bgcolor=gbg) + extra))
    for text in wrap(painter_text(card, _), inner, layout.painter_rows):
        lines.append(Text(" " + text + " ", style=Style(color=pfg, bgcolor=pbg) + extra))
    if action is not None:
        for line in lines:
            line.stylize(Style.from_meta({ACTION_KEY: dict(action)}))
    return lines


def rows_of_tiles(tiles: Sequence[list[Text]], per_row: int) -> list[Text]:
    """Tiles side by side, a cell apart, ``per_row`` a row."""
    out: list[Text] = []
    for start in range(0, len(tiles), per_row):
        chunk = tiles[start:start + per_row]
        for i in range(len(chunk[0])):
            line = Text()
            for j, tile in enumerate(chunk):
                if j:
                    line.append(" ")
                line.append_text(tile[i])
            out.append(line)
    return out
