"""Which installed plugins take part in a game's scoring: a record's ``scoring`` list.

A cross-cutting plugin that implements a scoring hook (``asobi_adjust_points``) changes the
points of every game it is installed with, so the same record replays to another result on a
computer where it is missing, or where another version of it is installed. A record therefore
names those plugins, each by the distribution its module was installed from and that
distribution's version (``{"name": "asobi-myscore", "version": "0.1"}``); a plugin registered
in-process, outside any distribution, is named by its module with a ``null`` version.
:func:`difference` tells ``asobi replay`` when the plugins installed now are not those.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pluggy

from asobi.host.origin import installed, module_of

SCORING_HOOKS = ("asobi_adjust_points",)
"""The cross-cutting hooks whose answers change a game's result (observers, AI levels and
house-rule packs do not: a record keeps the moves and the rules it was played with)."""

MAX_SCORERS = 64
"""The most entries a record's ``scoring`` list may hold."""

MAX_TEXT = 200
"""The longest ``name`` or ``version`` in a record's ``scoring`` list."""

Scorer = dict[str, Any]
"""``{"name": distribution or module, "version": its version or None}``."""


def scorers_of(manager: pluggy.PluginManager) -> list[Scorer]:
    """The cross-cutting plugins registered with a game's manager that implement a scoring
    hook, one entry per distribution, sorted by name (empty when there is none)."""
    found: dict[tuple[str, str | None], Scorer] = {}
    for hook in SCORING_HOOKS:
        caller = getattr(manager.hook, hook, None)
        if caller is None:
            continue
        for impl in caller.get_hookimpls():
            # The registry names cross-cutting plugins "plugin:..." (a game is "game:...",
            # the core's fallbacks "asobi:defaults"): only those are listed.
            if not impl.plugin_name.startswith("plugin:"):
                continue
            name, version = distribution_of(module_of(impl.plugin))
            found[(name, version)] = {"name": name, "version": version}
    return [found[key] for key in sorted(found, key=lambda k: (k[0], k[1] or ""))]


def distribution_of(module: str) -> tuple[str, str | None]:
    """The installed distribution (name, version) that holds ``module``
    (:func:`asobi.host.origin.installed`); ``(module, None)`` when no installed distribution holds
    it (a plugin registered in-process)."""
    return installed(module) or (module, None)


def scoring_problem(value: Any) -> str | None:
    """Why a record's ``scoring`` field is not a list of scorers (None when it is one)."""
    shape = (
        f"'scoring' must be a list of at most {MAX_SCORERS} objects "
        '{"name": TEXT, "version": TEXT or null}'
    )
    if not isinstance(value, list) or len(value) > MAX_SCORERS:
        return shape
    for i, entry in enumerate(value):
        if not isinstance(entry, dict) or set(entry) != {"name", "version"}:
            return f"{shape}; entry {i} is not"
        name, version = entry["name"], entry["version"]
        if not isinstance(name, str) or not 0 < len(name) <= MAX_TEXT:
            return f"{shape}; entry {i} has no name of 1 to {MAX_TEXT} characters"
        if version is not None and not (isinstance(version, str) and len(version) <= MAX_TEXT):
            return f"{shape}; entry {i} has a version that is not text of {MAX_TEXT} or fewer"
    return None


def difference(recorded: Iterable[Mapping[str, Any]] | None, now: Iterable[Scorer]) -> str | None:
    """One line saying how the scoring plugins of a record differ from those installed now
    (None when they are the same, order aside)."""
    then_set = {_label(entry) for entry in recorded or []}
    now_set = {_label(entry) for entry in now}
    if then_set == now_set:
        return None
    return (
        f"the record was scored with {_listing(then_set)} and this replay with "
        f"{_listing(now_set)}: its result may differ from the game's (see 'scoring' in "
        "docs/records.md)"
    )


def _label(entry: Mapping[str, Any]) -> str:
    version = entry.get("version")
    return str(entry.get("name")) if version is None else f"{entry.get('name')} {version}"


def _listing(labels: set[str]) -> str:
    if not labels:
        return "no scoring plugin"
    return ", ".join(sorted(labels))
