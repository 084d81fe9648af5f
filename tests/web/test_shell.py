"""The page shell in a real browser (issue 14): settings that visibly change the table, the
phone layout (one compact bar, nothing wider than a 360 px screen), key badges only for
keyboard users, the rules page's lists and friendly not-found pages, the replay viewer, the
live region, statistics kept in the browser, axe-core on every screen, and screenshots.

One live server and one browser serve the whole module (browser tests are the slow part)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asobi.play.session import Session
from support.web import (
    axe_violations,
    frames,
    needs_chromium,
    pin_practice_seed,
    served,
    shot,
)

ROOT = Path(__file__).resolve().parent.parent
KOIKOI_RECORD = ROOT / "koikoi" / "records" / "standard-red-poetry.json"
SAKURA_RECORD = ROOT / "sakura" / "records" / "two-players-neutral.json"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(nim_on_path, tmp_path_factory):
    yield from served(tmp_path_factory.mktemp("shell"))


class Contexts:
    """New pages at desktop or phone size (the phone one with touch), failing the test on any
    uncaught error in the page."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.opened: list = []
        self.errors: list[str] = []

    def page(self, phone: bool = False, lang: str = "en", width: int | None = None):
        size = dict(PHONE if phone else DESKTOP)
        if width:
            size["width"] = width
        options = {"viewport": size, "reduced_motion": "reduce"}
        if phone:
            options.update(has_touch=True, is_mobile=True)
        context = self.browser.new_context(**options)
        context.add_init_script(
            "localStorage.getItem('asobi.settings') || localStorage.setItem('asobi.settings',"
            f" JSON.stringify({{lang: '{lang}'}}))"
        )
        self.opened.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page


@pytest.fixture
def pages(browser):
    made = Contexts(browser)
    yield made
    for context in made.opened:
        context.close()
    assert not made.errors, made.errors


def no_sideways_scroll(page) -> None:
    wide = page.evaluate(
        """() => {
          const limit = document.documentElement.clientWidth;
          const over = [...document.querySelectorAll('body *')].filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width && (r.right > limit + 1 || r.left < -1) && el.closest('dialog') === null
              && getComputedStyle(el).position !== 'fixed' && !el.closest('.sr-only');
          }).map((el) => `${el.tagName}.${el.className} ${el.getBoundingClientRect().right}`);
          return {scroll: document.documentElement.scrollWidth, limit, over: over.slice(0, 5)};
        }"""
    )
    assert wide["scroll"] <= wide["limit"] and not wide["over"], wide


def axe_clean(page, where: str, views: bool = True) -> None:
    """No serious or critical axe-core violation; `views=False` leaves a game's own view out
    (its tests check it: tests/<game>/test_webview*.py)."""
    context = None if views else {"exclude": [[".view-root:not(.view-nim)"]]}
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in axe_violations(page, context)
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, f"{where}: {bad}"


def start_nim(page, server, lobby: str = "/") -> None:
    """Nim from the lobby at `lobby` ("/#/" goes there without loading the page again)."""
    page.goto(server.url + lobby)
    page.wait_for_selector(".game-choice")
    page.click(".game-choice[data-game=nim]")
    page.click("#start-game")
    page.wait_for_selector(".generic .choice")


def at_move(page, step: int) -> None:
    page.wait_for_function(
        "n => document.querySelector('#replay-counter').textContent.startsWith(`Move ${n} `)",
        arg=step)


def open_replay(page, server, record: Path) -> None:
    page.goto(server.url + "/#/replay")
    page.set_input_files("#replay-file", str(record))
    page.wait_for_selector("#replay-counter")


# ---------------------------------------------------------------------------------- settings


def test_colour_temperature_grain_and_deck_change_the_table(pages, server):
    page = pages.page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-choice")

    def look(warmth: int, grain: int) -> tuple[list[float], float]:
        page.evaluate(
            """([w, g]) => { const s = JSON.parse(localStorage.getItem('asobi.settings'));
              s.warmth = w; s.grain = g;
              localStorage.setItem('asobi.settings', JSON.stringify(s)); }""",
            [warmth, grain],
        )
        page.reload()
        page.wait_for_selector(".game-choice")
        png = page.screenshot(clip={"x": 600, "y": 760, "width": 160, "height": 100})
        return pixels(png)

    cold, _ = look(0, 0)
    warm, flat = look(100, 0)
    _, grainy = look(100, 100)
    # red minus blue, averaged: clearly warmer at 100 than at 0
    assert (warm[0] - warm[2]) - (cold[0] - cold[2]) > 25, (cold, warm)
    assert grainy > flat + 4, (flat, grainy)  # the spread of the pixels' brightness
    page.click("#open-settings")
    page.select_option("#set-deck", "contrast")
    assert page.evaluate("document.documentElement.classList.contains('deck-contrast')")
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector(".game-choice")
    assert page.evaluate("document.documentElement.classList.contains('deck-contrast')")


def pixels(png: bytes) -> tuple[list[float], float]:
    """The mean colour of a PNG and the standard deviation of its brightness."""
    import io

    from matplotlib import image

    data = image.imread(io.BytesIO(png), format="png")
    rgb = data[..., :3].reshape(-1, 3) * 255
    mean = rgb.mean(axis=0).tolist()
    return mean, float(rgb.mean(axis=1).std())


def test_settings_reach_the_view_and_keyboard_badges_follow_the_input(pages, server):
    page = pages.page()
    start_nim(page, server)
    kbd = page.locator(".generic .choice kbd").first
    assert not kbd.is_visible()  # nobody typed yet
    page.keyboard.press("Tab")
    assert kbd.is_visible()
    page.mouse.click(5, 300)
    assert not kbd.is_visible()
    page.keyboard.press("Tab")
    # the generic view has no settingsChanged: it is mounted again and draws the same payload
    count = page.locator(".generic .choice").count()
    page.click("#open-settings")
    page.select_option("#set-deck", "contrast")
    page.keyboard.press("Escape")
    assert page.locator(".generic .choice").count() == count


def test_a_change_of_the_system_motion_setting_is_applied_and_saves_nothing(pages, server):
    # The page may have been open for hours: another page may have saved other settings since,
    # and the player chose nothing here (the language it guessed must not become a choice).
    page = pages.page()
    page.goto(server.url + "/")
    page.wait_for_selector(".game-choice")
    page.emulate_media(reduced_motion="no-preference")  # the page's context prefers reduce
    page.wait_for_function("() => !document.documentElement.classList.contains('reduce-motion')")
    saved = json.dumps({"lang": "ja"})  # as another page of the same browser saves it
    page.evaluate("s => localStorage.setItem('asobi.settings', s)", saved)
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function("() => document.documentElement.classList.contains('reduce-motion')")
    assert page.evaluate("() => localStorage.getItem('asobi.settings')") == saved


def test_the_live_region_reads_each_move_of_any_seat(pages, server):
    page = pages.page()
    pin_practice_seed(page)  # "You" deal: the first move is ours, and the round goes on after it
    page.goto(server.url + "/")
    page.wait_for_selector(".game-choice")
    page.click(".game-choice[data-game=koikoi]")
    page.click("#start-game")
    page.wait_for_selector(".kk-prompt.mine", timeout=15_000)
    page.keyboard.press("1")
    page.keyboard.press("1")
    if page.locator(".kk-board .candidate").count():
        page.keyboard.press("1")
    region = page.locator("#announcer")
    page.wait_for_function(
        "() => /You play/.test(document.querySelector('#announcer').textContent)"
        " && /The opponent plays/.test(document.querySelector('#announcer').textContent)",
        timeout=15_000)
    assert region.get_attribute("aria-live") == "polite"


# ---------------------------------------------------------------------------------- phone


def test_no_page_is_wider_than_a_small_phone(pages, server):
    page = pages.page(phone=True, width=360)
    for route in ("/", "/#/rules/koikoi", "/#/rules/sakura", "/#/rules/koikoi/doesnotexist",
                  "/#/replay", "/#/nowhere", "/#/join/nope/nope", "/#/table/nope",
                  "/#/replay/nope"):
        # the routes are one page: wait for this route's screen, not the last one's
        page.evaluate("() => document.querySelectorAll('main > *')"
                      ".forEach((e) => { e.dataset.left = ''; })")
        page.goto(server.url + route)
        page.wait_for_selector("main > :is(section, .hero):not([data-left]):not([aria-busy])")
        frames(page)
        no_sideways_scroll(page)
    open_replay(page, server, KOIKOI_RECORD)
    no_sideways_scroll(page)
    start_nim(page, server)
    no_sideways_scroll(page)
    bar = page.locator("#topbar").bounding_box()
    assert bar["height"] <= 48
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--bar')")
    # the game's tools are in the bar's menu
    assert not page.locator("#hint-button").is_visible()
    page.click("#nav-toggle")
    assert page.locator("#hint-button").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator("#hint-button").is_visible()


# ---------------------------------------------------------------------------------- rules


@pytest.mark.parametrize("address, request_path", [
    ("#/join/nope/nope", "**/api/join/**"), ("#/play/nope/nope", "**/api/play/**")])
def test_a_late_answer_of_a_page_left_does_not_draw_over_the_next_one(
        pages, server, address, request_path):
    """An invitation or a seat link that is slow to answer, left for the lobby before its
    answer came: the answer (here a refusal) is dropped, the lobby stays."""
    page = pages.page()
    held: list = []
    page.route(request_path, lambda route: held.append(route))
    page.goto(f"{server.url}/{address}")
    for _ in range(500):  # the request is held as soon as the page makes it
        if held:
            break
        page.wait_for_timeout(20)
    assert len(held) == 1, "the page did not ask the server"
    page.goto(f"{server.url}/#/")
    page.wait_for_selector(".game-choice")
    with page.expect_response(request_path) as answer:
        held[0].continue_()
    assert answer.value.status in (403, 404)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                  "requestAnimationFrame(done)))")
    assert page.locator(".game-choice").count() > 0
    assert page.locator("section.join, #back-to-lobby").count() == 0, page.inner_text("main")


def test_rules_lists_are_lists_and_unknown_places_say_so(pages, server):
    page = pages.page()
    page.goto(server.url + "/#/rules/sakura")
    page.wait_for_selector(".rules-text h2")
    heading = page.locator(".rules-text h2", has_text="A round")
    items = heading.locator("xpath=following-sibling::ul[1]/li")
    assert items.count() >= 4
    assert not page.locator(".rules-text").inner_text().count("\n- ")
    assert page.locator(".rules-text pre").count() >= 1  # the garden's drawing stays a drawing
    for route, text in (("/#/rules/koikoi/doesnotexist", "no variant"),
                        ("/#/rules/chess", "No game"), ("/#/nowhere", "does not lead")):
        page.goto(server.url + route)
        page.wait_for_selector(".not-found")
        assert text in page.locator(".not-found").inner_text()
        assert page.locator(".not-found #back-to-lobby").is_visible()
    page.click("#back-to-lobby")
    page.wait_for_selector(".game-choice")


# ---------------------------------------------------------------------------------- replay


def test_replay_a_koikoi_record_forwards_backwards_and_revealed(pages, server):
    record = json.loads(KOIKOI_RECORD.read_text())
    page = pages.page()
    open_replay(page, server, KOIKOI_RECORD)
    steps = len(record["moves"])
    page.wait_for_selector(".kk-my-hand .kk-card")
    assert page.locator("#replay-counter").inner_text() == f"Move 0 of {steps}"
    hand = page.locator(".kk-my-hand .kk-card").count()
    page.click("#replay-next")
    at_move(page, 1)
    page.keyboard.press("ArrowRight")
    at_move(page, 2)
    assert page.locator(".kk-my-hand .kk-card").count() == hand - 1  # seat 1 played once
    assert page.locator(".log-list li").count() > 0
    page.wait_for_function("() => document.querySelector('#announcer').textContent.length > 0")
    page.keyboard.press("ArrowLeft")
    at_move(page, 1)
    page.keyboard.press("End")
    at_move(page, steps)
    assert page.locator("#replay-status").inner_text().startswith("The game is over")
    if page.locator("dialog[open]").count():  # the view's own end-of-round summary
        page.keyboard.press("Escape")
    assert not page.locator("#replay-next").is_enabled()
    with page.expect_response("**/api/replay*") as answer:
        page.check("#replay-reveal")
    shown = answer.value.json()
    assert shown["observation"]["revealed"]["0"] == shown["observation"]["hand"]
    assert len(shown["observation"]["revealed"]["1"]) == shown["observation"]["opponent_hand"]
    with page.expect_response("**/api/replay*") as answer:
        page.select_option("#replay-seat", "1")
    assert answer.value.json()["seat"] == 1
    assert answer.value.json()["observation"]["revealed"]
    shot(page, "replay-koikoi-revealed-1366")


def test_replay_api_refuses_bad_records_and_reveals_finished_games(server):
    import urllib.request
    from urllib.error import HTTPError

    def post(body: dict) -> tuple[int, dict]:
        request = urllib.request.Request(
            server.url + "/api/replay", data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(request) as answer:
                return answer.status, json.loads(answer.read())
        except HTTPError as error:
            return error.code, json.loads(error.read())

    record = json.loads(SAKURA_RECORD.read_text())
    status, body = post({"record": record, "step": 3, "seat": 1, "reveal": True})
    assert status == 200 and body["legal"] == [] and body["version"] == 3
    revealed = body["observation"]["revealed"]
    assert set(revealed) == {"0", "1"}  # every seat's hand, its own one as the seat sees it
    assert revealed["1"] == sorted(card["number"] for card in body["observation"]["hand"])
    assert len(revealed["0"]) == body["observation"]["hand_sizes"][0]
    unfinished = dict(record, moves=record["moves"][:5])
    status, body = post({"record": unfinished, "step": 2, "reveal": True})
    assert status == 403 and body["code"] == "not-over"
    status, body = post({"record": dict(record, moves=[{"seat": 0, "action": {"x": 1}}])})
    assert status == 400 and "move 0" in body["error"]
    status, body = post({"record": dict(record, format=7)})
    assert status == 400 and "format" in body["error"]
    status, body = post({"record": dict(record, variant="../../etc/passwd")})
    assert status == 400 and body["code"] == "record"
    status, body = post({"record": record, "step": 999})
    assert status == 400 and "step" in body["error"]
    # Nim has no asobi_reveal: the core's default says it cannot show every card
    nim = server.registry.game("nim")
    session = Session(nim, nim.load_variant(None), ["human", "human"], seed=3)
    while not session.finished:
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])
    status, body = post({"record": session.record()})
    assert status == 200 and body["replay"]["can_reveal"] is False
    status, body = post({"record": session.record(), "reveal": True})
    assert status == 400 and body["code"] == "no-reveal"


# ---------------------------------------------------------------------------------- stats


def test_statistics_stay_in_the_browser_and_can_be_cleared(pages, server):
    page = pages.page()
    start_nim(page, server)
    for _ in range(60):
        page.wait_for_selector(".generic .choice, .result-banner:not([hidden])")
        if page.locator(".result-banner:not([hidden])").count():
            break
        before = page.locator(".generic-board").inner_text()
        page.locator(".generic .choice").first.click()
        page.wait_for_function(  # the move drawn (or the game over)
            "b => document.querySelector('.generic-board')?.innerText !== b", arg=before)
    page.wait_for_selector(".result-banner:not([hidden])")
    rows = page.evaluate("JSON.parse(localStorage.getItem('asobi.stats')).rows")
    (row,) = rows.values()
    assert row["game"] == "nim" and row["played"] == 1 and row["level"] == "random"
    page.reload()  # a reloaded finished game is not counted twice
    page.wait_for_selector(".result-banner:not([hidden])")
    page.click("#replay-link")  # the finished game of this server, in the replay viewer
    page.wait_for_selector("#replay-counter")
    assert page.locator("#replay-counter").inner_text() == "Move 0 of {n}".format(
        n=page.evaluate("Number(document.querySelector('#replay-slider').max)"))
    page.keyboard.press("End")
    page.wait_for_selector("#replay-status:has-text('The game is over')")
    # the generic view draws the last step: the text view, no choices (a replay is not played)
    assert page.locator(".generic-text").is_visible()
    assert not page.locator(".generic-choices").is_visible()
    page.goto(server.url + "/")
    page.wait_for_selector(".stats-row[data-game=nim]")
    assert "1 game played" in page.locator(".stats-row").inner_text()
    page.locator(".stats").scroll_into_view_if_needed()
    shot(page, "shell-lobby-stats-en-1366")
    page.click("#stats-clear")
    page.click("#stats-clear-yes")
    page.wait_for_selector(".stats-row", state="detached")
    assert page.evaluate("localStorage.getItem('asobi.stats')") is None


# ---------------------------------------------------------------------------------- axe, shots


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_axe_and_screenshots_of_every_shell_screen(pages, server, phone):
    size = "390" if phone else "1366"
    for lang in ("en", "ja"):
        page = pages.page(phone=phone, lang=lang)
        # axe-core once per size (in English: the layout is the same); screenshots in both
        check = axe_clean if lang == "en" else (lambda *args, **kwargs: None)

        page.goto(server.url + "/")
        page.wait_for_selector(".game-choice")
        check(page, "lobby")
        shot(page, f"shell-lobby-{lang}-{size}")
        page.goto(server.url + "/#/rules/koikoi")
        page.wait_for_selector(".rules-text")
        check(page, "rules")
        shot(page, f"shell-rules-{lang}-{size}")
        page.goto(server.url + "/#/rules/koikoi/doesnotexist")
        page.wait_for_selector(".not-found")
        check(page, "not found")
        shot(page, f"shell-not-found-{lang}-{size}")
        page.goto(server.url + "/#/replay")
        page.wait_for_selector("#replay-file")
        check(page, "replay chooser")
        page.set_input_files("#replay-file", str(SAKURA_RECORD))
        page.wait_for_selector("#replay-counter")
        page.click("#replay-last")
        page.wait_for_function("() => document.querySelector('#replay-next').disabled")
        check(page, "replay viewer", views=False)
        shot(page, f"shell-replay-{lang}-{size}")
        page.click("#nav-toggle" if phone else "#open-settings")
        if phone:
            page.click("#open-settings")
        page.wait_for_selector("dialog#settings[open]")
        check(page, "settings")
        shot(page, f"shell-settings-{lang}-{size}")
        page.keyboard.press("Escape")
        start_nim(page, server, lobby="/#/")  # the same page, by its router
        check(page, "generic view")
        shot(page, f"shell-nim-{lang}-{size}")
        page.goto(server.url + "/#/join/nope/nope")
        page.wait_for_selector("main section.join")  # (not the game's, still there a moment)
        check(page, "join")
        page.goto(server.url + "/#/")
        page.wait_for_selector(".saved-list")
        check(page, "saved games")
