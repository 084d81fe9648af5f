"""How Sakura's cards are cut into tiles (plain text, no screen): a text over lines never
loses or reorders a character and never passes the width; a hand's layout shows every text
whole whenever some layout of that width and height can, and never passes the view's width."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from asobi.i18n import translator
from asobi_sakura.cards import EMPEROR_KINDS, JUMP, Card
from asobi_sakura.tuiview.tiles import (
    NARROWEST,
    WIDEST,
    HandLayout,
    hand_layout,
    wrap,
    wrapped,
)
from asobi_sakura.view import garden_text, painter_text
from support.profiles import examples

TEXTS = st.text(alphabet=st.sampled_from("ab cdef 皇帝前進-"), max_size=60)
LANGS = ("en", "pt", "it", "ja")


@given(TEXTS, st.integers(min_value=2, max_value=30))
def test_wrapped_keeps_every_character_within_the_width(text, width):
    lines = wrapped(text, width)
    assert all(cell_len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


@given(TEXTS, st.integers(min_value=2, max_value=30), st.integers(min_value=1, max_value=5))
def test_wrap_gives_the_lines_asked_cut_only_when_the_text_needs_more(text, width, lines):
    out = wrap(text, width, lines)
    assert len(out) == lines and all(cell_len(line) == width for line in out)
    assert ("…" in "".join(out)) == (len(wrapped(text, width)) > lines)


CARDS = st.builds(
    lambda number, garden, painter, move, steps: Card(
        number, garden, move, painter, 0 if painter == JUMP else steps).as_dict(),
    st.integers(min_value=1, max_value=99),
    st.sampled_from(sorted(EMPEROR_KINDS | {"closest-back", "furthest-forward"})),
    st.sampled_from(["forward", "either", "jump", "count"]),
    st.integers(min_value=1, max_value=9), st.integers(min_value=1, max_value=9))


def _needs(_, cards, layout: HandLayout) -> tuple[int, int]:
    inner = layout.width - 2
    return (max(len(wrapped(garden_text(c, _), inner)) for c in cards),
            max(len(wrapped(painter_text(c, _), inner)) for c in cards))


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(CARDS, min_size=1, max_size=9), st.integers(min_value=40, max_value=140),
       st.integers(min_value=0, max_value=40), st.sampled_from(LANGS))
def test_a_hand_is_whole_when_some_layout_fits(cards, width, room, lang):
    _ = translator("asobi_sakura", lang)
    layout = hand_layout(_, cards, width, room)
    assert NARROWEST <= layout.width <= WIDEST
    assert layout.per_row * (layout.width + 1) - 1 <= width
    whole = (layout.garden_rows, layout.painter_rows) == _needs(_, cards, layout)
    could = any(
        candidate.height(len(cards)) <= room
        for per_row in range(1, len(cards) + 1)
        if per_row * (NARROWEST + 1) - 1 <= width
        for tile in [max(NARROWEST, min(WIDEST, (width + 1) // per_row - 1))]
        for candidate in [HandLayout(per_row, tile, *_needs(
            _, cards, HandLayout(per_row, tile, 1, 1)))])
    if could:
        assert whole and layout.height(len(cards)) <= room
    assert layout.garden_rows >= 1 and layout.painter_rows >= 1
