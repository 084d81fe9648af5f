"""The lab's page, read as text: labels wrapped to a plot's width in any script, a constant
distribution said in words, a title without parentheses inside parentheses, tables whose
cells name their column (what the page's phone layout shows; the browser test looks at it)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from asobi.i18n import CLOSING, OPENING
from asobi.lab.html import _estimate, constant_value, number, render, table_rem, unbroken
from asobi.lab.plots import TEXT_EMS, ems, wrap
from asobi.lab.report import EstimateText
from asobi.lab.text import Cell, format_report, title

words = st.text(st.sampled_from("abcdefghij"), min_size=1, max_size=14)
japanese = st.text(st.sampled_from("猪鹿蝶花見で一杯月光雨四（）、。ー"), min_size=1, max_size=40)
labels = st.lists(st.one_of(words, japanese, st.sampled_from(["(", ")", ":", "·", "-"])),
                  min_size=1, max_size=12).map(" ".join)


def breaks(line: str) -> list[int]:
    """Where ``line`` could be broken: after a space or beside a wide character, never before
    a closing mark or a space, nor after an opening mark."""
    def wide(c: str) -> bool:
        return unicodedata.east_asian_width(c) in "WF"

    return [i for i in range(1, len(line))
            if line[i] not in CLOSING and not line[i].isspace() and line[i - 1] not in OPENING
            and (line[i - 1].isspace() or wide(line[i]) or wide(line[i - 1]))]


@given(labels, st.floats(min_value=6, max_value=40))
def test_wrapped_labels_keep_every_character_and_fit_their_width(label, limit):
    lines = wrap(label, limit)
    assert re.sub(r"\s", "", "".join(lines)) == re.sub(r"\s", "", label)
    for line in lines:
        assert line == line.strip()
        # a line wider than the limit is one word that cannot be broken
        assert ems(line) <= limit or not breaks(line), (line, breaks(line))
    for line in lines[1:]:
        assert line[0] not in CLOSING  # no line starts with a closing mark


def test_a_japanese_label_wraps_between_characters_within_a_plot():
    label = "三光：全得点に占める割合（役が成立したラウンドのうち、こいこいで勝った割合）"
    lines = wrap(label)
    assert len(lines) == 2 and all(ems(line) <= TEXT_EMS for line in lines)
    assert not lines[1].startswith(("）", "、"))


def test_numbers_and_constant_distributions():
    assert number(3.0) == "3" and number(2.5) == "2.50" and number(-1.0) == "-1"
    assert constant_value({"n": 30, "min": 3.0, "max": 3.0}) == 3.0
    assert constant_value({"n": 30, "min": 6.0, "max": 7.0}) is None
    assert constant_value({"n": 0}) is None


def depth(text: str) -> int:
    deepest = level = 0
    for c in text:
        level += c in "(（"
        level -= c in ")）"
        deepest = max(deepest, level)
    return deepest


def report(values: dict[str, list[float]]) -> dict:
    """A small report of two Sakura variants whose rounds per game are ``values``."""
    def estimate(v: float) -> dict:
        return {"value": v, "low": v, "high": v, "clear_of_zero": False}

    def dist(xs: list[float]) -> dict:
        return {"n": len(xs), "min": min(xs), "max": max(xs),
                "histogram": [[x, float(xs.count(x))] for x in sorted(set(xs))]}

    names = list(values)
    return {
        "game": "sakura", "lang": "en", "reference": names[-1], "players": ["ai:random"] * 3,
        "seed": 1, "games_per_variant": 4,
        "variants": [{"name": "tuned", "title": "Tuned for 2, 5 and 6 players (house rule)"},
                     {"name": "standard", "title": "Standard (reconstructed 60-card deck)"}],
        "figures": [{
            "key": "rounds", "kind": "general", "label": "scoring rounds per game (duration)",
            "unit_label": "rounds", "percent": False,
            "by_variant": {n: estimate(sum(v) / len(v)) for n, v in values.items()},
            "difference": {names[0]: estimate(0.0)},
            "distribution": {n: dist(v) for n, v in values.items()}}],
        "player_figures": [], "restricted": [],
    }


@pytest.mark.parametrize("values, words, plots", [
    ({"tuned": [3, 3, 3, 3], "standard": [3, 3, 3, 3]}, ["tuned, standard: always 3"], 0),
    ({"tuned": [2, 3, 3, 4], "standard": [1, 1, 1, 1]}, ["standard: always 1"], 1),
    ({"tuned": [2, 3, 3, 4], "standard": [3, 3, 4, 4]}, [], 1),
    ({"tuned": [2, 2, 2, 2], "standard": [3, 3, 3, 3]},
     ["tuned: always 2", "standard: always 3"], 0),
])
@pytest.mark.slow
def test_a_constant_distribution_is_said_not_drawn(values, words, plots):
    page = render(report(values), "en")
    section = page.split("Distributions side by side")[1].split("<h2>")[0]
    assert section.count("<svg") == plots
    constant = re.findall(r'<p class="constant">(.*?)</p>', section)
    assert (constant[0].split("<br>") if constant else []) == words


def test_the_title_nests_no_parentheses():
    data = report({"tuned": [3, 3], "standard": [3, 3]})
    assert title(data, "en") == "Balance lab: sakura - tuned, standard"
    page = render(data, "en")
    h1 = re.search(r"<h1>(.*?)</h1>", page).group(1)
    assert depth(h1) == 0 and depth(re.search(r"<title>(.*?)</title>", page).group(1)) == 0
    assert "<li><b>tuned</b>: Tuned for 2, 5 and 6 players (house rule)</li>" in page
    text = format_report(data, "en")
    assert all(depth(line) <= 1 for line in text.splitlines()[:3])
    # each value carries its column's name, shown beside it when the row is a card; a value
    # and its interval each stay whole
    assert ('<td data-label="tuned"><span class="est"><span class="v">3.00</span> '
            '<span class="i">[3.00, 3.00]</span></span></td>') in page
    assert ('<td data-label="tuned minus standard"><span class="est"><span class="v">+0.00'
            '</span> <span class="i">[+0.00, +0.00]</span></span></td>') in page


def test_table_cells_keep_names_and_p_values_whole():
    """A browser breaks a line after a hyphen or a slash: names stay on one line, as does a
    p value ("p =" never ends a line); Japanese, without spaces, is left to break."""
    assert unbroken("sake-and-blossom minus standard") == (
        '<span class="nw">sake-and-blossom</span> minus standard')
    assert unbroken("2. ai:random/no-koikoi") == '2. <span class="nw">ai:random/no-koikoi</span>'
    assert unbroken("こいこいの回数") == "こいこいの回数"
    cell = Cell("", EstimateText("+0.33", "[-0.17, +0.98]", ("7/30 blocks differ",
                                                           "p = 1.00")))
    assert _estimate(cell).endswith(
        '<span class="s">(7/30 blocks differ; <span class="nw">p = 1.00</span>)</span></span>')


def test_a_table_of_many_variants_needs_a_wide_screen():
    """What a line cannot break inside decides the width a table needs: a header's name, a
    value's interval."""
    header = ["figure", "unit", "koikoi-japan", "standard", "koikoi-japan minus standard"]
    rows = [[Cell("points"), Cell("points"), *[Cell("", EstimateText("22.83", "[20.96, 24.82]"))
                                                 for _ in range(3)]]]
    two = table_rem(header, rows)
    assert 25 < two < 40  # a phone's width of cards, a narrow screen's table
    wider = table_rem([*header, "sake-and-blossom", "sake-and-blossom minus standard"],
                      [[*rows[0], *rows[0][2:4]]])
    assert wider > two + 2 * 9  # "sake-and-blossom" in bold, twice, and the padding
