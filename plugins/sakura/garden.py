"""The garden: one path of spaces from the entrance gate to the last cherry tree."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

GATE = "gate"
PLAIN = "plain"
BRIDGE = "bridge"
TORII = "torii"
TREE = "tree"
SPACE_KINDS: tuple[str, ...] = (GATE, PLAIN, BRIDGE, TORII, TREE)

_ENTRY = re.compile(r"^(?:(\d+) )?(gate|plain|bridge|torii|tree)$")


def parse_entry(entry: str) -> tuple[int, str] | None:
    """``"3 plain"`` -> ``(3, "plain")``; ``"tree"`` -> ``(1, "tree")``; bad text -> None."""
    match = _ENTRY.match(entry)
    if not match:
        return None
    count = int(match.group(1)) if match.group(1) else 1
    return count, match.group(2)


def check_path(path: Sequence[str]) -> Iterable[tuple[tuple[int, ...], str]]:
    """Problems of a garden path as ``(relative path, message)`` for the variant schema."""
    kinds: list[str] = []
    for i, entry in enumerate(path):
        parsed = parse_entry(entry)
        if parsed is None or parsed[0] < 1:
            yield (i,), (
                f"expected a space kind ({', '.join(SPACE_KINDS)}), optionally after a count"
                f" such as '3 plain', got {entry!r}"
            )
            return
        kinds.extend([parsed[1]] * parsed[0])
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
    ``bridge_spaces`` spaces."""
    kinds: list[str] = []
    bridge: list[int] = []
    bridges = 0
    for entry in path:
        parsed = parse_entry(entry)
        if parsed is None:
            raise ValueError(f"bad garden entry {entry!r}")
        count, kind = parsed
        for _ in range(count):
            if kind == BRIDGE:
                bridges += 1
                kinds.extend([BRIDGE] * bridge_spaces)
                bridge.extend([bridges] * bridge_spaces)
            else:
                kinds.append(kind)
                bridge.append(0)
    return Garden(tuple(kinds), tuple(bridge))
