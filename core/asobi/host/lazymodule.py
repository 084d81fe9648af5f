"""Modules a plugin imports at first use, not when it is registered.

Registering a game (``asobi games``, building the command line) should cost only what the
listing needs; the engine and the views are wanted later, by the hooks that play or show.
``lazy_module("pkg.engine")`` gives an accessor: the first call imports the module, every
call after returns it from a cache (about as cheap as reading a global name, so the hooks a
playout calls over and over can use it).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from types import ModuleType


def lazy_module(name: str) -> Callable[[], ModuleType]:
    """An accessor of the module ``name``, imported by its first call."""

    @functools.cache
    def load() -> ModuleType:
        return importlib.import_module(name)

    load.__doc__ = f"The module {name}, imported at the first call."
    return load
