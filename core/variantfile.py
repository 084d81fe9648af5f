"""Reading one variant file: YAML with the line and column of every value, and its header.

Every problem is written ``FILE:LINE:COL: message`` (see :func:`fmt`); a file that is not
UTF-8, not YAML or holds control characters is refused with its location. A repeated key is
kept in :attr:`Doc.problems`, so that it is reported with the file's other problems.

A variant file may come from anyone, so its size is bounded before it is used (the same bounds
hold for any YAML read through :func:`parse_text`, such as the settings file): at most
:data:`MAX_FILE_BYTES` are read, and while the YAML is read (before any value is built) it may
nest at most :data:`MAX_NESTING` levels, hold at most :data:`MAX_NODES` values (an alias counts
as everything its anchor holds, so ``&a``/``*a`` chains cannot multiply the work) and no text
longer than :data:`MAX_SCALAR` characters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

from asobi.errors import AsobiError
from asobi.schema import Path as DataPath

Location = tuple[str, int, int]  # file, line, column (1-based)

MAX_FILE_BYTES = 128 * 1024
"""The largest variant file read, in bytes (the built-in ones are under 12 KiB)."""
MAX_NESTING = 12
"""Levels of mappings and lists a variant file nests at most, the file itself being one."""
MAX_NODES = 6_000
"""Values (keys, items, mappings, lists) a variant file holds at most, aliases expanded: room
for the largest ``rules`` a game's limits admit (5,000 values) and a header. The built-in files
hold under 1,000. Reading YAML costs about 0.1 ms a value, so this also bounds the time."""
MAX_SCALAR = 4_000
"""Characters of the longest single value (a description is a few hundred)."""


class VariantError(AsobiError):
    """One or more problems in variant files; ``problems`` holds each ``FILE:LINE:COL: msg``."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class Doc:
    """One parsed file: its data and where each value stands."""

    data: dict[str, Any]
    where: dict[DataPath, Location]
    file: str
    origin: str
    key: str  # identity used for cycle detection
    problems: list[tuple[Location, str]] = field(default_factory=list)
    """Problems found while reading (a key given twice), reported with all the others."""


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a document beyond :data:`MAX_NESTING`,
    :data:`MAX_NODES` or :data:`MAX_SCALAR` as its events are read, before the nodes and
    values are built from them (it also refuses an alias inside its own anchor, which would
    make a value that holds itself)."""

    def __init__(self, text: str, file: str) -> None:
        super().__init__(text)
        self._file = file
        self._total = 0
        self._open: list[tuple[str | None, int]] = []  # (anchor, total before it)
        self._sizes: dict[str, int] = {}  # anchor -> values it stands for

    def get_event(self) -> Any:
        event = super().get_event()  # type: ignore[no-untyped-call]
        self._count(event)
        return event

    def _refuse(self, event: Any, message: str) -> VariantError:
        mark = event.start_mark
        return VariantError([fmt((self._file, mark.line + 1, mark.column + 1), message)])

    def _count(self, event: Any) -> None:
        if isinstance(event, yaml.AliasEvent):
            size = self._sizes.get(str(event.anchor))
            if size is None:
                raise self._refuse(event, f"the alias *{event.anchor} names no anchor that is "
                                   "complete before it (an alias cannot stand inside its own "
                                   "anchor)")
            self._total += size
        elif isinstance(event, yaml.ScalarEvent):
            self._total += 1
            if len(event.value) > MAX_SCALAR:
                raise self._refuse(event, f"a value of {len(event.value)} characters: a value "
                                   f"is at most {MAX_SCALAR} characters long")
            if event.anchor:
                self._sizes[event.anchor] = 1
        elif isinstance(event, yaml.CollectionStartEvent):
            self._total += 1
            self._open.append((event.anchor, self._total - 1))
            if len(self._open) > MAX_NESTING:
                raise self._refuse(event, f"nested too deep: the file may nest at most "
                                   f"{MAX_NESTING} levels of mappings and lists")
        elif isinstance(event, yaml.CollectionEndEvent) and self._open:
            anchor, before = self._open.pop()
            if anchor:
                self._sizes[anchor] = self._total - before
        if self._total > MAX_NODES:
            raise self._refuse(event, f"too many values: the file may hold at most "
                               f"{MAX_NODES} (keys, items and each alias's values counted)")


def _loc(file: str, node: yaml.Node) -> Location:
    return (file, node.start_mark.line + 1, node.start_mark.column + 1)


def fmt(loc: Location, message: str) -> str:
    return f"{loc[0]}:{loc[1]}:{loc[2]}: {message}"


def _walk(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    path: DataPath,
    file: str,
    where: dict[DataPath, Location],
    problems: list[tuple[Location, str]],
) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, yaml.Node] = {}
        for key_node, value_node in node.value:
            try:
                key = loader.construct_object(key_node, deep=True)
            except yaml.YAMLError:
                continue
            if isinstance(key, list | dict):
                problems.append((_loc(file, key_node), "a key must be a plain word"))
                continue
            if key in seen:
                first = seen[key].start_mark.line + 1
                problems.append(
                    (_loc(file, key_node), f"key '{key}' appears twice (first on line {first})")
                )
            seen[key] = key_node
            where[path + (key,)] = _loc(file, value_node)
            where[("@key",) + path + (key,)] = _loc(file, key_node)
            _walk(loader, value_node, path + (key,), file, where, problems)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            where[path + (i,)] = _loc(file, item)
            _walk(loader, item, path + (i,), file, where, problems)


def parse_text(text: str, file: str) -> tuple[Any, dict[DataPath, Location]]:
    """Parse YAML safely, returning the data and the location of every key and item."""
    data, where, problems = _parse(text, file)
    if problems:
        raise VariantError([fmt(loc, message) for loc, message in problems])
    return data, where


def _parse(
    text: str, file: str
) -> tuple[Any, dict[DataPath, Location], list[tuple[Location, str]]]:
    """Like :func:`parse_text`, but a repeated key is returned as a problem, not raised."""
    where: dict[DataPath, Location] = {(): (file, 1, 1)}
    problems: list[tuple[Location, str]] = []
    if len(text) > MAX_FILE_BYTES:
        size = len(text.encode("utf-8", "replace"))
        if size > MAX_FILE_BYTES:
            raise VariantError([fmt((file, 1, 1), _too_big(f"{size:,}"))])
    try:
        loader = _BoundedLoader(text, file)
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise VariantError(
            [f"{file}:{line}:{col}: not valid YAML: character {exc.character!r} is not allowed"]
        ) from None
    try:
        node = loader.get_single_node()
        if node is None:
            return None, where, problems
        data = loader.construct_document(node)
        _walk(loader, node, (), file, where, problems)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "not valid YAML"
        raise VariantError([f"{file}:{line}:{col}: not valid YAML: {what}"]) from None
    except yaml.YAMLError as exc:
        raise VariantError([f"{file}:1:1: not valid YAML: {exc}"]) from None
    except (ValueError, OverflowError) as exc:  # a date such as 2024-13-45 cannot be built
        raise VariantError([f"{file}:1:1: not valid YAML: a value cannot be read ({exc})"]
                           ) from None
    finally:
        loader.dispose()
    return data, where, problems


def _too_big(size: str) -> str:
    return f"the file is {size} bytes: a file read here is at most {MAX_FILE_BYTES // 1024} KiB"


def read_doc(resource: Traversable | Path, file: str, origin: str) -> Doc:
    """Read and parse one variant file; no more than :data:`MAX_FILE_BYTES` are read."""
    try:
        with resource.open("rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise AsobiError(f"{file}: no such variant file") from None
    except OSError as exc:
        raise AsobiError(f"{file}: cannot read it ({exc})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise VariantError([fmt((file, 1, 1), _too_big(f"more than {MAX_FILE_BYTES:,}"))])
    try:
        # newlines as reading the file as text gives them
        text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as exc:
        raise AsobiError(f"{file}: cannot read it ({exc})") from None
    data, where, problems = _parse(text, file)
    if not isinstance(data, dict):
        raise VariantError(
            [fmt((file, 1, 1), "a variant file must be a mapping (game, name, ...)")]
        )
    return Doc(data=data, where=where, file=file, origin=origin, key=file, problems=problems)
