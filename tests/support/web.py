"""Helpers shared by the web tests (imported by name: conftest puts this folder on sys.path)."""

from __future__ import annotations

import importlib.util
import json
import socket
import threading
import time
from collections.abc import Iterator
from importlib import resources
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pluggy
import pytest

from asobi.host.registry import Registry
from asobi.play.session import parse_seats
from asobi.variants import loader as variants
from asobi_frontends.web.app import create_app
from asobi_frontends.web.games import Hub, Live
from asobi_frontends.web.hookspecs import web_assets
from asobi_frontends.web.newgame import NewGame
from asobi_frontends.web.options import LOCAL_HOSTS, ServerOptions
from asobi_frontends.web.store import Store

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, which every browser test drives (.ci/run installs it)."""
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
"""Headless, and none of the background connections this closed network would refuse."""
SHOTS = Path(__file__).resolve().parent.parent / "_artifacts" / "screenshots"
"""Where browser tests save the screenshots a person should look at (ignored by git)."""
needs_chromium = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Chromium not installed: apt-get install chromium")


PRACTICE_SEED = 1
"""The seed the lobby's new game is given (a practice game may choose one): with it, "You"
deal and play first in Koi-Koi, so a test that waits for its own move is not at the mercy of
a round the AI ends before it (a hand yaku at the deal, viewing-the-moon sake at once)."""


def _with_seed(route, seed: int) -> None:
    if route.request.method != "POST":
        route.continue_()
        return
    body = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, "seed": seed}))


def pin_practice_seed(page, seed: int = PRACTICE_SEED) -> None:
    """Have the lobby's next "new game" request carry `seed`, as a practice game may."""
    page.route("**/api/games", lambda route: _with_seed(route, seed))


def chromium_browser() -> Iterator[Any]:
    """A Chromium of Playwright's for a module-scoped ``browser`` fixture
    (``yield from chromium_browser()``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


TEST_OPTIONS = ServerOptions(allowed_hosts=(*LOCAL_HOSTS, "testserver"), games_per_minute=0)
"""The server's defaults, answering the Host header of Starlette's test client too."""

hookimpl = pluggy.HookimplMarker("asobi")


class ViewFolder:
    """Stands in for a game's ``asobi_web_assets`` hookimpl while the game lacks one."""

    def __init__(self, folder: Any) -> None:
        self.folder = folder

    @hookimpl
    def asobi_web_assets(self) -> Any:
        return self.folder


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def build_registry() -> Registry:
    """Nim (no browser view) plus the built-in games that are installed."""
    games = {"nim": "asobi_nim"}
    for name in ("koikoi", "sakura"):
        if _importable(f"asobi_{name}.plugin"):
            games[name] = f"asobi_{name}.plugin"
    registry = Registry(
        game_entry_points=[EntryPoint(n, v, "asobi.games") for n, v in games.items()],
    )
    for name, game in registry.games().items():
        if name in ("koikoi", "sakura") and web_assets(game) is None:
            game.manager.register(ViewFolder(resources.files(f"asobi_{name}") / "webview"))
    return registry


def create_game(
    hub: Hub, game: str, variant: str | None, seats: list[str], lang: str = "en",
    seed: int | None = None,
) -> Live:
    """A game created straight on the hub (no HTTP, so a seed is allowed at any table)."""
    found = hub.registry.game(game)
    loaded = variants.load(found.info, variant or found.info.default_variant)
    new = NewGame(found, loaded, parse_seats(seats, found), lang, seed=seed, creator_seat=0)
    live, _minted = hub.create(new, "test")
    return live


def play(hub: Hub, live: Live, seat: int, action: dict[str, Any]) -> None:
    """Apply ``action`` for ``seat`` on the table's current version."""
    hub.act(live, seat, {"action": action}, live.version)


def need(registry: Registry, game: str) -> None:
    if game not in registry.games():
        pytest.skip(f"the {game} plugin is not installed yet")


def wait_until(check: Any, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """uvicorn in a background thread, on 127.0.0.1 and a free port; restartable."""

    def __init__(
        self, registry: Registry, db: Path, options: ServerOptions = TEST_OPTIONS,
        log_level: str = "warning",
    ) -> None:
        self.registry = registry
        self.db = db
        self.options = options
        self.log_level = log_level
        self.port = free_port()
        self.server: Any = None
        self.thread: threading.Thread | None = None
        self.store: Store | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        import uvicorn

        self.store = Store(self.db)
        app = create_app(self.registry, self.store, options=self.options)
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level=self.log_level,
            timeout_graceful_shutdown=1, lifespan="on",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_until(lambda: self.server.started, timeout=15)

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
            assert self.thread is not None
            self.thread.join(timeout=15)
            self.server = None
        if self.store is not None:
            self.store.close()
            self.store = None

    def restart(self) -> None:
        self.stop()
        self.start()


def served(folder: Path) -> Iterator[LiveServer]:
    """A live server of the test registry on a database in ``folder``, for a module-scoped
    ``server`` fixture (``yield from served(tmp_path_factory.mktemp(...))``)."""
    live = LiveServer(build_registry(), folder / "games.sqlite3")
    live.start()
    try:
        yield live
    finally:
        live.stop()
