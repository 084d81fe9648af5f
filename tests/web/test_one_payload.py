"""One payload per (version, seat), legality checked once (issue 19, item 1, the web part).

The mover's answer and its own update stream send the same payload, built once; a move by
number is read from the legal actions the player was shown and checked once, by the session.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import asobi_frontends.web.live as live_module
from support.api import seat_get, start


def counting(monkeypatch, obj: Any, name: str, counter: Counter[str]) -> None:
    original = getattr(obj, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        counter[name] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(obj, name, counted)


def test_the_movers_answer_and_its_stream_share_one_payload(client, monkeypatch):
    created = start(client, seats=("human", "human"))
    gid, tokens = created["id"], created["tokens"]
    hub = client.app.state.hub
    live = hub.games[gid]
    built: Counter[str] = Counter()
    counting(monkeypatch, live_module, "build_payload", built)
    shown = seat_get(client, gid, tokens[0])
    again = seat_get(client, gid, tokens[0])
    assert shown == again and built["build_payload"] == 1  # the same version, the same text
    res = client.post(f"/api/play/{gid}/act?lang=en", json={"index": 0, "version": 0},
                      headers={"X-Asobi-Token": tokens[0]})
    assert res.status_code == 200 and built["build_payload"] == 2
    # What the mover's stream sends next (since version 0) is that very payload.
    streamed = hub.built(live, 0, 0, "en")
    assert streamed.text == res.text and built["build_payload"] == 2
    # Another seat, another language: payloads of their own.
    assert hub.payload(live, 1, 0, "en")["seat"] == 1
    assert hub.payload(live, 0, 0, "ja")["seat"] == 0
    assert built["build_payload"] == 4


def test_a_move_lists_the_legal_actions_once(client, monkeypatch):
    created = start(client, seats=("human", "human"))
    gid, tokens = created["id"], created["tokens"]
    hooks = client.app.state.hub.games[gid].session.game.hooks
    body = seat_get(client, gid, tokens[0])  # the choices the player is shown
    calls: Counter[str] = Counter()
    for name in ("legal_actions", "to_act", "observation"):
        counting(monkeypatch, hooks, name, calls)
    res = client.post(f"/api/play/{gid}/act", json={"index": 1, "version": body["version"]},
                      headers={"X-Asobi-Token": tokens[0]})
    assert res.status_code == 200 and res.json()["version"] == 1
    # Checked once, by the session; the hub read choice 1 from what it had shown.
    assert calls["legal_actions"] == 1
    # The session asks who acts three times (over? whose turn? over now?), the hub once.
    assert calls["to_act"] <= 4
    assert calls["observation"] == 1  # the mover's new payload
    wrong = client.post(f"/api/play/{gid}/act", json={"index": 0, "version": 1},
                        headers={"X-Asobi-Token": tokens[0]})
    assert wrong.status_code == 400 and "not your turn" in wrong.json()["error"]


def played(client, moves: int) -> tuple[str, list[str], Any]:
    """A Koi-Koi game of two people, ``moves`` moves in: its id, tokens and live game. A table
    with an invitation takes no chosen seed, and about one deal in 150 ends the game at once
    (a hand dealt with a yaku): such a table is set aside for another."""
    for _ in range(20):
        created = start(client, game="koikoi", seats=("human", "human"))
        gid, tokens = created["id"], created["tokens"]
        live = client.app.state.hub.games[gid]
        for _ in range(moves):
            if not live.acting():
                break
            seat = live.acting()[0]
            res = client.post(f"/api/play/{gid}/act",
                              json={"index": 0, "version": live.version},
                              headers={"X-Asobi-Token": tokens[seat]})
            assert res.status_code == 200, res.text
        else:
            return gid, tokens, live
    raise AssertionError(f"twenty games in a row ended before {moves} moves")


def test_since_and_lang_cannot_make_payloads_past_the_cache(client, monkeypatch):
    """Issue 34, finding 4: every negative ``since`` means "everything" and every one past the
    version "nothing new", and an unknown language is the server's: a flood of queries
    builds one payload of each."""
    gid, tokens, live = played(client, 6)
    built: Counter[str] = Counter()
    monkeypatch.setattr(live_module.Draft, "finish", counted_finish(built))
    counting(monkeypatch, live_module, "build_payload", built)
    headers = {"X-Asobi-Token": tokens[0]}
    texts = set()
    for since in [-1, -2, -7, -10**18, *range(-60, -1)]:
        res = client.get(f"/api/play/{gid}?since={since}&lang=en", headers=headers)
        assert res.status_code == 200 and res.json()["since"] == -1
        texts.add(res.text)
    for since in [live.version, live.version + 1, 10**18]:
        for lang in ["en", "xx", "en-US", "", "x" * 500]:
            res = client.get(f"/api/play/{gid}?since={since}&lang={lang}", headers=headers)
            assert res.status_code == 200 and res.json()["since"] == live.version
    assert len(texts) == 1
    assert built["finish"] + built["build_payload"] == 2, built


def counted_finish(counter: Counter[str]) -> Any:
    original = live_module.Draft.finish

    def finish(self: Any) -> Any:
        counter["finish"] += 1
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            counter["off-loop"] += 1
        return original(self)

    return finish


def test_a_payload_telling_many_moves_is_built_off_the_event_loop(client, monkeypatch):
    """A page opening a long game (``since=-1``) has its payload built in a worker thread;
    the payload after a move, on the loop (cheaper than a thread)."""
    gid, tokens, live = played(client, live_module.CATCH_UP_ON_LOOP + 3)
    calls: Counter[str] = Counter()
    monkeypatch.setattr(live_module.Draft, "finish", counted_finish(calls))
    whole = seat_get(client, gid, tokens[0])
    assert calls == {"finish": 1, "off-loop": 1}
    assert len(whole["events"]) >= live_module.CATCH_UP_ON_LOOP + 3 and whole["narration"]
    # the same text as one built on the loop would be
    assert whole == live_module.build_payload(live, 0, -1, "en")
    seat_get(client, gid, tokens[0], since=live.version - 1)
    assert calls["finish"] == 1
