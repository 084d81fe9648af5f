"""Styled text broken into lines of a width by the project's line breaker
(:func:`asobi.i18n.line_spans`: between words, between two Japanese characters, never before
a closing mark such as 。 or 」, never after an opening one), instead of by Rich, which cuts a
Japanese line wherever the width falls. Game views use it too (:func:`fold`)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from asobi.i18n import line_spans


def broken(entry: Text, width: int) -> list[Text]:
    """``entry`` in lines of at most ``width`` cells, each keeping its styles; a line break
    in the entry starts a new line, and a word wider than a line is cut to fit."""
    plain = entry.plain
    lines: list[Text] = []
    start = 0
    for paragraph in plain.split("\n"):
        for a, b in line_spans(paragraph, max(1, width), cell_len, split_long=True):
            lines.append(entry[start + a:start + b])
        start += len(paragraph) + 1
    return lines


def fold(line: Text, width: int) -> list[Text]:
    """``line`` as it shows in ``width`` cells: itself when it fits, else broken into lines
    that do (:func:`asobi.i18n.line_spans`: between words, never before a closing mark), so
    that every line drawn takes one row at any width from ``width`` on."""
    if line.cell_len <= width:
        return [line]
    return [line[a:b] for a, b in line_spans(line.plain, width, cell_len, split_long=True)]
