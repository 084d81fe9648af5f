"""Sakura's browser view on a live server, in Debian's Chromium: the animation keeps up with a
fast game in two tabs, a whole game is played by tapping on a phone and by keys on a desktop,
the table reads in Japanese, the high-contrast deck passes WCAG AA, and axe-core finds nothing
serious. Screenshots go to tests/_artifacts/screenshots/ (sakura-*.jpg)."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

import pytest

from support.sakura_web import (
    DESKTOP,
    PHONE,
    Table,
    at_rest,
    drawn,
    needs_chromium,
    shot,
    start_server,
)
from support.web import TEST_OPTIONS, axe_violations

pytestmark = needs_chromium

ENEMY = ["human", "ai:random"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    # Three pages of one seat follow it together (a seat is looked at three ways at once
    # below); by default a third page would stop the oldest, whose seat would have to be
    # taken back, and a busy machine tells that page late.
    live = start_server(tmp_path_factory.mktemp("sakura-web"),
                        replace(TEST_OPTIONS, streams_per_seat=3))
    yield live
    live.stop()


def _context(browser, size, lang="en", reduced=False, deck="classic"):
    context = browser.new_context(**size, reduced_motion="reduce" if reduced else "no-preference")
    settings = json.dumps({"lang": lang, "deck": deck})
    context.add_init_script(f"localStorage.setItem('asobi.settings', {json.dumps(settings)});")
    return context


def _open(context, table):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(table.address)
    page.wait_for_selector(".view-sakura[data-version]")
    return page, errors


def _axe(page, where):
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
           for v in axe_violations(page, {"include": [[".view-sakura"]]})
           if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: {bad}"


def _matches(page, payload):
    obs = payload["observation"]
    seen = drawn(page)
    assert seen["emperor"] == obs["emperor"]
    assert seen["painters"] == obs["painters"] == seen["table"]
    assert seen["tokens"] == obs["tokens"]
    if obs["plays"]:
        assert seen["round"].endswith(str(obs["plays_round"])), seen["round"]
    return seen


def test_two_tabs_keep_up_with_a_fast_four_player_game(browser, server):
    """Rounds played faster than the animation: each tab plays the last round, skips the
    older ones, never offers the hand before it has caught up, and ends on the observation."""
    context = _context(browser, DESKTOP)
    other = _context(browser, DESKTOP)  # a second window: a tab nobody looks at is not animated
    try:
        table = Table(server.url, ["human", "ai:random", "ai:random", "ai:random"])
        (one, errors_one), (two, errors_two) = _open(context, table), _open(other, table)
        for burst in (3, 2):
            for _ in range(burst):
                payload = table.play_round()
            busy = one.evaluate("""() => { const r = document.querySelector('.view-sakura');
              return [Boolean(r.dataset.busy),
                      r.querySelectorAll('.sk-hand-card:not([disabled]), .sk-choice').length]; }""")
            if busy[0]:
                assert busy[1] == 0, "the hand was offered before the screen caught up"
            began = time.monotonic()
            for page in (one, two):
                payload = at_rest(page, table, timeout=9000)
                _matches(page, payload)
            assert time.monotonic() - began < 9
            assert drawn(one) == drawn(two)
            assert one.locator(".sk-hand-card:not([disabled]), .sk-choice").count() > 0
        # a move made in one tab by clicking (a card, then any direction it asks for) is
        # played out in the other
        _click_and_wait_for_the_answer(one, ".sk-hand-card:not([disabled])")
        while (payload := table.mine())["legal"] and not any(
                "card" in c["action"] for c in payload["legal"]):
            _click_and_wait_for_the_answer(one, ".sk-choice")
        for page in (one, two):
            _matches(page, at_rest(page, table, timeout=9000))
        assert drawn(one) == drawn(two)
        assert not errors_one and not errors_two, errors_one + errors_two
    finally:
        context.close()
        other.close()


def _click_and_wait_for_the_answer(page, selector):
    """Click the first `selector`; wait for the server's answer to the move it sent, and for
    the view to have drawn it."""
    version = page.locator(".view-sakura").get_attribute("data-version")
    with page.expect_response(lambda r: "/act" in r.url and r.request.method == "POST"):
        page.locator(selector).first.click()
    page.wait_for_function(
        "v => document.querySelector('.view-sakura').dataset.version !== v", arg=version)


def _in_view(page, selector, within_ms=2000):
    """Whether the first ``selector`` is wholly on screen, once the page has laid it out (a
    busy machine may draw it a few frames after it appeared)."""
    size = page.viewport_size
    for _ in range(max(1, within_ms // 50)):
        box = page.locator(selector).first.bounding_box()
        if (box is not None and box["y"] >= -1 and box["x"] >= -1
                and box["y"] + box["height"] <= size["height"] + 1
                and box["x"] + box["width"] <= size["width"] + 1):
            return True
        page.wait_for_timeout(50)
    return False


def _wide(page):
    return page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


LOOK = """([width, height]) => {
  // what a move's checks need, read in one go: `inView` is _in_view's test (a box, and inside
  // the viewport give or take a pixel), `shown` Playwright's is_visible
  const inView = (el) => {
    if (!el || !el.getClientRects().length) return false;
    const b = el.getBoundingClientRect();
    return b.top >= -1 && b.left >= -1 && b.bottom <= height + 1 && b.right <= width + 1;
  };
  const shown = (el) => {
    if (!el) return false;
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility === 'visible';
  };
  const one = (selector) => document.querySelector(selector);
  const cards = [...document.querySelectorAll('.sk-hand-card')];
  return {
    kind: one('.sk-choice') ? 'choice' : one('.sk-hand-card:not([disabled])') ? 'card' : 'over',
    version: one('.view-sakura').dataset.version,
    wide: document.documentElement.scrollWidth - window.innerWidth,
    cards: cards.map(inView),
    card: inView(one('.sk-hand-card:not([disabled])')),
    keys: shown(one('.sk-hand kbd')),
    sheet: inView(one('.sk-sheet')),
    choice: inView(one('.sk-sheet .sk-choice')),
    detail: one('.sk-detail:not([hidden])')?.innerText ?? null,
    detailInView: inView(one('.sk-detail')),
    asking: cards.findIndex((b) => !b.disabled && b.querySelector('.g-emperor-either, .p-either')),
  };
}"""


def _look(page):
    size = page.viewport_size
    return page.evaluate(LOOK, [size["width"], size["height"]])


def _next_decision(page, after=None):
    """Wait until the view (past version `after`, if given) offers a card or a choice, or
    the game is over; what the page shows then (``kind``: "card", "choice" or "over")."""
    page.wait_for_function("""after => {
      const r = document.querySelector('.view-sakura');
      return r && r.dataset.version !== after && r.dataset.ready === '1' && !r.dataset.busy && (
        r.querySelector('.sk-choice') || r.querySelector('.sk-hand-card:not([disabled])')
        || !r.querySelector('.sk-summary').hidden); }""", arg=after, timeout=15000)
    return _look(page)


def _play_whole_game(page, move, shots, check=lambda look: None, decisions=200, until=None):
    """Play until the end (or `decisions` moves, or once every kind in `until` was met) with
    `move(look)`, after `check(look)` (`look`: what _next_decision saw); screenshots `shots`
    (a prefix) of the garden at the start and of the first choice sheet."""
    kinds = set()
    version = None
    for _ in range(decisions):
        if until is not None and kinds >= until:
            return kinds
        look = _next_decision(page, after=version)  # the answer to the last move drawn
        version = look["version"]
        kind = look["kind"]
        if kind == "over":
            return kinds
        if kind not in kinds:
            kinds.add(kind)
            shot(page, f"{shots}-{'garden' if kind == 'card' else 'choice'}")
        check(look)
        with page.expect_response(lambda r: "/act" in r.url and r.request.method == "POST"):
            move(look)
    if decisions == 200:
        raise AssertionError("the game did not end")
    return kinds


def test_whole_game_on_a_phone_by_tapping(browser, server):
    """The one Sakura game played whole in a browser, every decision tapped: after each one
    nothing scrolls sideways, every hand card (or the choice sheet) is on screen and no key
    badge shows; a first tap on a card shows its words, a second plays it; the end summary
    adds up to the scores; axe-core on a card, a choice and the end."""
    context = _context(browser, PHONE, reduced=True)
    try:
        table = Table(server.url, ENEMY)
        page, errors = _open(context, table)
        page.wait_for_selector(".sk-hand-card:not([disabled])")
        _axe(page, "phone, a card to pick")
        page.set_viewport_size({"width": 360, "height": 740})
        page.wait_for_function("() => document.querySelector('.sk-garden-svg').dataset.columns")
        assert _wide(page) <= 0, "sideways scrolling at 360 px"
        assert _in_view(page, ".sk-hand")
        page.set_viewport_size(PHONE["viewport"])
        assert page.locator(".sk-garden-svg").get_attribute("data-columns") == "7"
        garden = page.locator(".sk-garden-svg").bounding_box()
        assert garden["width"] >= 370  # the garden fills the phone's width

        def check(look):
            assert look["wide"] <= 0
            if look["kind"] == "card":
                assert all(look["cards"]), "a card is off screen"
                assert not look["keys"]  # no keys on touch
            else:
                assert look["sheet"]
                if "choice" not in seen:
                    seen.add("choice")
                    _axe(page, "phone, the choice sheet")

        seen: set[str] = set()

        def tap(look):
            if look["kind"] == "choice":
                page.locator(".sk-choice").first.tap()
                return
            card = page.locator(".sk-hand-card:not([disabled])").first
            card.tap()  # the first tap shows the card's words, the second plays it
            page.wait_for_selector(".sk-detail:not([hidden])")
            words = _look(page)
            assert words["detail"].startswith("Card ")
            assert words["detailInView"]
            if "detail" not in seen:
                seen.add("detail")
                shot(page, "sakura-phone-en-card")
            page.locator(".sk-hand-card.selected").tap()

        _play_whole_game(page, tap, "sakura-phone-en", check)
        payload = table.payload()
        assert payload["finished"]
        assert page.locator(".sk-summary").is_visible() and _in_view(page, ".sk-summary h3")
        rows = page.eval_on_selector_all(
            ".sk-summary tbody tr",
            "rows => rows.map(r => [...r.children].map(c => c.textContent))")
        for seat in range(2):
            column = [int(r[seat + 1]) for r in rows]
            assert sum(column[:-1]) == column[-1] == payload["result"]["scores"][seat]
        _matches(page, payload)
        shot(page, "sakura-phone-en-end")
        _axe(page, "phone, the end summary")
        tally = page.evaluate(
            "p => import('/assets/sakura/view.js').then((m) => m.tally(p))", payload)
        obs = payload["observation"]
        assert tally == {"Trees won": sum(r["winner"] == 0 for r in obs["rounds"]),
                         "Bumps into the Emperor": obs["bumps"][0]}
        assert not errors, errors
    finally:
        context.close()


def test_a_desktop_game_by_keyboard(browser, server):
    """Decisions by keys until a card and a direction were both chosen (the deal is the
    server's, so how soon a card asks for a direction varies), the rest of the game on the
    server; the end summary and the winner's banner in view."""
    context = _context(browser, DESKTOP, reduced=True)
    try:
        table = Table(server.url, ENEMY)
        page, errors = _open(context, table)
        page.wait_for_selector(".sk-hand-card:not([disabled])")
        page.keyboard.press("Tab")  # the page now shows key badges (html.keyboard)
        order = page.evaluate("""() => [...document.querySelectorAll('.view-sakura button')]
          .filter((b) => !b.disabled && b.offsetParent).map((b) => b.className)""")
        assert order and all("sk-hand-card" in c for c in order)

        def check(look):
            if look["kind"] == "choice":
                assert look["choice"]  # the first direction is above the fold
                if "choice" not in seen:
                    seen.add("choice")
                    _axe(page, "desktop, a choice")
                    keys = page.evaluate("""() => [...document.querySelectorAll(
                      '.view-sakura button:not([disabled])')].map((b) => b.className)""")
                    assert "sk-choice" in keys[0]  # the choice comes first in focus order
            else:
                assert look["card"]

        seen: set[str] = set()

        def key(look):
            """1 for a direction; for a card, the key of one that asks for a direction."""
            index = look["asking"]
            page.keyboard.press(str(index + 1) if look["kind"] == "card" and index >= 0 else "1")

        kinds = _play_whole_game(page, key, "sakura-desktop-en", check, decisions=60,
                                 until={"card", "choice"})
        assert kinds == {"card", "choice"}
        while not table.play_round()["finished"]:
            pass
        payload = table.payload()
        assert payload["finished"]
        page.wait_for_selector(".result-banner:not([hidden])")
        assert _in_view(page, ".result-banner") and _in_view(page, ".sk-summary h3")
        _matches(page, payload)
        shot(page, "sakura-desktop-en-end")
        _axe(page, "desktop, the end summary")
        assert not errors, errors
    finally:
        context.close()


def _luminance(colour):
    parts = [float(x) for x in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]]
    lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4
           for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _ratio(a, b):
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


COLOURS = """() => {
  const solid = (el) => {  // the colour behind an element: its first painted ancestor's
    for (; el; el = el.parentElement) {
      const bg = getComputedStyle(el).backgroundColor;
      if (bg && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
    }
    return 'rgb(0, 0, 0)';
  };
  const text = [...document.querySelectorAll(
      '.sk-hand .sk-card .sk-number, .sk-hand .sk-card .sk-words, .sk-hand .sk-card .sk-icon')]
    .map((el) => [el.className, getComputedStyle(el).color, solid(el)]);
  const ground = getComputedStyle(document.querySelector('.sk-ground')).fill;
  const painters = [...document.querySelectorAll('.sk-painter')].map((g) => [
    g.dataset.painter, getComputedStyle(g.querySelector('.sk-body')).fill,
    getComputedStyle(g.querySelector('.sk-seat-mark')).fill,
    getComputedStyle(g.querySelector('.sk-seat-mark')).display,
    getComputedStyle(g.querySelector('.sk-body')).stroke]);
  const stone = getComputedStyle(document.querySelector('.sk-stone')).fill;
  const number = getComputedStyle(document.querySelector('.sk-space-num')).fill;
  return { text, ground, painters, stone, number };
}"""


def test_japanese_table_and_the_high_contrast_deck(browser, server):
    """The garden, a choice and the end in Japanese at both sizes (headers on one line, the
    last step in view), and the high-contrast deck's colours measured against WCAG AA. The
    moves are made through the API."""
    contexts = {
        "desktop-ja": _context(browser, DESKTOP, "ja", reduced=True),
        "phone-ja": _context(browser, PHONE, "ja", reduced=True),
        "desktop-contrast": _context(browser, DESKTOP, "en", reduced=True, deck="contrast"),
    }
    try:
        table = Table(server.url, ENEMY)
        pages = {name: _open(context, table) for name, context in contexts.items()}
        for name, (page, _errors) in pages.items():
            page.wait_for_selector(".sk-hand-card:not([disabled])")
            shot(page, f"sakura-{name}-garden")
        for _ in range(80):  # to a direction choice: play the cards that ask for one
            payload = table.mine()
            if any("card" not in c["action"] for c in payload["legal"]):
                break

            def asking(payload):
                hand = {c["number"]: c for c in payload["observation"]["hand"]}
                return next((c for c in payload["legal"] if "card" in c["action"] and (
                    hand[c["action"]["card"]]["garden"] == "emperor-either"
                    or hand[c["action"]["card"]]["painter"] == "either")), payload["legal"][0])
            table.act(payload, asking)
        for name, (page, _errors) in pages.items():
            at_rest(page, table)
            page.wait_for_selector(".sk-choice")
            assert _in_view(page, ".sk-sheet .sk-choice")
            shot(page, f"sakura-{name}-choice")
        ja = pages["desktop-ja"][0]
        assert ja.locator(".sk-painters thead th").first.inner_text() == "得点札"
        heights = ja.eval_on_selector_all(".sk-painters thead th", """hs => hs.map((h) =>
          h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight))""")
        assert heights and max(heights) < 1.5, heights  # one line each, not a kanji a line
        clipped = ja.evaluate("""() => { const list = document.querySelector('.sk-steps');
          const last = list.lastElementChild; if (!last) return false;
          const bottom = list.getBoundingClientRect().bottom;
          return last.getBoundingClientRect().bottom > bottom + 1; }""")
        assert not clipped, "the last step is cut off"

        for name in ("desktop-contrast",):
            seen = pages[name][0].evaluate(COLOURS)
            assert seen["text"]
            for cls, colour, behind in seen["text"]:
                assert _ratio(colour, behind) >= 4.5, (name, cls, colour, behind)
            for painter, fill, mark, shown, outline in seen["painters"]:
                # a painter stands out on the dark ground, and its outline on a white stone
                assert _ratio(fill, seen["ground"]) >= 3, (name, painter, fill)
                assert _ratio(outline, seen["stone"]) >= 3, (name, painter, outline)
                assert shown != "none" and _ratio(mark, fill) >= 4.5, (name, painter, mark, fill)
            assert _ratio(seen["number"], seen["stone"]) >= 4.5
        _axe(pages["desktop-contrast"][0], "desktop, high-contrast deck")
        assert not pages.pop("desktop-contrast")[1]
        contexts.pop("desktop-contrast").close()

        while not table.play_round()["finished"]:
            pass
        for name, (page, errors) in pages.items():
            at_rest(page, table)
            page.wait_for_selector(".sk-summary:not([hidden])")
            assert _in_view(page, ".sk-summary h3")
            shot(page, f"sakura-{name}-end")
            assert not errors, (name, errors)
        assert ja.locator(".sk-summary h3").inner_text() == "桜ごとの得点札"
    finally:
        for context in contexts.values():
            context.close()


def test_a_record_in_the_replay_viewer(browser, server):
    """The page's replay viewer mounts this view with ctx.replay: stepping forwards and
    backwards draws each step's positions, nothing is playable, and once the game is over
    every hand can be shown."""
    record = Path(__file__).parent / "records" / "two-players-neutral.json"
    context = _context(browser, DESKTOP, reduced=True)  # the steps, not their motion
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url + "/#/replay")
        page.set_input_files("#replay-file", str(record))
        page.wait_for_selector(".view-sakura[data-version]")
        answers = []
        page.on("response", lambda r: answers.append(r) if "/api/replay" in r.url else None)
        sent: dict[int, dict] = {}  # version -> the last payload the viewer was sent

        def payload_of(step):
            while answers:  # each answer read once
                payload = answers.pop(0).json()
                sent[payload["version"]] = payload
            return sent[step]

        last = len(json.loads(record.read_text())["moves"])
        step = 0
        for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft", "End", "Home",
                    "End"):
            page.keyboard.press(key)
            step = {"ArrowRight": step + 1, "ArrowLeft": step - 1, "End": last, "Home": 0}[key]
            page.wait_for_function("""n => { const r = document.querySelector('.view-sakura');
              return r.dataset.version === String(n) && !r.dataset.busy; }""", arg=step,
                                   timeout=8000)
            payload = payload_of(step)
            _matches(page, payload)
            assert page.locator(".sk-hand-card:not([disabled]), .sk-choice").count() == 0
        assert page.locator(".sk-summary").is_visible()
        page.check("#replay-reveal")
        page.wait_for_selector(".sk-revealed li")
        shot(page, "sakura-replay-revealed")
        assert not errors, errors
    finally:
        context.close()


WATCH_THE_END = """() => {
  // every frame until the game's end: whether the result banner shows, and whether the view
  // is still telling a round's steps (data-busy)
  window.endLog = [];
  const root = document.querySelector('.view-sakura');
  const look = () => {
    const banner = document.querySelector('#result-banner');
    window.endLog.push([Boolean(banner && !banner.hidden), Boolean(root.dataset.busy)]);
    if (!(banner && !banner.hidden && !root.dataset.busy)) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""

SUMMARY_FITS = """() => {
  const cut = (e) => e.scrollWidth > e.clientWidth + 1;
  const summary = document.querySelector('.sk-summary');
  const scroller = document.querySelector('.sk-scroll');
  return { wide: document.documentElement.scrollWidth - innerWidth,
    sideways: [summary, scroller, ...summary.querySelectorAll('h3, li, span:not(.sr-only)')]
      .filter(cut).map((e) => e.className + ': ' + e.textContent.slice(0, 40)),
    outside: [...summary.querySelectorAll('li')].filter((li) => {
      const b = li.getBoundingClientRect(); return b.left < 0 || b.right > innerWidth; }).length,
    seats: summary.querySelectorAll('.sk-ranking li').length };
}"""


def test_the_end_of_a_six_seat_game_on_a_phone(browser, server):
    """Six seats, one page: at 1280x800 the whole hand is on screen without scrolling; then on
    a phone in Japanese the last round is played out with full motion and the result banner
    waits until its steps have been told; the summary ranks the six seats with nothing wider
    than the phone, in every language; the banner can be put aside to see the final table and
    brought back. Screenshots: sakura-end-phone-ja*.jpg, sakura-desktop-1280x800-6.jpg."""
    context = _context(browser, {"viewport": {"width": 1280, "height": 800},
                                 "device_scale_factor": 2}, lang="ja")
    try:
        table = Table(server.url, ["human"] + ["ai:random"] * 5)
        page, errors = _open(context, table)
        page.wait_for_selector(".sk-hand-card:not([disabled])")
        bottom = page.evaluate("""() => Math.max(...[...document.querySelectorAll('.sk-hand-card')]
          .map((c) => c.getBoundingClientRect().bottom))""")
        assert bottom <= 800 and page.evaluate("() => scrollY") == 0, bottom
        shot(page, "sakura-desktop-1280x800-6")
        # away from the table while the game runs to its last tree (a page that followed would
        # tell every round's story first), then back on a phone for the last one
        page.goto(f"{server.url}/#/")  # the lobby
        page.set_viewport_size({"width": 390, "height": 844})
        while (payload := table.mine())["observation"]["scored"].count(False) > 1:
            table.act(payload)
        page.goto(table.address)
        page.wait_for_selector(".view-sakura[data-version]")
        at_rest(page, table)
        page.evaluate(WATCH_THE_END)
        while not (payload := table.mine())["finished"]:
            table.act(payload)
        page.wait_for_selector("#result-banner:not([hidden])", timeout=20_000)
        log = page.evaluate("() => window.endLog")
        assert any(busy for _shown, busy in log), "the last round was not played step by step"
        assert not any(shown and busy for shown, busy in log), "the result came before the story"
        fits = page.evaluate(SUMMARY_FITS)
        assert fits["seats"] == 6 and fits["wide"] <= 0 and not fits["sideways"], fits
        assert not fits["outside"], fits
        shot(page, "sakura-end-phone-ja")
        page.locator("#result-hide").click()
        assert page.locator("#result-banner").is_hidden()
        assert page.locator("#result-show").is_visible()
        assert _in_view(page, ".sk-summary h3")
        shot(page, "sakura-end-phone-ja-table")
        page.locator("#result-show").click()
        assert page.locator("#result-banner").is_visible()
        for lang in ("en", "pt", "it"):
            settings = json.dumps(json.dumps({"lang": lang}))
            context.add_init_script(f"localStorage.setItem('asobi.settings', {settings});")
            page.reload()
            page.wait_for_selector(".sk-ranking li")
            fits = page.evaluate(SUMMARY_FITS)
            assert fits["seats"] == 6 and fits["wide"] <= 0 and not fits["sideways"], (lang, fits)
            assert not fits["outside"], (lang, fits)
        shot(page, "sakura-end-phone-it")
        assert not errors, errors
    finally:
        context.close()
