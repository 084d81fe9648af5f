"""Text catalogues sent to the page: the web UI's own strings and a game's strings.

The catalogues are the same ``locale/<lang>.yaml`` files that :mod:`asobi.i18n` reads (English
message -> translation); the page looks strings up itself, falling back to English.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from types import ModuleType

import yaml

from asobi.registry import Game


@cache
def catalogue(package: str, lang: str) -> dict[str, str]:
    """The whole ``package`` catalogue for ``lang`` (empty for English or when missing)."""
    if lang == "en":
        return {}
    try:
        text = (resources.files(package) / "locale" / f"{lang}.yaml").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return {}
    data = yaml.safe_load(text) or {}
    return {str(k): str(v) for k, v in data.items()}


def game_package(game: Game) -> str | None:
    """The top-level package of a game's plugin (where its ``locale`` folder lives)."""
    plugin = game.manager.get_plugin(f"game:{game.name}")
    if plugin is None:
        return None
    name = plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__module__
    if not isinstance(name, str):
        return None
    return name.split(".")[0]
