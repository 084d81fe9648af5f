"""What the variant reference shows for each key: an example in YAML and the default.

An example comes from a built-in variant file where one sets the key (one that differs from
the default first), else from the default variant, else it is made up from the schema.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import yaml

from asobi.contract.model import GameInfo
from asobi.variants.keys import Key, Segment
from asobi.variants.schema import (
    Bool,
    Checked,
    Int,
    List,
    MapOf,
    Nullable,
    Schema,
    Slug,
    Str,
    Struct,
)

_MISSING = object()
"""What :func:`_default_at` finds where a value has no such key."""


def _lookup(value: Any, path: tuple[Segment, ...]) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every ``(concrete path, value)`` at ``path`` in ``value``; ``None``/``0`` steps match
    every entry of a mapping / item of a list."""
    if not path:
        yield (), value
        return
    step, rest = path[0], path[1:]
    if step is None and isinstance(value, dict):
        for key, item in value.items():
            for where, found in _lookup(item, rest):
                yield (key, *where), found
    elif step == 0 and isinstance(value, list):
        for i, item in enumerate(value):
            for where, found in _lookup(item, rest):
                yield (i, *where), found
    elif isinstance(step, str) and isinstance(value, dict) and step in value:
        for where, found in _lookup(value[step], rest):
            yield (step, *where), found


def _flow(value: Any) -> str:
    """A value written as YAML on one line."""
    text = yaml.safe_dump(value, default_flow_style=True, sort_keys=False, width=10_000)
    return text.strip().removesuffix("...").strip()


def _sample(schema: Schema) -> Any:
    """A valid value made up from the schema, for keys no built-in variant uses."""
    if isinstance(schema, Checked | Nullable):
        return _sample(schema.inner)
    if isinstance(schema, Bool):
        return True
    if isinstance(schema, Int):
        low = 1 if schema.min is None else max(schema.min, 1)
        return low if schema.max is None else min(low, schema.max)
    if isinstance(schema, Str):
        return schema.choices[0] if schema.choices else "text"
    if isinstance(schema, Slug):
        return "my-" + schema.what.split()[0]
    if isinstance(schema, List):
        return [_sample(schema.item)]
    if isinstance(schema, Struct):
        return {
            name: _sample(field)
            for name, field in schema.fields.items()
            if name not in schema.optional
        } or {name: _sample(field) for name, field in list(schema.fields.items())[:1]}
    if isinstance(schema, MapOf):
        return {_sample(schema.key): _sample(schema.value)}
    return None


def _trim(value: Any, lines: int = 8) -> tuple[Any, bool]:
    """``value``, cut down to a few entries when its YAML would be long; and whether it was."""
    if isinstance(value, list) and any(isinstance(item, dict | list) for item in value):
        return (value[:1], True) if len(value) > lines else (value, False)
    if not isinstance(value, dict) or len(_block(value).splitlines()) <= lines:
        return value, False
    first = next(iter(value))
    inner, _ = _trim(value[first], lines)
    return {first: inner}, True


def _block(value: Any, indent: str = "") -> str:
    """YAML as a person writes a variant: nested mappings as blocks, lists of plain values and
    list items on one line each."""
    if not isinstance(value, dict) or not value:
        return indent + _flow(value) + "\n"
    out = []
    for key, item in value.items():
        if isinstance(item, dict) and item:
            out.append(f"{indent}{_flow(key)}:\n{_block(item, indent + '  ')}")
        elif isinstance(item, list) and any(isinstance(x, dict | list) for x in item):
            out.append(f"{indent}{_flow(key)}:\n")
            out.extend(f"{indent}  - {_flow(x)}\n" for x in item)
        else:
            out.append(f"{indent}{_flow(key)}: {_flow(item)}\n")
    return "".join(out)


def _nest(path: tuple[Any, ...], value: Any) -> Any:
    """``value`` placed at ``path`` under ``rules`` (list steps become one-item lists)."""
    for step in reversed(path):
        value = [value] if isinstance(step, int) else {step: value}
    return {"rules": value}


@dataclass(frozen=True)
class Example:
    """A YAML snippet setting one key, and where it comes from (for the reader)."""

    text: str
    source: str


def example(
    key: Key, default: Any, files: list[tuple[str, Any]], default_name: str
) -> Example:
    """A YAML snippet setting ``key``: from a built-in file (one that differs from the default
    first), else the default, else made up from the schema."""
    concrete = [(name, where, value) for name, rules in files for where, value in
                _lookup(rules, key.path)]
    chosen: tuple[str, tuple[Any, ...], Any] | None = None
    for name, where, value in concrete:
        if name != "default" and value != _default_at(default, where):
            chosen = (name, where, value)
            break
    if chosen is None and concrete:
        chosen = concrete[0]
    if chosen is None:
        where = tuple(_first_key(default, key.path[:i]) if step is None else step
                      for i, step in enumerate(key.path))
        chosen = ("", where, _sample(key.schema))
    name, where, value = chosen
    # inside a list, show the whole item holding the key (a list is replaced as a whole)
    cut = next((i for i, step in enumerate(key.path) if step == 0), None)
    whole_item = cut is not None and cut < len(where)
    if whole_item:
        # show the list holding the key: a list is replaced as a whole
        assert cut is not None
        whole = _item(files, name, where[:cut])
        value, where = ([value] if whole is None else whole), where[:cut]
    value, trimmed = _trim(value)
    text = _block(_nest(where, value)).rstrip()
    last = text.splitlines()[-1]
    indent = " " * (len(last) - len(last.lstrip(" ")))
    if trimmed and isinstance(value, list):
        text += f"\n{indent}# ... and the other items: a list is always replaced as a whole"
    elif trimmed:
        text += f"\n{indent}# ... and the others"
    if not name:
        source = "made up from the schema: no built-in variant sets it"
    else:
        source = f"from `{default_name if name == 'default' else name}.yaml`"
    return Example(text, source)


def _default_at(default: Any, where: tuple[Any, ...]) -> Any:
    value = default
    for step in where:
        if isinstance(value, dict) and step in value:
            value = value[step]
        elif isinstance(value, list) and isinstance(step, int) and step < len(value):
            value = value[step]
        else:
            return _MISSING
    return value


def _first_key(default: Any, path: tuple[Segment, ...]) -> str:
    for _, value in _lookup(default, path):
        if isinstance(value, dict) and value:
            return str(next(iter(value)))
    return "my-entry"


def _item(files: list[tuple[str, Any]], name: str, where: tuple[Any, ...]) -> Any:
    for file, rules in files:
        if file == name:
            found = _default_at(rules, where)
            return None if found is _MISSING else found
    return None


def default_text(key: Key, default: Any, game: GameInfo) -> str:
    """The default of ``key`` in words: its value in the default variant."""
    if key.path[-1] is None or key.path[-1] == 0:
        return f"see `variants/asobi_variants/{game.name}/{game.default_variant}.yaml`"
    if any(step is None or step == 0 for step in key.path):
        return "none: each entry gives its own" if key.required else "optional"
    found = _default_at(default, tuple(key.path))
    if found is _MISSING:
        return "left out (optional)"
    text = _flow(found)
    if len(text) > 70:
        return f"see `variants/asobi_variants/{game.name}/{game.default_variant}.yaml`"
    return f"`{text}`"

