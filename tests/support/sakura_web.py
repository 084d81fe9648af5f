"""Helpers of the Sakura browser tests against a live server (tests/web's LiveServer): games
made and moved through the HTTP API, pages opened on a seat, what the view drew read back from
its data attributes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from asobi_frontends.web.options import ServerOptions
from support.web import TEST_OPTIONS, LiveServer, Seat, build_registry
from support.web import chromium_browser as chromium_browser
from support.web import needs_chromium as needs_chromium
from support.web import shot as shot

ROOT = Path(__file__).resolve().parents[2]

DESKTOP = {"viewport": {"width": 1366, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def start_server(tmp: Path, options: ServerOptions = TEST_OPTIONS) -> LiveServer:
    server = LiveServer(build_registry(), tmp / "sakura.sqlite3", options)
    server.start()
    return server


class Table(Seat):
    """A Sakura game on the live server, seen from seat 0 (the test's player), read and moved
    through the HTTP API."""

    def __init__(self, url: str, seats: list[str]) -> None:
        made = Seat.create(url, game="sakura", seats=seats, lang="en")
        super().__init__(url, made.id, made.token)

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


def at_rest(page: Any, table: Table, timeout: float = 20000) -> dict[str, Any]:
    """The payload the page shows once it has caught up with the table (a test that is about
    how fast it catches up gives its own, shorter ``timeout``)."""
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
