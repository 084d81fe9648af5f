"""The keys of a game's ``rules`` schema, and how each is described in the variant reference.

:func:`keys` walks a schema into every key path a variant file can use; :func:`type_name` and
:func:`allowed` put a key's schema into words. The reference itself is
:mod:`asobi.variants.doc`; the examples and defaults it shows are :mod:`asobi.variants.examples`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

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

MANY_CHOICES = 8
"""Choice lists longer than this are listed once, at the end, instead of at each key."""

Segment = str | int | None
"""A step of a key path: a key, ``None`` for any entry of a free mapping, ``0`` for any item
of a list."""


@dataclass(frozen=True)
class Key:
    """One documented key of the ``rules`` mapping."""

    path: tuple[Segment, ...]
    label: str
    """The key path as written in the reference, e.g. ``yaku.<yaku id>.cards``."""
    schema: Schema
    doc: str
    required: bool


def _unwrap(schema: Schema) -> Schema:
    """The schema that says what shape a value has (without checks and ``null``)."""
    while isinstance(schema, Checked | Nullable):
        schema = schema.inner
    return schema


def _doc(schema: Schema) -> str:
    """The first ``doc`` found from the outside in."""
    while True:
        if schema.doc:
            return schema.doc
        if not isinstance(schema, Checked | Nullable):
            return ""
        schema = schema.inner


def keys(schema: Schema) -> list[Key]:
    """Every key under ``schema`` (a game's ``rules`` schema), in the order they are declared."""
    return list(_keys(schema, (), ""))


def _keys(schema: Schema, path: tuple[Segment, ...], label: str) -> Iterator[Key]:
    shape = _unwrap(schema)
    if isinstance(shape, Struct):
        for name, field in shape.fields.items():
            here = f"{label}.{name}" if label else name
            yield Key(path + (name,), here, field, _doc(field), name not in shape.optional)
            yield from _keys(field, path + (name,), here)
    elif isinstance(shape, MapOf):
        key = _unwrap(shape.key)
        what = key.what if isinstance(key, Slug | Str) else "key"
        here = f"{label}.<{what}>"
        yield Key(path + (None,), here, shape.value, _doc(shape.value), False)
        yield from _keys(shape.value, path + (None,), here)
    elif isinstance(shape, List) and isinstance(_unwrap(shape.item), Struct | MapOf):
        here = f"{label}[]"
        yield Key(path + (0,), here, shape.item, _doc(shape.item), False)
        yield from _keys(shape.item, path + (0,), here)


def undocumented(schema: Schema) -> list[str]:
    """The key paths of ``schema`` that have no ``doc`` yet."""
    return [key.label for key in keys(schema) if not key.doc.strip()]


# --------------------------------------------------------------------------- describing


def type_name(schema: Schema) -> str:
    """A short type: ``integer``, ``list of card``, ``mapping``..."""
    if isinstance(schema, Checked):
        return type_name(schema.inner)
    if isinstance(schema, Nullable):
        return f"{type_name(schema.inner)} or null"
    if isinstance(schema, Int):
        return "integer"
    if isinstance(schema, Bool):
        return "boolean"
    if isinstance(schema, Str):
        return "string" if schema.what == "value" else schema.what
    if isinstance(schema, Slug):
        return schema.what
    if isinstance(schema, List):
        return f"list of {type_name(schema.item)}"
    if isinstance(schema, MapOf):
        return f"mapping of {type_name(schema.key)} to {type_name(schema.value)}"
    if isinstance(schema, Struct):
        return "mapping"
    return type(schema).__name__


def allowed(schema: Schema) -> str:
    """The allowed values in words; long choice lists point to the list of ids at the end."""
    if isinstance(schema, Checked):
        return allowed(schema.inner)
    if isinstance(schema, Nullable):
        return f"{allowed(schema.inner)}, or null"
    if isinstance(schema, Str) and schema.choices is not None:
        if len(schema.choices) > MANY_CHOICES:
            return f"a {schema.what} id (see [{schema.what} ids](#{anchor(schema.what)}-ids))"
        return "one of " + ", ".join(f"`{choice}`" for choice in schema.choices)
    if isinstance(schema, List):
        text = schema.describe()
        item = schema.item
        return text.replace(item.describe(), allowed(item)) if isinstance(item, Str) else text
    if isinstance(schema, Struct):
        return "a mapping with the keys below"
    if isinstance(schema, MapOf):
        return f"a mapping of {schema.key.describe()} to a mapping with the keys below"
    return schema.describe()


def choice_lists(schema: Schema) -> dict[str, tuple[str, ...]]:
    """Every long choice list under ``schema``, by what it names."""
    found: dict[str, tuple[str, ...]] = {}

    def visit(node: Schema) -> None:
        if isinstance(node, Checked | Nullable):
            visit(node.inner)
        elif isinstance(node, Str) and node.choices and len(node.choices) > MANY_CHOICES:
            found.setdefault(node.what, node.choices)
        elif isinstance(node, List):
            visit(node.item)
        elif isinstance(node, MapOf):
            visit(node.key)
            visit(node.value)
        elif isinstance(node, Struct):
            for field in node.fields.values():
                visit(field)

    visit(schema)
    return found


def anchor(text: str) -> str:
    """The Markdown anchor of a key label or a heading (``yaku.<yaku id>`` -> ``yaku-yaku-id``)."""
    return re.sub(r"[^a-z0-9]+", "-", text.replace("[]", ".item").lower()).strip("-")

