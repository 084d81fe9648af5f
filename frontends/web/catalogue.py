"""Text catalogues sent to the page: the web UI's own strings and a game's strings.

The catalogues are the same ``locale/<lang>.yaml`` files that :mod:`asobi.i18n` reads (English
message -> translation); the page looks strings up itself, falling back to English.
"""

from __future__ import annotations

from types import ModuleType

from asobi.i18n import catalogue
from asobi.registry import Game

__all__ = ["catalogue", "game_package"]


def game_package(game: Game) -> str | None:
    """The top-level package of a game's plugin (where its ``locale`` folder lives)."""
    plugin = game.manager.get_plugin(f"game:{game.name}")
    if plugin is None:
        return None
    name = plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__module__
    if not isinstance(name, str):
        return None
    return name.split(".")[0]
