"""Browser tests: Playwright driving Debian's Chromium against a live server on 127.0.0.1.

The server's Content-Security-Policy forbids eval, so page.wait_for_function is given functions
("() => ..."), which Playwright compiles outside the page, never bare expressions it would eval.

Screenshots of the main screens go to tests/_artifacts/screenshots/.
"""

from __future__ import annotations

import pytest

from support.web import (
    PRACTICE_SEED,
    SHOTS,
    need,
    needs_chromium,
    pin_practice_seed,
)

pytestmark = needs_chromium


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def start_from_lobby(page, server, game: str, seed: int | None = PRACTICE_SEED) -> None:
    """Start `game` with its default seats: the first is "You", the others AI; one person at the
    table, so the game opens at once (no invitations screen)."""
    if seed is not None:
        pin_practice_seed(page, seed)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-choice")
    page.click(f".game-choice[data-game={game}]")
    assert page.locator(".seat-select").first.input_value() == "me"
    page.click("#start-game")
    page.wait_for_url("**/#/play/**")
    token = page.url.rsplit("/", 1)[1]
    saved = page.evaluate("JSON.parse(localStorage.getItem('asobi.games'))")
    assert saved[0]["token"] == token and saved[0]["owner"] and saved[0]["seat"] == 0


def play_koikoi_turn(page) -> None:
    """Make one decision the way a player would: by clicking."""
    if page.locator(".kk-continue").is_visible():
        page.click(".kk-continue")
    elif page.locator(".kk-stop").is_visible():
        page.click(".kk-stop")
    elif page.locator(".kk-board .kk-card.candidate").count():
        page.locator(".kk-board button.kk-card.candidate").first.click()
    elif page.locator(".kk-prompt.mine").count():
        cards = page.locator(".kk-my-hand button.kk-card:not([disabled])")
        if not cards.count():
            return  # the move is on its way; the opponent plays next
        card = cards.first
        card.click(timeout=5000)
        if page.locator(".kk-my-hand .kk-card.selected").count():
            card.click(timeout=5000)  # first click selects (matches glow), the second plays


def test_play_a_whole_koikoi_round_by_clicking(page, live_server, web_registry):
    need(web_registry, "koikoi")
    page.goto(live_server.url + "/")
    shot(page, "lobby")
    start_from_lobby(page, live_server, "koikoi")
    page.wait_for_selector(".kk-my-hand button.kk-card")
    shot(page, "koikoi-table")
    # The AI may deal and play first; the round may even end before our first move (a hand
    # yaku at the deal, or the AI's viewing-the-moon sake on its first turn).
    page.wait_for_function(
        "() => document.querySelector('.kk-my-hand button.kk-card:not([disabled])')"
        " || document.querySelector('dialog[open]')"
        " || document.querySelector('.result-banner:not([hidden])')",
        timeout=60_000,
    )
    if page.locator(".kk-my-hand button.kk-card:not([disabled])").count():
        page.locator(".kk-my-hand button.kk-card:not([disabled])").first.click()
        shot(page, "koikoi-selected")
        page.keyboard.press("Escape")
    shots = {"koikoi-decision": ".kk-stop", "koikoi-summary": ".kk-continue"}
    for _ in range(200):
        if page.locator(".result-banner:not([hidden])").count() and not page.locator(
            "dialog[open]"
        ).count():
            break
        for name, selector in list(shots.items()):
            if page.locator(selector).is_visible():
                shot(page, name)
                del shots[name]
        if page.locator(".kk-prompt.mine").count() or page.locator("dialog[open]").count():
            play_koikoi_turn(page)
        page.wait_for_timeout(60)
    banner = page.locator(".result-banner")
    assert banner.is_visible()
    assert "over" in banner.inner_text()
    # the banner comes with the table's last frame, not over the motion of the moves before
    assert page.locator(".kk-prompt").inner_text() == "The game is over."
    shot(page, "koikoi-over")


def test_keyboard_play_keeps_focus(page, live_server, web_registry):
    need(web_registry, "koikoi")
    start_from_lobby(page, live_server, "koikoi")
    page.wait_for_selector(".kk-prompt.mine", timeout=10_000)
    before = page.locator(".kk-my-hand button.kk-card").count()
    page.keyboard.press("1")
    assert page.locator(".kk-my-hand .kk-card.selected").count() == 1
    page.keyboard.press("Escape")
    assert page.locator(".kk-my-hand .kk-card.selected").count() == 0
    page.keyboard.press("1")
    page.keyboard.press("1")
    page.wait_for_function(
        "n => document.querySelectorAll('.kk-my-hand button.kk-card').length < n"
        " || document.querySelector('.kk-board .candidate')", arg=before,
    )
    # The view draws asynchronously (cards arrive with an animation); once it has settled,
    # the focus must be back on a control, not lost on the page body.
    page.wait_for_function(
        "() => document.activeElement && document.activeElement !== document.body", timeout=5_000
    )
    focused = page.evaluate("document.activeElement.tagName")
    assert focused not in (None, "BODY")


def test_switch_language_and_settings_are_remembered(page, live_server, web_registry):
    page.goto(live_server.url + "/")
    page.wait_for_selector(".game-choice")
    page.click("#open-settings")
    page.select_option("#set-lang", "pt")
    page.fill("#set-contrast", "80")
    page.locator("#set-contrast").dispatch_event("input")
    page.keyboard.press("Escape")
    page.wait_for_selector("text=Começar a partida")
    page.reload()
    page.wait_for_selector("text=Começar a partida")
    assert page.evaluate("document.documentElement.lang") == "pt"
    contrast = page.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--contrast')"
    )
    assert float(contrast) > 1.0
    shot(page, "lobby-pt")
    page.select_option("#lobby-lang", "it")
    page.wait_for_selector("text=Inizia la partita")


def test_restart_the_server_mid_game_and_continue(page, live_server, web_registry):
    need(web_registry, "koikoi")
    start_from_lobby(page, live_server, "koikoi")
    page.wait_for_selector(".kk-prompt.mine")
    full = page.locator(".kk-my-hand .kk-card").count()
    play_koikoi_turn(page)
    # The move is stored before the server answers; wait for the answer to be drawn.
    page.wait_for_function(
        "n => document.querySelectorAll('.kk-my-hand .kk-card').length < n", arg=full,
        timeout=10_000,
    )
    hand_before = page.locator(".kk-my-hand .kk-card").count()
    logged = page.locator(".log-list li").count()
    assert logged > 0
    url = page.url
    live_server.restart()
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector(".kk-my-hand .kk-card")
    assert page.locator(".kk-my-hand .kk-card").count() == hand_before
    moved = page.locator(".log-list li").count()
    assert moved >= logged  # the move log came back with the game (rebuilt from its record)
    for _ in range(6):
        if page.locator(".result-banner:not([hidden])").count():
            break
        page.wait_for_selector(".kk-prompt.mine, dialog[open], .result-banner:not([hidden])")
        play_koikoi_turn(page)
        page.wait_for_timeout(150)
    assert page.locator(".log-list li").count() > moved  # the game went on after the restart


def test_lobby_seats_you_is_one_seat_or_none(page, live_server):
    page.goto(live_server.url + "/")
    page.wait_for_selector(".game-choice")
    page.click(".game-choice[data-game=nim]")
    seats = page.locator(".seat-select")
    assert [seats.nth(i).input_value() for i in range(seats.count())] == ["me", "ai:random"]
    assert page.locator("#lobby-hints").count() == 0  # one person: the hint rule is not shown
    page.select_option(".seat-select[data-seat='1']", "me")  # "You" moves to seat 2
    assert [seats.nth(i).input_value() for i in range(2)] == ["human", "me"]
    assert page.locator("#lobby-hints").is_visible()
    assert not page.locator("#lobby-hints").is_checked()
    page.select_option(".seat-select[data-seat='1']", "ai:random")  # nobody is "You"
    assert page.locator("#seat-note").is_visible()
    assert page.locator("#lobby-hints").count() == 0
    page.select_option(".seat-select[data-seat='0']", "ai:random")  # nobody at all
    assert page.locator("#start-game").is_disabled()
    shot(page, "lobby-no-person")


def test_generic_view_for_a_game_without_one(page, live_server):
    start_from_lobby(page, live_server, "nim")
    page.wait_for_selector(".generic .choice")
    # One person at the table: hints are on, and there is nobody to invite again.
    assert page.locator("#hint-button").is_visible()
    assert page.locator("#table-button").count() == 0
    before = page.locator(".generic-board").inner_text()
    page.keyboard.press("1")
    page.wait_for_function(
        "b => document.querySelector('.generic-board').innerText !== b", arg=before
    )
    shot(page, "generic-nim")


def test_sakura_round_with_four_players(page, live_server, web_registry):
    need(web_registry, "sakura")
    page.goto(live_server.url + "/")
    page.wait_for_selector(".game-choice")
    page.click(".game-choice[data-game=sakura]")
    selects = page.locator(".seat-select")
    while selects.count() < 4:
        page.click("text=Add a player")
    page.click("#start-game")
    page.wait_for_selector(".sk-hand-card")
    shot(page, "sakura-garden")
    page.locator(".sk-hand-card:not([disabled])").first.click()
    # The AI seats move on the server; on a loaded machine that can take a while, so poll
    # for up to 30 s (answering any in-place choice) rather than a fixed number of beats.
    for _ in range(200):
        choice = page.locator(".sk-choice")
        if choice.count():
            shot(page, "sakura-choice")
            choice.first.click()
        elif page.locator(".sk-prompt.mine").count() and page.locator(".sk-steps li").count():
            break
        page.wait_for_timeout(150)
    assert page.locator(".sk-steps li").count() > 0
    shot(page, "sakura-resolved")


def test_phone_width_has_no_sideways_scrolling(browser, live_server, web_registry):
    need(web_registry, "koikoi")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, reduced_motion="reduce")
    phone = context.new_page()
    try:
        wide = "document.documentElement.scrollWidth - window.innerWidth"
        phone.goto(live_server.url + "/")
        phone.wait_for_selector(".game-choice")
        assert phone.evaluate(wide) <= 1
        shot(phone, "phone-lobby")
        start_from_lobby(phone, live_server, "koikoi")
        phone.wait_for_selector(".kk-prompt.mine", timeout=15_000)
        assert phone.evaluate(wide) <= 1
        cards = phone.locator(".kk-my-hand button.kk-card:not([disabled])")
        assert cards.count() > 0 and cards.first.is_visible()
        shot(phone, "phone-koikoi")
    finally:
        context.close()
