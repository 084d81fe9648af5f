"""Reading one variant file: YAML with the line and column of every value, and its header.

Every problem is written ``FILE:LINE:COL: message`` (see :func:`fmt`); a file that is not
UTF-8, not YAML or holds control characters is refused with its location. A repeated key is
kept in :attr:`Doc.problems`, so that it is reported with the file's other problems.
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
    try:
        loader = yaml.SafeLoader(text)
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
    finally:
        loader.dispose()
    return data, where, problems


def read_doc(resource: Traversable | Path, file: str, origin: str) -> Doc:
    try:
        text = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise AsobiError(f"{file}: no such variant file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise AsobiError(f"{file}: cannot read it ({exc})") from None
    data, where, problems = _parse(text, file)
    if not isinstance(data, dict):
        raise VariantError(
            [fmt((file, 1, 1), "a variant file must be a mapping (game, name, ...)")]
        )
    return Doc(data=data, where=where, file=file, origin=origin, key=file, problems=problems)
