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

from asobi.contract.model import GameInfo
from asobi.errors import AsobiError
from asobi.i18n import DEFAULT_LANG, LANGUAGES
from asobi.variants.file import Doc, parse_text, read_doc
from asobi.variants.problems import Location, VariantError, fmt
from asobi.variants.schema import Path as DataPath
from asobi.variants.schema import did_you_mean

__all__ = [
    "Location", "Variant", "VariantCatalogue", "VariantError", "build", "fmt", "listing", "load",
    "looks_like_path", "parse_text", "peek_game", "user_variant_dir",
]

HEADER: dict[str, tuple[bool, str]] = {
    "game": (True, "the game the variant is for, e.g. koikoi"),
    "name": (True, "the variant's name: the file name without .yaml"),
    "title": (True, "a short title, shown in variant lists"),
    "description": (True, "a sentence or two on what the variant changes"),
    "extends": (False, "the name of the variant this one starts from"),
    "rules": (True, "the game's rule values; with extends, only those that change"),
    "translations": (False, "the title and description in other languages, e.g. "
                     "{pt: {title: ..., description: ...}, ja: {...}}"),
}
"""The keys of a variant file's header: whether each is required, and what it holds."""
HEADER_KEYS = tuple(HEADER)
REQUIRED_HEADER = tuple(key for key, (required, _) in HEADER.items() if required)

Found = list[tuple[Location | None, str]]
"""Problems collected while checking, each with its place (None: already in its text)."""


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
    """``built-in``, ``user``, ``pack`` or ``file``."""
    translations: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The title and description in other languages (``{"pt": {"title": ...}}``)."""

    def title_in(self, lang: str) -> str:
        return self.translations.get(lang, {}).get("title") or self.title

    def description_in(self, lang: str) -> str:
        return self.translations.get(lang, {}).get("description") or self.description


def _check_header(doc: Doc, game: str | None) -> Found:
    found: Found = []
    where = doc.where
    for key in doc.data:
        if key not in HEADER_KEYS:
            found.append(
                (
                    where.get(("@key", key), (doc.file, 1, 1)),
                    f"unknown key '{key}'{did_you_mean(str(key), HEADER_KEYS)}",
                )
            )
    for key in REQUIRED_HEADER:
        if key not in doc.data:
            found.append(
                ((doc.file, 1, 1), f"missing key '{key}' (required: {HEADER[key][1]})")
            )
    for key in ("game", "name", "title", "description", "extends"):
        if key in doc.data and not isinstance(doc.data[key], str):
            found.append((where[(key,)], f"'{key}' must be a string"))
    if "rules" in doc.data and not isinstance(doc.data["rules"], dict):
        found.append((where[("rules",)], "'rules' must be a mapping"))
    found.extend(_check_translations(doc))
    if game is not None and _other_game(doc, game):
        found.append(
            (where[("game",)], f"this is a variant of '{doc.data['game']}', not of '{game}'")
        )
    return found


def _check_translations(doc: Doc) -> Found:
    if "translations" not in doc.data:
        return []
    where = doc.where
    given = doc.data["translations"]
    if not isinstance(given, dict):
        return [(where[("translations",)], "'translations' must map languages to a title and "
                 "a description")]
    found: Found = []
    other = [code for code in LANGUAGES if code != DEFAULT_LANG]
    for lang, texts in given.items():
        at = where.get(("translations", lang), where[("translations",)])
        if lang not in other:
            found.append((where.get(("@key", "translations", lang), at),
                          f"unknown language '{lang}'; translations are for: {', '.join(other)}"))
            continue
        if not isinstance(texts, dict):
            found.append((at, f"'{lang}' must hold a title and a description"))
            continue
        for key, value in texts.items():
            if key not in ("title", "description"):
                found.append((where.get(("@key", "translations", lang, key), at),
                              f"unknown key '{key}' (a translation has a title and a "
                              "description)"))
            elif not isinstance(value, str):
                found.append((where.get(("translations", lang, key), at),
                              f"'{key}' must be a string"))
    return found


def _other_game(doc: Doc, game: str) -> bool:
    return isinstance(doc.data.get("game"), str) and doc.data["game"] != game


def _raise_found(found: Found, first: str) -> None:
    """Raise every problem at once, ``first``'s file first, each file's by line and column."""
    if not found:
        return
    files = [first]
    for loc, _ in found:
        if loc is not None and loc[0] not in files:
            files.append(loc[0])

    def key(item: tuple[Location | None, str]) -> tuple[int, int, int]:
        loc = item[0]
        return (len(files), 0, 0) if loc is None else (files.index(loc[0]), loc[1], loc[2])

    ordered = sorted(found, key=key)
    raise VariantError([text if loc is None else fmt(loc, text) for loc, text in ordered])


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
        return candidate if is_file(candidate) else None

    def find(self, name: str, near: Path | None = None, skip: str | None = None) -> Doc | None:
        """Find a variant by name: ``near`` folder, then the user folder, then built-in."""
        folders: list[tuple[Traversable | Path, str]] = [
            *((p, "file") for p in [near] if p is not None),
            *((p, "user") for p in [self.user_dir] if p is not None),
            *((p, "pack") for p in self.packs),
        ]
        for folder, origin in folders:
            candidate = folder / f"{name}.yaml"
            if is_file(candidate) and str(candidate) != skip:
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


def merge_rules(base: Any, over: Any) -> Any:
    """``over`` laid on ``base`` the way a variant lays its rules on its parent's: mappings
    merge key by key, anything else (a list, a number) is replaced whole. Games use it for
    rule values of their own that override others (Sakura's ``by_players``)."""
    if isinstance(base, dict) and isinstance(over, dict):
        merged = dict(base)
        for key, value in over.items():
            merged[key] = merge_rules(base[key], value) if key in base else value
        return merged
    return over


def _missing_parent(current: Doc, parent_name: str, catalogue: VariantCatalogue) -> str:
    """The message for an ``extends`` that names no variant (or the file itself)."""
    game = catalogue.info.name
    near = Path(current.file).parent if current.origin != "built-in" else None
    own = {str(current.data.get("name"))}
    if current.origin != "built-in":
        own.add(Path(current.file).stem)
    names = {n for n, _, _ in catalogue.names()}
    if near is not None and near.is_dir():
        names |= {entry.stem for entry in near.glob("*.yaml")}
    # the file itself is skipped when its parent is looked up: never suggest it
    names -= {n for n in own if not _exists(catalogue, n, near, current.key)}
    if parent_name in own:
        example = catalogue.info.default_variant
        hint = f" (for example '{example}')" if example in names else ""
        return (
            f"extends '{parent_name}', which is this variant itself: a variant cannot extend "
            f"itself; name another variant of '{game}'{hint}"
        )
    return (
        f"extends '{parent_name}', but no variant of '{game}' has that name"
        f"{did_you_mean(parent_name, sorted(names))}"
    )


def _exists(catalogue: VariantCatalogue, name: str, near: Path | None, skip: str) -> bool:
    """Whether a variant file other than ``skip`` has this name (readable or not)."""
    try:
        return catalogue.find(name, near=near, skip=skip) is not None
    except AsobiError:
        return True


def _resolve_chain(doc: Doc, catalogue: VariantCatalogue, found: Found) -> tuple[list[Doc], bool]:
    """The doc and its ancestors, child first, and whether the chain is complete (reaches a
    variant that extends nothing). Missing parents, cycles and broken parents go to ``found``."""
    chain = [doc]
    while True:
        current = chain[-1]
        parent_name = current.data.get("extends")
        if parent_name is None:
            return chain, True
        if not isinstance(parent_name, str):
            return chain, False  # reported by the header check
        near = Path(current.file).parent if current.origin != "built-in" else None
        loc = current.where.get(("extends",), (current.file, 1, 1))
        try:
            parent = catalogue.find(parent_name, near=near, skip=current.key)
        except VariantError as exc:
            found.extend((None, problem) for problem in exc.problems)
            return chain, False
        except AsobiError as exc:
            found.append((loc, f"extends '{parent_name}', which cannot be read: {exc}"))
            return chain, False
        if parent is None:
            found.append((loc, _missing_parent(current, parent_name, catalogue)))
            return chain, False
        if any(parent.key == d.key for d in chain):
            names = " -> ".join([*(str(d.data.get("name")) for d in chain), parent_name])
            found.append((loc, f"'extends' makes a cycle: {names}"))
            return chain, False
        found.extend(parent.problems)
        found.extend(_check_header(parent, catalogue.info.name))
        if _other_game(parent, catalogue.info.name) or not isinstance(
            parent.data.get("rules"), dict
        ):
            return chain, False
        chain.append(parent)


def build(
    doc: Doc, catalogue: VariantCatalogue, found: Found | None = None
) -> Variant:
    """Check the header, merge the ``extends`` chain and validate the rules; raise every
    problem of all of them (and of ``found``) at once, sorted by place."""
    found = [*(found or []), *doc.problems, *_check_header(doc, catalogue.info.name)]
    if _other_game(doc, catalogue.info.name):
        _raise_found(found, doc.file)  # another game's rules: its schema does not apply here
    chain, complete = _resolve_chain(doc, catalogue, found)
    rules: Any = {}
    where: dict[DataPath, Location] = {}
    for ancestor in reversed(chain):
        if not isinstance(ancestor.data.get("rules"), dict):
            continue
        rules = merge_rules(rules, ancestor.data["rules"])
        for path, loc in ancestor.where.items():
            if path[:1] == ("rules",):
                where[path[1:]] = loc
            elif path[:2] == ("@key", "rules"):
                where[("@key",) + path[2:]] = loc
    for path, message in catalogue.info.schema.validate(rules, partial=not complete):
        # A problem with a key itself is shown at the key, any other at the value.
        at_key = message.startswith(("unknown key", "missing key"))
        place: Location | None = where.get(("@key",) + path) if at_key else where.get(path)
        probe = path
        while place is None and probe:
            probe = probe[:-1]
            place = where.get(probe)
        found.append((place or (doc.file, 1, 1), message))
    _raise_found(found, doc.file)
    return Variant(
        game=catalogue.info.name,
        name=doc.data["name"],
        title=doc.data["title"],
        description=doc.data["description"],
        rules=rules,
        source=doc.file,
        chain=tuple(d.data["name"] for d in chain),
        origin=doc.origin,
        translations=dict(doc.data.get("translations") or {}),
    )


def is_file(path: Traversable | Path) -> bool:
    """Whether ``path`` is a file; False too for a name the system cannot look up (too long,
    a NUL in it, a folder it may not read): such a variant is not there."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def looks_like_path(spec: str) -> bool:
    return spec.endswith((".yaml", ".yml")) or os.sep in spec or "/" in spec


def _where_to_put(name: str, catalogue: VariantCatalogue, base_dir: Path | None) -> str:
    """How a variant of the user's is found by name, for the error about an unknown one:
    pointing at a file of that name in the folder, when there is one."""
    folder = catalogue.user_dir
    beside = (base_dir or Path.cwd()) / f"{name}.yaml"
    try:
        here = beside.is_file()
    except OSError:  # a name too long for a file name
        here = False
    if here:
        return (f". The file {name}.yaml is in this folder: pass its path "
                f"(--variant {name}.yaml), or copy it into {folder} to use its name anywhere")
    return f". Your own variants are found by name in {folder}; a file elsewhere by its path"


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
        if not is_file(path):
            raise AsobiError(f"{spec}: no such variant file")
        return build(read_doc(path, str(path), "file"), catalogue)
    doc = catalogue.find(spec)
    if doc is None:
        names = sorted({n for n, _, _ in catalogue.names()})
        raise AsobiError(
            f"unknown variant '{spec}' of {info.name}{did_you_mean(spec, names)}; "
            f"available: {', '.join(names) or 'none'}{_where_to_put(spec, catalogue, base_dir)}"
        )
    found: Found = []
    if "name" in doc.data and doc.data["name"] != spec:
        found.append(
            (
                doc.where.get(("name",), (doc.file, 1, 1)),
                f"the file is {spec}.yaml but its name is '{doc.data.get('name')}'; "
                "make them the same",
            )
        )
    return build(doc, catalogue, found)


def peek_game(path: Path) -> str:
    """Read only the ``game`` key of a variant file (for ``asobi variant check``)."""
    doc = read_doc(path, str(path), "file")
    game = doc.data.get("game")
    if not isinstance(game, str):
        # without its game the rules cannot be checked: report what the header shows
        _raise_found([*doc.problems, *_check_header(doc, None)], doc.file)
        raise VariantError([fmt((doc.file, 1, 1), "'game' must be a string")])
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
                translations=dict(variant.translations),
                ok=True,
            )
        except AsobiError as exc:
            row.update(title="", description="", extends=None, ok=False, error=str(exc))
        rows.append(row)
    return rows
