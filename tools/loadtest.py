"""Load test of the web server: a steady number of games of random moves, on 127.0.0.1 only.

    .venv/bin/python tools/loadtest.py [--games 200] [--seconds 60] [--game koikoi] [--url URL]

Without ``--url`` it starts ``asobi serve`` in a process of its own (a temporary database, a free
local port, no cap on games per creator) and stops it at the end; with ``--url`` it must be a
loopback address. Each game seats a person (played here at random through the HTTP API, with the
version of the table it saw, after ``--think`` seconds on average) against ``ai:random`` (played
by the server). Whenever a game ends a new one starts, so ``--games`` games are in play until
``--seconds`` have passed.

It reports, as JSON, the server time per move (the ``Server-Timing`` header of each move:
checking, applying, saving, notifying and building the answer; AI thinking excluded) and the
round trip of each move as the client saw it, each as p50/p95/p99, every request that was not
answered with success and, for a server it started, the server's resident memory (``rss_mib``:
at the end, and its peak).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx2

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass
class Tally:
    server_ms: list[float] = field(default_factory=list)
    round_trip_ms: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    started: int = 0
    finished: int = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"p50": None, "p95": None, "p99": None}
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2)

    return {"p50": round(statistics.median(ordered), 2), "p95": at(0.95), "p99": at(0.99)}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def unlimited(*names: str) -> list[str]:
    """``--NAME 0`` for each per-client limit ``asobi serve`` offers among ``names``: the load
    comes from one address, and it measures the server's work, not its limits per client."""
    asobi = Path(sys.executable).parent / "asobi"
    text = subprocess.run([str(asobi), "serve", "--help"], capture_output=True, text=True).stdout
    return [part for name in names if f"--{name} " in text for part in (f"--{name}", "0")]


def start_server(db: Path, games: int) -> tuple[str, subprocess.Popen[str]]:
    port = free_port()
    asobi = Path(sys.executable).parent / "asobi"
    proc = subprocess.Popen(
        [str(asobi), "serve", "--db", str(db), "--port", str(port),
         "--max-games", str(max(1000, games * 4)),
         *unlimited("games-per-creator", "games-per-minute", "requests-per-client")],
        stdout=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "serving on" not in line:
        proc.kill()
        raise SystemExit(f"loadtest: the server did not start: {line.strip()}")
    return f"http://127.0.0.1:{port}", proc


async def one_game(client: httpx2.AsyncClient, url: str, game: str, rng: random.Random,
                   deadline: float, think: float, tally: Tally) -> None:
    seats = ["human", "ai:random"]
    res = await client.post(f"{url}/api/games", json={"game": game, "seats": seats})
    if res.status_code != 201:
        tally.error(f"create {res.status_code}")
        await asyncio.sleep(0.1)
        return
    tally.started += 1
    headers = {"X-Asobi-Token": res.json()["token"]}
    base = f"{url}/api/play/{res.json()['id']}"
    body = (await client.get(base, headers=headers)).json()
    while time.monotonic() < deadline:
        if body["finished"]:
            tally.finished += 1
            return
        if not body["legal"]:
            await asyncio.sleep(0.01)  # the server's AI is moving
            body = (await client.get(f"{base}?since={body['version']}", headers=headers)).json()
            continue
        if think:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)  # a person reading the table
        move = {"index": rng.randrange(len(body["legal"])), "version": body["version"]}
        started = time.perf_counter()
        res = await client.post(f"{base}/act", json=move, headers=headers)
        tally.round_trip_ms.append((time.perf_counter() - started) * 1000)
        if res.status_code != 200:
            tally.error(f"move {res.status_code}")
            body = (await client.get(base, headers=headers)).json()
            continue
        match = re.search(r"dur=([\d.]+)", res.headers.get("server-timing", ""))
        if match:
            tally.server_ms.append(float(match.group(1)))
        body = res.json()


async def keep_playing(client: httpx2.AsyncClient, url: str, game: str, seed: int,
                       deadline: float, think: float, tally: Tally) -> None:
    rng = random.Random(seed)
    while time.monotonic() < deadline:
        try:
            await one_game(client, url, game, rng, deadline, think, tally)
        except (httpx2.HTTPError, ValueError, KeyError) as exc:
            tally.error(type(exc).__name__)


def memory_mib(pid: int) -> dict[str, float | None]:
    """The resident memory of process ``pid`` now and at its peak, in MiB (Linux's /proc)."""
    found: dict[str, float | None] = {"now": None, "peak": None}
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return found
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found["now" if name == "VmRSS" else "peak"] = round(int(value.split()[0]) / 1024, 1)
    return found


async def run(url: str, games: int, seconds: float, game: str, seed: int,
              think: float) -> dict[str, Any]:
    tally = Tally()
    deadline = time.monotonic() + seconds
    limits = httpx2.Limits(max_connections=games + 10, max_keepalive_connections=games + 10,
                           keepalive_expiry=5.0)  # the server keeps idle connections 20 s
    async with httpx2.AsyncClient(timeout=30, limits=limits) as client:
        started = time.monotonic()
        await asyncio.gather(*(keep_playing(client, url, game, seed + i, deadline, think, tally)
                               for i in range(games)))
        elapsed = time.monotonic() - started
        stats = (await client.get(f"{url}/api/stats")).json()
    return {
        "game": game,
        "concurrent_games": games,
        "think_seconds": think,
        "seconds": round(elapsed, 1),
        "games_started": tally.started,
        "games_finished": tally.finished,
        "human_moves": len(tally.server_ms),
        "moves_per_second": round(len(tally.round_trip_ms) / elapsed, 1) if elapsed else None,
        "server_ms": percentiles(tally.server_ms),
        "round_trip_ms": percentiles(tally.round_trip_ms),
        "server_ms_all_moves": {k: stats.get(f"{k}_ms") for k in ("p50", "p95", "p99")},
        "all_moves": stats.get("moves"),
        "errors": tally.errors,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games kept in play at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to keep the load")
    parser.add_argument("--game", default="koikoi")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a player waits before each move (0: as fast as "
                        "the client can: a stress test, where the round trip measures the "
                        "queue rather than the server)")
    parser.add_argument("--url", help="an already running server on this machine")
    args = parser.parse_args(argv)
    if args.games < 1 or not args.seconds > 0 or not args.think >= 0:
        parser.error("--games and --seconds must be above 0, --think 0 or more")
    if args.url and urlparse(args.url).hostname not in LOOPBACK:
        parser.error("--url must be a server on this machine (127.0.0.1 or localhost)")
    proc = None
    url = args.url
    with tempfile.TemporaryDirectory() as tmp:
        if url is None:
            url, proc = start_server(Path(tmp) / "load.sqlite3", args.games)
        try:
            report = asyncio.run(run(url.rstrip("/"), args.games, args.seconds, args.game,
                                     args.seed, args.think))
            if proc is not None:
                report["rss_mib"] = memory_mib(proc.pid)
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=20)
    print(json.dumps(report, indent=1))
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
