"""Browser tests of fair play between people: invitation links, one seat per browser, the table
owner's "Invite again", stale moves (409) and the club passphrase.

Several Playwright browser contexts stand for several people (each context has its own
localStorage and sessionStorage). Screenshots go to tests/_artifacts/screenshots/.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from support.web import SHOTS, needs_chromium

pytestmark = needs_chromium

STORAGE = """() => {
  const dump = (store) => Object.fromEntries(
    Array.from({ length: store.length }, (_, i) => store.key(i)).map((k) => [k, store.getItem(k)]));
  return { local: dump(localStorage), session: dump(sessionStorage) };
}"""


class People:
    """Opens one browser context per person and checks none of their pages raised."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def person(self) -> Any:
        context = self.browser.new_context(
            viewport={"width": 1280, "height": 900}, reduced_motion="reduce"
        )
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def people(browser):
    crowd = People(browser)
    yield crowd
    crowd.close()
    assert not crowd.errors, crowd.errors


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def storage(page: Any) -> dict[str, dict[str, str]]:
    return page.evaluate(STORAGE)


def stored_text(page: Any) -> str:
    """Every key and value of the page's localStorage and sessionStorage, as one string."""
    return json.dumps(storage(page))


def token_of(page: Any) -> str:
    match = re.search(r"#/play/([^/]+)/([^/?#]+)$", page.url)
    assert match, page.url
    return match.group(2)


def my_turn(page: Any, timeout: float = 15_000) -> None:
    page.wait_for_selector(".generic .choice", timeout=timeout)


def board(page: Any) -> str:
    return page.locator(".generic-board").inner_text()


def move(page: Any) -> None:
    """Take the first choice with the keyboard and wait until the board changed."""
    my_turn(page)
    before = board(page)
    page.keyboard.press("1")
    page.wait_for_function(
        "b => document.querySelector('.generic-board').innerText !== b", arg=before,
        timeout=10_000,
    )


def create_with_a_friend(page: Any, server: Any, hints: bool = False) -> str:
    """From the lobby: Nim, seat 1 "You", seat 2 "A friend"; returns the invitation URL."""
    page.goto(server.url + "/")
    page.wait_for_selector(".game-choice")
    page.click(".game-choice[data-game=nim]")
    assert page.locator("#lobby-hints").count() == 0  # one person: hints are always on
    page.select_option(".seat-select[data-seat='1']", "human")
    hint_box = page.locator("#lobby-hints")
    assert hint_box.is_visible() and not hint_box.is_checked()  # off by default
    if hints:
        hint_box.check()
    page.click("#start-game")
    page.wait_for_selector(".invitations .invite-link")
    links = page.locator(".invitations .invite-link")
    assert links.count() == 1
    return links.first.input_value()


def test_two_people_play_and_the_owner_invites_again(people, live_server):
    creator = people.person()
    link = create_with_a_friend(creator, live_server)
    assert link.startswith(live_server.url + "/#/join/"), link
    code = link.rsplit("/", 1)[1]
    shot(creator, "invitations")
    assert creator.locator(".invite[data-seat='1'] .copy-link").is_visible()

    # The creator's browser keeps its own seat token and the owner key, nothing else.
    saved = json.loads(storage(creator)["local"]["asobi.games"])
    assert len(saved) == 1
    entry = saved[0]
    assert entry["seat"] == 0 and entry["token"] and entry["owner"]
    assert code not in stored_text(creator)  # the invitation is shown, never stored

    creator.click("#go-to-seat")
    creator.wait_for_url("**/#/play/**")
    assert token_of(creator) == entry["token"]
    creator.wait_for_selector(".chip.unclaimed[data-seat='1']")  # the friend has not joined yet
    # Hints are off at this table: no hint button, a note instead, and H does nothing.
    assert not creator.locator("#hint-button").is_visible()
    assert creator.locator("#hints-off").is_visible()
    my_turn(creator)
    creator.keyboard.press("h")
    creator.wait_for_timeout(400)
    assert creator.locator(".toast.hint").count() == 0

    # The friend opens the link in another browser and gets seat 2.
    friend = people.person()
    friend.goto(link)
    friend.wait_for_url("**/#/play/**")
    assert "/join/" not in friend.url
    friend_token = token_of(friend)
    assert friend_token != entry["token"]
    friend.wait_for_selector(".chip.me[data-seat='1']")
    friend_saved = json.loads(storage(friend)["local"]["asobi.games"])
    assert [(g["seat"], g["token"], g.get("owner")) for g in friend_saved] == [
        (1, friend_token, None)
    ]
    assert friend_token not in stored_text(creator)
    assert entry["owner"] not in stored_text(friend)

    # Both play, each on their own turn; the other page follows through the stream.
    move(creator)
    move(friend)
    move(creator)
    creator.wait_for_selector(".chip[data-seat='1']:not(.unclaimed)")
    assert friend_token not in stored_text(creator)

    # A third person with the same link is refused: it was already used.
    stranger = people.person()
    stranger.goto(link)
    stranger.wait_for_selector("text=This invitation was already used")
    assert "/play/" not in stranger.url
    assert stranger.locator("#back-to-lobby").is_visible()
    assert friend_token not in stored_text(stranger)
    shot(stranger, "join-refused")

    # The friend's seat is theirs (issue 20): the Table control has no "Invite again" for it.
    # Giving a held seat up is the friend's own choice (tests/web/test_giveup_browser.py).
    creator.click("#table-button")
    creator.wait_for_selector(".table-dialog[open] .table-seat[data-seat='1']")
    assert creator.locator(".table-seat[data-seat='0'] .reinvite").count() == 0  # own seat
    assert creator.locator(".table-seat[data-seat='1'] .reinvite").count() == 0  # the friend's
    assert creator.locator(".table-seat[data-seat='1'] .seat-held").is_visible()
    shot(creator, "table-control")
    creator.keyboard.press("Escape")
    move(friend)
    my_turn(creator)


def test_a_browser_with_a_seat_does_not_spend_a_friends_link(people, live_server):
    creator = people.person()
    link = create_with_a_friend(creator, live_server, hints=True)
    creator.click("#go-to-seat")
    creator.wait_for_url("**/#/play/**")
    creator.locator("#hint-button").wait_for(state="visible")  # hints allowed at this table
    assert not creator.locator("#hints-off").is_visible()
    mine = token_of(creator)
    creator.goto(link)
    creator.wait_for_selector("text=You already have a seat at this game")
    assert creator.locator("#claim-anyway").is_visible()
    creator.click("#go-to-seat")
    creator.wait_for_url("**/#/play/**")
    assert token_of(creator) == mine
    my_turn(creator)
    creator.keyboard.press("h")  # hints are on at this table: H asks for one
    creator.wait_for_selector(".toast.hint")
    # The invitation was not spent: the friend can still take the seat.
    friend = people.person()
    friend.goto(link)
    friend.wait_for_selector(".chip.me[data-seat='1']")


def test_an_organiser_without_a_seat_can_invite_again(people, live_server):
    organiser = people.person()
    organiser.goto(live_server.url + "/")
    organiser.wait_for_selector(".game-choice")
    organiser.click(".game-choice[data-game=nim]")
    organiser.select_option(".seat-select[data-seat='1']", "human")
    organiser.select_option(".seat-select[data-seat='0']", "human")  # nobody is "You"
    assert organiser.locator("#seat-note").is_visible()
    organiser.click("#start-game")
    organiser.wait_for_selector(".invitations .invite-link")
    assert organiser.locator(".invitations .invite-link").count() == 2
    saved = json.loads(storage(organiser)["local"]["asobi.games"])
    assert [(g["token"], g["seat"], bool(g["owner"])) for g in saved] == [(None, None, True)]
    organiser.click("#go-to-table")
    organiser.wait_for_selector(".organiser .table-seat[data-seat='1'] .reinvite")
    organiser.click(".table-seat[data-seat='1'] .reinvite")
    organiser.click(".confirm-reinvite")
    organiser.wait_for_selector(".table-seat[data-seat='1'] .reinvite-result .invite-link")
    organiser.goto(live_server.url + "/")
    organiser.wait_for_selector("text=organiser")


def test_a_stale_move_draws_the_current_table(people, live_server):
    """Two tabs of the same seat; the second misses the update and moves: 409, redrawn."""
    first = people.person()
    first.goto(live_server.url + "/")
    first.wait_for_selector(".game-choice")
    first.click(".game-choice[data-game=nim]")
    first.click("#start-game")
    first.wait_for_url("**/#/play/**")
    my_turn(first)
    second = first.context.new_page()
    second.on("pageerror", lambda e: people.errors.append(str(e)))
    second.route("**/api/play/*/stream?*", lambda route: route.abort())  # this tab hears nothing
    second.goto(first.url)
    my_turn(second)
    stale = board(second)
    move(first)  # the AI answers at once: the second tab is now two versions behind
    my_turn(first)
    assert board(second) == stale
    assert second.locator(".generic .choice").count() > 1
    second.keyboard.press("2")  # a different move than the first tab made
    second.wait_for_selector(".toast.error")
    second.wait_for_function(
        "b => document.querySelector('.generic-board').innerText !== b", arg=stale
    )
    assert board(second) == board(first)


def test_the_club_passphrase_is_asked_and_sent(people, live_server):
    page = people.person()
    sent: dict[str, Any] = {}

    def fake_club(route: Any) -> None:
        if route.request.method == "GET":
            response = route.fetch()
            data = response.json()
            data["club_key_required"] = True
            route.fulfill(response=response, json=data)
        else:
            sent.update(route.request.headers)
            route.continue_()

    page.route(re.compile(r".*/api/games(\?.*)?$"), fake_club)  # ?lang=... asks in a language
    page.goto(live_server.url + "/")
    field = page.locator("#lobby-club-key")
    field.wait_for()
    assert field.get_attribute("type") == "password"
    field.fill("plum blossom")
    page.click(".game-choice[data-game=nim]")
    page.click("#start-game")
    page.wait_for_url("**/#/play/**")
    # percent-encoded UTF-8: the one form in which a page can send any passphrase (kana too)
    assert sent.get("x-asobi-club-key") == "plum%20blossom"
    kept = storage(page)
    assert kept["session"].get("asobi.clubKey") == "plum blossom"
    assert "plum blossom" not in json.dumps(kept["local"])


def test_seat_tokens_never_reach_a_url(people, live_server):
    page = people.person()
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(live_server.url + "/")
    page.wait_for_selector(".game-choice")
    page.click(".game-choice[data-game=nim]")
    page.click("#start-game")
    page.wait_for_url("**/#/play/**")
    token = token_of(page)
    move(page)
    page.wait_for_timeout(300)
    api = [u for u in urls if "/api/" in u]
    assert any("/stream" in u for u in api)
    assert not [u for u in api if token in u]
