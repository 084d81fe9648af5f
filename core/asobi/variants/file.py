"""Reading one variant file: YAML with the line and column of every value, and its header.

Every problem is written ``FILE:LINE:COL: message`` (see :mod:`asobi.variants.problems`); a
file that is not UTF-8, not YAML or holds control characters is refused with its location. A
repeated key is kept in :attr:`Doc.problems`, so that it is reported with the file's other
problems.

A variant file may come from anyone, so its size is bounded before it is used (the same bounds
hold for any YAML read through :func:`parse_text`, such as the settings file): at most
:data:`MAX_FILE_BYTES` are read, and while the YAML is read (before any value is built) it may
nest at most :data:`MAX_NESTING` levels, hold at most :data:`MAX_NODES` values (an alias counts
as everything its anchor holds, so ``&a``/``*a`` chains cannot multiply the work) and no text
longer than :data:`MAX_SCALAR` characters.

Reading YAML in Python is slow (6 to 7 ms for a built-in Koi-Koi file, 17 ms for Sakura's
standard one), and a process that starts many games reads the same few files again and again:
a game server, the lab, a reinforcement-learning environment that resets. So the last texts
read are remembered with what they gave (:func:`_parsed`), and each caller gets a fresh copy
of it to change as it likes.
"""

from __future__ import annotations

import functools
import pickle
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.variants.problems import Location, VariantError, fmt
from asobi.variants.schema import Path as DataPath

__all__ = [
    "MAX_FILE_BYTES", "MAX_NESTING", "MAX_NODES", "MAX_SCALAR", "Doc", "Location",
    "VariantError", "fmt", "parse_text", "read_doc",
]

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
    if len(text) > MAX_FILE_BYTES:
        size = len(text.encode("utf-8", "replace"))
        if size > MAX_FILE_BYTES:
            raise VariantError([fmt((file, 1, 1), _too_big(f"{size:,}"))])
    data, where, problems = pickle.loads(_parsed(text, file, (MAX_NESTING, MAX_NODES, MAX_SCALAR)))
    return data, where, problems


@functools.lru_cache(maxsize=64)
def _parsed(text: str, file: str, bounds: tuple[int, int, int]) -> bytes:
    """What reading ``text`` gives (data, locations, problems), pickled: the value remembered
    is immutable, and unpickling it is a copy each caller owns, about a hundred times faster
    than reading the YAML again. A text the bounds refuse raises and is not remembered."""
    from asobi.variants.yamlread import Bounds, parse  # PyYAML: when a file is first read

    where: dict[DataPath, Location] = {(): (file, 1, 1)}
    problems: list[tuple[Location, str]] = []
    data = parse(text, file, where, problems, Bounds(*bounds))
    return pickle.dumps((data, where, problems), protocol=pickle.HIGHEST_PROTOCOL)


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
