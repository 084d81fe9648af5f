"""The server's connections are shared by client address (issue 34, finding 1): a few addresses
holding every connection with update streams cannot keep a newcomer out, nor can one.

A real ``asobi serve`` with small limits (12 connections, 6 requests per address), attacked from
loopback addresses of their own (127.0.0.2 and up: every 127/8 address reaches the server on
127.0.0.1 under Linux).
"""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest

from support.serveproc import Served

CAP = 12
PER_ADDRESS = 6


@pytest.fixture(scope="module")
def server(tmp_path_factory: Any) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("fair-connections")
    with Served(folder, "--max-connections", str(CAP), "--requests-per-client",
                str(PER_ADDRESS), "--streams-per-seat", str(PER_ADDRESS),
                "--games-per-minute", "0") as served:
        yield served


def request(port: int, source: str, head: str, body: Any = None,
            timeout: float = 10) -> tuple[int, Any]:
    """One request from ``source`` on a connection of its own: the status and the JSON body
    (0 and None when the server closed the connection without an answer)."""
    data = b"" if body is None else json.dumps(body).encode()
    extra = (f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
             if body is not None else "")
    with socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                  source_address=(source, 0)) as sock:
        sock.sendall(f"{head} HTTP/1.1\r\nHost: 127.0.0.1\r\n{extra}Connection: close\r\n\r\n"
                     .encode() + data)
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    if not answer:
        return 0, None
    head_text, _, rest = answer.partition(b"\r\n\r\n")
    return int(head_text.split()[1]), json.loads(rest) if rest else None


def open_stream(port: int, source: str) -> socket.socket:
    """An update stream held from ``source`` (a game of its own, a seat's stream), once its
    first payload has arrived. About one Koi-Koi deal in 150 ends the game at once (a hand
    yaku): its stream ends after that payload, so such a game is set aside for another."""
    while True:
        status, made = request(port, source, "POST /api/games",
                               {"game": "koikoi", "seats": ["human", "human"]})
        assert status == 201, made
        sock = socket.create_connection(("127.0.0.1", port), timeout=10,
                                        source_address=(source, 0))
        sock.sendall(f"GET /api/play/{made['id']}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"X-Asobi-Token: {made['token']}\r\n\r\n".encode())
        seen = b""
        while b"\n\n" not in seen.partition(b"\r\n\r\n")[2].partition(b"data: ")[2]:
            chunk = sock.recv(65536)
            assert chunk, seen
            seen += chunk
        assert seen.startswith(b"HTTP/1.1 200"), seen[:200]
        if not first_payload(seen)["finished"]:
            return sock
        sock.close()


def first_payload(answer: bytes) -> Any:
    """The first ``data:`` event of an update stream's answer (chunked transfer: the event is
    whole in one chunk)."""
    line = answer.partition(b"\r\n\r\n")[2].partition(b"data: ")[2].partition(b"\n")[0]
    return json.loads(line)


def ended(sock: socket.socket, wait: float) -> bool:
    """Whether the server closed this stream (within ``wait`` seconds)."""
    deadline = time.monotonic() + wait
    while True:
        ready, _, _ = select.select([sock], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            return False
        try:
            if not sock.recv(65536):
                return True
        except ConnectionResetError:
            return True


def test_addresses_holding_every_connection_cannot_keep_a_newcomer_out(server):
    """Two addresses hold all twelve connections with streams (each its per-address limit):
    a visitor from a third address is answered at once, and the attackers lose one stream,
    the oldest of the address holding the most."""
    attackers = ["127.0.0.2", "127.0.0.3"]
    held: dict[str, list[socket.socket]] = {a: [] for a in attackers}
    try:
        for _ in range(PER_ADDRESS):
            for address in attackers:
                held[address].append(open_stream(server.port, address))
        started = time.monotonic()
        status, body = request(server.port, "127.0.0.9", "GET /api/games")
        assert status == 200 and body["games"], (status, body)
        assert time.monotonic() - started < 2.0
        closed = [(a, i) for a in attackers for i, s in enumerate(held[a]) if ended(s, 0.3)]
        assert len(closed) == 1 and closed[0][1] == 0, closed
        # Another newcomer, and another: each takes the place of a stream of whichever
        # attacker holds the most now, never of the visitor's.
        for visitor in ("127.0.0.10", "127.0.0.11"):
            assert request(server.port, visitor, "GET /api/games")[0] == 200
    finally:
        for socks in held.values():
            for sock in socks:
                sock.close()


def test_one_address_holding_every_connection_cannot_keep_a_newcomer_out(tmp_path):
    """Without a per-address limit (``--requests-per-client 0``) one address fills every
    connection: a newcomer still gets in; the greedy address itself, at the cap, does not
    take one more."""
    with Served(tmp_path, "--max-connections", "6", "--requests-per-client", "0",
                "--streams-per-seat", "6", "--games-per-minute", "0") as served:
        held = [open_stream(served.port, "127.0.0.2") for _ in range(6)]
        try:
            assert request(served.port, "127.0.0.3", "GET /api/games")[0] == 200
            assert ended(held[0], 1.0)
            # The greedy address at the cap gets no more: its newcomer is closed at once.
            assert not any(ended(s, 0.1) for s in held[1:])
            more = open_stream(served.port, "127.0.0.4")  # a second visitor's stream
            try:
                assert request(served.port, "127.0.0.2", "GET /api/games") == (0, None)
            finally:
                more.close()
        finally:
            for sock in held:
                sock.close()


def test_stopping_the_server_with_a_player_connected_is_quick_and_quiet(tmp_path):
    """Issue 34, finding 7: streams are hung up as the server begins to stop, so it does not
    wait out uvicorn's graceful timeout and log a cancelled stream's traceback."""
    served = Served(tmp_path)
    with served:
        held = [open_stream(served.port, "127.0.0.2") for _ in range(2)]
        started = time.monotonic()
        served.stop()
        took = time.monotonic() - started
        for sock in held:
            assert ended(sock, 1.0)
            sock.close()
    log = served.log.read_text()
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]
    assert took < 1.5, f"the server took {took:.1f} s to stop"
