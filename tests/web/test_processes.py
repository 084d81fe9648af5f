"""Real server processes: one writer per database, a port in use, and ``kill -9`` while the AI
thinks, after which a restarted server goes on exactly as an uninterrupted one."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

from asobi_frontends.web.games import Hub
from asobi_frontends.web.store import Store
from support.web import create_game, free_port, play, wait_until

HERE = Path(__file__).resolve().parent
ASOBI = Path(sys.executable).parent / "asobi"
pytestmark = pytest.mark.slow


class Process:
    """A server process whose output is read line by line until it says it serves."""

    def __init__(self, args: list[str]) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, env=env)

    def wait_serving(self, timeout: float = 30.0) -> str:
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if "serving on" in line:
                return line
            if not line and self.proc.poll() is not None:
                raise AssertionError(f"the server ended: {self.proc.stderr.read()}")
        raise AssertionError("the server never said it was serving")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        self.proc.wait(timeout=20)


@pytest.mark.slow
def test_a_second_server_on_the_same_database_refuses_to_start(tmp_path):
    db = tmp_path / "club.sqlite3"
    port = free_port()
    first = Process([str(ASOBI), "serve", "--db", str(db), "--port", str(port)])
    try:
        line = first.wait_serving()
        assert f"http://127.0.0.1:{port}/" in line
        second = subprocess.run([str(ASOBI), "serve", "--db", str(db), "--port",
                                 str(free_port())], capture_output=True, text=True, timeout=30)
        assert second.returncode == 2
        assert "in use by another asobi server" in second.stderr
        assert "Traceback" not in second.stderr
        busy = subprocess.run([str(ASOBI), "serve", "--db", str(tmp_path / "other.sqlite3"),
                               "--port", str(port)], capture_output=True, text=True, timeout=30)
        assert busy.returncode == 2
        assert f"port {port}" in busy.stderr and "already in use" in busy.stderr
        # The first server is untouched and still answers.
        assert httpx2.get(f"http://127.0.0.1:{port}/api/games").status_code == 200
    finally:
        first.stop()
    # Once the first server is gone, the file is free again.
    again = Process([str(ASOBI), "serve", "--db", str(db), "--port", str(free_port())])
    try:
        again.wait_serving()
    finally:
        again.stop()


def slow_server(db: Path, port: int) -> Process:
    return Process([sys.executable, str(HERE / "slow_server.py"), str(db), str(port)])


def stored_moves(db: Path, game_id: str) -> list[dict]:
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT record FROM games WHERE id = ?", (game_id,)).fetchone()
    return json.loads(row[0])["moves"]


@pytest.mark.slow
def test_kill_9_while_the_ai_thinks_then_restart_changes_nothing_a_player_sees(tmp_path):
    sys.path.insert(0, str(HERE))
    import slow_server as slow

    db = tmp_path / "club.sqlite3"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = slow_server(db, port)
    try:
        server.wait_serving()
        created = httpx2.post(f"{url}/api/games",
                              json={"game": "nim", "seats": ["human", "ai:slow"], "seed": 2026})
        assert created.status_code == 201, created.text
        gid, token = created.json()["id"], created.json()["token"]
        headers = {"X-Asobi-Token": token}
        res = httpx2.post(f"{url}/api/play/{gid}/act", json={"index": 0, "version": 0},
                          headers=headers)
        assert res.status_code == 200 and res.json()["version"] == 1
        time.sleep(0.5)  # the AI is thinking (1.5 s a move)
        server.stop(signal.SIGKILL)
    finally:
        server.stop(signal.SIGKILL)
    assert len(stored_moves(db, gid)) == 1  # killed before the AI's move

    server = slow_server(db, port)
    try:
        server.wait_serving()
        after = wait_until(lambda: (b := httpx2.get(f"{url}/api/play/{gid}?since=-1",
                                                    headers=headers).json())["version"] >= 2
                           and b, timeout=20)
    finally:
        server.stop()

    # The same game played without any interruption, in this process.
    reference = Hub(slow.registry(), Store(tmp_path / "reference.sqlite3"))
    live = create_game(reference, "nim", None, ["human", "ai:slow"], seed=2026)
    play(reference, live, 0, live.session.legal_actions(0)[0])

    async def let_the_ai_move() -> None:
        reference.kick(live)
        while live.driving or live.version < 2:
            await asyncio.sleep(0.05)

    asyncio.run(let_the_ai_move())
    expected = reference.payload(live, 0, -1, "en")
    reference.store.close()
    assert stored_moves(db, gid)[:2] == live.session.moves[:2]
    assert after["observation"] == expected["observation"]
    assert after["events"] == expected["events"] and len(after["events"]) >= 2
    assert after["narration"] == expected["narration"]
