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
from asobi.host.registry import Registry, discover

__all__ = ["AsobiGame", "Catalogue", "register", "registered"]


def register(registry: Registry | None = None) -> list[str]:
    """Register every game of ``registry`` (default: the installed games) with OpenSpiel and
    return their OpenSpiel names."""
    registry = registry or discover()
    catalogue = Catalogue(registry)
    names = []
    for name, game in sorted(registry.games().items()):
        pyspiel.register_game(game_type(game), _creator(catalogue, name))
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
