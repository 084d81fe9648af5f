"""The generic view: a game without a browser view of its own plays in the browser from what
every game provides (issue 37). A game just written by ``asobi new game`` (here named
``highcard``, the scaffold's placeholder game) is played to the end in Chromium by pressing the
generic view's buttons: its text view in the page's language, its moves labelled by the game,
the events of each move and the scores. The text a seat is sent is its own observation's
rendering, the same in every world it cannot tell from the real one."""

from __future__ import annotations

import json
import random
import sys
import urllib.request
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from typing import Any

import pytest

from asobi.host.registry import Registry
from asobi.scaffold import new_game
from asobi_frontends.web.games import Hub
from asobi_frontends.web.hookspecs import web_assets
from asobi_frontends.web.store import Store
from support.web import (
    LiveServer,
    Seat,
    axe_violations,
    create_game,
    frames,
    needs_chromium,
    play,
    shot,
)

GAME = "highcard"


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory) -> Iterator[Registry]:
    """A registry of the game ``asobi new game highcard`` writes, imported from its folder as
    pip would register it, and of Nim (another game without a view)."""
    folder = new_game(GAME, tmp_path_factory.mktemp("scaffold"))
    sys.path.insert(0, str(folder))
    try:
        yield Registry(game_entry_points=[
            EntryPoint(GAME, f"asobi_{GAME}", "asobi.games"),
            EntryPoint("nim", "asobi_nim", "asobi.games")])
    finally:
        sys.path.remove(str(folder))
        for module in [m for m in sys.modules if m.split(".")[0] == f"asobi_{GAME}"]:
            del sys.modules[module]


@pytest.fixture(scope="module")
def server(scaffolded, tmp_path_factory) -> Iterator[LiveServer]:
    live = LiveServer(scaffolded, tmp_path_factory.mktemp("generic") / "games.sqlite3")
    live.start()
    yield live
    live.stop()


def call(url: str, body: Any = None, token: str | None = None) -> Any:
    """GET ``url`` (POST ``body`` when given) as JSON, with a seat's token when given."""
    headers = {"Content-Type": "application/json", **({"X-Asobi-Token": token} if token else {})}
    request = urllib.request.Request(url, data=None if body is None else json.dumps(body).encode(),
                                     method="GET" if body is None else "POST", headers=headers)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


# ----------------------------------------------------------------------------- the payload


def test_the_text_is_the_seats_own_view_in_its_language(scaffolded, tmp_path):
    """Each seat's ``text`` is the game's rendering of that seat's observation in the language
    asked for, and is the same in a world dealt again for that seat (other hands, the deck):
    it tells nothing the seat may not see."""
    game = scaffolded.game(GAME)
    assert web_assets(game) is None
    hub = Hub(scaffolded, Store(tmp_path / "p.sqlite3"))
    live = create_game(hub, GAME, None, ["human", "human"], seed=11)
    rng = random.Random(5)
    while True:
        for seat in (0, 1):
            for lang in ("en", "pt"):
                body = hub.payload(live, seat, -1, lang)
                assert body["text"] == game.hooks.render_text(body["observation"], lang)
            other = game.hooks.hidden_variant(live.session.state, seat, rng)
            assert body["text"] == game.hooks.render_text(
                game.hooks.observation(other, seat), "pt")
        assert "Suas cartas:" in body["text"]
        if live.session.finished:
            break
        seat = live.session.to_act()[0]
        play(hub, live, seat, rng.choice(live.session.legal_actions(seat)))


def test_a_game_with_its_own_view_is_sent_no_text(client):
    """Koi-Koi draws its observations itself: its payloads carry ``text: null``."""
    created = client.post("/api/games", json={"game": "koikoi", "seats": ["human", "ai:random"]})
    assert created.status_code == 201, created.text
    body = client.get(f"/api/play/{created.json()['id']}?since=-1",
                      headers={"X-Asobi-Token": created.json()["token"]}).json()
    assert body["observation"] and body["text"] is None


# ----------------------------------------------------------------------------- the browser

STATE = """() => ({
  version: document.querySelector('.generic')?.dataset.version,
  choices: document.querySelectorAll('.generic .choice').length,
  over: document.querySelector('#result-banner')?.hidden === false,
})"""


def _settle(page) -> dict[str, Any]:
    """Wait until this seat may move or the result is shown; what the page shows then."""
    page.wait_for_function(
        "() => document.querySelector('.generic .choice')"
        " || document.querySelector('#result-banner')?.hidden === false")
    return page.evaluate(STATE)


def _move(page, press) -> None:
    """Make a move with ``press()`` and wait for the table to show its answer."""
    before = page.evaluate(STATE)["version"]
    press()
    page.wait_for_function("v => document.querySelector('.generic').dataset.version !== v",
                           arg=before)


@pytest.fixture
def contexts(browser) -> Iterator[tuple[Any, list[str]]]:
    """``(open(width, height, lang, phone=False) -> page, errors)``: a page of its own browser
    context, speaking ``lang``; a page's uncaught error fails the test."""
    opened: list[Any] = []
    errors: list[str] = []

    def open_page(width: int, height: int, lang: str, phone: bool = False):
        options: dict[str, Any] = {"viewport": {"width": width, "height": height},
                                   "reduced_motion": "reduce"}
        if phone:
            options.update(is_mobile=True, has_touch=True)
        context = browser.new_context(**options)
        context.add_init_script(
            f"localStorage.setItem('asobi.settings', JSON.stringify({{lang: '{lang}'}}))")
        opened.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield open_page, errors
    for context in opened:
        context.close()
    assert not errors, errors


@needs_chromium
def test_a_new_game_plays_to_the_end_in_the_generic_view(contexts, server):
    open_page, _errors = contexts
    seat = Seat.create(server.url, game=GAME, seats=["human", "ai:random"])
    page = open_page(1280, 900, "en")
    page.goto(seat.address)
    _settle(page)
    first = seat.payload()
    # The text view, as the game draws it, and its moves labelled as the game says them.
    assert page.locator(".generic-text").inner_text() == first["text"]
    assert "Your cards:" in first["text"]
    buttons = page.locator(".generic .choice")
    assert [buttons.nth(i).get_attribute("data-key") for i in range(buttons.count())] == [
        choice["key"] for choice in first["legal"]]
    assert buttons.first.inner_text().endswith(first["legal"][0]["label"])
    assert buttons.first.evaluate("b => b.tagName === 'BUTTON' && b === document.activeElement")
    # The keyboard plays: Enter on the focused first choice, then the game's moves by mouse.
    _move(page, lambda: page.keyboard.press("Enter"))
    page.wait_for_function(  # the page's live region reads the move out
        "() => /You play/.test(document.querySelector('#announcer').textContent)")
    news = page.locator(".generic-news li")
    assert news.count() >= 1
    shot(page, "generic-highcard-desktop")
    moves = 1
    while not _settle(page)["over"]:
        _move(page, lambda: page.locator(".generic .choice").first.click())
        moves += 1
    final = seat.payload()
    assert final["finished"] and moves == 3  # three cards each: a trick per card
    assert page.locator(".generic-choices h2").inner_text() == "The game is over."
    totals = page.locator(".generic-scores tfoot td")
    assert [totals.nth(i).inner_text() for i in range(totals.count())] == [
        str(score) for score in final["result"]["scores"]]
    assert page.locator(".generic-scores tbody tr").count() == 3  # a row per trick
    assert "The game is over" in page.locator("#result-banner").inner_text()
    bad = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in axe_violations(page)
           if v["impact"] in ("serious", "critical")]
    assert not bad, bad
    shot(page, "generic-highcard-over")
    # The replay viewer's payloads carry the same text, step by step.
    record = call(f"{server.url}/api/play/{seat.id}/record", token=seat.token)
    step = call(f"{server.url}/api/replay?lang=en", {"record": record, "step": 1, "seat": 0})
    assert step["text"].startswith("On the table:")


@needs_chromium
def test_a_phone_plays_the_generic_view_in_its_language(contexts, server):
    open_page, _errors = contexts
    seat = Seat.create(server.url, game=GAME, seats=["human", "ai:random"])
    page = open_page(390, 844, "pt", phone=True)
    page.goto(seat.address)
    _settle(page)
    assert "Suas cartas:" in page.locator(".generic-text").inner_text()
    assert page.locator(".generic .choice").first.inner_text().startswith("Jogar ")
    assert page.locator(".generic-choices h2").inner_text() == "Suas opções"
    _move(page, lambda: page.keyboard.press("1"))  # a digit plays the choice of that number
    _settle(page)
    frames(page)
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 0
    assert page.locator(".generic .choice").first.is_visible()
    shot(page, "generic-highcard-phone")
