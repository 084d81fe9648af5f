"""No payload sent to a seat ever holds another seat's hidden cards or the stock order."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from asobi_frontends.web.games import Hub
from asobi_frontends.web.store import Store
from support.web import create_game, need, play

MISSING = re.compile(r'"missing": \[("[^"]*"(, )?)*\]')
"""A yaku-progress ``missing`` list: it names the cards a yaku still needs, wherever those
are, so it says nothing about the hidden cards."""


def sent_text(value: Any) -> str:
    """A payload as the JSON a seat receives, less its ``missing`` lists."""
    return MISSING.sub("", json.dumps(value, ensure_ascii=False))


def named_in(text: str, cards: set[str]) -> set[str]:
    """The ``cards`` that ``text`` (JSON) holds as a string of their own."""
    return {card for card in cards if json.dumps(card) in text}


def koikoi_hidden(state: Any, seat: int) -> set[str]:
    from asobi_koikoi.cards import CARD_IDS, ids_of

    hidden = set(ids_of(state.hands[1 - seat]))
    hidden |= {CARD_IDS[i] for i in state.stock[state.pos:]}
    return hidden


def current_deal(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events since the latest deal: earlier deals' cards may be in new hands now."""
    starts = [i for i, e in enumerate(events) if e.get("type") == "new_round"]
    return events[starts[-1]:] if starts else events


@pytest.mark.slow
def test_koikoi_payloads_never_leak_hidden_cards(web_registry, tmp_path):
    need(web_registry, "koikoi")
    hub = Hub(web_registry, Store(tmp_path / "p.sqlite3"))
    rng = random.Random(2024)
    checked = 0
    for game_no in range(60):
        variant = ["standard", "koikoi-japan", "italian"][game_no % 3]
        live = create_game(hub, "koikoi", variant, ["human", "human"], seed=rng.randrange(10**6))
        since = [-1, -1]
        moves = 0
        while not live.session.finished and moves < 400:
            for seat in (0, 1):
                body = hub.payload(live, seat, since[seat], "en")
                since[seat] = body["version"]
                hidden = koikoi_hidden(live.session.state, seat)
                shown = sent_text({k: v for k, v in body.items() if k != "events"})
                shown += sent_text(current_deal(body["events"]))
                leak = named_in(shown, hidden)
                assert not leak, f"seat {seat} was sent hidden cards {leak}"
                assert not any(e.get("seats") not in (None, [seat]) for e in body["events"])
                checked += 1
            seat = live.session.to_act()[0]
            legal = live.session.legal_actions(seat)
            play(hub, live, seat, rng.choice(legal))
            moves += 1
    assert checked > 1000


@pytest.mark.slow
def test_sakura_payloads_hold_only_what_the_seat_may_know(web_registry, tmp_path):
    """The observation sent is the same whatever the hidden cards are (other hands, picks not
    yet revealed, deck order: dealt again with the game's asobi_resample), the hand is
    the seat's own, and private events reach only their seat."""
    need(web_registry, "sakura")
    hub = Hub(web_registry, Store(tmp_path / "s.sqlite3"))
    game = web_registry.game("sakura")
    rng = random.Random(7)
    for game_no in range(10):
        players = 2 + game_no % 5
        live = create_game(hub, "sakura", None, ["human"] * players, seed=rng.randrange(10**6))
        since = [-1] * players
        moves = 0
        while not live.session.finished and moves < 1500:
            state = live.session.state
            for seat in range(players):
                body = hub.payload(live, seat, since[seat], "en")
                since[seat] = body["version"]
                other = game.hooks.hidden_variant(state, seat, random.Random(moves))
                assert body["observation"] == game.hook.asobi_observation(state=other, seat=seat)
                assert sorted(c["number"] for c in body["observation"]["hand"]) == sorted(
                    state.hands[seat]
                )
                for event in body["events"]:
                    assert event.get("seats") in (None, [seat]), json.dumps(event)
            seat = live.session.to_act()[0]
            play(hub, live, seat, rng.choice(live.session.legal_actions(seat)))
            moves += 1
