"""Hint flood: does one client's hint work delay another client's AI? On 127.0.0.1 only.

    .venv/bin/python tools/hintflood.py [--tables 20] [--seconds 60] [--warmup 10] [--url URL]

Without ``--url`` it starts ``asobi serve`` in a process of its own (a temporary database, a
free local port, the server's default limits) and stops it at the end; with ``--url`` it must
be a loopback address.

The flooder (one client address, 127.0.0.1) creates ``--tables`` six-seat Sakura tables with
hints on, claims every seat, and from then on asks for a hint for every seat as fast as the
server answers (the game's strongest level), each seat making a random move after its hint so
that the next hint is a new position (a seat whose turn it is not looks again every half
second). The bystander (another address, 127.0.0.2) plays Koi-Koi against ``ai:random``: it
makes a random move and times how long the server's AI takes to answer (until its own seat may
act again, read from its update stream).

It reports, as JSON, the bystander's AI answer times and the round trips of its own moves
(p50/p95/max, in ms) measured after ``--warmup`` seconds of flood, and the flooder's hint
answers by status. Run it once with no
flood (``--tables 0``) for the baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
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

sys.path.insert(0, str(Path(__file__).resolve().parent))

from loadtest import LOOPBACK, free_port, memory_mib, unlimited  # noqa: E402

FLOODER = "127.0.0.1"
BYSTANDER = "127.0.0.2"


@dataclass
class Tally:
    ai_ms: list[float] = field(default_factory=list)
    move_ms: list[float] = field(default_factory=list)
    hint_ms: list[float] = field(default_factory=list)
    hints: dict[str, int] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)

    def count(self, table: dict[str, int], what: str) -> None:
        table[what] = table.get(what, 0) + 1


def summary(values: list[float]) -> dict[str, float | int | None]:
    if not values:
        return {"n": 0, "p50": None, "p95": None, "max": None}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return {"n": len(ordered), "p50": round(statistics.median(ordered), 1),
            "p95": round(p95, 1), "max": round(ordered[-1], 1)}


def start_server(db: Path) -> tuple[str, subprocess.Popen[str]]:
    port = free_port()
    asobi = Path(sys.executable).parent / "asobi"
    proc = subprocess.Popen(
        # One client makes its tables at once: the flood measures hints, not the creation rate.
        [str(asobi), "serve", "--db", str(db), "--port", str(port),
         *unlimited("games-per-minute")],
        stdout=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "serving on" not in line:
        proc.kill()
        raise SystemExit(f"hintflood: the server did not start: {line.strip()}")
    return f"http://127.0.0.1:{port}", proc


async def table(client: httpx2.AsyncClient, url: str) -> tuple[str, list[str]]:
    """A six-seat Sakura table with hints on, every seat claimed: its id and the tokens (a
    server that limits how many games one address starts a minute is waited for)."""
    while True:
        res = await client.post(f"{url}/api/games",
                                json={"game": "sakura", "seats": ["human"] * 6, "hints": True})
        if res.status_code != 429 or "minute" not in res.text:
            break
        await asyncio.sleep(5)
    res.raise_for_status()
    created = res.json()
    tokens = [""] * 6
    tokens[created["seat"]] = created["token"]
    for invitation in created["invitations"]:
        claim = await client.post(f"{url}/api/join/{created['id']}",
                                  json={"code": invitation["code"]})
        claim.raise_for_status()
        tokens[claim.json()["seat"]] = claim.json()["token"]
    return created["id"], tokens


async def flood_seat(client: httpx2.AsyncClient, base: str, token: str, rng: random.Random,
                     stop: float, tally: Tally) -> None:
    headers = {"X-Asobi-Token": token}
    while time.monotonic() < stop:
        try:
            started = time.perf_counter()
            res = await client.get(f"{base}/hint", headers=headers)
            tally.count(tally.hints, str(res.status_code))
            if res.status_code == 200:
                tally.hint_ms.append((time.perf_counter() - started) * 1000)
            elif res.status_code in (429, 409):
                await asyncio.sleep(0.05)  # refused: ask again at once, as a flood does
            body = (await client.get(base, headers=headers)).json()
            if body.get("finished"):
                return
            if body.get("legal"):
                move = {"index": rng.randrange(len(body["legal"])), "version": body["version"]}
                await client.post(f"{base}/act", json=move, headers=headers)
            else:
                await asyncio.sleep(0.5)  # the others still choose: look again soon
        except (httpx2.HTTPError, ValueError, KeyError) as exc:
            tally.count(tally.errors, f"flood {type(exc).__name__}")
            await asyncio.sleep(0.1)


async def bystander(url: str, rng: random.Random, measure_from: float, stop: float,
                    tally: Tally) -> None:
    """Koi-Koi against ai:random, game after game, timing each answer of the AI."""
    transport = httpx2.AsyncHTTPTransport(local_address=BYSTANDER)
    async with httpx2.AsyncClient(transport=transport, timeout=120) as client:
        while time.monotonic() < stop:
            res = await client.post(f"{url}/api/games",
                                    json={"game": "koikoi", "seats": ["human", "ai:random"]})
            if res.status_code != 201:
                tally.count(tally.errors, f"bystander create {res.status_code}")
                await asyncio.sleep(1)
                continue
            base = f"{url}/api/play/{res.json()['id']}"
            headers = {"X-Asobi-Token": res.json()["token"]}
            await one_game(client, base, headers, rng, measure_from, stop, tally)


async def one_game(client: httpx2.AsyncClient, base: str, headers: dict[str, str],
                   rng: random.Random, measure_from: float, stop: float, tally: Tally) -> None:
    payloads: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def follow() -> None:
        async with client.stream("GET", f"{base}/stream", headers=headers) as events:
            async for line in events.aiter_lines():
                if line.startswith("data:"):
                    payloads.put_nowait(json.loads(line[5:]))

    reader = asyncio.create_task(follow())
    try:
        async def newer(version: int) -> dict[str, Any]:
            """The next payload of the stream after ``version`` (older ones are skipped)."""
            while True:
                payload = await payloads.get()
                if payload["version"] > version:
                    return payload

        body = await newer(-1)
        while time.monotonic() < stop and not body["finished"]:
            while not body["legal"] and not body["finished"]:
                body = await newer(body["version"])  # the AI opens the game, or still moves
            if body["finished"]:
                break
            move = {"index": rng.randrange(len(body["legal"])), "version": body["version"]}
            sent = time.perf_counter()
            res = await client.post(f"{base}/act", json=move, headers=headers)
            if time.monotonic() >= measure_from:
                tally.move_ms.append((time.perf_counter() - sent) * 1000)
            if res.status_code != 200:
                tally.count(tally.errors, f"bystander move {res.status_code}")
                body = (await client.get(base, headers=headers)).json()
                continue
            acked = time.perf_counter()
            body = res.json()
            if body["legal"] or body["finished"]:
                continue  # the same seat moves again (a choice after a capture): no AI turn
            while True:
                body = await newer(body["version"])
                if body["legal"] or body["finished"]:
                    break
            if time.monotonic() >= measure_from:
                tally.ai_ms.append((time.perf_counter() - acked) * 1000)
    finally:
        reader.cancel()
        try:
            await reader
        except (asyncio.CancelledError, httpx2.HTTPError):
            pass


async def run(url: str, tables: int, seconds: float, warmup: float) -> dict[str, Any]:
    tally = Tally()
    rng = random.Random(1)
    limits = httpx2.Limits(max_connections=tables * 6 + 10,
                           max_keepalive_connections=tables * 6 + 10)
    async with httpx2.AsyncClient(timeout=300, limits=limits) as client:
        made = [await table(client, url) for _ in range(tables)]
        start = time.monotonic()
        stop = start + warmup + seconds
        work = [flood_seat(client, f"{url}/api/play/{gid}", token, random.Random(i * 7 + s),
                           stop, tally)
                for i, (gid, tokens) in enumerate(made) for s, token in enumerate(tokens)]
        await asyncio.gather(bystander(url, rng, start + warmup, stop, tally), *work)
    return {
        "flood_tables": tables,
        "seconds": seconds,
        "warmup": warmup,
        "bystander_ai_answer_ms": summary(tally.ai_ms),
        "bystander_move_round_trip_ms": summary(tally.move_ms),
        "flood_hint_ms": summary(tally.hint_ms),
        "flood_hint_answers": tally.hints,
        "errors": tally.errors,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="six-seat tables of the flooder")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to measure")
    parser.add_argument("--warmup", type=float, default=10.0, help="flood before measuring")
    parser.add_argument("--url", help="an already running server on this machine")
    args = parser.parse_args(argv)
    if args.tables < 0 or not args.seconds > 0 or args.warmup < 0:
        parser.error("--tables 0 or more, --seconds above 0, --warmup 0 or more")
    if args.url and urlparse(args.url).hostname not in LOOPBACK:
        parser.error("--url must be a server on this machine (127.0.0.1 or localhost)")
    proc = None
    url = args.url
    with tempfile.TemporaryDirectory() as tmp:
        if url is None:
            url, proc = start_server(Path(tmp) / "flood.sqlite3")
        try:
            report = asyncio.run(run(url.rstrip("/"), args.tables, args.seconds, args.warmup))
            if proc is not None:
                report["rss_mib"] = memory_mib(proc.pid)
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=20)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
