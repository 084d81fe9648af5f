"""The lab's HTML page (``asobi lab --html``) on a 390 px phone, in Debian's Chromium: nothing
scrolls sideways, every table row is a card naming each value's column, the plots are inline
SVG as wide as the column with text at least 11 px high and inside the plot, a distribution
whose values are all the same is said in words, and the title nests no parentheses.
Screenshots: tests/_artifacts/screenshots/lab-phone-*.jpg."""

from __future__ import annotations

import pytest

from asobi.lab import run_lab
from asobi.lab.html import write_html
from asobi.lab.stats import MIN_BLOCKS
from support.web import full_shot, needs_chromium

pytestmark = needs_chromium
PHONE = {"width": 390, "height": 844}

LOOK = """() => {
  const root = document.documentElement, limit = root.clientWidth;
  const outside = [...document.querySelectorAll('body *')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width && !el.closest('thead') && (r.right > limit + 1 || r.left < -1);
  }).map((el) => `${el.tagName} ${el.textContent.slice(0, 30)}`);
  const scrollers = [...document.querySelectorAll('body *')].filter((el) =>
    ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)
    && el.scrollWidth > el.clientWidth + 1).map((el) => el.tagName);
  const plots = [...document.querySelectorAll('svg')].map((svg) => {
    const box = svg.getBoundingClientRect();
    const scale = box.width / svg.viewBox.baseVal.width;
    const texts = [...svg.querySelectorAll('text')];
    return {
      inFigure: svg.parentElement.tagName === 'FIGURE',
      width: box.width, column: svg.parentElement.clientWidth,
      smallest: Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
      texts: texts.length,
      spilled: texts.filter((t) => { const r = t.getBoundingClientRect();
        return r.left < box.left - 1 || r.right > box.right + 1; })
        .map((t) => t.textContent),
    };
  });
  const cell = document.querySelector('tbody td[data-label]');
  return {
    scroll: root.scrollWidth, limit, outside: outside.slice(0, 5), scrollers, plots,
    images: [...document.querySelectorAll('img')].map((i) => i.src),
    title: document.querySelector('h1').textContent,
    headings: [...document.querySelectorAll('h3')].map((h) => ({
      text: h.textContent, next: h.nextElementSibling.nextElementSibling.tagName,
      said: h.nextElementSibling.nextElementSibling.textContent})),
    constant: [...document.querySelectorAll('p.constant')]
      .flatMap((p) => p.innerText.split(String.fromCharCode(10))),
    card: {label: cell.dataset.label, before: getComputedStyle(cell, '::before').content,
           display: getComputedStyle(cell.parentElement).display,
           head: getComputedStyle(document.querySelector('thead')).position},
  };
}"""


def depth(text: str) -> int:
    deepest = level = 0
    for c in text:
        level += c in "(（"
        level -= c in ")）"
        deepest = max(deepest, level)
    return deepest


@pytest.mark.parametrize("game, variant, players, lang", [
    ("sakura", "tuned", ["ai:random"] * 3, "en"),
    ("koikoi", "koikoi-japan", ["ai:random", "ai:random/no-koikoi"], "ja"),
])
def test_the_lab_page_reads_on_a_phone(browser, installed, tmp_path, game, variant, players,
                                       lang):
    # the fewest blocks that carry intervals (and so a plot of the differences)
    report = run_lab(installed, game, variant, players, games=MIN_BLOCKS * len(players),
                     against=["standard"], lang=lang)
    path = tmp_path / "lab.html"
    write_html(report, path, lang)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(path.as_uri())
        seen = page.evaluate(LOOK)
        full_shot(page, f"lab-phone-{game}-{lang}")
    finally:
        context.close()
    assert seen["scroll"] <= seen["limit"] == 390, seen["scroll"]
    assert not seen["outside"] and not seen["scrollers"], seen
    # every table row is a card: the header row is only for screen readers, and each value
    # is shown after the name of its column
    assert seen["card"]["display"] == "block" and seen["card"]["head"] == "absolute"
    assert seen["card"]["before"] == f'"{seen["card"]["label"]}"'
    plots = seen["plots"]
    assert len(plots) >= 3 and not seen["images"]  # distribution, shares, differences
    for plot in plots:
        assert plot["inFigure"] and abs(plot["width"] - plot["column"]) <= 1, plot
        assert plot["column"] >= 350 and plot["texts"] > 0
        assert plot["smallest"] >= 11, plot  # px: readable on the phone
        assert not plot["spilled"], plot
    assert depth(seen["title"]) == 0, seen["title"]
    said = {h["text"]: h for h in seen["headings"]}
    if game == "sakura":  # every Sakura game gives the same tokens in three rounds
        rounds = said["scoring rounds per game (duration)"]
        assert rounds["next"] == "P" and rounds["said"] == "tuned, standard: always 3"
        assert said["points scored per game (all seats)"]["next"] == "P"
        assert said["points scored per round (all seats)"]["next"] == "svg"  # drawn
    else:  # a standard game of Koi-Koi is one round
        assert any(line.startswith("standard") and line.endswith("1")
                   for line in seen["constant"]), seen["constant"]
