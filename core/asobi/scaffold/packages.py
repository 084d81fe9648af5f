"""``asobi new game NAME`` and ``asobi new frontend NAME``: a package that installs with pip
and passes its own tests as written."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from asobi.errors import AsobiError
from asobi.host.registry import Registry

from .files import render, write_folder
from .names import package_names


def _new_package(kind: str, name: str, folder: Path | str, taken: set[str] | None) -> Path:
    """``taken``: the names of installed plugins of this kind, or None not to check what is
    installed."""
    names = package_names(name, kind)
    if taken is not None and name in taken:
        raise AsobiError(
            f"a {kind} named '{name}' is already installed; choose another name "
            "(two plugins of one name hide each other)"
        )
    if taken is not None and importlib.util.find_spec(names.package) is not None:
        raise AsobiError(
            f"a Python package named '{names.package}' is already installed; choose another "
            "name (installing yours would replace it)"
        )
    target = Path(folder) / names.folder
    write_folder(target, render(kind, names.values()))
    return target


def new_game(name: str, folder: Path | str = ".", registry: Registry | None = None) -> Path:
    """Write the game package ``folder/asobi-NAME/`` and return its path. With a
    ``registry`` (the command line passes one), a name an installed game already has, or whose
    module ``asobi_NAME`` is already installed, is refused."""
    taken = {ep.name for ep in registry.game_entry_points} if registry is not None else None
    return _new_package("game", name, folder, taken)


def new_frontend(name: str, folder: Path | str = ".", registry: Registry | None = None) -> Path:
    """Write the frontend package ``folder/asobi-NAME/`` and return its path. With a
    ``registry``, a name taken as for :func:`new_game` is refused."""
    taken = set(registry.frontends()) if registry is not None else None
    return _new_package("frontend", name, folder, taken)


def package_files(target: Path) -> list[str]:
    """The files of a new package, relative to its parent folder, for the summary."""
    return sorted(str(p.relative_to(target.parent)) for p in target.rglob("*") if p.is_file())
