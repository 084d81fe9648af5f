"""The story beside the table breaks its lines itself (issue 37): a Japanese line never begins
with a closing mark (。、」』）…) nor ends with an opening one, wherever the width falls, and
the lines are broken again when the terminal is resized."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text
from textual.widgets import RichLog

from asobi.i18n import CLOSING, OPENING
from asobi_frontends.tui.app import TableApp
from asobi_frontends.tui.folding import broken
from support.tui import make_launch, settle

KANA = st.text(st.sampled_from("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほ"
                               "まみむめもやゆよらりるれろわをん札光短冊柳桜松梅藤菖蒲牡丹萩芒菊"),
               min_size=1, max_size=8)
LATIN = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz0123456789-"), min_size=1,
                max_size=30)
CLOSE = st.text(st.sampled_from(sorted("、。」』）！？ー：")), max_size=2)
OPEN = st.sampled_from(["", "「", "『", "（"])


@st.composite
def story_lines(draw: st.DrawFn) -> str:
    """A line of a Japanese story as the games' sentences make them: words of kana and kanji
    (or Latin letters and numbers: a card's number, ``--seed 5``), some in brackets, each
    followed by up to two closing marks, some by a space."""
    words = draw(st.lists(st.tuples(OPEN, st.one_of(KANA, KANA, LATIN), CLOSE,
                                    st.sampled_from(["", "", " "])), min_size=1, max_size=20))
    return "".join(opening + word + closing + space for opening, word, closing, space in words)


@given(entry=story_lines(), width=st.integers(10, 120))
def test_no_line_of_the_story_begins_with_a_closing_mark(entry, width):
    lines = [line.plain for line in broken(Text(entry), width)]
    for first, second in zip(lines, lines[1:], strict=False):
        assert second[:1] not in CLOSING and first[-1:] not in OPENING, (lines, width)
    assert all(cell_len(line) <= width for line in lines), (lines, width)
    assert "".join(lines).replace(" ", "") == entry.replace(" ", "")  # nothing lost


def test_a_line_keeps_its_styles_where_it_is_broken():
    entry = Text.from_markup("[b]相手が柳に短冊[/b]を取りました。")
    first, second = broken(entry, 14)
    assert (first.plain, second.plain) == ("相手が柳に短冊", "を取りました。")
    assert first.spans and not second.spans  # the bold part stays bold, the rest plain


def _shown(app: TableApp) -> list[str]:
    """The story's lines as the log shows them (every line, scrolled or not)."""
    story = app.query_one("#log", RichLog)
    return [strip.text.rstrip() for strip in story.lines]


@pytest.mark.slow
@pytest.mark.anyio
async def test_the_story_breaks_japanese_lines_and_again_on_resize(installed):
    """Sentences whose 。 falls just past the story's width at 80x24, 100x30 and 160x45: Rich
    would start the next line with it; the story takes the character before along."""
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=5, lang="ja"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        sizes = [(80, 24), (100, 30), (160, 45)]
        for size in sizes:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            width = app.query_one("#log").scrollable_content_region.width
            app.tabletop.say("相" * (width // 2) + "。")
            app.tabletop.say("柳に短冊は" * 30 + "」。")
        for size in reversed(sizes):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            width = app.query_one("#log").scrollable_content_region.width
            shown = _shown(app)
            starts = [line for line in shown if line[:1] in CLOSING]  # an entry's own start
            assert shown and all(any(e.startswith(line) for e in app.said) for line in starts)
            assert all(cell_len(line) <= width for line in shown)
            assert "".join(shown).count("。") == sum(entry.count("。") for entry in app.said)
