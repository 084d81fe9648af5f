"""Browser tests of fair play between people: invitation links, one seat per browser, the table
owner's "Invite again", stale moves (409) and the club passphrase.

Several Playwright browser contexts stand for several people (each context has its own
localStorage and sessionStorage). Screenshots go to tests/_artifacts/screenshots/.
"""

from __future__ import annotations

import json
import re
from typing import Any

from support.web import (
    board,
    create_with_a_friend,
    full_shot,
    move,
    my_turn,
    needs_chromium,
    storage,
    stored_text,
    token_of,
)

pytestmark = needs_chromium


def test_two_people_play_and_the_owner_invites_again(people, live_server):
    creator = people.person()
    link = create_with_a_friend(creator, live_server)
    assert link.startswith(live_server.url + "/#/join/"), link
    code = link.rsplit("/", 1)[1]
    full_shot(creator, "invitations")
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
    full_shot(stranger, "join-refused")

    # The friend's seat is theirs (issue 20): the Table control has no "Invite again" for it.
    # Giving a held seat up is the friend's own choice (tests/web/test_giveup_browser.py).
    creator.click("#table-button")
    creator.wait_for_selector(".table-dialog[open] .table-seat[data-seat='1']")
    assert creator.locator(".table-seat[data-seat='0'] .reinvite").count() == 0  # own seat
    assert creator.locator(".table-seat[data-seat='1'] .reinvite").count() == 0  # the friend's
    assert creator.locator(".table-seat[data-seat='1'] .seat-held").is_visible()
    full_shot(creator, "table-control")
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
