"""Helpers shared by the web tests (imported by name: conftest puts this folder on sys.path)."""

from __future__ import annotations

import importlib.util
import socket
import threading
import time
from importlib import resources
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pluggy
import pytest

from asobi.registry import Registry
from asobi_frontends.web.app import create_app
from asobi_frontends.web.store import Store

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
        if name in ("koikoi", "sakura") and game.hook.asobi_web_assets() is None:
            game.manager.register(ViewFolder(resources.files(f"asobi_{name}") / "webview"))
    return registry


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

    def __init__(self, registry: Registry, db: Path) -> None:
        self.registry = registry
        self.db = db
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
        app = create_app(self.registry, self.store)
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="warning",
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
