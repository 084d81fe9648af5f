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

Rule values often come from outside (a variant file someone sent, the rules a record carries, a
request to the web server), so every size that drives work or memory is bounded, and checked
before anything is built from the value: :class:`asobi.variants.limits.Limits` bounds the whole
value (nesting, number of values, length of any text or list, size of any number) and is checked
first by :meth:`Schema.validate`; each type also has its own maximum (:data:`TEXT_LEN`,
:data:`ID_LEN`, :data:`LIST_LEN`, :data:`MAP_LEN`) that a game may lower; and at most
:data:`MAX_PROBLEMS` problems are reported. ``docs/variants/limits.md`` lists them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from asobi.variants.limits import (
    DEFAULT_LIMITS,
    MAX_DEPTH,
    MAX_ENTRIES,
    MAX_NUMBER,
    MAX_TEXT,
    MAX_VALUES,
    Limits,
    Path,
    bounds_problem,
    printable,
    show_path,
    shown,
    unwritable_text,
)

__all__ = [
    "DEFAULT_LIMITS", "ID_LEN", "LIST_LEN", "MAP_LEN", "MAX_DEPTH", "MAX_ENTRIES", "MAX_NUMBER",
    "MAX_PROBLEMS", "MAX_TEXT", "MAX_VALUES", "TEXT_LEN", "Bool", "Checked", "Int", "Limits",
    "List", "MapOf", "Nullable", "Path", "Problems", "Schema", "Slug", "Str", "Struct",
    "bounds_problem", "did_you_mean", "printable", "show_path", "unwritable_text",
]

TEXT_LEN = 200
"""Characters a :class:`Str` takes unless it sets its own ``max_len``."""
ID_LEN = 60
"""Characters a :class:`Slug` takes unless it sets its own ``max_len``."""
LIST_LEN = 200
"""Items a :class:`List` takes unless it sets its own ``max_len``."""
MAP_LEN = 200
"""Entries a :class:`MapOf` takes unless it sets its own ``max_len``."""
MAX_PROBLEMS = 100
"""Problems one validation reports at most; the rest are summed up in one line."""


class _TooManyProblems(Exception):
    """Raised by :meth:`Problems.add` past its limit; ends the validation."""


@dataclass
class Problems:
    """Collects (path, message) pairs while validating.

    ``partial`` is set when the value is known to be incomplete (a variant whose ``extends``
    chain could not be followed): then missing keys are not reported and the whole-value checks
    of :class:`Checked` are skipped, since both would judge values that are simply not there.
    """

    items: list[tuple[Path, str]] = field(default_factory=list)
    partial: bool = False
    limit: int = MAX_PROBLEMS
    """Problems kept at most: one more ends the validation (see :meth:`Schema.validate`)."""

    def add(self, path: Path, message: str) -> None:
        if len(self.items) >= self.limit:
            raise _TooManyProblems
        self.items.append((path, message))


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """Return ``" (did you mean 'x'?)"`` for the closest option, or ``""``."""
    import difflib  # imported for the first mistake, not at start

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
    generated reference of variant keys (``python -m asobi.variants.doc``), and a keyword
    ``limits``: the :class:`Limits` that :meth:`validate` checks first when this schema is the
    whole value's (a game's ``rules`` schema); None means :data:`DEFAULT_LIMITS`.
    """

    doc: str = field(default="", kw_only=True)
    limits: Limits | None = field(default=None, kw_only=True)

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError

    def validate(self, value: Any, *, partial: bool = False) -> list[tuple[Path, str]]:
        """Every problem of ``value`` as ``(path, message)``; see :class:`Problems` for
        ``partial``.

        The value is first held against the schema's :class:`Limits`: beyond them, that one
        problem is the answer and nothing else looks at the value. Past
        :data:`MAX_PROBLEMS` problems the check stops and says so."""
        too_big = bounds_problem(value, self.limits or DEFAULT_LIMITS)
        if too_big is not None:
            return [too_big]
        problems = Problems(partial=partial)
        try:
            self.check(value, (), problems)
        except _TooManyProblems:
            problems.items.append(
                ((), f"... and more problems: only the first {problems.limit} are shown")
            )
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
    """A string; with ``choices``, one of them (``what`` names the kind: "card", "yaku"). It is
    at most ``max_len`` characters long (None: :data:`TEXT_LEN`)."""

    choices: tuple[str, ...] | None = None
    what: str = "value"
    max_len: int | None = None

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, str):
            problems.add(path, f"expected {self.describe()}, got {_type_name(value)}")
            return
        longest = TEXT_LEN if self.max_len is None else self.max_len
        if len(value) > longest:
            problems.add(path, f"expected {self.describe()} of at most {longest} characters, "
                         f"got {len(value)}")
            return
        if self.choices is not None and value not in self.choices:
            hint = did_you_mean(value, self.choices)
            if not hint and len(self.choices) <= 8:
                hint = " (one of: " + ", ".join(self.choices) + ")"
            problems.add(path, f"unknown {self.what} '{printable(value)}'{hint}")

    def describe(self) -> str:
        if self.choices is not None and len(self.choices) <= 8:
            return "one of " + ", ".join(self.choices)
        return f"a {self.what}" if self.what != "value" else "a string"


_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class Slug(Schema):
    """A lowercase id made of letters, digits and dashes (yaku ids, names), at most ``max_len``
    characters long (None: :data:`ID_LEN`)."""

    what: str = "id"
    max_len: int | None = None

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        longest = ID_LEN if self.max_len is None else self.max_len
        if isinstance(value, str) and len(value) > longest:
            problems.add(path, f"expected {self.describe()} of at most {longest} characters, "
                         f"got {len(value)}")
        elif not isinstance(value, str) or not _SLUG.match(value):
            problems.add(path, f"expected {self.describe()}, got {shown(value)}")

    def describe(self) -> str:
        return f"a {self.what} of lowercase letters, digits and dashes"


@dataclass(frozen=True)
class List(Schema):
    """A list of ``item``: from ``min_len`` to ``max_len`` items (None: at most
    :data:`LIST_LEN`, not named in :meth:`describe`)."""

    item: Schema
    min_len: int = 0
    max_len: int | None = None
    unique: bool = False

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, list):
            problems.add(path, f"expected {self.describe()}, got {_type_name(value)}")
            return
        if self.max_len is None and len(value) > LIST_LEN:
            problems.add(path, f"a list of {len(value)} items; at most {LIST_LEN} are allowed "
                         "here")
            return
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            problems.add(path, f"expected {self.describe()}, got {len(value)} items")
            if self.max_len is not None and len(value) > self.max_len:
                return  # each item of too long a list is not worth checking
        seen: set[Any] = set()
        for i, item in enumerate(value):
            self.item.check(item, path + (i,), problems)
            if self.unique:
                key = repr(item)
                if key in seen:
                    problems.add(path + (i,), f"{shown(item)} is listed twice")
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
                    f"unknown key '{printable(str(key))}'{did_you_mean(key, self.fields)}",
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
    """A mapping whose keys are free (checked by ``key``) and whose values share a schema; at
    most ``max_len`` entries (None: :data:`MAP_LEN`)."""

    key: Schema
    value: Schema
    max_len: int | None = None

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, dict):
            problems.add(path, f"expected a mapping, got {_type_name(value)}")
            return
        most = MAP_LEN if self.max_len is None else self.max_len
        if len(value) > most:
            problems.add(path, f"a mapping of {len(value)} entries; at most {most} are "
                         "allowed here")
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
