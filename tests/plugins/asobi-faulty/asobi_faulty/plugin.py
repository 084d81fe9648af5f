"""A cross-cutting plugin that scores, observes, adds levels and a house-rule pack, and can
get each of them wrong (``ASOBI_FAULT``, see the package's docstring)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pluggy

from asobi_faulty import faulty

hookimpl = pluggy.HookimplMarker("asobi")


class Cheat:
    """Answers a move that is never legal."""

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Any]) -> dict[str, Any]:
        return {"add": 99}


@hookimpl
def asobi_adjust_points(game: str, unit: Mapping[str, Any]) -> Any:
    if faulty("adjust-raise"):
        raise KeyError("bonus")
    if faulty("adjust-type"):
        return "1"
    if faulty("adjust-short"):
        return [1]
    return None


@hookimpl
def asobi_game_over(game: str, variant: str, result: Mapping[str, Any], seats: list[str]) -> None:
    if faulty("over-raise"):
        raise RuntimeError("the statistics file is locked")


@hookimpl
def asobi_agent_levels(game: str) -> Any:
    return "oops" if faulty("levels-type") else ["cheat", "number"]


@hookimpl
def asobi_agent(game: str, level: str, seat: int, rules: Any, players: int, seed: int) -> Any:
    if level == "cheat":
        return Cheat()
    if level == "number":
        return 42
    return None


@hookimpl
def asobi_variant_folders(game: str) -> Any:
    return "/no/such/pack" if faulty("folders-type") else None
