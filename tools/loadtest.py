"""Load test of the web frontend: many concurrent games of random moves on 127.0.0.1.

    .venv/bin/python tools/loadtest.py [--games 50] [--seconds 60] [--game koikoi] [--url URL]

Without ``--url`` it starts its own server (uvicorn, a temporary SQLite file) on a free local
port and stops it at the end. Each game seats a human (played here at random through the HTTP
API) against ``ai:random`` (played by the server). It stops when every game is over or the
time is up, and prints the server time per move (from the ``Server-Timing`` header: applying,
saving and notifying; AI thinking excluded) and the round-trip time of each request.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def start_server(db: Path) -> tuple[str, Any, threading.Thread]:
    import uvicorn

    from asobi.registry import discover
    from asobi_frontends.web.app import create_app
    from asobi_frontends.web.store import Store

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    registry = discover()
    app = create_app(registry, Store(db))
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                       timeout_graceful_shutdown=1)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server, thread


async def one_game(client: httpx.AsyncClient, url: str, game: str, seed: int, deadline: float,
                   server_ms: list[float], round_trip_ms: list[float]) -> bool:
    rng = random.Random(seed)
    res = await client.post(f"{url}/api/games",
                            json={"game": game, "seats": ["human", "ai:random"], "seed": seed})
    res.raise_for_status()
    created = res.json()
    token = created["seats"][0]["token"]
    headers = {"X-Asobi-Token": token}
    base = f"{url}/api/play/{created['id']}"
    while time.monotonic() < deadline:
        body = (await client.get(base, headers=headers)).json()
        if body["finished"]:
            return True
        if not body["legal"]:
            await asyncio.sleep(0.005)  # the server's AI is moving
            continue
        index = rng.randrange(len(body["legal"]))
        started = time.perf_counter()
        res = await client.post(f"{base}/act", json={"index": index, "since": body["version"]},
                                headers=headers)
        round_trip_ms.append((time.perf_counter() - started) * 1000)
        if res.status_code != 200:
            raise RuntimeError(f"move refused: {res.status_code} {res.text}")
        match = re.search(r"dur=([\d.]+)", res.headers.get("server-timing", ""))
        if match:
            server_ms.append(float(match.group(1)))
    return False


async def run(url: str, games: int, seconds: float, game: str) -> dict[str, Any]:
    server_ms: list[float] = []
    round_trip_ms: list[float] = []
    deadline = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=games + 10)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        started = time.monotonic()
        done = await asyncio.gather(*(
            one_game(client, url, game, 1000 + i, deadline, server_ms, round_trip_ms)
            for i in range(games)
        ))
        elapsed = time.monotonic() - started
        stats = (await client.get(f"{url}/api/stats")).json()
    return {
        "game": game,
        "games": games,
        "finished": sum(done),
        "seconds": round(elapsed, 1),
        "human_moves": len(server_ms),
        "server_ms_p50": round(statistics.median(server_ms), 2) if server_ms else None,
        "server_ms_p95": round(percentile(server_ms, 0.95), 2),
        "server_ms_p95_all_moves": stats.get("p95_ms"),
        "all_moves": stats.get("moves"),
        "round_trip_ms_p95": round(percentile(round_trip_ms, 0.95), 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0, help="stop after this long")
    parser.add_argument("--game", default="koikoi")
    parser.add_argument("--url", help="an already running server (default: start one)")
    args = parser.parse_args(argv)
    server = thread = None
    url = args.url
    with tempfile.TemporaryDirectory() as tmp:
        if url is None:
            url, server, thread = start_server(Path(tmp) / "load.sqlite3")
        try:
            report = asyncio.run(run(url.rstrip("/"), args.games, args.seconds, args.game))
        finally:
            if server is not None and thread is not None:
                server.should_exit = True
                thread.join(timeout=10)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
