"""The core's answers to the optional hooks, registered ``trylast`` with every game.

Pluggy calls these only when the game (and every other plugin) returned ``None``, so a caller
never needs a fallback of its own: a game without views still has a text view, labels and a
rules text; a game without AI levels still has ``random``; a game that can resample a state
from an observation gets the game-independent ``search`` level; a game without a bench of its
own is timed through its hooks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pluggy

from asobi.agents import RandomAgent, parse_level
from asobi.errors import AsobiError
from asobi.model import Agent

hookimpl = pluggy.HookimplMarker("asobi")

SEARCH_LEVEL = "search"


class Defaults:
    """One instance per game manager: it needs that manager's hooks for ``search``."""

    def __init__(self, hook: Any) -> None:
        self.hook = hook

    @hookimpl(trylast=True)
    def asobi_render_text(self, observation: Mapping[str, Any], lang: str) -> str:
        return json.dumps(observation, indent=2, ensure_ascii=False)

    @hookimpl(trylast=True)
    def asobi_describe_action(
        self, observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
    ) -> str:
        return json.dumps(action, sort_keys=True, separators=(", ", ": "), ensure_ascii=False)

    @hookimpl(trylast=True)
    def asobi_rules_text(self, rules: Mapping[str, Any], lang: str) -> str:
        import yaml

        text: str = yaml.safe_dump(dict(rules), allow_unicode=True, sort_keys=False)
        return text.rstrip("\n")

    @hookimpl(trylast=True)
    def asobi_agent(
        self, game: str, level: str, seat: int, rules: Mapping[str, Any], players: int,
        seed: int,
    ) -> Agent | None:
        name, budget = parse_level(level)
        if name == "random":
            if budget is not None:
                raise AsobiError(f"ai:{level}: ai:random takes no time budget")
            return RandomAgent(seed)
        if name == SEARCH_LEVEL and self.can_search():
            from asobi.search import SearchAgent

            return SearchAgent(self.hook, seat, rules, players, seed, budget)
        return None

    @hookimpl
    def asobi_agent_levels(self, game: str) -> list[str] | None:
        return [SEARCH_LEVEL] if self.can_search() else None

    @hookimpl(trylast=True)
    def asobi_bench(self, rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
        from asobi.bench import random_games_through_hooks

        players = self.hook.asobi_game_info().min_players
        return random_games_through_hooks(self.hook, rules, players, seconds, seed)

    def can_search(self) -> bool:
        return bool(self.hook.asobi_resample.get_hookimpls())
