"""Importing this module registers every installed asobi game as a Python OpenSpiel game.

::

    import pyspiel
    import asobi.envs.openspiel  # registers python_asobi_koikoi, python_asobi_sakura, ...

    game = pyspiel.load_game("python_asobi_koikoi(variant=koikoi-japan)")
    sakura = pyspiel.load_game("python_asobi_sakura", {"players": 4})

The parameters and what the games return are described in :mod:`asobi.envs.spiel`. Games of a
registry built by hand (a test's, a game not installed) are registered with :func:`register`.
OpenSpiel keeps one registration per name in the process: registering a name again replaces
what the name loads.
"""

from __future__ import annotations

from typing import Any

import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from asobi.envs.spiel import AsobiGame, Catalogue, game_type, short_name
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.host.registry import Registry, discover

__all__ = ["AsobiGame", "Catalogue", "register", "registered"]


def register(registry: Registry | None = None) -> list[str]:
    """Register every game of ``registry`` (default: the installed games) with OpenSpiel and
    return their OpenSpiel names. Each is registered with the type of its game under its
    default parameters, which takes a few random games (a survey and a probe); a game whose
    plugin fails them is left out with a warning of the registry, and the others are
    registered."""
    registry = registry or discover()
    catalogue = Catalogue(registry)
    names = []
    for name, game in sorted(registry.games().items()):
        try:
            _, spec = catalogue.specify(game)
        except (AsobiError, PluginFault) as exc:
            registry.warn(f"game '{name}' is not registered with OpenSpiel: {exc}")
            continue
        pyspiel.register_game(game_type(spec), _creator(catalogue, name))
        names.append(short_name(name))
    return names


def _creator(catalogue: Catalogue, name: str) -> type:
    """What OpenSpiel calls with the parameters to make a game of ``name``. A class, not a
    function: OpenSpiel holds its creators until after Python has shut down, and a class (a
    type refers to itself) is the kind of object that is never freed that late."""

    def make(cls: type, params: dict[str, Any] | None = None) -> AsobiGame:
        return catalogue.load(name, params or {})

    return type(f"{short_name(name)}_creator", (), {"__new__": make})


registered = register()
"""The OpenSpiel names of the installed games, registered when this module was imported."""
