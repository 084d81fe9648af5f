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
    headings: [...document.querySelectorAll('h3')].map((h) => {
      let next = h.nextElementSibling;  // the plot, or the words (after the unit)
      while (next.classList.contains('unit')) next = next.nextElementSibling;
      return {text: h.textContent, next: next.tagName, said: next.textContent};
    }),
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


WIDE = {"width": 1280, "height": 900}
FIT = """() => {
  const root = document.documentElement;
  const hidden = (el) => getComputedStyle(el.closest('thead') || el).position === 'absolute';
  const words = [];
  for (const cell of document.querySelectorAll('th, td')) {
    const box = cell.getBoundingClientRect();
    if (!box.width || hidden(cell)) continue;
    const style = getComputedStyle(cell);
    const inner = box.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = new Set(rects.map((r) => Math.round(r.top))).size;
        const width = rects.reduce((sum, r) => sum + r.width, 0);
        if (lines > 1 || width > inner + 1) {
          words.push(`${m[0]} (${lines} lines, ${Math.round(width)} of ${Math.round(inner)} px)`);
        }
      }
    }
  }
  const differences = [...document.querySelectorAll('div.plots figure')].map((figure) => {
    const svg = figure.querySelector('svg').getBoundingClientRect();
    const spans = [...figure.querySelectorAll('path[style*="stroke-width: 1.6"]')]
      .map((p) => p.getBoundingClientRect().width / svg.width);
    return {label: figure.querySelector('figcaption').textContent, widest: Math.max(...spans)};
  });
  const histograms = [...document.querySelectorAll('figure')].filter((f) => f.querySelector('h3'))
    .map((f) => ({label: f.querySelector('h3').textContent,
                  texts: [...f.querySelectorAll('svg text')].map((t) => t.textContent)}));
  const tables = [...document.querySelectorAll('table')]
    .map((t) => t.getBoundingClientRect().width);
  return {scroll: root.scrollWidth, limit: root.clientWidth, words: words.slice(0, 8), tables,
          differences, histograms};
}"""


@pytest.mark.parametrize("against", [["standard", "sake-and-blossom"],
                                     ["standard", "sake-and-blossom", "italian"]])
def test_the_lab_page_of_several_variants_fits_a_wide_screen_and_a_phone(browser, installed,
                                                                         tmp_path, against):
    """Two or three variants against koikoi-japan: at 1280 px the tables fit the page (a
    wide table may leave the text's column), at 390 px every row is a card; at both no word of
    a header or a cell is broken or wider than its cell; every figure's differences have a
    plot of their own scale (their widest interval is no bare dot); the points per game of a
    one-deal variant and of the eight- and twelve-round ones are not drawn on one axis, and
    each axis says what it counts. Screenshots: tests/_artifacts/screenshots/lab-*-against-*.jpg.
    """
    report = run_lab(installed, "koikoi", "koikoi-japan", ["ai:random", "ai:random/no-koikoi"],
                     games=MIN_BLOCKS * 2, against=against)
    path = tmp_path / "lab.html"
    write_html(report, path, "en")
    for viewport in (WIDE, PHONE):
        context = browser.new_context(viewport=viewport, is_mobile=viewport is PHONE)
        try:
            page = context.new_page()
            page.goto(path.as_uri())
            seen = page.evaluate(FIT)
            full_shot(page, f"lab-{viewport['width']}-against-{len(against)}")
        finally:
            context.close()
        assert seen["scroll"] <= seen["limit"] == viewport["width"], seen["tables"]
        assert not seen["words"], seen["words"]
        assert all(width <= seen["limit"] for width in seen["tables"])
        plots = seen["differences"]
        assert len(plots) >= 10
        for plot in plots:  # on a shared axis from -60% to +12% a 6-point interval is a dot
            assert plot["widest"] >= 0.2, plot
        drawn = {h["label"]: h["texts"] for h in seen["histograms"]}
        per_game = drawn["points scored per game (all seats)"]
        # panels of their own for the one-deal variants and the long ones (each titled with
        # its variants), each saying what it counts up the side and its unit below
        panels = per_game.count("share of games")
        assert panels >= 2 and per_game.count("points") == panels
        assert "standard, sake-and-blossom" in per_game
        assert not any("standard" in text and ("japan" in text or "italian" in text)
                       for text in per_game)
        assert "share of rounds" in drawn["points scored per round (all seats)"]
