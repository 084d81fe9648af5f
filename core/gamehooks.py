"""A typed face over one game's hooks: every call the core and the frontends make.

``game.hooks.legal_actions(state, seat)`` reads better than
``game.hook.asobi_legal_actions(state=state, seat=seat)``, and a type checker can follow it.
The optional hooks always have an answer here (the defaults plugin, :mod:`asobi.defaults`,
sits behind every game), so callers never write a fallback.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from asobi.measures import Measure, Restriction
    from asobi.model import Agent, GameInfo, Reason, SetupContext

Action = dict[str, Any]
Event = dict[str, Any]


class GameHooks:
    """The hooks of one game's plugin manager (``pm.hook``), typed."""

    def __init__(self, hook: Any, name: str) -> None:
        self.raw = hook
        """The manager's hook relay, for hooks a frontend declares itself."""
        self.name = name

    # ------------------------------------------------------------------ game hooks
    def info(self) -> GameInfo:
        info: GameInfo = self.raw.asobi_game_info()
        return info

    def setup(self, ctx: SetupContext) -> Any:
        return self.raw.asobi_setup(ctx=ctx)

    def to_act(self, state: Any) -> list[int]:
        return list(self.raw.asobi_to_act(state=state))

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        return list(self.raw.asobi_legal_actions(state=state, seat=seat))

    def apply(self, state: Any, seat: int, action: Mapping[str, Any]) -> list[Event]:
        return list(self.raw.asobi_apply(state=state, seat=seat, action=action) or [])

    def obsolete_move(self, state: Any, seat: int, action: Mapping[str, Any]) -> bool:
        """Whether a recorded move is one this version of the game makes by itself."""
        return bool(self.raw.asobi_obsolete_move(state=state, seat=seat, action=action))

    def observation(self, state: Any, seat: int) -> dict[str, Any]:
        obs: dict[str, Any] = self.raw.asobi_observation(state=state, seat=seat)
        return obs

    def reveal(self, state: Any) -> dict[str, list[Any]] | None:
        """Every seat's hand of a finished game (``None``: the game cannot reveal)."""
        hands = self.raw.asobi_reveal(state=state)
        return None if hands is None else {str(k): list(v) for k, v in hands.items()}

    def hidden_variant(self, state: Any, seat: int, rng: random.Random) -> Any:
        return self.raw.asobi_hidden_variant(state=state, seat=seat, rng=rng)

    def result(self, state: Any) -> dict[str, Any]:
        result: dict[str, Any] = self.raw.asobi_result(state=state)
        return result

    def resample(
        self, observation: Mapping[str, Any], seat: int, rules: Mapping[str, Any], players: int,
        rng: random.Random,
    ) -> Any:
        """A state consistent with ``observation`` (None when the game cannot resample)."""
        return self.raw.asobi_resample(
            observation=observation, seat=seat, rules=rules, players=players, rng=rng
        )

    # ------------------------------------------------------------------ cross-cutting
    def adjust_points(self, unit: Mapping[str, Any]) -> list[list[int]]:
        answers = self.raw.asobi_adjust_points(game=self.name, unit=unit)
        return [list(a) for a in answers if a is not None]

    def game_over(self, variant: str, result: Mapping[str, Any], seats: list[str]) -> None:
        self.raw.asobi_game_over(game=self.name, variant=variant, result=result, seats=seats)

    def variant_folders(self) -> list[Any]:
        folders: list[Any] = []
        for answer in self.raw.asobi_variant_folders(game=self.name):
            folders.extend(answer or [])
        return folders

    # ------------------------------------------------------------------ views
    def render_text(self, observation: Mapping[str, Any], lang: str) -> str:
        return str(self.raw.asobi_render_text(observation=observation, lang=lang))

    def describe_action(
        self, observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
    ) -> str:
        return str(self.raw.asobi_describe_action(observation=observation, action=action,
                                                  lang=lang))

    def describe_event(self, event: Mapping[str, Any], seat: int | None,
                       lang: str) -> str | None:
        text = self.raw.asobi_describe_event(event=event, seat=seat, lang=lang)
        return str(text) if text else None

    def describe_reason(self, reason: Reason | str, lang: str) -> str:
        """An AI's reason for a move as a sentence in ``lang``."""
        return str(self.raw.asobi_describe_reason(reason=reason, lang=lang))

    def rules_text(self, rules: Mapping[str, Any], lang: str) -> str:
        return str(self.raw.asobi_rules_text(rules=rules, lang=lang))

    # ------------------------------------------------------------------ agents, speed
    def agent(
        self, level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int
    ) -> Agent | None:
        agent: Agent | None = self.raw.asobi_agent(
            game=self.name, level=level, seat=seat, rules=rules, players=players, seed=seed
        )
        return agent

    def agent_levels(self) -> list[str]:
        """Levels added by plugins (the core's ``search`` among them), in plugin order."""
        levels: list[str] = []
        for answer in reversed(self.raw.asobi_agent_levels(game=self.name)):
            levels.extend(str(level) for level in answer or [])
        return levels

    def bench(self, rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
        result: dict[str, Any] = self.raw.asobi_bench(rules=rules, seconds=seconds, seed=seed)
        return result

    # ------------------------------------------------------------------ balance lab
    def pinned_setup(
        self, rules: Mapping[str, Any], players: int, rng: random.Random
    ) -> dict[str, Any] | None:
        """A record ``setup`` pinning a new game's deal (None: the game pins nothing)."""
        setup = self.raw.asobi_pinned_setup(rules=rules, players=players, rng=rng)
        return dict(setup) if setup else None

    def lab_measures(self, rules: Mapping[str, Any], players: int) -> list[Measure]:
        """The game's own measures for ``asobi lab`` (none when it has none)."""
        return list(self.raw.asobi_lab_measures(rules=rules, players=players) or [])

    def restrictions(self, rules: Mapping[str, Any], players: int) -> list[Restriction]:
        """The restrictions an AI level of this game may take (``ai:normal/no-koikoi``)."""
        return list(self.raw.asobi_restrictions(rules=rules, players=players) or [])
