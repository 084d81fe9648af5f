# mypy: disable-error-code="empty-body"
"""Older names of hooks, still honoured: the deprecation layer.

A game written for an earlier asobi keeps working unchanged. The registry
(:mod:`asobi.host.registry`) adds :class:`OldSpecs` to every game's plugin manager, so that an
older game registers as before (its arguments checked against the old signatures), then
calls :func:`adapt`, which answers each renamed hook the game implements under its new name
and tells the registry to warn once, in one line naming the game's distribution:

======================== ============================ =========================================
older hook               now                          how the older one is answered
======================== ============================ =========================================
``asobi_hidden_variant`` ``asobi_resample``           given the real ``state``, the old hook
                                                      deals again from it
``asobi_obsolete_move``  ``asobi_upgrade_record``     the record is walked once with the game's
                                                      ``asobi_apply``; a move the old hook calls
                                                      obsolete is skipped
======================== ============================ =========================================

A hook that moved from the core's specifications to a frontend's (:data:`MOVED`:
``asobi_reveal``, the web frontend's now) kept its name and needs no warning; an older game
that implements it without ``optionalhook=True`` still loads where that frontend's
specifications are not declared (:func:`check_pending`). A caller of an older name is served
too: :class:`OldAnswers` answers ``asobi_hidden_variant`` through ``asobi_resample``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pluggy

from asobi.errors import AsobiError
from asobi.host.faults import PluginFault, raised
from asobi.host.hookcalls import ADAPTER_PREFIX

hookspec = pluggy.HookspecMarker("asobi")
hookimpl = pluggy.HookimplMarker("asobi")

ANSWERS_NAME = "asobi:deprecated"
"""The name :class:`OldAnswers` is registered under in every game's manager."""

MOVED: Mapping[str, str] = {"asobi_reveal": "web"}
"""Game hooks that left the core's specifications for a frontend's, by the frontend that
declares them now."""


class OldSpecs:
    """The specifications of the older names, as they were."""

    @hookspec(firstresult=True)
    def asobi_hidden_variant(self, state: Any, seat: int, rng: random.Random) -> Any:
        """Deprecated: ``asobi_resample`` given the real ``state``. Return a new state that
        ``seat`` cannot tell from ``state``, everything hidden from it dealt again."""

    @hookspec(firstresult=True)
    def asobi_obsolete_move(
        self, state: Any, seat: int, action: Mapping[str, Any]
    ) -> bool | None:
        """Deprecated: ``asobi_upgrade_record``. Return True when a recorded move is one an
        older version of the game asked for and this one makes by itself."""


class Adapter:
    """An older game's implementation of a renamed hook, answering under the new name.

    ``impl`` is the game's implementation of the older hook, ``owner_name`` the name the game
    is registered under and ``culprit`` who provides it (``asobi-goofspiel-old 0.1.0``): a
    raise of the older hook is a fault named after it."""

    old = ""

    def __init__(self, impl: Any, owner_name: str, culprit: str) -> None:
        self.impl = impl
        self.owner_name = owner_name
        self.owner = impl.plugin
        self.culprit = culprit

    def call_old(self, **kwargs: Any) -> Any:
        try:
            return self.impl.function(*[kwargs[name] for name in self.impl.argnames])
        except (AsobiError, PluginFault):
            raise
        except Exception as exc:
            raise raised(self.culprit, self.old, exc, self.owner_name) from exc


class HiddenVariant(Adapter):
    """``asobi_hidden_variant(state, seat, rng)`` as ``asobi_resample`` given a state; asked
    first, so that an older game's own ``asobi_resample`` (which took no state) answers only
    for an observation."""

    old = "asobi_hidden_variant"

    @hookimpl(tryfirst=True)
    def asobi_resample(self, seat: int, rng: random.Random, state: Any) -> Any:
        if state is None:
            return None
        return self.call_old(state=state, seat=seat, rng=rng)


class ObsoleteMove(Adapter):
    """``asobi_obsolete_move(state, seat, action)`` as ``asobi_upgrade_record``: the record's
    moves are applied to the new state with the game's own ``asobi_apply``, and each is asked
    about first, exactly where the replay used to ask."""

    old = "asobi_obsolete_move"

    def __init__(self, impl: Any, owner_name: str, culprit: str, apply: Any) -> None:
        super().__init__(impl, owner_name, culprit)
        self.apply = apply

    @hookimpl(tryfirst=True)
    def asobi_upgrade_record(
        self, record: Mapping[str, Any], state: Any
    ) -> list[dict[str, Any] | None] | None:
        moves = [dict(move) for move in record.get("moves") or ()]
        upgraded: list[dict[str, Any] | None] = []
        for index, move in enumerate(moves):
            seat, action = move["seat"], move["action"]
            if self.call_old(state=state, seat=seat, action=action):
                upgraded.append(None)
                continue
            upgraded.append(move)
            kwargs = {"state": state, "seat": seat, "action": action}
            try:
                self.apply.function(*[kwargs[name] for name in self.apply.argnames])
            except Exception:  # the replay refuses this move itself, naming its index
                upgraded.extend(moves[index + 1:])
                break
        return upgraded if None in upgraded else None


@dataclass(frozen=True)
class Renamed:
    """A hook that has a new name (and a new shape)."""

    old: str
    new: str
    covered_by: str
    """An argument of the new hook: a game whose own implementation of the new hook takes it
    does without the older one, which is then no longer called."""
    advice: str
    """What to implement instead, for the warning."""
    adapter: Callable[[Any, str, str, pluggy.PluginManager], Adapter | None]


def _hidden_variant(impl: Any, owner_name: str, culprit: str,
                    pm: pluggy.PluginManager) -> Adapter:
    return HiddenVariant(impl, owner_name, culprit)


def _obsolete_move(impl: Any, owner_name: str, culprit: str,
                   pm: pluggy.PluginManager) -> Adapter | None:
    apply = _impl_of(pm, "asobi_apply", impl.plugin)
    return None if apply is None else ObsoleteMove(impl, owner_name, culprit, apply)


RENAMED: tuple[Renamed, ...] = (
    Renamed("asobi_hidden_variant", "asobi_resample", "state",
            "implement `asobi_resample`, which is given the real state as `state`",
            _hidden_variant),
    Renamed("asobi_obsolete_move", "asobi_upgrade_record", "record",
            "implement `asobi_upgrade_record`, asked once per record replayed",
            _obsolete_move),
)
"""Every renamed hook, in the order they are looked for."""


def _impl_of(pm: pluggy.PluginManager, hook: str, plugin: object) -> Any:
    """``plugin``'s implementation of ``hook`` in ``pm``, or None."""
    caller = getattr(pm.hook, hook, None)
    if caller is None:
        return None
    return next((impl for impl in caller.get_hookimpls() if impl.plugin is plugin), None)


def adapt(pm: pluggy.PluginManager, owner_name: str, culprit: str, game: str) -> list[str]:
    """Answer, under its new name, every renamed hook that the game ``game`` (registered in
    ``pm`` as ``owner_name``, provided by ``culprit``: ``asobi-goofspiel-old 0.1.0``)
    implements; return one warning per older hook found (who, which hook, what to do instead),
    for the caller to give once."""
    plugin = pm.get_plugin(owner_name)
    who = f"game '{game}' from {culprit}"
    warnings: list[str] = []
    for renamed in RENAMED:
        impl = _impl_of(pm, renamed.old, plugin)
        if impl is None:
            continue
        own = _impl_of(pm, renamed.new, plugin)
        if own is not None and renamed.covered_by in own.argnames:
            warnings.append(f"{who} implements `{renamed.old}`, an older name that is no "
                            f"longer called: its `{renamed.new}` takes its place; remove it")
            continue
        adapter = renamed.adapter(impl, owner_name, culprit, pm)
        if adapter is None:
            continue
        # Named deprecated:<older hook>:<the game's name>; faults name the game.
        pm.register(adapter, name=f"{ADAPTER_PREFIX}{renamed.old}:{owner_name}")
        warnings.append(f"{who} implements `{renamed.old}`, an older name of "
                        f"`{renamed.new}`: it still works, but {renamed.advice}")
    return warnings


def check_pending(pm: pluggy.PluginManager) -> None:
    """Like :meth:`pluggy.PluginManager.check_pending` (a hook nobody declared breaks the
    contract), except for the game hooks that moved to a frontend (:data:`MOVED`): an older
    game's implementation of one waits for that frontend's specifications."""
    for name, caller in vars(pm.hook).items():
        if name.startswith("_") or caller.has_spec() or name in MOVED:
            continue
        for impl in caller.get_hookimpls():
            if not impl.optionalhook:
                raise pluggy.PluginValidationError(
                    impl.plugin, f"unknown hook {name!r} in plugin {impl.plugin!r}")


class OldAnswers:
    """Answers to a caller of an older hook name, through the new hook (``trylast``: an older
    game's own implementation answers first)."""

    def __init__(self, manager: pluggy.PluginManager) -> None:
        self.manager = manager

    @hookimpl(trylast=True)
    def asobi_hidden_variant(self, state: Any, seat: int, rng: random.Random) -> Any:
        from asobi.host.gamehooks import GameHooks

        return GameHooks(self.manager.hook, "").hidden_variant(state, seat, rng)
