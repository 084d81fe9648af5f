"""Bounds on the size of values that come from outside, checked before they are used.

Rule values often come from someone else (a variant file, the rules a record carries, a request
to the web server). :func:`bounds_problem` holds such a value against :class:`Limits` (nesting,
number of values, length of any text, list or mapping, size of any number) before anything else
looks at it, at a cost bounded by the limits themselves;
:meth:`asobi.variants.schema.Schema.validate` runs it first. :func:`printable` makes any text safe
to echo in a message (a lone surrogate becomes its escape). ``docs/variants/limits.md`` lists every
limit and its default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Path = tuple[str | int, ...]
"""Where a value stands in a bigger one: keys and list indexes from the outside in."""

MAX_DEPTH = 10
"""Default of :attr:`Limits.depth`: levels of mappings and lists, the value itself being one."""
MAX_VALUES = 10_000
"""Default of :attr:`Limits.values`: values in all (each mapping, list, key and item counts)."""
MAX_ENTRIES = 1_000
"""Default of :attr:`Limits.entries`: items of one list or entries of one mapping."""
MAX_TEXT = 1_000
"""Default of :attr:`Limits.text`: characters of one text (a key or a value)."""
MAX_NUMBER = 10**9
"""Default of :attr:`Limits.number`: the largest size of a whole number, either sign."""


@dataclass(frozen=True)
class Limits:
    """Bounds on the size of a whole value, checked by :func:`bounds_problem` before any other
    check looks at the value, so that no check (and nothing built from the value) can take more
    time or memory than these allow. A game sets tighter ones on its schema (``limits=``)."""

    depth: int = MAX_DEPTH
    values: int = MAX_VALUES
    entries: int = MAX_ENTRIES
    text: int = MAX_TEXT
    number: int = MAX_NUMBER


DEFAULT_LIMITS = Limits()


def printable(text: str) -> str:
    """``text`` with every character that cannot be written as UTF-8 (a lone surrogate, which
    JSON's ``\\ud800`` escapes can produce) replaced by its escape, so that echoing it in a
    message never fails."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def unwritable_text(value: Any) -> Path | None:
    """Where ``value`` (JSON-like data) first holds a text that cannot be written as UTF-8 (a
    lone surrogate), as a key or a value; None when it holds none. Iterative: any nesting."""
    stack: list[tuple[Any, Path]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if not _writable(item):
                return path
        elif isinstance(item, list):
            stack.extend((sub, path + (i,)) for i, sub in reversed(list(enumerate(item))))
        elif isinstance(item, dict):
            for key, sub in reversed(list(item.items())):
                if isinstance(key, str) and not _writable(key):
                    return path + (printable(key),)
                stack.append((sub, path + (key,)))
    return None


def _writable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def show_path(path: Path, root: str = "rules") -> str:
    """``rules.yaku.sake.cards.0`` for ``("yaku", "sake", "cards", 0)``."""
    return ".".join([root, *(printable(str(step)) for step in path)])


def _text_problem(text: str, limits: Limits) -> str | None:
    if len(text) > limits.text:
        return (f"a text of {len(text)} characters: a rule value or key is at most "
                f"{limits.text} characters long")
    if not _writable(text):
        return (f"the text {shown(text)} holds a lone surrogate, which is not a character: "
                "write the text itself, not an escape of half of it")
    return None


def _number_problem(number: int, limits: Limits) -> str | None:
    if -limits.number <= number <= limits.number:
        return None
    if number.bit_length() <= 64:
        said = str(number)
    else:
        said = f"a number of about {int(number.bit_length() * 0.30103) + 1} digits"
    return f"{said} is too large: a rule value is a number from {-limits.number} to " \
        f"{limits.number}"


def bounds_problem(value: Any, limits: Limits = DEFAULT_LIMITS) -> tuple[Path, str] | None:
    """The first place where ``value`` goes beyond ``limits``, and what is wrong there; None
    when it stays within them.

    It looks at each value at most once and stops at the first excess, so its own work is
    bounded by ``limits.values`` whatever ``value`` holds (a structure that contains itself
    stops at ``limits.depth``). Texts that are not valid Unicode (lone surrogates) are refused
    here too, since no message or record could be written with them.
    """
    stack: list[tuple[Any, Path, int]] = [(value, (), 1)]
    seen = 0
    while stack:
        item, path, depth = stack.pop()
        seen += 1
        if seen > limits.values:
            return (), (f"too many values: rule values hold at most {limits.values} values in "
                        "all (each key, item and mapping counts)")
        if isinstance(item, dict | list):
            if depth > limits.depth:
                return path, (f"nested too deep: rule values are nested at most {limits.depth} "
                              "levels (mappings and lists)")
            if len(item) > limits.entries:
                kind = "a mapping of" if isinstance(item, dict) else "a list of"
                return path, (f"{kind} {len(item)} entries: a list or mapping of rule values "
                              f"holds at most {limits.entries}")
            if isinstance(item, list):
                stack.extend((sub, path + (i,), depth + 1)
                             for i, sub in reversed(list(enumerate(item))))
                continue
            for key, sub in reversed(list(item.items())):
                seen += 1
                if isinstance(key, str):
                    problem = _text_problem(key, limits)
                    if problem is not None:
                        return path + (printable(key[:40]),), "this key is " + problem
                stack.append((sub, path + (key if isinstance(key, str | int) else str(key),),
                              depth + 1))
        elif isinstance(item, str):
            problem = _text_problem(item, limits)
            if problem is not None:
                return path, problem
        elif isinstance(item, int) and not isinstance(item, bool):
            problem = _number_problem(item, limits)
            if problem is not None:
                return path, problem
    return None


def shown(value: Any) -> str:
    """``value`` as a message quotes it: a text escaped where it must be and cut short, else
    its ``repr`` when that is short, else only its kind."""
    if isinstance(value, str):
        text = printable(value)
        return repr(text if len(text) <= 60 else text[:57] + "...")
    said = repr(value)
    return said if len(said) <= 60 else type(value).__name__
