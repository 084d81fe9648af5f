"""The typed face of the tools' hooks (:mod:`asobi.contract.toolspecs`): the bench, the arena, the
lab.

:class:`ToolHooks` is a part of :class:`asobi.host.gamehooks.GameHooks` (``game.hooks.bench(...)``),
kept apart as the specifications are. Every answer is checked; a wrong one is a fault of the
game (:mod:`asobi.host.faults`). The defaults plugin answers for a game that does not implement a
hook, so nothing here falls back by hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from asobi.host.hookcalls import HookCalls

if TYPE_CHECKING:
    from asobi.contract.measures import Measure, Restriction


class ToolHooks(HookCalls):
    """The tools' hooks of one game's plugin manager, typed and checked."""

    def bench(self, rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
        """The game's engine timed for about ``seconds`` (``asobi bench``)."""
        result = self._call("asobi_bench", rules=rules, seconds=seconds, seed=seed)
        if not isinstance(result, dict):
            raise self._wrong("asobi_bench", result, "a dict")
        return result

    def pinned_setup(
        self, rules: Mapping[str, Any], players: int, rng: random.Random
    ) -> dict[str, Any] | None:
        """A record ``setup`` pinning a new game's deal (None: the game pins nothing)."""
        setup = self._call("asobi_pinned_setup", rules=rules, players=players, rng=rng)
        if setup is not None and not isinstance(setup, Mapping):
            raise self._wrong("asobi_pinned_setup", setup, "a dict or None")
        return dict(setup) if setup else None

    def lab_measures(self, rules: Mapping[str, Any], players: int) -> list[Measure]:
        """The game's own measures for ``asobi lab`` (an empty list when it has none)."""
        from asobi.contract.measures import Measure

        measures = self._call("asobi_lab_measures", rules=rules, players=players)
        if not isinstance(measures, list | tuple) or not all(
            isinstance(m, Measure) for m in measures
        ):
            raise self._wrong("asobi_lab_measures", measures, "a list of Measure")
        return list(measures)

    def restrictions(self, rules: Mapping[str, Any], players: int) -> list[Restriction]:
        """The restrictions an AI level of this game may take (``ai:normal/no-koikoi``)."""
        from asobi.contract.measures import Restriction

        known = self._call("asobi_restrictions", rules=rules, players=players)
        if not isinstance(known, list | tuple) or not all(
            isinstance(r, Restriction) for r in known
        ):
            raise self._wrong("asobi_restrictions", known, "a list of Restriction")
        return list(known)
