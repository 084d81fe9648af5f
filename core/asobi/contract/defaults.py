"""The core's answers to the optional hooks, registered ``trylast`` with every game.

Pluggy calls these only when the game (and every other plugin) returned ``None``, so a caller
never needs a fallback of its own: a game without views still has a text view, labels and a
rules text, and says nothing about events; a game without AI levels still has ``random``; a
game that declares it resamples from an observation gets the game-independent ``search``
level; a game without a bench of its own is timed through its hooks; a record replays as it
is; the tools find no pinned setup, no start to turn, no measures and no restrictions. The
required hooks have no default: the registry refuses a game that lacks one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pluggy

from asobi.contract.model import Agent, Reason, ScoreRow
from asobi.errors import AsobiError
from asobi.host.gamehooks import GameHooks
from asobi.i18n import layered_plural, layered_text
from asobi.play.agents import RandomAgent, level_name, parse_level

if TYPE_CHECKING:
    from asobi.contract.measures import Measure, Restriction
    from asobi.host.manager import GameManager

hookimpl = pluggy.HookimplMarker("asobi")

SEARCH_LEVEL = "search"


class Defaults:
    """One instance per game manager: it needs that manager's hooks (``search``) and its game
    plugin (the catalogue that translates reasons)."""

    def __init__(self, manager: GameManager) -> None:
        self.manager = manager
        self.hooks = GameHooks(manager)

    @hookimpl(trylast=True)
    def asobi_describe_reason(self, reason: Reason | str, lang: str) -> str:
        if not isinstance(reason, Reason):
            return str(reason)
        if reason.plural is not None and reason.counter is not None:
            message = layered_plural(self.manager.package, reason.text, reason.plural,
                                     int(reason.params[reason.counter]), lang)
        else:
            message = layered_text(self.manager.package, reason.text, lang)
        # A value that is itself a Reason (a phrase) is translated the same way.
        values = {
            key: self.asobi_describe_reason(value, lang) if isinstance(value, Reason) else value
            for key, value in reason.params.items()
        }
        try:
            return message.format(**values)
        except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
            return str(reason)

    @hookimpl(trylast=True)
    def asobi_upgrade_record(
        self, record: Mapping[str, Any], state: Any
    ) -> list[dict[str, Any] | None] | None:
        return None  # every move replays as it is

    @hookimpl(trylast=True)
    def asobi_render_text(self, observation: Mapping[str, Any], lang: str) -> str:
        import json

        return json.dumps(observation, indent=2, ensure_ascii=False)

    @hookimpl(trylast=True)
    def asobi_describe_action(
        self, observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
    ) -> str:
        import json

        return json.dumps(action, sort_keys=True, separators=(", ", ": "), ensure_ascii=False)

    @hookimpl(trylast=True)
    def asobi_describe_event(
        self, event: Mapping[str, Any], seat: int | None, lang: str
    ) -> str | None:
        return None  # silence: a frontend tells the events its own way

    @hookimpl(trylast=True)
    def asobi_score_rows(
        self, result: Mapping[str, Any], observation: Mapping[str, Any], lang: str
    ) -> list[ScoreRow] | None:
        return None  # the frontend lists the result's rounds

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
        name = level_name(level)
        if name == "random":
            if level != name:
                raise AsobiError(f"ai:{level}: ai:random takes no option")
            return RandomAgent(seed)
        if name == SEARCH_LEVEL and self.can_search():
            from asobi.play.search import SearchAgent

            return SearchAgent(self.hooks, seat, rules, players, seed, parse_level(level)[1])
        return None  # another provider's level: its option is not ours to read

    @hookimpl
    def asobi_agent_levels(self, game: str) -> list[str] | None:
        return [SEARCH_LEVEL] if self.can_search() else None

    # ------------------------------------------------------------------ the tools' hooks
    @hookimpl(trylast=True)
    def asobi_bench(self, rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
        from asobi.play.bench import random_games_through_hooks

        players = self.hooks.info().min_players
        return random_games_through_hooks(self.hooks, rules, players, seconds, seed)

    @hookimpl(trylast=True)
    def asobi_pinned_setup(
        self, rules: Mapping[str, Any], players: int, rng: random.Random
    ) -> dict[str, Any] | None:
        return None  # nothing pinned: the session's seed decides the deal

    @hookimpl(trylast=True)
    def asobi_turned_setup(
        self, setup: Mapping[str, Any], rules: Mapping[str, Any], players: int, turn: int
    ) -> dict[str, Any]:
        return dict(setup)  # no start to turn: the same deal

    @hookimpl(trylast=True)
    def asobi_lab_measures(self, rules: Mapping[str, Any], players: int) -> list[Measure]:
        return []

    @hookimpl(trylast=True)
    def asobi_restrictions(self, rules: Mapping[str, Any], players: int) -> list[Restriction]:
        return []

    def can_search(self) -> bool:
        return self.hooks.info().resamples
