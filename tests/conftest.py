"""Shared fixtures: registries built from chosen plugins, the Nim test plugin, the one browser
and the one pip-installed environment of the run; hypothesis profiles; the markers that sort
tests into lanes (``browser`` and ``install`` follow from the fixtures a test uses)."""

from __future__ import annotations

import asyncio
import sys
import types
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from asobi.host.registry import Registry, discover
from support import profiles, run_folder

profiles.register()


def pytest_report_header(config) -> str:
    return f"hypothesis profile: {profiles.active()} (set {profiles.ENV}=ci|dev|nightly)"


LANE_FIXTURES = {"browser": "browser", "asobi_env": "install"}
"""A test that uses one of these fixtures is marked for the lane it costs."""


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        for fixture, marker in LANE_FIXTURES.items():
            if fixture in getattr(item, "fixturenames", ()):
                item.add_marker(marker)
    items.sort(key=_cost_rank)


def _cost_rank(item) -> int:
    """Long tests first (a stable sort: the order within a rank stays): xdist hands out tests
    in this order, so the workers end together on short ones instead of one worker finishing
    a long test alone while the others wait."""
    if item.get_closest_marker("slow"):
        return 0
    if any(item.get_closest_marker(m) for m in ("browser", "install", "stats")):
        return 1
    return 2


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """Debian's Chromium driven by Playwright, one for every browser test of this process;
    each test opens its own context (its own cookies, storage and viewport)."""
    from support.web import chromium_browser

    yield from chromium_browser(run_folder(tmp_path_factory) / "chromium-switch")


@pytest.fixture(autouse=True)
def _no_running_loop_but_the_tests_own(request):
    """While the session's browser is open, Playwright's sync API leaves its event loop marked
    as running in this thread; a test that runs asyncio itself (Textual's Pilot, asyncio.run)
    is given a thread with no running loop, and Playwright gets its loop back afterwards."""
    loop = asyncio.events._get_running_loop()
    if loop is None or "browser" in request.fixturenames:
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(loop)


@pytest.fixture(scope="session")
def asobi_env(tmp_path_factory):
    """A virtual environment with asobi (and its web extra, pytest and the build tools)
    installed by pip from this tree, built once for the whole run, every worker included;
    ``asobi_env.environ(folder, ...)`` installs test packages beside it (each set once) and
    gives the environment of a command that sees them."""
    from support.venvs import shared_environment

    return shared_environment(tmp_path_factory)


class Spy:
    """A frontend that records what it was asked to play, instead of playing."""

    title = "Spy (records the launch)"

    def __init__(self) -> None:
        self.launches: list = []

    def play(self, launch) -> int:
        self.launches.append(launch)
        return 0


@pytest.fixture
def spy(monkeypatch):
    """Two spy frontends in the module ``asobi_test_spy`` (entry points ``asobi_test_spy:SPY``
    and ``:SPY2``); the fixture gives the first."""
    module = types.ModuleType("asobi_test_spy")
    module.SPY = Spy()
    module.SPY2 = Spy()
    monkeypatch.setitem(sys.modules, "asobi_test_spy", module)
    return module.SPY

ROOT = Path(__file__).resolve().parent.parent
NIM_DIR = ROOT / "tests" / "plugins" / "asobi-nim"


def make_registry(
    games: dict[str, str] | None = None,
    frontends: dict[str, str] | None = None,
    plugins: list[object] | None = None,
    warnings: list[str] | None = None,
) -> Registry:
    """A registry of exactly these entry points (name -> 'module' or 'module:attr')."""
    sink = warnings if warnings is not None else []
    return Registry(
        game_entry_points=[EntryPoint(n, v, "asobi.games") for n, v in (games or {}).items()],
        frontend_entry_points=[
            EntryPoint(n, v, "asobi.frontends") for n, v in (frontends or {}).items()
        ],
        extra_plugins=list(plugins or []),
        warn=sink.append,
    )


@pytest.fixture(scope="session", autouse=True)
def nim_on_path():
    """The Nim plugin importable in-process (the third-party test installs it for real)."""
    extra = [str(NIM_DIR)]
    sys.path[:0] = extra
    yield
    for entry in extra:
        sys.path.remove(entry)


@pytest.fixture
def registry_of():
    """``registry_of(games={...}, frontends={...}, plugins=[...], warnings=[...])``."""
    return make_registry


@pytest.fixture
def nim_registry():
    return make_registry({"nim": "asobi_nim"}, {"text": "asobi_frontends.text:FRONTEND"})


@pytest.fixture(scope="session")
def installed():
    """The registry of what is really installed (koikoi, sakura, text...)."""
    return discover()


@pytest.fixture(autouse=True)
def isolated_config(tmp_path, monkeypatch):
    """Never read or write the real user's variant folder."""
    monkeypatch.setenv("ASOBI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ASOBI_LANG", "en")
