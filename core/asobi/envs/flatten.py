"""The generic encoding of an observation: its numbers, flattened into a vector of fixed size.

A game that does not implement ``asobi_observation_tensor`` still gets a numeric observation.
The observation is walked as JSON: every leaf has a *path* (``("piles", 2)``,
``("rounds", 0, "winner")``). A :class:`Layout`, made once from observations of a few games
played at random (:mod:`asobi.envs.survey`), gives each path it saw a place in the vector:

* a number or a boolean takes two places: ``1`` when the leaf is there (``0`` when it is
  missing or ``null``), then its value scaled between 0 and 1 by the lowest and highest value
  seen at that path (a value beyond them is clipped: 0 below, 1 above);
* a text takes one place per value seen at that path (a one-hot), when at most
  :data:`MAX_CATEGORIES` values were seen; a path with more texts is left out;
* a path seen with texts and numbers both is left out; so is the item of a list beyond
  :data:`MAX_ITEMS`, and every path once the vector holds :data:`MAX_SIZE` numbers.

The vector is a function of the observation alone, so it hides whatever the observation hides.
What it keeps is positional (the third card of a hand sits where the third card of any hand
sits): a game that wants a better encoding implements the hook.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

MAX_ITEMS = 64
"""Items of one list the generic encoding keeps (the first ones)."""
MAX_CATEGORIES = 16
"""Distinct texts a path may show to be encoded as a one-hot."""
MAX_SIZE = 4096
"""Numbers the generic vector holds at most."""

Path = tuple[str | int, ...]
NUMBER = "number"
TEXT = "text"


def leaves(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every leaf of a JSON value with its path (dict keys in their order, list items by
    position up to :data:`MAX_ITEMS`)."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield from leaves(item, (*path, str(key)))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value[:MAX_ITEMS]):
            yield from leaves(item, (*path, index))
    else:
        yield path, value


def path_text(path: Path) -> str:
    """``("rounds", 0, "winner")`` -> ``rounds[0].winner`` (for documentation and errors)."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "(the observation itself)"


@dataclass(frozen=True)
class Slot:
    """Where one path's leaf goes: ``offset`` in the vector, and for a text its values."""

    path: Path
    offset: int
    kind: str
    categories: tuple[str, ...] = ()
    low: float = 0.0
    """The lowest value seen (a number's slot): it is encoded as 0."""
    span: float = 1.0
    """The highest value seen less the lowest (1 when they are the same): the highest is
    encoded as 1."""

    @property
    def size(self) -> int:
        return 2 if self.kind == NUMBER else len(self.categories)


@dataclass(frozen=True)
class Layout:
    """The places of the generic vector, one :class:`Slot` per path kept."""

    slots: tuple[Slot, ...]
    size: int

    @classmethod
    def learn(cls, observations: Iterable[Mapping[str, Any]]) -> Layout:
        """The layout of every path seen in ``observations`` (first seen, first placed)."""
        kinds: dict[Path, str | None] = {}
        texts: dict[Path, list[str]] = {}
        ranges: dict[Path, tuple[float, float]] = {}
        for observation in observations:
            for path, leaf in leaves(observation):
                kind = _kind(leaf)
                if kind is None:
                    kinds.setdefault(path, None)
                    continue
                known = kinds.get(path)
                if path in kinds and known not in (None, kind):
                    kinds[path] = "mixed"
                    continue
                kinds[path] = kind
                if kind == NUMBER:
                    value = float(leaf)
                    lowest, highest = ranges.get(path, (value, value))
                    ranges[path] = (min(lowest, value), max(highest, value))
                if kind == TEXT:
                    seen = texts.setdefault(path, [])
                    if leaf not in seen and len(seen) <= MAX_CATEGORIES:
                        seen.append(leaf)
        slots: list[Slot] = []
        offset = 0
        for path, kind in kinds.items():
            if kind == NUMBER:
                lowest, highest = ranges[path]
                slot = Slot(path, offset, NUMBER, low=lowest,
                            span=highest - lowest if highest > lowest else 1.0)
            elif kind == TEXT and len(texts[path]) <= MAX_CATEGORIES:
                slot = Slot(path, offset, TEXT, tuple(texts[path]))
            else:
                continue
            if offset + slot.size > MAX_SIZE:
                break
            slots.append(slot)
            offset += slot.size
        return cls(tuple(slots), offset)

    def encode(self, observation: Mapping[str, Any],
               out: np.ndarray[Any, np.dtype[np.float32]] | None = None,
               ) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The vector of ``observation`` (written into ``out``, zeros of ``size``, when
        given): zeros where its leaves are missing, every number between 0 and 1."""
        vector = np.zeros(self.size, dtype=np.float32) if out is None else out
        where = self._where
        for path, leaf in leaves(observation):
            slot = where.get(path)
            if slot is None or leaf is None:
                continue
            if slot.kind == NUMBER:
                if _kind(leaf) == NUMBER:
                    vector[slot.offset] = 1.0
                    scaled = (float(leaf) - slot.low) / slot.span
                    vector[slot.offset + 1] = min(max(scaled, 0.0), 1.0)
            elif leaf in slot.categories:
                vector[slot.offset + slot.categories.index(leaf)] = 1.0
        return vector

    @cached_property
    def _where(self) -> dict[Path, Slot]:
        return {slot.path: slot for slot in self.slots}

    def describe(self) -> list[str]:
        """One line per slot: where it sits and what it holds (for documentation)."""
        lines = []
        for slot in self.slots:
            where = path_text(slot.path)
            if slot.kind == NUMBER:
                top = slot.low + slot.span
                lines.append(f"{slot.offset}-{slot.offset + 1}: {where} (present, value: "
                             f"{slot.low:g} to {top:g} as 0 to 1)")
            else:
                values = ", ".join(slot.categories)
                last = slot.offset + slot.size - 1
                lines.append(f"{slot.offset}-{last}: {where} (one of: {values})")
        return lines


def _kind(leaf: Any) -> str | None:
    if leaf is None:
        return None
    if isinstance(leaf, bool | int | float):
        try:
            return NUMBER if np.isfinite(float(leaf)) else None
        except OverflowError:  # a whole number too large for a float
            return None
    if isinstance(leaf, str):
        return TEXT
    return None
