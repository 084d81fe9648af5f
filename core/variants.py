"""Variant files: YAML house rules, their ``extends`` chains, and their validation.

A variant file looks like::

    game: koikoi
    name: my-house
    title: My house rules
    description: Standard, with sake and blossoms worth 3.
    extends: standard          # optional
    rules:                     # the game's own mapping, checked by its schema
      ...

Variants are found, by name, in this order: the folder of the file that asks (for an
``extends``), the user's folder (``<config dir>/asobi/variants/<game>/``), then the game's
built-in folder. ``--variant`` also takes a path. The ``extends`` chain is merged (mappings key
by key; lists and scalars replaced), then validated. Every problem is reported as
``FILE:LINE:COL: message``, all of them at once, as one :class:`AsobiError`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import platformdirs

from asobi.errors import AsobiError
from asobi.model import GameInfo
from asobi.schema import Path as DataPath
from asobi.schema import did_you_mean
from asobi.variantfile import Doc, Location, VariantError, fmt, parse_text, read_doc

__all__ = [
    "Location", "Variant", "VariantCatalogue", "VariantError", "build", "fmt", "listing", "load",
    "looks_like_path", "parse_text", "peek_game", "user_variant_dir",
]

HEADER_KEYS = ("game", "name", "title", "description", "extends", "rules")
REQUIRED_HEADER = ("game", "name", "title", "description", "rules")

def user_variant_dir(game: str) -> Path:
    """The per-user folder for ``game``'s variants (``ASOBI_CONFIG_DIR`` overrides the base)."""
    base = os.environ.get("ASOBI_CONFIG_DIR") or platformdirs.user_config_dir("asobi")
    return Path(base) / "variants" / game


@dataclass(frozen=True)
class Variant:
    """A loaded, merged and validated variant."""

    game: str
    name: str
    title: str
    description: str
    rules: Mapping[str, Any]
    source: str
    """Where the file is (a path, or ``built-in:<name>``)."""
    chain: tuple[str, ...] = ()
    """Names from this variant up to its root ancestor."""
    origin: str = "built-in"
    """``built-in``, ``user`` or ``file``."""


def _check_header(doc: Doc, game: str | None) -> list[str]:
    problems = []
    where = doc.where
    for key in doc.data:
        if key not in HEADER_KEYS:
            problems.append(
                fmt(
                    where.get(("@key", key), (doc.file, 1, 1)),
                    f"unknown key '{key}'{did_you_mean(str(key), HEADER_KEYS)}",
                )
            )
    for key in REQUIRED_HEADER:
        if key not in doc.data:
            problems.append(fmt((doc.file, 1, 1), f"missing key '{key}'"))
    for key in ("game", "name", "title", "description", "extends"):
        if key in doc.data and not isinstance(doc.data[key], str):
            problems.append(fmt(where[(key,)], f"'{key}' must be a string"))
    if "rules" in doc.data and not isinstance(doc.data["rules"], dict):
        problems.append(fmt(where[("rules",)], "'rules' must be a mapping"))
    if game is not None and isinstance(doc.data.get("game"), str) and doc.data["game"] != game:
        problems.append(
            fmt(where[("game",)], f"this is a variant of '{doc.data['game']}', not of '{game}'")
        )
    return problems


# --------------------------------------------------------------------------- finding


@dataclass
class VariantCatalogue:
    """Where one game's variants live."""

    info: GameInfo
    user_dir: Path | None = None
    packs: list[Traversable | Path] = field(default_factory=list)
    """Folders of installed house-rule packs (``asobi_variant_folders``)."""

    def __post_init__(self) -> None:
        if self.user_dir is None:
            self.user_dir = user_variant_dir(self.info.name)

    def _builtin(self, name: str) -> Traversable | None:
        folder = self.info.variants
        if folder is None:
            return None
        candidate = folder / f"{name}.yaml"
        return candidate if candidate.is_file() else None

    def find(self, name: str, near: Path | None = None, skip: str | None = None) -> Doc | None:
        """Find a variant by name: ``near`` folder, then the user folder, then built-in."""
        folders: list[tuple[Traversable | Path, str]] = [
            *((p, "file") for p in [near] if p is not None),
            *((p, "user") for p in [self.user_dir] if p is not None),
            *((p, "pack") for p in self.packs),
        ]
        for folder, origin in folders:
            candidate = folder / f"{name}.yaml"
            if candidate.is_file() and str(candidate) != skip:
                return read_doc(candidate, str(candidate), origin)
        builtin = self._builtin(name)
        if builtin is not None and f"built-in:{name}" != skip:
            doc = read_doc(builtin, self._builtin_label(name), "built-in")
            doc.key = f"built-in:{name}"
            return doc
        return None

    def _builtin_label(self, name: str) -> str:
        return f"variants/{self.info.name}/{name}.yaml"

    def names(self) -> Iterator[tuple[str, str, Traversable | Path]]:
        """(name, origin, file) of every variant file: built-in first, then those of house-rule
        packs (a name already taken is skipped), then the user's files."""
        seen = set()
        if self.info.variants is not None and self.info.variants.is_dir():
            for entry in sorted(self.info.variants.iterdir(), key=lambda e: e.name):
                if entry.name.endswith(".yaml"):
                    seen.add(entry.name)
                    yield entry.name[:-5], "built-in", entry
        for pack in self.packs:
            if not pack.is_dir():
                continue
            for entry in sorted(pack.iterdir(), key=lambda e: e.name):
                if entry.name.endswith(".yaml") and entry.name not in seen:
                    seen.add(entry.name)
                    yield entry.name[:-5], "pack", entry
        if self.user_dir is not None and self.user_dir.is_dir():
            for entry in sorted(self.user_dir.iterdir()):
                if entry.suffix == ".yaml":
                    yield entry.stem, "user", entry


# --------------------------------------------------------------------------- merging


def _merge(base: Any, over: Any) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        merged = dict(base)
        for key, value in over.items():
            merged[key] = _merge(base[key], value) if key in base else value
        return merged
    return over


def _resolve_chain(doc: Doc, catalogue: VariantCatalogue) -> list[Doc]:
    """The doc and its ancestors, child first. Raises on cycles and missing parents."""
    chain = [doc]
    while True:
        current = chain[-1]
        parent_name = current.data.get("extends")
        if parent_name is None:
            return chain
        near = Path(current.file).parent if current.origin != "built-in" else None
        parent = catalogue.find(parent_name, near=near, skip=current.key)
        loc = current.where.get(("extends",), (current.file, 1, 1))
        if parent is None:
            raise VariantError(
                [
                    fmt(
                        loc,
                        f"extends '{parent_name}', but no variant of "
                        f"'{catalogue.info.name}' has that name"
                        f"{did_you_mean(parent_name, [n for n, _, _ in catalogue.names()])}",
                    )
                ]
            )
        if any(parent.key == d.key for d in chain):
            names = " -> ".join([*(str(d.data.get("name")) for d in chain), parent_name])
            raise VariantError([fmt(loc, f"'extends' makes a cycle: {names}")])
        header = _check_header(parent, catalogue.info.name)
        if header:
            raise VariantError(header)
        chain.append(parent)


def build(doc: Doc, catalogue: VariantCatalogue) -> Variant:
    """Check the header, merge the ``extends`` chain and validate the rules."""
    header = _check_header(doc, catalogue.info.name)
    if header:
        raise VariantError(header)
    chain = _resolve_chain(doc, catalogue)
    rules: Any = {}
    where: dict[DataPath, Location] = {}
    for ancestor in reversed(chain):
        rules = _merge(rules, ancestor.data["rules"])
        for path, loc in ancestor.where.items():
            if path[:1] == ("rules",):
                where[path[1:]] = loc
            elif path[:2] == ("@key", "rules"):
                where[("@key",) + path[2:]] = loc
    problems = []
    for path, message in catalogue.info.schema.validate(rules):
        # A problem with a key itself is shown at the key, any other at the value.
        at_key = message.startswith(("unknown key", "missing key"))
        found: Location | None = where.get(("@key",) + path) if at_key else where.get(path)
        probe = path
        while found is None and probe:
            probe = probe[:-1]
            found = where.get(probe)
        problems.append(fmt(found or (doc.file, 1, 1), message))
    if problems:
        raise VariantError(problems)
    return Variant(
        game=catalogue.info.name,
        name=doc.data["name"],
        title=doc.data["title"],
        description=doc.data["description"],
        rules=rules,
        source=doc.file,
        chain=tuple(d.data["name"] for d in chain),
        origin=doc.origin,
    )


def looks_like_path(spec: str) -> bool:
    return spec.endswith((".yaml", ".yml")) or os.sep in spec or "/" in spec


def load(
    info: GameInfo,
    spec: str | None = None,
    *,
    base_dir: Path | None = None,
    user_dir: Path | None = None,
    packs: Sequence[Traversable | Path] = (),
) -> Variant:
    """Load a variant of ``info``'s game by name or path (default: the game's default);
    ``packs`` are the folders of installed house-rule packs."""
    catalogue = VariantCatalogue(info, user_dir=user_dir, packs=list(packs))
    spec = spec or info.default_variant
    if looks_like_path(spec):
        path = Path(spec)
        if base_dir is not None and not path.is_absolute():
            path = base_dir / path
        if not path.is_file():
            raise AsobiError(f"{spec}: no such variant file")
        return build(read_doc(path, str(path), "file"), catalogue)
    doc = catalogue.find(spec)
    if doc is None:
        names = sorted({n for n, _, _ in catalogue.names()})
        raise AsobiError(
            f"unknown variant '{spec}' of {info.name}{did_you_mean(spec, names)}; "
            f"available: {', '.join(names) or 'none'}"
        )
    if doc.data.get("name") != spec:
        raise VariantError(
            [
                fmt(
                    doc.where.get(("name",), (doc.file, 1, 1)),
                    f"the file is {spec}.yaml but its name is '{doc.data.get('name')}'; "
                    "make them the same",
                )
            ]
        )
    return build(doc, catalogue)


def peek_game(path: Path) -> str:
    """Read only the ``game`` key of a variant file (for ``asobi variant check``)."""
    doc = read_doc(path, str(path), "file")
    game = doc.data.get("game")
    if not isinstance(game, str):
        raise VariantError(
            [
                fmt(
                    doc.where.get(("game",), (str(path), 1, 1)),
                    "missing key 'game' (which game is this variant for?)",
                )
            ]
        )
    return game


def listing(
    info: GameInfo, user_dir: Path | None = None, packs: Sequence[Traversable | Path] = ()
) -> list[dict[str, Any]]:
    """Every variant of a game with its title, for ``asobi variants``; broken files included."""
    catalogue = VariantCatalogue(info, user_dir=user_dir, packs=list(packs))
    rows = []
    for name, origin, entry in catalogue.names():
        row: dict[str, Any] = {
            "name": name,
            "origin": origin,
            "default": name == info.default_variant,
        }
        try:
            if origin == "built-in":
                doc = read_doc(entry, catalogue._builtin_label(name), "built-in")
                doc.key = f"built-in:{name}"
            else:
                doc = read_doc(entry, str(entry), origin)
            variant = build(doc, catalogue)
            row.update(
                title=variant.title,
                description=variant.description,
                extends=variant.chain[1] if len(variant.chain) > 1 else None,
                ok=True,
            )
        except AsobiError as exc:
            row.update(title="", description="", extends=None, ok=False, error=str(exc))
        rows.append(row)
    return rows
