"""Fixtures of the AI tests: a registry whose Koi-Koi game offers the AI levels."""

from __future__ import annotations

import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from asobi.registry import Registry

HERE = str(Path(__file__).resolve().parent)


@pytest.fixture(scope="session", autouse=True)
def ai_plugins_on_path():
    """``ai_plugins`` importable here and in spawned arena workers (they copy sys.path)."""
    sys.path.insert(0, HERE)
    yield
    sys.path.remove(HERE)


@pytest.fixture
def ai_registry() -> Registry:
    """Koi-Koi with its AI levels, as the lead will wire them into the plugin."""
    return Registry(game_entry_points=[EntryPoint("koikoi", "ai_plugins", "asobi.games")])
