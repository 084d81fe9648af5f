"""One payload per (version, seat), legality checked once (issue 19, item 1, the web part).

The mover's answer and its own update stream send the same payload, built once; a move by
number is read from the legal actions the player was shown and checked once, by the session.
"""

from __future__ import annotations

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
