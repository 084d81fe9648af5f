"""Hanafuda cards as terminal tiles: month, kind and name on a colour of the card's kind.

Plain Rich text (no Textual): a tile is a few lines of a fixed width in cells, so that rows of
tiles line up with Japanese names too (wide characters take two cells and are cut whole).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from asobi_koikoi.cards import CARD_KIND, INDEX, PLANTS
from asobi_koikoi.names import card_name, kind_label, tile_wording

Tr = Callable[[str], str]

RED_RIBBONS = frozenset({"pine-ribbon", "plum-ribbon", "cherry-ribbon", "clover-ribbon",
                         "wisteria-ribbon", "iris-ribbon", "willow-ribbon"})
BLUE_RIBBONS = frozenset({"peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"})

# (background, foreground) of each kind, per theme; monochrome keeps to the 16 ANSI colours.
PALETTES: dict[str, dict[str, tuple[str, str]]] = {
    "default": {
        "bright": ("#e8b923", "#1d1b22"), "animal": ("#4f8a3c", "#ffffff"),
        "red-ribbon": ("#c0392b", "#ffffff"), "blue-ribbon": ("#2e5fa8", "#ffffff"),
        "plain": ("#6d6470", "#f0ebe3"), "back": ("#3a2f45", "#bfb3c9"),
    },
    "high-contrast": {
        "bright": ("#ffff00", "#000000"), "animal": ("#00ff00", "#000000"),
        "red-ribbon": ("#ff0000", "#ffffff"), "blue-ribbon": ("#0000ff", "#ffffff"),
        "plain": ("#ffffff", "#000000"), "back": ("#000000", "#ffffff"),
    },
    "monochrome": {
        "bright": ("yellow", "black"), "animal": ("green", "black"),
        "red-ribbon": ("red", "white"), "blue-ribbon": ("blue", "white"),
        "plain": ("white", "black"), "back": ("black", "white"),
    },
}


def colour_key(card: str) -> str:
    kind = CARD_KIND[INDEX[card]]
    if kind == "ribbon":
        return "blue-ribbon" if card in BLUE_RIBBONS else "red-ribbon"
    return kind


def fit(text: str, width: int) -> str:
    """``text`` in exactly ``width`` cells: cut (with …) or padded; wide characters whole."""
    if cell_len(text) <= width:
        return text + " " * (width - cell_len(text))
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    out += "…"
    return out + " " * (width - cell_len(out))


@dataclass(frozen=True)
class Look:
    """How a tile is drawn: its width and height in cells, the colours of the theme, and the
    blank lines between two rows of tiles."""

    width: int
    height: int
    theme: str
    row_gap: int = 0

    def colours(self, key: str) -> tuple[str, str]:
        return PALETTES.get(self.theme, PALETTES["default"])[key]


NARROWEST = 9
"""The narrowest tile, in cells: a month's number and the start of its plant, the key."""


def row_look(count: int, width: int, height: int, inner: int, whole: bool, theme: str,
             row_gap: int = 0) -> Look | None:
    """The tiles of a row of ``count`` cards in ``width`` cells, ``height`` lines each, where
    an inner width of ``inner`` cells shows every card's text whole.

    ``whole``: tiles that wide (up to two cells more), as many a row as the width holds,
    whatever ``count`` is (so that they keep their size from turn to turn); None where the
    width holds fewer than three (or than ``count``, when it is smaller). Otherwise the
    ``count`` tiles share the width in one row, each as wide as it lets them be up to that
    width, and never narrower than :data:`NARROWEST` (then on more rows): the texts are cut
    where they do not fit."""
    if whole:
        per_row = (width + 1) // (inner + 3)
        if per_row < min(3, max(1, count)):
            return None
        return Look(min((width + 1) // per_row - 1, inner + 4), height, theme, row_gap)
    shared = (width + 1) // max(1, count) - 1
    return Look(max(NARROWEST, min(inner + 2, shared)), height, theme, row_gap)


def month_label(_: Tr, card: str) -> str:
    month = INDEX[card] // 4 + 1
    return f"{month} {_(PLANTS[month - 1])}"


def two_lines(name: str, width: int) -> list[str]:
    """``name`` over two lines of ``width`` cells, broken between words when it has spaces."""
    if cell_len(name) <= width:
        return [name, ""]
    first = ""
    words = name.split(" ")
    if len(words) > 1:
        for i, word in enumerate(words):
            candidate = f"{first} {word}" if first else word
            if cell_len(candidate) > width:
                return [first, " ".join(words[i:])] if first else [name[:width], name[width:]]
            first = candidate
    for ch in name:
        if cell_len(first + ch) > width:
            break
        first += ch
    return [first, name[len(first):]]


CONNECTOR = 5
"""The longest word taken for the connector before a plant that ends a name ("da", "del",
"della", and an elided "dell'"): dropped with the plant."""


def short_name(_: Tr, card: str) -> str:
    """The card's name without its plant (the tile's first line shows the month), whether the
    name starts with it ("Pine with crane" -> "with crane", "松に鶴" -> "鶴") or ends with it
    after a short connector ("Fita de poesia da cerejeira" -> "Fita de poesia", "Nastro
    dell'iris" -> "Nastro"); the plugin's shorter tile wording where the language has one
    (:data:`asobi_koikoi.names.TILE_WORDINGS`)."""
    wording = tile_wording(getattr(_, "lang", ""), card)
    if wording is not None:
        return wording
    name = card_name(_, card)
    plant = _(PLANTS[INDEX[card] // 4])
    if not plant or len(name) <= len(plant):
        return name
    if name.lower().startswith(plant.lower()):
        rest = name[len(plant):].lstrip()
        if rest[:1] in ("の", "に"):
            rest = rest[1:]
        return rest or name
    head = name[: -len(plant)]
    if name.lower().endswith(plant.lower()) and head[-1:] in (" ", "'"):
        words = head.split()
        elided = head.endswith("'")
        if len(words) > 1 and len(words[-1].rstrip("'")) <= CONNECTOR:
            words = words[:-1]  # the connector goes with the plant
        elif elided:
            return name  # a longer word elided before the plant: not a connector
        return " ".join(words) if words else name
    return name


def folds(_: Tr, cards: Sequence[str], look: Look) -> bool:
    """Whether a four-line tile of ``look``'s width shows a name of ``cards`` over two lines
    (else a fourth line would stay empty)."""
    return any(two_lines(short_name(_, card), look.width - 2)[1] for card in cards)


def full_name_width(_: Tr, height: int, sake_is_plain: bool) -> int:
    """The inner width (cells) a tile of ``height`` lines needs to show every card of the deck
    whole: month, kind and name (a four-line tile breaks the name between words)."""
    need = 0
    for card in INDEX:
        need = max(need, cell_len(month_label(_, card)),
                   cell_len(kind_label(_, card, sake_is_plain)))
        name = short_name(_, card)
        words = name.split(" ") if height > 3 else [name]
        need = max(need, *(cell_len(w) for w in words))
        if height > 3 and len(words) > 1:  # two lines: the shortest break that holds it
            need = max(need, min(max(cell_len(" ".join(words[:i])),
                                     cell_len(" ".join(words[i:])))
                                 for i in range(1, len(words))))
    return need


ACTION_KEY = "asobi_koikoi.action"
"""The key, in the Rich style metadata of a tile's cells, of the action a click on it takes."""


def tile_lines(
    _: Tr, card: str, look: Look, sake_is_plain: bool, mark: str = "", lit: bool = False,
    number: int | None = None, action: Mapping[str, Any] | None = None,
) -> list[Text]:
    """The lines of one tile: month (number and name), kind, then the name of the card.
    ``mark`` goes in the top left corner (a lit board card's ▲), ``number`` (the choice that
    plays this card) in the top right one; ``action`` (the legal action of that choice) is
    carried by every cell of the tile, for a click on it to take."""
    bg, fg = look.colours(colour_key(card))
    base = Style(color=fg, bgcolor=bg)
    if lit:
        base = base + Style(reverse=True, bold=True)
    corner = base + Style(reverse=True, bold=True)
    inner = look.width - 2
    rows = [month_label(_, card), kind_label(_, card, sake_is_plain)]
    name = short_name(_, card)
    rows += two_lines(name, inner) if look.height > 3 else [name]
    lines = []
    for i, row in enumerate(rows[: look.height]):
        line = Text(style=base + Style(bold=i == 0))
        line.append(mark or " " if i == 0 else " ")
        numbered = i == 0 and number is not None and number < 10
        if numbered and cell_len(row) >= inner:  # a cut name keeps a space before the key
            line.append(fit(row, inner - 1) + " ")
        else:
            line.append(fit(row, inner))
        if numbered:
            line.append(str(number), style=corner)
        else:
            line.append(" ")
        if action is not None:
            line.stylize(Style.from_meta({ACTION_KEY: dict(action)}))
        lines.append(line)
    return lines


def back_row(look: Look, count: int) -> Text:
    """The backs of ``count`` hidden cards, one cell each and a space between."""
    bg, fg = look.colours("back")
    return Text(" ".join(["▮"] * count), style=Style(color=fg))


def row_of_tiles(
    tiles: Sequence[list[Text]], width: int, gap: int = 1, row_gap: int = 0
) -> list[Text]:
    """Tiles side by side, ``gap`` cells apart, wrapped into as many rows as ``width`` cells
    need, ``row_gap`` blank lines apart."""
    if not tiles:
        return []
    tile_width = tiles[0][0].cell_len
    per_row = max(1, (width + gap) // (tile_width + gap))
    lines: list[Text] = []
    for start in range(0, len(tiles), per_row):
        if start:
            lines += [Text() for _ in range(row_gap)]
        chunk = tiles[start:start + per_row]
        for i in range(max(len(t) for t in chunk)):
            line = Text()
            for j, tile in enumerate(chunk):
                if j:
                    line.append(" " * gap)
                line.append_text(tile[i] if i < len(tile) else Text(" " * tile_width))
            lines.append(line)
    return lines
