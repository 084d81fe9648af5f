"""Helpers of the Sakura browser tests against a live server (tests/web's LiveServer): games
made and moved through the HTTP API, pages opened on a seat, what the view drew read back from
its data attributes."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from support.web import SHOTS, LiveServer, build_registry
from support.web import chromium_browser as chromium_browser
from support.web import needs_chromium as needs_chromium

ROOT = Path(__file__).resolve().parents[2]

DESKTOP = {"viewport": {"width": 1366, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def start_server(tmp: Path) -> LiveServer:
    server = LiveServer(build_registry(), tmp / "sakura.sqlite3")
    server.start()
    return server


class Table:
    """A Sakura game on the live server, seen from seat 0 (the test's player)."""

    def __init__(self, request: Any, url: str, seats: list[str]) -> None:
        self.request = request
        self.url = url
        answer = request.post(f"{url}/api/games", data=json.dumps(
            {"game": "sakura", "seats": seats, "lang": "en", "creator_seat": 0}),
            headers={"Content-Type": "application/json"})
        assert answer.ok, answer.text()
        created = answer.json()
        self.id, self.token = created["id"], created["token"]

    @property
    def address(self) -> str:
        return f"{self.url}/#/play/{self.id}/{self.token}"

    def payload(self) -> dict[str, Any]:
        answer = self.request.get(f"{self.url}/api/play/{self.id}?since=-1&lang=en",
                                  headers={"X-Asobi-Token": self.token})
        assert answer.ok, answer.text()
        return answer.json()

    def mine(self, timeout: float = 10.0) -> dict[str, Any]:
        """The payload once seat 0 has something to do or the game is over (AIs move on the
        server on their own)."""
        deadline = time.monotonic() + timeout
        while True:
            payload = self.payload()
            if payload["legal"] or payload["finished"]:
                return payload
            assert time.monotonic() < deadline, "the AIs did not move"
            time.sleep(0.03)

    def act(self, payload: dict[str, Any], pick: Any = None) -> None:
        """Seat 0 takes `pick(payload)` (else the first legal action); an AI moving at the same
        time makes the version stale (409): look again and choose again."""
        for _attempt in range(20):
            choice = pick(payload) if pick else payload["legal"][0]
            answer = self.request.post(
                f"{self.url}/api/play/{self.id}/act?lang=en",
                data=json.dumps({"action": choice["action"], "version": payload["version"],
                                 "since": payload["version"]}),
                headers={"Content-Type": "application/json", "X-Asobi-Token": self.token})
            if answer.status != 409:
                assert answer.ok, answer.text()
                return
            payload = self.mine()
            if not payload["legal"]:
                return
        raise AssertionError("the table kept moving")

    def play_round(self, pick: Any = None) -> dict[str, Any]:
        """Seat 0's moves until the next round starts (or the game ends); the payload then."""
        payload = self.mine()
        start = payload["observation"]["round"]
        while not payload["finished"] and payload["observation"]["round"] == start:
            self.act(payload, pick)
            payload = self.mine()
        return payload


def settled(page: Any, version: int, timeout: float = 8000) -> int:
    """Wait until the view has played everything up to `version` (or later: the AIs may have
    moved on since) and is at rest; the version it shows."""
    page.wait_for_function(
        """v => { const r = document.querySelector('.view-sakura');
                  return r && Number(r.dataset.version) >= v && !r.dataset.busy; }""",
        arg=version, timeout=timeout)
    return int(page.locator(".view-sakura").get_attribute("data-version"))


def at_rest(page: Any, table: Table, timeout: float = 8000) -> dict[str, Any]:
    """The payload the page shows once it has caught up with the table."""
    while True:
        payload = table.payload()
        if settled(page, payload["version"], timeout) == payload["version"]:
            return payload


def drawn(page: Any) -> dict[str, Any]:
    """What the page shows: the pieces on the garden, and the painters table's columns."""
    return page.evaluate("""() => {
      const svg = document.querySelector('.sk-garden-svg');
      const painters = [...svg.querySelectorAll('.sk-painter')]
        .sort((a, b) => a.dataset.painter - b.dataset.painter).map((g) => Number(g.dataset.space));
      const rows = [...document.querySelectorAll('.sk-painters tbody tr')];
      const cell = (r, i) => Number(r.children[i].textContent);
      return { emperor: Number(svg.dataset.emperor), painters,
               table: rows.map((r) => cell(r, 2)), tokens: rows.map((r) => cell(r, 1)),
               round: document.querySelector('.sk-round h3').textContent };
    }""")


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
