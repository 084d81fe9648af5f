"""A typed face over one game's hooks: every call the core and the frontends make.

``game.hooks.legal_actions(state, seat)`` reads better than
``game.hook.asobi_legal_actions(state=state, seat=seat)``, and a type checker can follow it.
There is one method per hook of :mod:`asobi.contract.hookspecs` and :mod:`asobi.contract.toolspecs`
(the tools' are :class:`asobi.host.toolhooks.ToolHooks`), named as the hook without ``asobi_``, with
the same arguments (the ``game`` of a cross-cutting hook is filled in);
``tests/core/test_facade.py`` holds them to the specifications. The optional hooks always have an
answer here (the defaults plugin, :mod:`asobi.contract.defaults`, sits behind every game), so
callers never write a fallback.

It is also the boundary where a plugin's fault is caught (:mod:`asobi.host.faults`). A hook that
raises (anything but a user error, :class:`asobi.errors.AsobiError`) or answers outside its
contract becomes a :class:`asobi.host.faults.PluginFault` naming who is at fault: the game for the
game hooks; for the cross-cutting hooks, which are called one plugin at a time, the plugin that
failed. Then, by hook:

* scoring (``asobi_adjust_points``) and building an agent (``asobi_agent``): the fault is
  raised, and the game in play stops;
* listing (``asobi_agent_levels``, ``asobi_variant_folders``): the faulty plugin's answer is
  left out, with a one-line warning, as a plugin that fails to load is;
* observing (``asobi_game_over``): the fault is reported in one line and nothing else happens.

The calling itself, and the naming of who failed, is :class:`asobi.host.hookcalls.HookCalls`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from asobi.errors import AsobiError
from asobi.host.faults import PluginFault, int_list, is_folder, mapping_list, str_list
from asobi.host.toolhooks import ToolHooks

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable
    from pathlib import Path

    from asobi.contract.model import Agent, GameInfo, Reason, SetupContext
    from asobi.host.installed import Game

Action = dict[str, Any]
Event = dict[str, Any]

RESULT_KEYS = ("finished", "rounds", "scores", "winner")


class GameHooks(ToolHooks):
    """The hooks of one game's plugin manager (``pm.hook``), typed and checked (the
    arguments are :class:`asobi.host.hookcalls.HookCalls`')."""

    def __init__(
        self,
        hook: Any,
        name: str,
        distribution: str | None = None,
        culprits: Mapping[str, str] | None = None,
        warn: Callable[[str], None] | None = None,
        installed: Game | None = None,
    ) -> None:
        super().__init__(hook, name, distribution, culprits, warn)
        self._providers: dict[str, tuple[str, str | None]] = {}
        self._info: GameInfo | None = None
        self.installed = installed
        """The game these hooks belong to (its registry's :class:`asobi.host.installed.Game`),
        handed to ``asobi_agent``; None for hooks built outside a registry."""

    # ------------------------------------------------------------------ game hooks
    def info(self) -> GameInfo:
        """The game's description, asked once (what it declares does not change)."""
        from asobi.contract.model import GameInfo

        if self._info is None:
            info = self._call("asobi_game_info")
            if not isinstance(info, GameInfo):
                raise self._wrong("asobi_game_info", info, "a GameInfo")
            self._info = info
        return self._info

    def setup(self, ctx: SetupContext) -> Any:
        return self._call("asobi_setup", ctx=ctx)

    # The three hooks below run thousands of times in an AI's search: called directly, with
    # the fault handling of _call written out.
    def to_act(self, state: Any) -> list[int]:
        try:
            seats = self.raw.asobi_to_act(state=state)
        except (AsobiError, PluginFault):
            raise
        except Exception as exc:
            raise self._raised("asobi_to_act", exc) from exc
        if not int_list(seats):
            raise self._wrong("asobi_to_act", seats, "a list of int (seats)")
        return list(seats)

    def legal_actions(self, state: Any, seat: int) -> list[Action]:
        try:
            actions = self.raw.asobi_legal_actions(state=state, seat=seat)
        except (AsobiError, PluginFault):
            raise
        except Exception as exc:
            raise self._raised("asobi_legal_actions", exc) from exc
        if not mapping_list(actions):
            raise self._wrong("asobi_legal_actions", actions, "a list of dict (actions)")
        return list(actions)

    def apply(self, state: Any, seat: int, action: Mapping[str, Any]) -> list[Event]:
        try:
            events = self.raw.asobi_apply(state=state, seat=seat, action=action)
        except (AsobiError, PluginFault):
            raise
        except Exception as exc:
            raise self._raised("asobi_apply", exc) from exc
        if events is None:
            return []
        if not mapping_list(events):
            raise self._wrong("asobi_apply", events, "a list of dict (events)")
        return list(events)

    def observation(self, state: Any, seat: int) -> dict[str, Any]:
        obs = self._call("asobi_observation", state=state, seat=seat)
        if not isinstance(obs, dict):
            raise self._wrong("asobi_observation", obs, "a dict")
        return obs

    def resample(
        self, observation: Mapping[str, Any], seat: int, rules: Mapping[str, Any] | None,
        players: int | None, rng: random.Random, state: Any = None,
    ) -> Any:
        """A state ``seat`` cannot tell from the real one: dealt again from ``state`` when
        given (``rules`` and ``players`` may then be None), else built from ``observation``;
        None when the game cannot build one from an observation (:meth:`can_resample`)."""
        if state is None and not self.can_resample():
            return None
        return self._call("asobi_resample", observation=observation, seat=seat, rules=rules,
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
        result = self._call("asobi_result", state=state)
        if not isinstance(result, dict) or any(key not in result for key in RESULT_KEYS):
            raise self._wrong("asobi_result", result,
                              "a dict with " + ", ".join(f"'{k}'" for k in RESULT_KEYS))
        return result

    def upgrade_record(
        self, record: Mapping[str, Any], state: Any
    ) -> list[dict[str, Any] | None] | None:
        """The moves of ``record`` as this version of the game replays them (one per move of
        the record, None for a move it now makes by itself), or None: replay them as they are.
        ``state`` is a new initial state of the record's game, the game's to step."""
        hook = "asobi_upgrade_record"
        moves = self._call(hook, record=record, state=state)
        if moves is None:
            return None
        expected = f"a list of {len(record['moves'])} moves (or None for a move to skip)"
        if not isinstance(moves, list | tuple) or len(moves) != len(record["moves"]):
            raise self._wrong(hook, moves, expected)
        upgraded: list[dict[str, Any] | None] = []
        for move in moves:
            if move is None:
                upgraded.append(None)
                continue
            if not (isinstance(move, Mapping) and isinstance(move.get("seat"), int)
                    and isinstance(move.get("action"), Mapping)):
                raise self._wrong(hook, moves, expected)
            upgraded.append({"seat": move["seat"], "action": dict(move["action"])})
        return upgraded

    def upgrades_records(self) -> bool:
        """Whether the game rewrites its older records, as it declares
        (:attr:`asobi.contract.model.GameInfo.upgrades_records`; else a replay need not ask)."""
        return self.info().upgrades_records

    def reveal(self, state: Any) -> dict[str, list[Any]] | None:
        """Every seat's hand of a finished game (None: the game cannot reveal). The hook is
        the web frontend's, declared in its specifications; None where no module declared it
        (``asobi_frontends.web.hookspecs.reveal(game, state)`` declares it first)."""
        hands = self.declared("asobi_reveal", _hands, "a dict of lists (hands) or None",
                              state=state)
        return None if hands is None else {str(k): list(v) for k, v in hands.items()}

    # ------------------------------------------------------------------ cross-cutting
    def adjust_points(self, unit: Mapping[str, Any]) -> list[list[int]]:
        """Every plugin's deltas for a settled scoring unit; a plugin that raises or answers
        anything but one whole number per seat is a fault (the game stops)."""
        hook = "asobi_adjust_points"
        seats = len(unit.get("points") or ())
        kwargs = {"game": self.name, "unit": unit}
        answers = []
        for impl in self._impls(hook):
            answer = self._one(impl, hook, kwargs)
            if answer is None:
                continue
            if not int_list(answer, seats):
                raise self._fault_of(impl, hook, answer, f"a list of {seats} int")
            answers.append([int(d) for d in answer])
        return answers

    def game_over(self, variant: str, result: Mapping[str, Any], seats: list[str]) -> None:
        """Tell every observer; one that fails is reported in one line and nothing else
        happens (the game is over, its record is written)."""
        hook = "asobi_game_over"
        kwargs = {"game": self.name, "variant": variant, "result": result, "seats": seats}
        for impl in self._impls(hook):
            try:
                self._one(impl, hook, kwargs, user_errors=False)
            except PluginFault as fault:
                self._say(f"{fault}; the game and its record are not affected")

    def variant_folders(self) -> list[Path | Traversable]:
        """Folders of house-rule packs; a plugin answering anything but a list of folders is
        skipped with a warning."""
        folders: list[Path | Traversable] = []
        answers = self._listed(
            "asobi_variant_folders",
            lambda answer: isinstance(answer, list | tuple) and all(map(is_folder, answer)),
            "a list of folders (Path or Traversable)",
            self._impls("asobi_variant_folders"),
        )
        for answer in answers:
            folders.extend(answer)
        return folders

    # ------------------------------------------------------------------ views
    def _text(self, hook: str, **kwargs: Any) -> str:
        text = self._call(hook, **kwargs)
        if not isinstance(text, str):
            raise self._wrong(hook, text, "a str")
        return text

    def render_text(self, observation: Mapping[str, Any], lang: str) -> str:
        return self._text("asobi_render_text", observation=observation, lang=lang)

    def describe_action(
        self, observation: Mapping[str, Any], action: Mapping[str, Any], lang: str
    ) -> str:
        return self._text("asobi_describe_action", observation=observation, action=action,
                          lang=lang)

    def describe_event(self, event: Mapping[str, Any], seat: int | None,
                       lang: str) -> str | None:
        text = self._call("asobi_describe_event", event=event, seat=seat, lang=lang)
        if text is not None and not isinstance(text, str):
            raise self._wrong("asobi_describe_event", text, "a str or None")
        return text or None  # an empty line says nothing either

    def describe_reason(self, reason: Reason | str, lang: str) -> str:
        """An AI's reason for a move as a sentence in ``lang``."""
        return self._text("asobi_describe_reason", reason=reason, lang=lang)

    def rules_text(self, rules: Mapping[str, Any], lang: str) -> str:
        return self._text("asobi_rules_text", rules=rules, lang=lang)

    # ------------------------------------------------------------------ agents
    def agent(
        self, level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int
    ) -> Agent | None:
        return self.agent_from(level, seat, rules, players, seed)[0]

    def agent_from(
        self, level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int
    ) -> tuple[Agent | None, str, str | None]:
        """The agent of ``level``, who provides it (``asobi-first-level 0.1.0``) and the name
        its plugin is registered under; ``(None, "", None)`` when nobody offers the level.

        Asked one plugin at a time, the game first (as pluggy would): an answer without a
        ``choose`` method is a fault of the plugin that gave it."""
        hook = "asobi_agent"
        kwargs = {"game": self.name, "level": level, "seat": seat, "rules": rules,
                  "players": players, "seed": seed, "installed": self.installed}
        for impl in self._impls(hook):
            agent = self._one(impl, hook, kwargs)
            if agent is None:
                continue
            if not callable(getattr(agent, "choose", None)):
                raise self._fault_of(impl, hook, agent,
                                     f"an agent (an object with choose) for ai:{level}")
            who = self._who(impl.plugin_name, impl.plugin)
            self._providers[level] = (who, impl.plugin_name)
            return agent, who, impl.plugin_name
        return None, "", None

    def provider(self, level: str) -> tuple[str, str | None]:
        """Who provided the last agent of ``level`` built here, and its plugin's registered
        name (for :func:`asobi.host.faults.guard_agent`); the game when none was built yet."""
        return self._providers.get(level) or (self.distribution or self.name, None)

    def agent_levels(self, info: GameInfo) -> list[str]:
        """Levels added by plugins (the core's ``search`` among them), in plugin order; a
        plugin answering anything but a list of names is skipped with a warning. ``info``
        (the game's) is given to the plugins."""
        levels: list[str] = []
        given = {"info": info}
        answers = self._listed("asobi_agent_levels", str_list, "a list of str (level names)",
                               reversed(self._impls("asobi_agent_levels")), given)
        for answer in answers:
            levels.extend(answer)
        return levels


def _hands(answer: Any) -> bool:
    """An answer of ``asobi_reveal``: a mapping of seats to lists of cards."""
    return isinstance(answer, Mapping) and all(
        isinstance(v, list | tuple) for v in answer.values())
