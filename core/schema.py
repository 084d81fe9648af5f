"""A small declarative schema language for variant files.

A game plugin describes the ``rules`` mapping of its variant files with these classes; the
variant loader validates merged YAML against it and turns every problem into a
``FILE:LINE:COL: message`` line. Rule *values* live in YAML; this is how a game says which
values exist, what type they have and which range is allowed.

Example::

    Struct({
        "rounds": Int(min=1, max=12),
        "redeal": Struct({"board_four_of_month": Bool()}),
        "yaku": MapOf(Slug(), YAKU),
    })
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Path = tuple[str | int, ...]


@dataclass
class Problems:
    """Collects (path, message) pairs while validating.

    ``partial`` is set when the value is known to be incomplete (a variant whose ``extends``
    chain could not be followed): then missing keys are not reported and the whole-value checks
    of :class:`Checked` are skipped, since both would judge values that are simply not there.
    """

    items: list[tuple[Path, str]] = field(default_factory=list)
    partial: bool = False

    def add(self, path: Path, message: str) -> None:
        self.items.append((path, message))


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """Return ``" (did you mean 'x'?)"`` for the closest option, or ``""``."""
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _type_name(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


@dataclass(frozen=True)
class Schema:
    """Base class. ``check`` reports problems; ``describe`` says what is expected.

    Every schema takes a keyword ``doc``: one line saying what the value means, used by the
    generated reference of variant keys (``python -m asobi.variantdoc``).
    """

    doc: str = field(default="", kw_only=True)

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def validate(self, value: Any, *, partial: bool = False) -> list[tuple[Path, str]]:
        """Every problem of ``value`` as ``(path, message)``; see :class:`Problems` for
        ``partial``."""
        problems = Problems(partial=partial)
        self.check(value, (), problems)
        return problems.items


@dataclass(frozen=True)
class Int(Schema):
    min: int | None = None
    max: int | None = None

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            problems.add(path, f"expected {self.describe()}, got {_type_name(value)}")
            return
        if (self.min is not None and value < self.min) or (
            self.max is not None and value > self.max
        ):
            problems.add(path, f"{value} is out of range: expected {self.describe()}")

    def describe(self) -> str:
        if self.min is not None and self.max is not None:
            return f"an integer from {self.min} to {self.max}"
        if self.min is not None:
            return f"an integer of at least {self.min}"
        if self.max is not None:
            return f"an integer of at most {self.max}"
        return "an integer"


@dataclass(frozen=True)
class Bool(Schema):
    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, bool):
            problems.add(path, f"expected true or false, got {_type_name(value)}")

    def describe(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class Str(Schema):
    """A string; with ``choices``, one of them (``what`` names the kind: "card", "yaku")."""

    choices: tuple[str, ...] | None = None
    what: str = "value"

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, str):
            problems.add(path, f"expected {self.describe()}, got {_type_name(value)}")
            return
        if self.choices is not None and value not in self.choices:
            hint = did_you_mean(value, self.choices)
            if not hint and len(self.choices) <= 8:
                hint = " (one of: " + ", ".join(self.choices) + ")"
            problems.add(path, f"unknown {self.what} '{value}'{hint}")

    def describe(self) -> str:
        if self.choices is not None and len(self.choices) <= 8:
            return "one of " + ", ".join(self.choices)
        return f"a {self.what}" if self.what != "value" else "a string"


_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class Slug(Schema):
    """A lowercase id made of letters, digits and dashes (yaku ids, names)."""

    what: str = "id"

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, str) or not _SLUG.match(value):
            problems.add(path, f"expected {self.describe()}, got {value!r}")

    def describe(self) -> str:
        return f"a {self.what} of lowercase letters, digits and dashes"


@dataclass(frozen=True)
class List(Schema):
    item: Schema
    min_len: int = 0
    max_len: int | None = None
    unique: bool = False

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, list):
            problems.add(path, f"expected {self.describe()}, got {_type_name(value)}")
            return
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            problems.add(path, f"expected {self.describe()}, got {len(value)} items")
        seen: set[Any] = set()
        for i, item in enumerate(value):
            self.item.check(item, path + (i,), problems)
            if self.unique:
                key = repr(item)
                if key in seen:
                    problems.add(path + (i,), f"{item!r} is listed twice")
                seen.add(key)

    def describe(self) -> str:
        if self.max_len is not None and self.max_len == self.min_len:
            size = f"of exactly {self.min_len} "
        elif self.max_len is not None:
            size = f"of {self.min_len} to {self.max_len} "
        elif self.min_len:
            size = f"of at least {self.min_len} "
        else:
            return f"a list, each item {self.item.describe()}"
        return f"a list {size}items, each {self.item.describe()}"


@dataclass(frozen=True)
class Struct(Schema):
    """A mapping with known keys. Keys in ``optional`` may be left out."""

    fields: Mapping[str, Schema]
    optional: frozenset[str] = frozenset()

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, dict):
            problems.add(path, f"expected a mapping, got {_type_name(value)}")
            return
        for key, item in value.items():
            if key not in self.fields:
                problems.add(
                    path + (key,),
                    f"unknown key '{key}'{did_you_mean(key, self.fields)}",
                )
                continue
            self.fields[key].check(item, path + (key,), problems)
        for key in self.fields:
            if key not in value and key not in self.optional and not problems.partial:
                where = ".".join(str(p) for p in path + (key,))
                problems.add(path, f"missing key '{where}' ({self.fields[key].describe()})")

    def describe(self) -> str:
        return "a mapping with keys " + ", ".join(self.fields)


@dataclass(frozen=True)
class MapOf(Schema):
    """A mapping whose keys are free (checked by ``key``) and whose values share a schema."""

    key: Schema
    value: Schema

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, dict):
            problems.add(path, f"expected a mapping, got {_type_name(value)}")
            return
        for key, item in value.items():
            self.key.check(key, path + (key,), problems)
            self.value.check(item, path + (key,), problems)

    def describe(self) -> str:
        return f"a mapping of {self.key.describe()} to {self.value.describe()}"


@dataclass(frozen=True)
class Nullable(Schema):
    inner: Schema

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if value is not None:
            self.inner.check(value, path, problems)

    def describe(self) -> str:
        return f"{self.inner.describe()}, or null"


@dataclass(frozen=True)
class Checked(Schema):
    """``inner`` plus a whole-value check (``test``) for rules that span several fields.

    ``test(value)`` yields ``(relative_path, message)`` pairs for each problem. It also runs
    when ``inner`` already found problems, so that a file's problems are all reported in one
    pass; as the value may then be malformed, that run is best-effort: an exception ends it,
    and a problem at, above or below a place ``inner`` already reported is dropped (it is most
    likely a consequence of that one).
    """

    inner: Schema
    test: Callable[[Any], Iterable[tuple[Path, str]]]

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        before = len(problems.items)
        self.inner.check(value, path, problems)
        if problems.partial:
            return
        found = [where for where, _ in problems.items[before:]]
        if not found:
            for rel, message in self.test(value):
                problems.add(path + tuple(rel), message)
            return
        derived: list[tuple[Path, str]] = []
        try:
            for rel, message in self.test(value):
                derived.append((path + tuple(rel), message))
        except Exception:  # noqa: BLE001 - malformed input; what was found so far still counts
            pass
        for where, message in derived:
            if not any(_related(where, other) for other in found):
                problems.add(where, message)

    def describe(self) -> str:
        return self.inner.describe()


def _related(a: Path, b: Path) -> bool:
    """Whether one path is the other or lies inside it."""
    n = min(len(a), len(b))
    return a[:n] == b[:n]
