"""The YAML half of :mod:`asobi.variants.file`: PyYAML's safe loader held within the bounds of a
variant file, and the line and column of every value it reads.

It is a module of its own so that PyYAML is imported when a YAML file is first read, not when
``asobi`` starts: listing the games reads none. :func:`asobi.variants.file.parse_text` and
:func:`asobi.variants.file.read_doc` are the ways in; they pass the bounds
(:data:`asobi.variants.file.MAX_NODES` and the others, read when a file is parsed), and the
problems are told as :mod:`asobi.variants.problems` tells them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from asobi.variants.problems import Location, VariantError, fmt
from asobi.variants.schema import Path as DataPath

Problems = list[tuple[Location, str]]


@dataclass(frozen=True)
class Bounds:
    """The most a document may hold: levels of mappings and lists (``nesting``), values
    (``nodes``, aliases expanded) and characters of one value (``scalar``)."""

    nesting: int
    nodes: int
    scalar: int


class BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a document beyond its :class:`Bounds` as its events are
    read, before the nodes and values are built from them (it also refuses an alias inside its
    own anchor, which would make a value that holds itself)."""

    def __init__(self, text: str, file: str, bounds: Bounds) -> None:
        super().__init__(text)
        self._file = file
        self._bounds = bounds
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
        nesting, nodes, scalar = self._bounds.nesting, self._bounds.nodes, self._bounds.scalar
        if isinstance(event, yaml.AliasEvent):
            size = self._sizes.get(str(event.anchor))
            if size is None:
                raise self._refuse(
                    event,
                    f"the alias *{event.anchor} names no anchor that is "
                    "complete before it (an alias cannot stand inside its own "
                    "anchor)",
                )
            self._total += size
        elif isinstance(event, yaml.ScalarEvent):
            self._total += 1
            if len(event.value) > scalar:
                raise self._refuse(
                    event,
                    f"a value of {len(event.value)} characters: a value "
                    f"is at most {scalar} characters long",
                )
            if event.anchor:
                self._sizes[event.anchor] = 1
        elif isinstance(event, yaml.CollectionStartEvent):
            self._total += 1
            self._open.append((event.anchor, self._total - 1))
            if len(self._open) > nesting:
                raise self._refuse(
                    event,
                    f"nested too deep: the file may nest at most "
                    f"{nesting} levels of mappings and lists",
                )
        elif isinstance(event, yaml.CollectionEndEvent) and self._open:
            anchor, before = self._open.pop()
            if anchor:
                self._sizes[anchor] = self._total - before
        if self._total > nodes:
            raise self._refuse(
                event,
                f"too many values: the file may hold at most "
                f"{nodes} (keys, items and each alias's values counted)",
            )


def _loc(file: str, node: yaml.Node) -> Location:
    return (file, node.start_mark.line + 1, node.start_mark.column + 1)


def _walk(
    loader: yaml.SafeLoader,
    node: yaml.Node,
    path: DataPath,
    file: str,
    where: dict[DataPath, Location],
    problems: Problems,
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


def parse(
    text: str, file: str, where: dict[DataPath, Location], problems: Problems, bounds: Bounds
) -> Any:
    """The data of the YAML ``text`` (None for an empty document), the location of each of its
    keys and items added to ``where`` and each repeated key to ``problems``;
    :class:`~asobi.variants.problems.VariantError` when it is not YAML or breaks ``bounds``."""
    try:
        loader = BoundedLoader(text, file, bounds)
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise VariantError(
            [f"{file}:{line}:{col}: not valid YAML: character {exc.character!r} is not allowed"]
        ) from None
    try:
        node = loader.get_single_node()
        if node is None:
            return None
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
        raise VariantError(
            [f"{file}:1:1: not valid YAML: a value cannot be read ({exc})"]
        ) from None
    finally:
        loader.dispose()
    return data
