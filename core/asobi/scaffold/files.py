"""Templates in, files out: filling the ``{{placeholders}}`` and writing a new folder.

The templates are package data of :mod:`asobi.scaffold`: ``templates/<kind>/`` mirrors the
package it makes, every file ending in ``.tmpl`` and the folder ``PACKAGE`` standing for the
import name. A new folder is written under a hidden temporary name and renamed into place at
the end, so a refusal or a failure leaves nothing behind.
"""

from __future__ import annotations

import re
import secrets
import shutil
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from asobi.errors import AsobiError

SUFFIX = ".tmpl"
PACKAGE_FOLDER = "PACKAGE"
PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


def fill(text: str, values: Mapping[str, str]) -> str:
    """Replace every ``{{key}}``; a key without a value is a defect of the template."""

    def one(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise KeyError(f"the scaffold's templates use an unknown placeholder {{{{{key}}}}}")
        return values[key]

    return PLACEHOLDER.sub(one, text)


def template_root(kind: str) -> Traversable:
    return resources.files("asobi.scaffold") / "templates" / kind


def render(kind: str, values: Mapping[str, str]) -> dict[str, str]:
    """The files of a new ``kind`` package (``game``, ``frontend``): relative path -> text."""
    files: dict[str, str] = {}
    _collect(template_root(kind), "", values, files)
    return files


def _collect(
    folder: Traversable, prefix: str, values: Mapping[str, str], files: dict[str, str]
) -> None:
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        name = values["package"] if entry.name == PACKAGE_FOLDER else entry.name
        if entry.is_dir():
            _collect(entry, f"{prefix}{name}/", values, files)
        elif name.endswith(SUFFIX):
            files[prefix + name[: -len(SUFFIX)]] = fill(entry.read_text(encoding="utf-8"), values)


def refuse_existing(target: Path) -> None:
    if not target.parent.is_dir():
        raise AsobiError(
            f"{target.parent}: no such folder; create it first or choose another --dir"
        )
    if target.exists() or target.is_symlink():
        raise AsobiError(
            f"{target} already exists; nothing was written (choose another name, or another "
            "folder with --dir)"
        )


def write_folder(target: Path, files: Mapping[str, str]) -> None:
    """Create the folder ``target`` holding ``files``, all of them or none."""
    refuse_existing(target)
    staging = target.parent / f".{target.name}.{secrets.token_hex(4)}.partial"
    try:
        staging.mkdir()
        for relative, text in files.items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        staging.rename(target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise AsobiError(f"cannot write {target}: {exc.strerror or exc}") from None


def write_file(target: Path, text: str) -> None:
    """Create the file ``target``; never replace one."""
    refuse_existing(target)
    try:
        with target.open("x", encoding="utf-8") as out:
            out.write(text)
    except FileExistsError:
        raise AsobiError(f"{target} already exists; nothing was written") from None
    except OSError as exc:
        raise AsobiError(f"cannot write {target}: {exc.strerror or exc}") from None
