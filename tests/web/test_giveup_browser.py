"""In the browser: a seat is its holder's (issue 20, finding 3). The creator's Table control
offers no "Invite again" for a seat a friend holds; the friend gives the seat up from their
own page and gets the link to hand on; the table sees the seat free; a newcomer takes it."""

from __future__ import annotations

from support.web import (
    create_with_a_friend,
    full_shot,
    move,
    my_turn,
    needs_chromium,
    stored_text,
    token_of,
)

pytestmark = needs_chromium


def test_only_the_friend_gives_up_their_seat(people, live_server):
    creator = people.person()
    link = create_with_a_friend(creator, live_server)
    creator.click("#go-to-seat")
    creator.wait_for_url("**/#/play/**")
    friend = people.person()
    friend.goto(link)
    friend.wait_for_selector(".chip.me[data-seat='1']")
    friend_token = token_of(friend)
    move(creator)
    move(friend)
    creator.wait_for_selector(".chip[data-seat='1']:not(.unclaimed)")

    # The creator's Table control: the friend's seat is theirs, no "Invite again" for it.
    creator.click("#table-button")
    creator.wait_for_selector(".table-dialog[open] .table-seat[data-seat='1']")
    assert creator.locator(".table-seat[data-seat='1'] .reinvite").count() == 0
    assert creator.locator(".table-seat[data-seat='1'] .seat-held").is_visible()
    full_shot(creator, "table-seat-held")
    creator.keyboard.press("Escape")

    # The friend gives the seat up from their own page and gets a link to hand on.
    friend.click("#giveup-button")
    friend.wait_for_selector(".giveup-dialog[open] .confirm-giveup")
    friend.click(".confirm-giveup")
    field = friend.locator(".giveup-dialog .invite-link")
    field.wait_for()
    handed_on = field.input_value()
    assert handed_on.startswith(live_server.url + "/#/join/") and handed_on != link
    full_shot(friend, "seat-given-up")
    assert friend.locator(".seat-notice").is_visible()
    assert friend_token not in stored_text(friend)  # the dead token is forgotten
    creator.wait_for_selector(".chip.unclaimed[data-seat='1']")

    # Whoever opens the link handed on plays seat 2.
    newcomer = people.person()
    newcomer.goto(handed_on)
    newcomer.wait_for_selector(".chip.me[data-seat='1']")
    assert token_of(newcomer) != friend_token
    my_turn(creator)
    move(creator)
    move(newcomer)
