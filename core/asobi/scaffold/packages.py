"""``asobi new game NAME``, ``asobi new frontend NAME`` and ``asobi new pack NAME GAME``: a
package that installs with pip and passes its own tests as written."""

from __future__ import annotations

import importlib.util
import shutil
from collections.abc import Mapping
from pathlib import Path

from asobi.errors import AsobiError
from asobi.host.registry import Registry

from .files import render, write_folder
from .names import check_variant_name, package_names
from .variant import variant_text


def _new_package(kind: str, name: str, folder: Path | str, taken: set[str] | None,
                 extra: Mapping[str, str] | None = None,
                 values: Mapping[str, str] | None = None) -> Path:
    """``taken``: the names of installed plugins of this kind, or None not to check what is
    installed. ``extra``: files written beside the templates' (relative path -> text);
    ``values``: placeholders beside the name's."""
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
    files = render(kind, {**names.values(), **(values or {})})
    write_folder(target, {**files, **(extra or {})})
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


def new_pack(name: str, game: str, registry: Registry, folder: Path | str = ".") -> Path:
    """Write the house-rule pack ``folder/asobi-NAME/`` with a first variant of ``game`` (the
    pack's name with dashes, extending the game's default rules) and return its path."""
    names = package_names(name, "house-rule pack")
    variant = check_variant_name(name.replace("_", "-"))
    found = registry.game(game)
    if variant in found.variant_names():
        raise AsobiError(f"{found.info.title} already has a variant named '{variant}'; choose "
                         "another name for the pack (its first variant takes its name)")
    taken = {ep.name for ep in registry.plugin_entry_points}
    text = variant_text(found, variant, pack=names.folder)
    target = _new_package("pack", name, folder, taken,
                          extra={f"{names.package}/{game}/{variant}.yaml": text},
                          values={"game": game, "variant": variant})
    try:
        found.load_variant(str(target / names.package / game / f"{variant}.yaml"))
    except AsobiError as exc:  # a defect of this module: leave nothing half-right behind
        shutil.rmtree(target)
        raise AsobiError(f"the new pack failed its own check, so it was removed: {exc}") from None
    return target


def package_files(target: Path) -> list[str]:
    """The files of a new package, relative to its parent folder, for the summary."""
    return sorted(str(p.relative_to(target.parent)) for p in target.rglob("*") if p.is_file())
