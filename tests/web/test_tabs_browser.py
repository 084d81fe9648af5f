"""In the browser: three tabs of one seat share it gracefully (issue 34, finding 6). Each new tab's
update stream ends the seat's oldest one (two a seat); the tab whose stream was ended says so,
offers to take the seat back and stops reconnecting, instead of all three taking it from each
other every second for ever."""

from __future__ import annotations

import time

from support.web import Seat, board, needs_chromium, shot, wait_until

pytestmark = needs_chromium


def test_the_newest_tab_wins_and_an_older_one_waits_to_take_the_seat_back(people, live_server):
    seat = Seat.create(live_server.url, game="nim", seats=["human", "human"])
    hub = live_server.server.config.app.state.hub
    first = people.person()
    tabs = [first, first.context.new_page(), first.context.new_page()]
    streams: dict[int, int] = {0: 0, 1: 0, 2: 0}
    for number, tab in enumerate(tabs):
        if number:
            tab.on("pageerror", lambda e: people.errors.append(str(e)))
        tab.on("request", lambda r, n=number: streams.__setitem__(n, streams[n] + 1)
               if "/stream" in r.url else None)
        tab.goto(seat.address)
        tab.wait_for_selector(".generic .choice")
        wait_until(lambda n=number: len(hub.games[seat.id].listeners) == min(n + 1, 2))

    # The third tab ended the first one's stream: the first says so and waits.
    first.wait_for_selector("#play-here", timeout=10_000)
    assert "another tab" in first.locator(".seat-notice").inner_text()
    shot(first, "seat-open-elsewhere")
    for tab in tabs[1:]:
        assert not tab.locator(".seat-notice").is_visible()
    asked = dict(streams)
    time.sleep(2.5)  # more than the page's retry delay: nobody takes the seat from anyone
    assert streams == asked, (asked, streams)
    assert not tabs[1].locator("#play-here").is_visible()

    # Taking the seat back on the first tab ends the oldest of the others (the second).
    first.click("#play-here")
    tabs[1].wait_for_selector("#play-here", timeout=10_000)
    assert not first.locator(".seat-notice").is_visible()
    before = board(first)
    seat.act(seat.payload())  # a move from elsewhere reaches the tabs that follow the seat
    for tab in (first, tabs[2]):
        tab.wait_for_function("b => document.querySelector('.generic-board').innerText !== b",
                              arg=before, timeout=10_000)
    assert board(tabs[1]) == before
