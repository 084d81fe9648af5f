"""The garden: one path of spaces from the entrance gate to the last cherry tree.

A variant writes the path as entries such as ``"3 plain"``; the rules may come from outside (a
record, a request), so the spaces they ask for are counted, and refused beyond
:data:`MAX_SPACES`, before any list of spaces is built.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from asobi.errors import AsobiError

GATE = "gate"
PLAIN = "plain"
BRIDGE = "bridge"
TORII = "torii"
TREE = "tree"
SPACE_KINDS: tuple[str, ...] = (GATE, PLAIN, BRIDGE, TORII, TREE)

MAX_SPACES = 200
"""The most spaces a garden path lists, counts included and each bridge counted once however
wide it is (the standard garden has 35). A wider bridge (``bridge_spaces``, at most 5) makes the
garden itself at most five times longer."""

MAX_WIDTH = 5
"""The most spaces one bridge takes (the schema's bound of ``bridge_spaces``)."""

_ENTRY = re.compile(r"^(?:(\d+) )?(gate|plain|bridge|torii|tree)$")
_COUNT_DIGITS = 12
"""Digits of a count read as they are; a longer count is read as 10**12 (far too many anyway),
so that no text, however long, becomes a number that costs anything to make."""


class BadEntry(ValueError):
    """An entry of a garden path that cannot be laid out: its index and what is wrong."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


def parse_entry(entry: str) -> tuple[int, str] | None:
    """``"3 plain"`` -> ``(3, "plain")``; ``"tree"`` -> ``(1, "tree")``; bad text -> None."""
    match = _ENTRY.match(entry) if isinstance(entry, str) else None
    if not match:
        return None
    digits = (match.group(1) or "1").lstrip("0") or "0"
    count = int(digits) if len(digits) <= _COUNT_DIGITS else 10**_COUNT_DIGITS
    return count, match.group(2)


def path_spaces(path: Sequence[str]) -> Iterator[tuple[int, int, str]]:
    """``(index, count, kind)`` of each entry of ``path``; :class:`BadEntry` at the first entry
    that is not one, or once the spaces go past :data:`MAX_SPACES`. Nothing is expanded, so a
    count of 10**10 costs no more than a count of 1."""
    total = 0
    for i, entry in enumerate(path):
        parsed = parse_entry(entry)
        if parsed is None or parsed[0] < 1:
            raise BadEntry(i, (
                f"expected a space kind ({', '.join(SPACE_KINDS)}), optionally after a count"
                f" such as '3 plain', got {_shown(entry)}"
            ))
        count, kind = parsed
        total += count
        if count > MAX_SPACES:
            raise BadEntry(i, f"{_shown(entry)} asks for more spaces than a garden has: a "
                           f"garden path has at most {MAX_SPACES} spaces in all (each bridge "
                           "counted once)")
        if total > MAX_SPACES:
            raise BadEntry(i, f"with {_shown(entry)} the path has {total} spaces: a garden path "
                           f"has at most {MAX_SPACES} in all (each bridge counted once)")
        yield i, count, kind


def _shown(entry: object) -> str:
    """An entry as a message quotes it: escaped and cut short."""
    text = repr(entry)
    return text if len(text) <= 40 else text[:36] + "...'"


def check_path(path: Sequence[str]) -> Iterable[tuple[tuple[int, ...], str]]:
    """Problems of a garden path as ``(relative path, message)`` for the variant schema."""
    kinds: list[str] = []
    try:
        for _, count, kind in path_spaces(path):
            kinds.extend([kind] * count)
    except BadEntry as bad:
        yield (bad.index,), bad.message
        return
    if not kinds or kinds[0] != GATE:
        yield (0,), "the path must start with the gate"
    if kinds.count(GATE) != 1:
        yield (), "the path must have exactly one gate"
    if kinds.count(TORII) != 1:
        yield (), "the path must have exactly one torii (where the Emperor starts)"
    if not kinds or kinds[-1] != TREE:
        yield (len(path) - 1,), "the last space of the path must be a cherry tree"
    if TORII in kinds and TREE in kinds and kinds.index(TORII) > kinds.index(TREE):
        yield (), "the torii must come before the first cherry tree"


@dataclass(frozen=True)
class Garden:
    """The path for one game (bridges already widened for the number of players)."""

    kinds: tuple[str, ...]
    """Kind of each space, index 0 being the gate."""
    bridge: tuple[int, ...]
    """For each space, the number (1-based) of the bridge it belongs to, else 0."""

    trees: tuple[int, ...] = field(init=False)
    """Indexes of the cherry-tree spaces, in path order."""
    torii: int = field(init=False)
    """Index of the torii (the Emperor's start)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "trees", tuple(i for i, k in enumerate(self.kinds) if k == TREE))
        object.__setattr__(self, "torii", self.kinds.index(TORII))

    @property
    def size(self) -> int:
        return len(self.kinds)

    @property
    def last(self) -> int:
        return len(self.kinds) - 1


def build_garden(path: Sequence[str], bridge_spaces: int) -> Garden:
    """Expand a variant's path (``["gate", "3 plain", "bridge", ...]``); each bridge takes
    ``bridge_spaces`` spaces. A path of more than :data:`MAX_SPACES` spaces, or bridges wider
    than :data:`MAX_WIDTH`, are refused (AsobiError) before anything is laid out."""
    if not 1 <= bridge_spaces <= MAX_WIDTH:
        raise AsobiError(f"a bridge takes 1 to {MAX_WIDTH} spaces, not {bridge_spaces}")
    try:
        entries = list(path_spaces(path))
    except BadEntry as bad:
        raise AsobiError(f"garden path entry {bad.index + 1}: {bad.message}") from None
    kinds: list[str] = []
    bridge: list[int] = []
    bridges = 0
    for _, count, kind in entries:
        for _ in range(count):
            if kind == BRIDGE:
                bridges += 1
                kinds.extend([BRIDGE] * bridge_spaces)
                bridge.extend([bridges] * bridge_spaces)
            else:
                kinds.append(kind)
                bridge.append(0)
    return Garden(tuple(kinds), tuple(bridge))
