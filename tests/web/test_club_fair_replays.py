"""Replays are shared fairly between client addresses (issue 34, finding 3): one address keeping
dozens of replays of a long record in flight does not hold up another address's replay.

A live server (in this process) with two replay threads; the attacker asks from 127.0.0.2, the
bystander from 127.0.0.3. Each replay is made to take 50 ms more (as a long record's would), so
that the flood is still waiting when the bystander asks, however fast this machine is.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from pathlib import Path

from asobi_frontends.web import replay as replay_route
from support.web import TEST_OPTIONS, LiveServer

RECORD = Path(__file__).resolve().parents[1] / "sakura" / "records" / "six-players-seeded.json"
FLOOD = 24


async def replay(port: int, source: str, body: bytes) -> tuple[int, float]:
    """One ``POST /api/replay`` from ``source``: its status and when its answer ended."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    writer.write(b"POST /api/replay HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                 b"Content-Type: application/json\r\nContent-Length: "
                 + str(len(body)).encode() + b"\r\n\r\n" + body)
    answer = await reader.read()
    writer.close()
    return int(answer.split(b" ", 2)[1] or 0), time.monotonic()


def test_one_address_flooding_replays_does_not_hold_up_another(web_registry, tmp_path,
                                                              monkeypatch):
    quick = replay_route.replay_payload

    def long_replay(*args, **kwargs):
        time.sleep(0.05)
        return quick(*args, **kwargs)

    monkeypatch.setattr(replay_route, "replay_payload", long_replay)
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    long_one = json.dumps({"record": record, "step": len(record["moves"])}).encode()
    tiny = json.dumps({"record": {**record, "moves": record["moves"][:1]}}).encode()
    options = dataclasses.replace(TEST_OPTIONS, hint_threads=2)
    server = LiveServer(web_registry, tmp_path / "replays.sqlite3", options=options)
    server.start()

    async def attack() -> tuple[list[tuple[int, float]], tuple[int, float]]:
        flood = [asyncio.create_task(replay(server.port, "127.0.0.2", long_one))
                 for _ in range(FLOOD)]
        await asyncio.sleep(0.2)  # the flood is in: most of it waits for a thread
        mine = await replay(server.port, "127.0.0.3", tiny)
        return await asyncio.gather(*flood), mine

    try:
        flood, (status, done) = asyncio.run(attack())
    finally:
        server.stop()
    assert status == 200 and all(code == 200 for code, _ in flood)
    after = sum(1 for _, end in flood if end > done)
    # Before: the bystander waited behind every replay of the flood (after == 0); now it waits
    # for at most the one replay of the flood that holds a thread (and those that end with it).
    assert after >= FLOOD // 2, f"only {after} of {FLOOD} replays of the flood ended after it"
