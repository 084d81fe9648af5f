"""Browser tests: Playwright driving Debian's Chromium against a live server on 127.0.0.1.

The server's Content-Security-Policy forbids eval, so page.wait_for_function is given functions
("() => ..."), which Playwright compiles outside the page, never bare expressions it would eval.

Screenshots of the main screens go to tests/_artifacts/screenshots/.
"""

from __future__ import annotations

import pytest

from support.web import (
    PRACTICE_SEED,
    Seat,
    full_shot,
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
    full_shot(page, name)


def start_from_lobby(page, server, game: str, seed: int | None = PRACTICE_SEED,
                     at_lobby=None) -> None:
    """Start `game` with its default seats: the first is "You", the others AI; one person at the
    table, so the game opens at once (no invitations screen). `at_lobby(page)` looks at the
    lobby first."""
    if seed is not None:
        pin_practice_seed(page, seed)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-choice")
    if at_lobby:
        at_lobby(page)
    page.click(f".game-choice[data-game={game}]")
    assert page.locator(".seat-select").first.input_value() == "me"
    page.click("#start-game")
    page.wait_for_url("**/#/play/**")
    token = page.url.rsplit("/", 1)[1]
    saved = page.evaluate("JSON.parse(localStorage.getItem('asobi.games'))")
    assert saved[0]["token"] == token and saved[0]["owner"] and saved[0]["seat"] == 0


TURN = """() => {
  const shown = (sel) => {  // Playwright's is_visible
    const el = document.querySelector(sel);
    if (!el) return false;
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && getComputedStyle(el).visibility === 'visible';
  };
  return {
    version: document.querySelector('.kk').dataset.version,
    continue: shown('.kk-continue'), stop: shown('.kk-stop'),
    candidate: Boolean(document.querySelector('.kk-board .kk-card.candidate')),
    mine: Boolean(document.querySelector('.kk-prompt.mine')),
    cards: document.querySelectorAll('.kk-my-hand button.kk-card:not([disabled])').length,
    dialog: Boolean(document.querySelector('dialog[open]')),
    banner: Boolean(document.querySelector('.result-banner:not([hidden])')),
  };
}"""
"""What a Koi-Koi player could click now, read in one go."""


def koikoi_turn(page, timeout: float = 30_000) -> dict:
    """Wait until no motion runs and the table waits for this player (a prompt, a dialog) or
    the game is over; what could be clicked then (TURN)."""
    page.wait_for_function(
        "() => document.querySelector('.kk')?.dataset.motion === 'idle'"
        " && (document.querySelector('.kk-prompt.mine') || document.querySelector('dialog[open]')"
        " || document.querySelector('.result-banner:not([hidden])'))", timeout=timeout)
    return page.evaluate(TURN)


def play_koikoi_turn(page, turn: dict) -> None:
    """Make one decision the way a player would, by clicking (`turn`: what koikoi_turn saw),
    and wait until the table took it: a move drawn, or the round's summary closed."""
    if turn["continue"]:
        page.click(".kk-continue")
        page.wait_for_function("() => !document.querySelector('.kk-round[open]')")
        return
    if turn["stop"]:
        page.click(".kk-stop")
    elif turn["candidate"]:
        page.locator(".kk-board button.kk-card.candidate").first.click()
    elif turn["mine"] and turn["cards"]:
        card = page.locator(".kk-my-hand button.kk-card:not([disabled])").first
        card.click(timeout=5000)
        if page.locator(".kk-my-hand .kk-card.selected").count():
            card.click(timeout=5000)  # first click selects (matches glow), the second plays
    # else the move is on its way: the opponent plays next
    page.wait_for_function("v => +document.querySelector('.kk').dataset.version > v",
                           arg=int(turn["version"]))


def test_play_a_whole_koikoi_round_by_clicking(page, live_server, web_registry):
    """A Koi-Koi round from the lobby to the end banner, by clicking what it is about: the
    start, a card selected (and let go with Escape), the round's last card, the koi-koi
    decision and the round summary; the banner comes with the table's last frame. The moves
    in between are the same player's, made through the API while the page is closed (the whole
    round is tapped in tests/koikoi/test_webview_browser.py)."""
    need(web_registry, "koikoi")
    start_from_lobby(page, live_server, "koikoi", at_lobby=lambda lobby: shot(lobby, "lobby"))
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
    # on to the last card of our hand (or a decision, or the end) through the API
    address = page.url
    seat = Seat.of_page(live_server.url, page)
    page.goto("about:blank")
    seat.play_until(lambda p: p["observation"]["phase"] != "play"
                    or len(p["observation"]["hand"]) <= 1)
    page.goto(address)
    shots = {"koikoi-decision": "stop", "koikoi-summary": "continue"}
    clicked = 0
    for _ in range(20):
        turn = koikoi_turn(page)
        if turn["banner"] and not turn["dialog"]:
            break
        for name, control in list(shots.items()):
            if turn[control]:
                shot(page, name)
                del shots[name]
        play_koikoi_turn(page, turn)
        clicked += 1
    assert clicked  # the end was reached by clicking
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


def test_restart_the_server_mid_game_and_continue(own_live_server, page, web_registry):
    need(web_registry, "koikoi")
    # a server of its own, as it is restarted; made before the page, so the page closes
    # first and the server then stops without an open stream to wait for
    server = own_live_server
    start_from_lobby(page, server, "koikoi")
    page.wait_for_selector(".kk-prompt.mine")
    full = page.locator(".kk-my-hand .kk-card").count()
    play_koikoi_turn(page, koikoi_turn(page))
    # The move is stored before the server answers; wait for the answer to be drawn.
    page.wait_for_function(
        "n => document.querySelectorAll('.kk-my-hand .kk-card').length < n", arg=full,
        timeout=10_000,
    )
    hand_before = page.locator(".kk-my-hand .kk-card").count()
    logged = page.locator(".log-list li").count()
    assert logged > 0
    url = page.url
    server.restart()
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector(".kk-my-hand .kk-card")
    assert page.locator(".kk-my-hand .kk-card").count() == hand_before
    moved = page.locator(".log-list li").count()
    assert moved >= logged  # the move log came back with the game (rebuilt from its record)
    turn = koikoi_turn(page)
    assert not turn["banner"]
    play_koikoi_turn(page, turn)  # a move by clicking, answered by the restarted server
    page.wait_for_function("n => document.querySelectorAll('.log-list li').length > n",
                           arg=moved)
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
    # The AI seats move on the server; on a loaded machine that can take a while, so wait up
    # to 30 s for the round to resolve, answering any in-place choice on the way.
    for _ in range(20):
        page.wait_for_function(
            "() => document.querySelector('.sk-choice') || (document.querySelector("
            "'.sk-prompt.mine') && document.querySelector('.sk-steps li'))", timeout=30_000)
        choice = page.locator(".sk-choice")
        if not choice.count():
            break
        shot(page, "sakura-choice")
        version = page.locator(".view-sakura").get_attribute("data-version")
        choice.first.click()
        page.wait_for_function(  # the answer drawn: the choice made is gone
            "v => document.querySelector('.view-sakura').dataset.version !== v", arg=version)
    assert page.locator(".sk-steps li").count() > 0
    shot(page, "sakura-resolved")


def test_phone_width_has_no_sideways_scrolling(browser, live_server, web_registry):
    need(web_registry, "koikoi")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, reduced_motion="reduce")
    phone = context.new_page()
    try:
        wide = "document.documentElement.scrollWidth - window.innerWidth"

        def lobby(page):
            assert page.evaluate(wide) <= 1
            shot(page, "phone-lobby")

        start_from_lobby(phone, live_server, "koikoi", at_lobby=lobby)
        phone.wait_for_selector(".kk-prompt.mine", timeout=15_000)
        assert phone.evaluate(wide) <= 1
        cards = phone.locator(".kk-my-hand button.kk-card:not([disabled])")
        assert cards.count() > 0 and cards.first.is_visible()
        shot(phone, "phone-koikoi")
    finally:
        context.close()
