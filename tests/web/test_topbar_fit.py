"""The seat chips fit the phone's top bar (390x844) in every language and at every number of
seats: no two chips overlap, every chip, its colour and its score lie inside the bar, a label
shown is shown whole (a short one when the full name does not fit), and nothing scrolls
sideways. Sakura (2 to 6 seats), Koi-Koi (2) and Nim (2 and 3 seats, drawn by the generic
view) have views that draw the scores, so the chips leave them out (one score on the screen,
not two).
The AI seats play the level whose title is longest in the language.

One server and one browser serve the module. Screenshots of the Japanese three- and six-seat
Sakura tables: tests/_artifacts/screenshots/topbar-ja-sakura-{3,6}.jpg."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from asobi.i18n import LANGUAGES
from support.web import (
    TEST_OPTIONS,
    LiveServer,
    build_registry,
    needs_chromium,
    shot,
)

pytestmark = needs_chromium
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

LOOK = """() => {
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5
    && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const box = (el) => el.getBoundingClientRect();
  const bar = box(document.getElementById('topbar'));
  const slot = box(document.getElementById('bar-slot'));
  const chips = [...document.querySelectorAll('#bar-slot .chip')].map((chip) => {
    const r = box(chip);
    const shown = [...chip.children].filter((c) => c.matches('.seat-dot, b'));
    return { seat: chip.dataset.seat, left: r.left, right: r.right, top: r.top,
             bottom: r.bottom, text: chip.innerText.trim(), inSlot: inside(r, slot),
             parts: shown.map((c) => [c.tagName, inside(box(c), r)]),
             cut: [...chip.querySelectorAll('.chip-name, .chip-short')].filter((label) => {
               const style = getComputedStyle(label);
               return style.display !== 'none' && style.position !== 'absolute'
                 && label.scrollWidth > label.clientWidth + 1; }).map((l) => l.textContent),
             score: chip.querySelector('b')?.textContent ?? null };
  });
  const overlaps = [];
  for (let i = 0; i < chips.length; i++) {
    for (let j = i + 1; j < chips.length; j++) {
      const a = chips[i], b = chips[j];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 0.5 && h > 0.5) overlaps.push([a.text, b.text]);
    }
  }
  const root = document.documentElement;
  return { chips, overlaps, barHeight: bar.height, slotInBar: inside(slot, bar),
           scroll: root.scrollWidth, width: root.clientWidth };
}"""


@pytest.fixture(scope="module")
def server(nim_on_path, tmp_path_factory):
    """A live server on which one browser may open the module's 32 tables at once."""
    live = LiveServer(build_registry(), tmp_path_factory.mktemp("topbar") / "games.sqlite3",
                      options=replace(TEST_OPTIONS, games_per_creator=40))
    live.start()
    yield live
    live.stop()


def longest_level(request, server, game: str, lang: str) -> str:
    games = request.get(f"{server.url}/api/games?lang={lang}").json()
    meta = next(g for g in (games["games"] if isinstance(games, dict) else games)
                if g["name"] == game)
    titles = meta["level_titles"]
    return max(meta["ai_levels"], key=lambda level: (len(titles[level]), level))


def check(seen: dict, where: str, scores: bool) -> None:
    assert len(seen["chips"]) == int(where.rsplit("-", 1)[1]), where
    assert not seen["overlaps"], (where, seen["overlaps"])
    assert seen["scroll"] <= seen["width"] == 390, where
    assert seen["barHeight"] <= 48 and seen["slotInBar"], where
    for chip in seen["chips"]:
        assert chip["inSlot"], (where, chip)
        assert all(ok for _, ok in chip["parts"]), (where, chip)  # colour and score unclipped
        assert not chip["cut"], (where, chip)  # a label shown is shown whole
        assert (chip["score"] is not None) == scores, (where, chip)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_seat_chips_fit_a_phone_bar(browser, server, lang):
    context = browser.new_context(**PHONE)
    context.add_init_script(
        f"localStorage.setItem('asobi.settings', JSON.stringify({{lang: '{lang}'}}))")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        tables = [("sakura", n) for n in range(2, 7)] + [("koikoi", 2), ("nim", 2), ("nim", 3)]
        levels = {game: longest_level(context.request, server, game, lang)
                  for game in dict(tables)}
        for game, seats in tables:
            level = levels[game]
            answer = context.request.post(
                f"{server.url}/api/games",
                data=json.dumps({"game": game, "seats": ["human"] + [f"ai:{level}"] * (seats - 1),
                                 "lang": lang, "creator_seat": 0}),
                headers={"Content-Type": "application/json"})
            assert answer.ok, answer.text()
            made = answer.json()
            page.goto(f"{server.url}/#/play/{made['id']}/{made['token']}")
            page.wait_for_function(
                "n => document.querySelectorAll('#bar-slot .chip').length === n", arg=seats)
            page.evaluate("document.fonts.ready")
            where = f"{lang}-{game}-{seats}"
            check(page.evaluate(LOOK), where, scores=False)
            if game == "koikoi":  # the score once: in the view's status line, not the chips
                page.wait_for_selector(".kk-status .kk-score")
                assert page.locator(".kk-status .kk-score").count() == 2, where
            if lang == "ja" and game == "sakura" and seats in (3, 6):
                shot(page, f"topbar-ja-sakura-{seats}")
        assert not errors, errors
    finally:
        context.close()
