"""Shared fixtures: registries built from chosen plugins, and the Nim test plugin."""

from __future__ import annotations

import sys
import types
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from asobi.registry import Registry, discover


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
    extra = [str(NIM_DIR), str(NIM_DIR.parent)]  # asobi_nim, and toys.py beside it
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
