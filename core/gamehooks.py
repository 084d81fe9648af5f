"""A typed face over one game's hooks: every call the core and the frontends make.

``game.hooks.legal_actions(state, seat)`` reads better than
``game.hook.asobi_legal_actions(state=state, seat=seat)``, and a type checker can follow it.
The optional hooks always have an answer here (the defaults plugin, :mod:`asobi.defaults`,
sits behind every game), so callers never write a fallback.

It is also the boundary where a plugin's fault is caught (:mod:`asobi.faults`). A hook that
raises (anything but a user error, :class:`asobi.errors.AsobiError`) or answers outside its
contract becomes a :class:`asobi.faults.PluginFault` naming who is at fault: the game for the
game hooks; for the cross-cutting hooks, which are called one plugin at a time, the plugin that
failed. Then, by hook:

* scoring (``asobi_adjust_points``) and building an agent (``asobi_agent``): the fault is
  raised, and the game in play stops;
* listing (``asobi_agent_levels``, ``asobi_variant_folders``): the faulty plugin's answer is
  left out, with a one-line warning, as a plugin that fails to load is;
* observing (``asobi_game_over``): the fault is reported in one line and nothing else happens.

The calling itself, and the naming of who failed, is :class:`asobi.hookcalls.HookCalls`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from asobi.errors import AsobiError
from asobi.faults import PluginFault, int_list, is_folder, mapping_list, str_list
from asobi.hookcalls import HookCalls

if TYPE_CHECKING:
    from asobi.measures import Measure, Restriction
    from asobi.model import Agent, GameInfo, Reason, SetupContext

Action = dict[str, Any]
Event = dict[str, Any]

RESULT_KEYS = ("finished", "rounds", "scores", "winner")


class GameHooks(HookCalls):
    """The hooks of one game's plugin manager (``pm.hook``), typed and checked (the
    arguments are :class:`asobi.hookcalls.HookCalls`')."""

    def __init__(
        self,
        hook: Any,
        name: str,
        distribution: str | None = None,
        culprits: Mapping[str, str] | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(hook, name, distribution, culprits, warn)
        self._providers: dict[str, tuple[str, str | None]] = {}

    # ------------------------------------------------------------------ game hooks
    def info(self) -> GameInfo:
        from asobi.model import GameInfo

        info = self._call("asobi_game_info")
        if not isinstance(info, GameInfo):
            raise self._wrong("asobi_game_info", info, "a GameInfo")
        return info

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

    def obsolete_move(self, state: Any, seat: int, action: Mapping[str, Any]) -> bool:
        """Whether a recorded move is one this version of the game makes by itself."""
        return bool(self._call("asobi_obsolete_move", state=state, seat=seat, action=action))

    def observation(self, state: Any, seat: int) -> dict[str, Any]:
        obs = self._call("asobi_observation", state=state, seat=seat)
        if not isinstance(obs, dict):
            raise self._wrong("asobi_observation", obs, "a dict")
        return obs

    def reveal(self, state: Any) -> dict[str, list[Any]] | None:
        """Every seat's hand of a finished game (``None``: the game cannot reveal)."""
        hands = self._call("asobi_reveal", state=state)
        if hands is None:
            return None
        if not isinstance(hands, Mapping) or not all(
            isinstance(v, list | tuple) for v in hands.values()
        ):
            raise self._wrong("asobi_reveal", hands, "a dict of lists (hands) or None")
        return {str(k): list(v) for k, v in hands.items()}

    def hidden_variant(self, state: Any, seat: int, rng: random.Random) -> Any:
        return self._call("asobi_hidden_variant", state=state, seat=seat, rng=rng)

    def result(self, state: Any) -> dict[str, Any]:
        result = self._call("asobi_result", state=state)
        if not isinstance(result, dict) or any(key not in result for key in RESULT_KEYS):
            raise self._wrong("asobi_result", result,
                              "a dict with " + ", ".join(f"'{k}'" for k in RESULT_KEYS))
        return result

    def resample(
        self, observation: Mapping[str, Any], seat: int, rules: Mapping[str, Any], players: int,
        rng: random.Random,
    ) -> Any:
        """A state consistent with ``observation`` (None when the game cannot resample)."""
        return self._call(
            "asobi_resample",
            observation=observation, seat=seat, rules=rules, players=players, rng=rng,
        )

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

    def variant_folders(self) -> list[Any]:
        """Folders of house-rule packs; a plugin answering anything but a list of folders is
        skipped with a warning."""
        folders: list[Any] = []
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
        return text or None

    def describe_reason(self, reason: Reason | str, lang: str) -> str:
        """An AI's reason for a move as a sentence in ``lang``."""
        return self._text("asobi_describe_reason", reason=reason, lang=lang)

    def rules_text(self, rules: Mapping[str, Any], lang: str) -> str:
        return self._text("asobi_rules_text", rules=rules, lang=lang)

    # ------------------------------------------------------------------ agents, speed
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
                  "players": players, "seed": seed}
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
        name (for :func:`asobi.faults.guard_agent`); the game when none was built yet."""
        return self._providers.get(level) or (self.distribution or self.name, None)

    def agent_levels(self) -> list[str]:
        """Levels added by plugins (the core's ``search`` among them), in plugin order; a
        plugin answering anything but a list of names is skipped with a warning."""
        levels: list[str] = []
        answers = self._listed("asobi_agent_levels", str_list, "a list of str (level names)",
                               reversed(self._impls("asobi_agent_levels")))
        for answer in answers:
            levels.extend(answer)
        return levels

    def bench(self, rules: Mapping[str, Any], seconds: float, seed: int) -> dict[str, Any]:
        result = self._call("asobi_bench", rules=rules, seconds=seconds, seed=seed)
        if not isinstance(result, dict):
            raise self._wrong("asobi_bench", result, "a dict")
        return result

    # ------------------------------------------------------------------ balance lab
    def pinned_setup(
        self, rules: Mapping[str, Any], players: int, rng: random.Random
    ) -> dict[str, Any] | None:
        """A record ``setup`` pinning a new game's deal (None: the game pins nothing)."""
        setup = self._call("asobi_pinned_setup", rules=rules, players=players, rng=rng)
        if setup is not None and not isinstance(setup, Mapping):
            raise self._wrong("asobi_pinned_setup", setup, "a dict or None")
        return dict(setup) if setup else None

    def lab_measures(self, rules: Mapping[str, Any], players: int) -> list[Measure]:
        """The game's own measures for ``asobi lab`` (none when it has none)."""
        from asobi.measures import Measure

        measures = self._call("asobi_lab_measures", rules=rules, players=players) or []
        if not isinstance(measures, list | tuple) or not all(
            isinstance(m, Measure) for m in measures
        ):
            raise self._wrong("asobi_lab_measures", measures, "a list of Measure")
        return list(measures)

    def restrictions(self, rules: Mapping[str, Any], players: int) -> list[Restriction]:
        """The restrictions an AI level of this game may take (``ai:normal/no-koikoi``)."""
        from asobi.measures import Restriction

        known = self._call("asobi_restrictions", rules=rules, players=players) or []
        if not isinstance(known, list | tuple) or not all(
            isinstance(r, Restriction) for r in known
        ):
            raise self._wrong("asobi_restrictions", known, "a list of Restriction")
        return list(known)

