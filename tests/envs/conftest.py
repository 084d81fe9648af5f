"""The games of these tests: Koi-Koi and Sakura as installed, Nim and Goofspiel from their test
packages, in a registry that declares the encoding hooks and holds the OpenSpiel levels by hand
(as the entry points of pyproject.toml will)."""

from __future__ import annotations

import sys
from dataclasses import replace
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from asobi.envs import hookspecs
from asobi.envs.levels import OpenSpielLevels
from asobi.host.registry import Registry, discover

ROOT = Path(__file__).resolve().parents[2]
GOOFSPIEL = ROOT / "tests" / "plugins" / "asobi-goofspiel"
KOIKOI_VARIANTS = ("standard", "koikoi-japan", "nintendo", "italian", "sake-and-blossom")


def build_registry() -> tuple[Registry, OpenSpielLevels]:
    """Every game of these tests, the encoding hooks declared, the levels plugin in."""
    levels = OpenSpielLevels()
    installed = discover()
    points = [ep for ep in installed.game_entry_points if ep.name in ("koikoi", "sakura")]
    points += [EntryPoint("nim", "asobi_nim", "asobi.games"),
               EntryPoint("goofspiel", "asobi_goofspiel", "asobi.games")]
    registry = replace(installed, game_entry_points=points, plugin_entry_points=[],
                       extra_hookspecs=[hookspecs], extra_plugins=[levels], _games=None,
                       _plugins=None, _specs=None)
    return registry, levels


@pytest.fixture(scope="session", autouse=True)
def goofspiel_on_path():
    sys.path.insert(0, str(GOOFSPIEL))
    yield
    sys.path.remove(str(GOOFSPIEL))


@pytest.fixture(scope="session")
def games(goofspiel_on_path, nim_on_path):
    """The registry of these tests (built once: surveys and encodings are remembered)."""
    return build_registry()[0]


@pytest.fixture(scope="session")
def levels(games):
    return next(p for p in games.extra_plugins if isinstance(p, OpenSpielLevels))
