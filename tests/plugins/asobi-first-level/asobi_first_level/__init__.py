"""``ai:first`` for every installed game: always the first legal move.

A baseline an arena can measure other levels against, and the smallest example of a plugin
that adds an AI level to games it does not own: it lists the level for every game
(``asobi_agent_levels``) and builds the agent when a seat asks for it (``asobi_agent``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pluggy

from asobi.play.agents import BaseAgent

hookimpl = pluggy.HookimplMarker("asobi")


class FirstMove(BaseAgent):
    def decide(self, observation: Mapping[str, Any], legal: Sequence[Any]) -> tuple[Any, str]:
        return legal[0], "the first move in the list"


@hookimpl
def asobi_agent_levels(game: str) -> list[str]:
    return ["first"]


@hookimpl
def asobi_agent(game: str, level: str, seat: int, rules: Any, players: int, seed: int) -> Any:
    return FirstMove() if level == "first" else None
