"""Fixtures of the web frontend tests: a registry with the real games (and Nim, a third-party
game without a browser view), an app on a temporary SQLite file, live servers (one per module,
or a test's own) and the people of the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from asobi.host.registry import Registry
from asobi_frontends.web.app import create_app
from asobi_frontends.web.store import Store
from support.web import TEST_OPTIONS, LiveServer, People, build_registry


@pytest.fixture(scope="session")
def web_registry(nim_on_path: None) -> Registry:
    return build_registry()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(web_registry: Registry, db_path: Path) -> Iterator[Any]:
    from starlette.testclient import TestClient

    store = Store(db_path)
    app = create_app(web_registry, store, options=TEST_OPTIONS)
    with TestClient(app) as test_client:
        yield test_client
    store.close()


@pytest.fixture(scope="module")
def live_server(web_registry: Registry, tmp_path_factory: Any) -> Iterator[LiveServer]:
    """One live server for the tests of a module: each makes its own game on it."""
    server = LiveServer(web_registry, tmp_path_factory.mktemp("live") / "live.sqlite3")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def own_live_server(web_registry: Registry, tmp_path: Path) -> Iterator[LiveServer]:
    """A live server of the test's own, for a test that restarts it."""
    server = LiveServer(web_registry, tmp_path / "live.sqlite3")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def people(browser: Any) -> Iterator[People]:
    """Browser contexts, one per person; the test fails if any of their pages raised."""
    crowd = People(browser)
    yield crowd
    crowd.close()
    assert not crowd.errors, crowd.errors
