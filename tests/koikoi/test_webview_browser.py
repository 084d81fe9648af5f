"""The Koi-Koi table in a real browser (Debian's Chromium): a whole round tapped on a touch phone
at 390x844 with full motion, then the same round on a desktop in Japanese with reduced motion,
its card, decision and summary by keyboard (the moves between through the API).

After every move, once the motion has ended, the drawn table is compared with the seat's
observation; axe-core looks at the table at both sizes; screenshots of the table, the koi-koi
prompt and the round summary at 1366x900 and 390x844 in English and Japanese go to
tests/_artifacts/screenshots/. The deal is fixed (a seed, allowed for practice) so that the
first player meets a koi-koi decision after a few moves.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from support.web import (
    LiveServer,
    Seat,
    axe_violations,
    frames,
    needs_chromium,
    served,
    shot,
)

SEED = 9  # with "play the first card, capture the first candidate" a decision comes on move 4
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory, nim_on_path):
    yield from served(tmp_path_factory.mktemp("kkweb"))


def new_game(server: LiveServer) -> tuple[str, str]:
    body = json.dumps({"game": "koikoi", "seats": ["human", "ai:random"], "seed": SEED}).encode()
    request = urllib.request.Request(server.url + "/api/games", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        data = json.loads(answer.read())
    return data["id"], data["token"]


def payload(server: LiveServer, game: str, token: str) -> dict[str, Any]:
    request = urllib.request.Request(f"{server.url}/api/play/{game}?since=-1",
                                     headers={"X-Asobi-Token": token})
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def open_table(browser, server, *, phone: bool, lang: str, reduced: bool):
    options: dict[str, Any] = {"viewport": PHONE if phone else DESKTOP,
                               "reduced_motion": "reduce" if reduced else "no-preference"}
    if phone:
        options.update(is_mobile=True, has_touch=True)
    context = browser.new_context(**options)
    settings = json.dumps({"lang": lang})  # saved before the page starts, as a visit had
    context.add_init_script(  # (about:blank has no storage)
        f"location.protocol.startsWith('http')"
        f" && localStorage.setItem('asobi.settings', {json.dumps(settings)});")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    game, token = new_game(server)
    page.goto(f"{server.url}/#/play/{game}/{token}")
    page.wait_for_selector(".kk-prompt.mine", timeout=15_000)
    return context, page, errors, game, token


def settled(page) -> None:
    """Wait until no motion runs and the seat's next step (a prompt or a dialog) is shown."""
    page.wait_for_function(
        "() => { const k = document.querySelector('.kk');"
        " return k && k.dataset.motion === 'idle' && !document.querySelector('.kk-ghost')"
        " && (document.querySelector('.kk-prompt.mine') || document.querySelector('dialog[open]')"
        " || document.querySelector('.result-banner:not([hidden])')); }", timeout=15_000)


def acting(page, move) -> None:
    """Make a move (a function of no arguments) and wait for the table to draw its answer."""
    version = int(page.evaluate("() => document.querySelector('.kk').dataset.version"))
    move()
    page.wait_for_function("v => +document.querySelector('.kk').dataset.version > v",
                           arg=version, timeout=15_000)


def drawn(page) -> dict[str, Any]:
    return page.evaluate("""() => {
      const ids = (root, sel) => [...root.querySelectorAll(sel)].map((e) => e.dataset.card);
      const piles = {};
      for (const p of document.querySelectorAll('.kk-pile[data-place]')) {
        piles[p.dataset.anchor] = ids(p, '[data-card]');
      }
      return {
        summary: Boolean(document.querySelector('.kk-round[open]')),
        decision: Boolean(document.querySelector('.kk-decision[open]')),
        candidates: document.querySelectorAll('.kk-board button.kk-card.candidate').length,
        board: ids(document, '.kk-board [data-card]'),
        hand: ids(document, '.kk-my-hand [data-card]'), piles,
        backs: document.querySelectorAll('.kk-opp-hand .kk-card').length,
        stock: document.querySelector('.kk-count').textContent,
        hidden: [...document.querySelectorAll('.kk-flying')].map((e) =>
          `${e.dataset.card} in ${e.closest('[data-place]')?.dataset.place}`),
        ghosts: document.querySelectorAll('.kk-ghost').length,
      };
    }""")


def assert_table_is_the_observation(table: dict[str, Any], obs: dict[str, Any]) -> None:
    """`table`: what drawn() read."""
    assert table["hidden"] == [] and table["ghosts"] == 0, table
    assert sorted(table["board"]) == sorted(obs["board"])
    assert table["hand"] == obs["hand"]
    for seat in (0, 1):
        assert sorted(table["piles"][f"pile-{seat}"]) == sorted(obs["players"][seat]["captured"])
    assert table["backs"] == obs["opponent_hand"]
    assert table["stock"] == str(obs["stock"])


def no_serious_violations(page) -> None:
    bad = [v for v in axe_violations(page) if v["impact"] in ("serious", "critical")]
    assert not bad, [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in bad]


def even_choices(page) -> None:
    widths = page.eval_on_selector_all(
        ".kk-choices button", "bs => bs.map((b) => Math.round(b.getBoundingClientRect().width))")
    assert len(widths) == 3 and max(widths) - min(widths) <= 2, widths


def shoot_both_sizes(page, name: str, lang: str, phone_first: bool) -> None:
    """Screenshots at the context's size and at the other one (the view lays out again)."""
    sizes = [("phone", PHONE), ("desktop", DESKTOP)]
    if not phone_first:
        sizes.reverse()
    for label, size in sizes:
        page.set_viewport_size(size)
        frames(page)
        shot(page, f"koikoi-{name}-{label}-{lang}")
        if page.locator(".kk-choices button").count() == 3:
            even_choices(page)
    page.set_viewport_size(sizes[0][1])


def test_a_whole_round_tapped_on_a_phone_with_motion(browser, server):
    context, page, errors, game, token = open_table(browser, server, phone=True, lang="en",
                                                    reduced=False)
    try:
        page.evaluate("""() => { const kk = document.querySelector('.kk'); window.kkMotions = 0;
          new MutationObserver(() => { if (kk.dataset.motion === "running") window.kkMotions++; })
            .observe(kk, { attributes: true, attributeFilter: ['data-motion'] }); }""")
        settled(page)
        fits = page.evaluate("""() => ({
          wide: document.documentElement.scrollWidth - innerWidth,
          hand: Math.max(...[...document.querySelectorAll('.kk-my-hand .kk-card')]
            .map((c) => c.getBoundingClientRect().bottom)), height: innerHeight,
          badges: [...document.querySelectorAll('.kk-key')].filter((k) => k.offsetParent).length,
        })""")
        assert fits["wide"] <= 0 and fits["hand"] <= fits["height"] and fits["badges"] == 0, fits
        page.set_viewport_size({"width": 360, "height": 640})  # a small phone: still no scrolling
        frames(page)
        small = page.evaluate("""() => [document.documentElement.scrollWidth - innerWidth,
          Math.max(...[...document.querySelectorAll('.kk-my-hand .kk-card')]
            .map((c) => c.getBoundingClientRect().bottom)) - innerHeight]""")
        assert small[0] <= 0 and small[1] <= 0, small
        shoot_both_sizes(page, "table", "en", phone_first=True)
        no_serious_violations(page)
        # the opponent's pile opens as a sheet
        page.locator(".kk-pile-sum.theirs").tap()
        page.wait_for_selector(".kk-sheet[open]")
        in_sheet = page.locator(".kk-sheet .kk-pile [data-card]")
        assert in_sheet.count() == len(
            payload(server, game, token)["observation"]["players"][1]["captured"])
        assert in_sheet.count() == 0 or in_sheet.first.is_visible()
        shot(page, "koikoi-pile-sheet-phone-en")
        page.locator(".kk-sheet-close").tap()
        seen = {"decision": False, "summary": False}
        taps = {"board": 0, "again": 0}
        for _ in range(40):
            settled(page)
            obs = payload(server, game, token)["observation"]
            table = drawn(page)
            if table["summary"]:
                summary = page.locator(".kk-round")
                assert summary.locator(".kk-y-cards .kk-card").count() >= 2
                assert summary.locator(".kk-y-points").first.inner_text().strip().isdigit()
                assert summary.locator(".kk-calc-end").count() == 1
                shoot_both_sizes(page, "summary", "en", phone_first=True)
                seen["summary"] = True
                page.locator(".kk-continue").tap()
                continue
            if obs["finished"]:
                break
            assert_table_is_the_observation(table, obs)
            if table["decision"]:
                assert page.locator(".kk-decision .kk-y-cards .kk-card").count() >= 2
                shoot_both_sizes(page, "prompt", "en", phone_first=True)
                no_serious_violations(page)
                seen["decision"] = True
                acting(page, lambda: page.locator(".kk-stop").tap())
            elif table["candidates"]:
                acting(page, lambda: page.locator(".kk-board button.kk-card.candidate").first.tap())
            else:
                card = page.locator(".kk-my-hand button.kk-card:not([disabled])").first
                card.tap()
                assert page.locator(".kk-my-hand .kk-card.selected").count() == 1
                lit = page.locator(".kk-board button.kk-card.glow")
                on_board = lit.count() > 0
                # a lit board card captures with the selected card; else the card is tapped again
                target = lit.first if on_board else page.locator(".kk-my-hand .kk-card.selected")
                acting(page, target.tap)
                taps["board" if on_board else "again"] += 1
            assert page.evaluate("() => scrollY") == 0
        assert seen == {"decision": True, "summary": True}
        assert taps["board"] and taps["again"], taps
        assert page.evaluate("() => window.kkMotions") >= 3  # the moves were shown, not jumped
        final = payload(server, game, token)
        assert final["finished"]
        counts = page.evaluate("""async (p) => (await import('/assets/koikoi/view.js')).tally(p)""",
                               final)
        assert counts and all(isinstance(n, int) and n > 0 for n in counts.values())
        assert set(counts) <= {t for r in final["result"]["rounds"] for t in r["yaku"][0]}
        assert not errors, errors
    finally:
        context.close()


def test_a_whole_round_by_keyboard_on_a_desktop_in_japanese(browser, server):
    """The round of the phone test, in Japanese at 1366x900 with reduced motion, by keys where
    it is about keys: the first card is chosen and played with its number (key badges shown),
    the koi-koi decision is taken with S and the round summary closed with Enter. The moves in
    between are the same player's, made through the API while the page is closed (it is
    opened again at the decision); the drawn table is compared with the observation at every
    step the keyboard takes."""
    context, page, errors, game, token = open_table(browser, server, phone=False, lang="ja",
                                                    reduced=True)
    seat = Seat(server.url, game, token)
    try:
        settled(page)
        assert "あなたの番" in page.locator(".kk-prompt").inner_text()
        label = page.locator(".kk-my-hand .kk-card").first.get_attribute("aria-label")
        assert "（" in label  # "松に鶴（光）": the name and the kind in Japanese
        shoot_both_sizes(page, "table", "ja", phone_first=False)
        no_serious_violations(page)
        seen = set()
        for _ in range(40):
            settled(page)
            obs = payload(server, game, token)["observation"]
            table = drawn(page)
            if table["summary"]:
                shoot_both_sizes(page, "summary", "ja", phone_first=False)
                seen.add("summary")
                page.keyboard.press("Enter")  # the focused "next" button
                continue
            if obs["finished"]:
                break
            assert_table_is_the_observation(table, obs)
            if table["decision"]:
                shoot_both_sizes(page, "prompt", "ja", phone_first=False)
                seen.add("decision")
                acting(page, lambda: page.keyboard.press("s"))
            elif obs["phase"] == "capture":
                acting(page, lambda: page.keyboard.press("1"))
            elif "keys" in seen:  # on to the decision through the API; the page again there
                page.goto("about:blank")
                seat.play_until(lambda p: p["observation"]["phase"] != "play")
                page.goto(seat.address)
            else:
                page.keyboard.press("1")
                assert page.locator(".kk-my-hand .kk-card.selected").count() == 1
                badges = page.locator(".kk-my-hand .kk-key").first
                assert badges.is_visible()  # a key was used: the key badges show
                acting(page, lambda: page.keyboard.press("1"))
                seen.add("keys")
        assert seen == {"keys", "decision", "summary"}
        assert payload(server, game, token)["finished"]
        assert not errors, errors
    finally:
        context.close()


def test_the_redrawn_cards_and_the_high_contrast_deck_on_the_rules_page(browser, server):
    for deck in ("classic", "contrast"):
        context = browser.new_context(viewport=DESKTOP)
        settings = json.dumps({"lang": "en", "deck": deck})
        context.add_init_script(f"localStorage.setItem('asobi.settings', {json.dumps(settings)});")
        try:
            page = context.new_page()
            page.goto(server.url + "/#/rules/koikoi")
            page.wait_for_selector(".kk-browser")
            page.evaluate("() => { document.querySelector('.kk-browser').open = true; }")
            page.add_style_tag(content=".kk-browser .kk-card.mini { --card-w: 64px; }"
                               " #topbar { position: static !important; }")
            assert page.locator(".kk-browser svg.hc").count() == (48 if deck == "contrast" else 0)
            if deck == "classic":  # the pampas plains and the maple ribbon, redrawn
                months = page.locator(".kk-month")
                shot(months.nth(7), "koikoi-cards-pampas")
                shot(months.nth(9), "koikoi-cards-maple")
            else:
                shot(page.locator(".kk-all"), "koikoi-deck-contrast")
        finally:
            context.close()


FITS = """() => {
  const cut = (e) => e.scrollWidth > e.clientWidth + 1;
  const sums = [...document.querySelectorAll('.kk-pile-sum')];
  return {
    wide: document.documentElement.scrollWidth - innerWidth,
    cut: sums.flatMap((s) => [s, ...s.querySelectorAll('span')]).filter(cut)
      .map((e) => e.className + ': ' + e.textContent),
    kinds: sums.map((s) => [...s.querySelectorAll('.kk-sum')].map((k) => k.textContent)),
    close: [...document.querySelectorAll('.kk-sum-close')].map((e) => e.textContent),
  };
}"""
"""What the phone's pile summaries show, and anything in them cut (scrollWidth > clientWidth)."""

KINDS_IN = {"pt": ["luzes", "animais", "fitas", "simples"],
            "it": ["luci", "animali", "nastri", "carte normali"],
            "ja": ["光札", "タネ", "短冊", "カス"]}


def test_the_pile_summaries_the_hand_on_a_desktop_and_the_end_of_the_game(browser, server):
    """One table, in turn: at 1280x800 the whole hand is on screen without scrolling; on a phone
    the pile summaries name each kind of card next to its dot, say the yaku within reach in
    words and cut nothing in Portuguese, Italian and Japanese; the phone menu lists "Rules"
    once; a selected card that matches nothing is not said to capture a lit card. Then the
    game ends (through the API) with the page open in Japanese: the result banner comes with the
    table's last frame, can be put aside to see the final table and brought back."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def speak(lang):
        settings = json.dumps(json.dumps({"lang": lang}))
        context.add_init_script(f"location.protocol.startsWith('http')"
                                f" && localStorage.setItem('asobi.settings', {settings});")

    try:
        game, token = new_game(server)
        speak("pt")
        page.goto(f"{server.url}/#/play/{game}/{token}")
        page.wait_for_selector(".kk-prompt.mine", timeout=15_000)
        settled(page)
        bottom = page.evaluate("""() => Math.max(...[...document.querySelectorAll(
          '.kk-my-hand .kk-card')].map((c) => c.getBoundingClientRect().bottom))""")
        assert bottom <= 800 and page.evaluate("() => scrollY") == 0, bottom
        shot(page, "koikoi-desktop-1280x800-pt")
        page.set_viewport_size(PHONE)
        for lang in ("pt", "it", "ja"):
            if lang != "pt":
                speak(lang)
                page.reload()
                page.wait_for_selector(".kk-prompt.mine", timeout=15_000)
            frames(page)
            fits = page.evaluate(FITS)
            assert fits["wide"] <= 0 and not fits["cut"], (lang, fits)
            for kinds in fits["kinds"]:
                assert [k.rstrip("0123456789 ") for k in kinds] == KINDS_IN[lang], (lang, kinds)
            assert all(any(ch.isalpha() for ch in text) for text in fits["close"]), fits["close"]
            shot(page, f"koikoi-piles-phone-{lang}")
        page.click("#nav-toggle")
        rules = page.locator("#topnav a:visible", has_text="ルール")
        assert rules.count() == 1
        page.click("#nav-toggle")
        lone = page.locator(".kk-my-hand button.kk-card:not([disabled]):not(.can-capture)")
        assert lone.count(), "the deal of SEED has a card that matches nothing"
        lone.first.click()
        assert page.locator(".kk-board .glow").count() == 0
        assert "光っている" not in page.locator(".kk-prompt").inner_text()
        assert "合う札がない" in page.locator(".kk-prompt").inner_text()
        page.keyboard.press("Escape")
        # the game ends while the page looks on
        Seat(server.url, game, token).play_until(lambda p: False)
        page.wait_for_selector(".kk-round[open]", timeout=15_000)
        shot(page, "koikoi-end-phone-ja-summary")
        page.locator(".kk-continue").click()
        banner = page.locator("#result-banner")
        banner.wait_for(state="visible")
        settled(page)
        shot(page, "koikoi-end-phone-ja")
        page.click("#result-hide")
        assert banner.is_hidden() and page.locator("#result-show").is_visible()
        assert page.evaluate("() => document.activeElement.id") == "result-show"
        shot(page, "koikoi-end-phone-ja-table")
        page.click("#result-show")
        assert banner.is_visible() and page.locator("#result-show").is_hidden()
        assert not errors, errors
    finally:
        context.close()
