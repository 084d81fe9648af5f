"""A typed face over one game's hooks: every call the core and the frontends make.

``game.hooks.legal_actions(state, seat)`` reads better than
``game.hook.asobi_legal_actions(state=state, seat=seat)``, and a type checker can follow it.
There is one method per hook of :mod:`asobi.contract.hookspecs` and
:mod:`asobi.contract.toolspecs`, named as the hook without ``asobi_``, with the same arguments
(the ``game`` of a cross-cutting hook is filled in); ``tests/core/test_facade.py`` holds them to
the specifications. The optional hooks always have an answer (the defaults plugin,
:mod:`asobi.contract.defaults`, sits behind every game), so callers never write a fallback.

Every answer reaching these methods has been checked, and every fault named, by the guard of
the game's manager (:mod:`asobi.host.manager`); what is left here is the shape of the answers.
A hook a frontend declares itself is asked through :meth:`GameHooks.ask`, with the frontend's
own check.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from asobi.host.faults import PluginFault, kind

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path

    from asobi.contract.measures import Measure, Restriction
    from asobi.contract.model import Agent, GameInfo, Reason, ScoreRow, SetupContext
    from asobi.host.installed import Game
    from asobi.host.manager import GameManager

Action = dict[str, Any]
Event = dict[str, Any]


class GameHooks:
    """The hooks of one game's manager, typed. ``installed`` is the game they belong to (its
    registry's :class:`asobi.host.installed.Game`), handed to ``asobi_agent``; None for hooks
    built outside a registry."""

    def __init__(self, manager: GameManager, name: str = "",
                 installed: Game | None = None) -> None:
        self.manager = manager
        self.raw = manager.hook
        """The manager's hook relay (``pm.hook``)."""
        self.name = name
        self.installed = installed
        self._info: GameInfo | None = None

    def ask(self, hook: str, check: Callable[[Any], bool] | None = None, expected: str = "",
            **kwargs: Any) -> Any:
        """The answer to a hook a frontend declares (entry-point group ``asobi.hookspecs``),
        an answer ``check`` refuses being a fault of the game (the caller may check it
        itself, and name the fault with :meth:`fault`); None when no module declared ``hook``
        in this manager (nobody can answer it)."""
        caller = getattr(self.raw, hook, None)
        if caller is None or not caller.has_spec():
            return None
        answer = caller(**kwargs)
        if answer is not None and check is not None and not check(answer):
            raise self.fault(hook, answer, expected)
        return answer

    def fault(self, hook: str, answer: Any, expected: str) -> PluginFault:
        """The fault of the game whose ``hook`` gave ``answer`` where ``expected`` was due."""
        return self.manager.game_fault(hook, f"returned {kind(answer)}, expected {expected}")

    # ------------------------------------------------------------------ game hooks
    def info(self) -> GameInfo:
        """The game's description, asked once (what it declares does not change)."""
        if self._info is None:
            self._info = self.raw.asobi_game_info()
        return self._info

    def setup(self, ctx: SetupContext) -> Any:
        return self.raw.asobi_setup(ctx=ctx)

    def to_act(self, state: Any) -> list[int]:
        return list(self.raw.asobi_to_act(state=state))

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        return list(self.raw.asobi_legal_actions(state=state, seat=seat))

    def apply(self, state: Any, seat: int, action: Mapping[str, Any]) -> list[Event]:
        return list(self.raw.asobi_apply(state=state, seat=seat, action=action) or ())

    def observation(self, state: Any, seat: int) -> dict[str, Any]:
        return self.raw.asobi_observation(state=state, seat=seat)  # type: ignore[no-any-return]

    def resample(
        self, observation: Mapping[str, Any], seat: int, rules: Mapping[str, Any] | None,
        players: int | None, rng: random.Random, state: Any = None,
    ) -> Any:
        """A state ``seat`` cannot tell from the real one: dealt again from ``state`` when
        given (``rules`` and ``players`` may then be None), else built from ``observation``;
        None when the game cannot build one from an observation (:meth:`can_resample`)."""
        if state is None and not self.can_resample():
            return None
        return self.raw.asobi_resample(observation=observation, seat=seat, rules=rules,
                                       players=players, rng=rng, state=state)

    def hidden_variant(self, state: Any, seat: int, rng: random.Random,
                       rules: Mapping[str, Any] | None = None,
                       players: int | None = None) -> Any:
        """``state`` dealt again for ``seat`` (:meth:`resample` given the real state), for a
        caller that holds the state and not the seat's observation."""
        return self.resample(self.observation(state, seat), seat, rules, players, rng, state)

    def can_resample(self) -> bool:
        """Whether the game builds a state from an observation alone, as it declares
        (:attr:`asobi.contract.model.GameInfo.resamples`). The ``search`` AI level needs it."""
        return self.info().resamples

    def result(self, state: Any) -> dict[str, Any]:
        return self.raw.asobi_result(state=state)  # type: ignore[no-any-return]

    def upgrade_record(
        self, record: Mapping[str, Any], state: Any
    ) -> list[dict[str, Any] | None] | None:
        """The moves of ``record`` as this version of the game replays them (one per move of
        the record, None for a move it now makes by itself), or None: replay them as they are.
        ``state`` is a new initial state of the record's game, the game's to step."""
        moves = self.raw.asobi_upgrade_record(record=record, state=state)
        if moves is None:
            return None
        return [None if move is None else {"seat": move["seat"], "action": dict(move["action"])}
                for move in moves]

    def upgrades_records(self) -> bool:
        """Whether the game rewrites its older records, as it declares
        (:attr:`asobi.contract.model.GameInfo.upgrades_records`; else a replay need not ask)."""
        return self.info().upgrades_records

    # ------------------------------------------------------------------ cross-cutting
    def adjust_points(self, unit: Mapping[str, Any]) -> list[list[int]]:
        """Every plugin's deltas for a settled scoring unit, one whole number per seat."""
        answers = self.raw.asobi_adjust_points(game=self.name, unit=unit)
        return [[int(d) for d in answer] for answer in answers]

    def game_over(self, variant: str, result: Mapping[str, Any], seats: list[str]) -> None:
        """Tell every observer (one that fails is reported in one line, nothing else)."""
        self.raw.asobi_game_over(game=self.name, variant=variant, result=result, seats=seats)

    def variant_folders(self) -> list[Path | Traversable]:
        """Folders of house-rule packs (a plugin's wrong answer is left out, with a warning)."""
        answers = self.raw.asobi_variant_folders(game=self.name)
        return [folder for answer in answers for folder in answer]

    # ------------------------------------------------------------------ views
    def render_text(self, observation: Mapping[str, Any], lang: str) -> str:
        return self.raw.asobi_render_text(  # type: ignore[no-any-return]
            observation=observation, lang=lang)

    def describe_action(
        self, observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
    ) -> str:
        return self.raw.asobi_describe_action(  # type: ignore[no-any-return]
            observation=observation, action=action, lang=lang)

    def describe_event(self, event: Mapping[str, Any], seat: int | None,
                       lang: str) -> str | None:
        text = self.raw.asobi_describe_event(event=event, seat=seat, lang=lang)
        return text or None  # an empty line says nothing either

    def describe_reason(self, reason: Reason | str, lang: str) -> str:
        """An AI's reason for a move as a sentence in ``lang``."""
        return self.raw.asobi_describe_reason(  # type: ignore[no-any-return]
            reason=reason, lang=lang)

    def score_rows(self, result: Mapping[str, Any], observation: Mapping[str, Any],
                   lang: str) -> list[ScoreRow] | None:
        """The game's own rows of its final table, or None: the frontend lists the rounds."""
        rows = self.raw.asobi_score_rows(result=result, observation=observation, lang=lang)
        return None if rows is None else list(rows)

    def rules_text(self, rules: Mapping[str, Any], lang: str) -> str:
        return self.raw.asobi_rules_text(rules=rules, lang=lang)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ agents
    def agent(
        self, level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int
    ) -> Agent | None:
        """The agent of ``level``; None when nobody offers the level. Who gave it is noted
        (:meth:`asobi.host.manager.GameManager.provider`), to name its faults."""
        return self.raw.asobi_agent(  # type: ignore[no-any-return]
            game=self.name, level=level, seat=seat, rules=rules, players=players, seed=seed,
            installed=self.installed)

    def agent_levels(self, info: GameInfo) -> list[str]:
        """Levels added by plugins (the core's ``search`` among them), in the order they were
        registered. ``info`` (the game's) is given to the plugins."""
        answers = self.raw.asobi_agent_levels(game=self.name, info=info)
        return [level for answer in reversed(answers) for level in answer]

    # ------------------------------------------------------------------ the tools
    def bench(self, rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
        """The game's engine timed for about ``seconds`` (``asobi bench``)."""
        return self.raw.asobi_bench(  # type: ignore[no-any-return]
            rules=rules, seconds=seconds, seed=seed)

    def pinned_setup(
        self, rules: Mapping[str, Any], players: int, rng: random.Random
    ) -> dict[str, Any] | None:
        """A record ``setup`` pinning a new game's deal (None: the game pins nothing)."""
        setup = self.raw.asobi_pinned_setup(rules=rules, players=players, rng=rng)
        return dict(setup) if setup else None

    def turned_setup(
        self, setup: Mapping[str, Any], rules: Mapping[str, Any], players: int, turn: int
    ) -> dict[str, Any]:
        """The pinned deal ``setup`` with who starts moved ``turn`` seats on (the same deal
        when the game has no start to turn)."""
        return dict(self.raw.asobi_turned_setup(
            setup=setup, rules=rules, players=players, turn=turn))

    def lab_measures(self, rules: Mapping[str, Any], players: int) -> list[Measure]:
        """The game's own measures for ``asobi lab`` (an empty list when it has none)."""
        return list(self.raw.asobi_lab_measures(rules=rules, players=players))

    def restrictions(self, rules: Mapping[str, Any], players: int) -> list[Restriction]:
        """The restrictions an AI level of this game may take (``ai:normal/no-koikoi``)."""
        return list(self.raw.asobi_restrictions(rules=rules, players=players))
