"""A house-rule pack: variant files for games it does not own, one folder per game."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pluggy

hookimpl = pluggy.HookimplMarker("asobi")


@hookimpl
def asobi_variant_folders(game: str) -> list[Any] | None:
    folder = resources.files("asobi_house_pack") / game
    return [folder] if folder.is_dir() else None
