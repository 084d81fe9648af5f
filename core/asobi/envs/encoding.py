"""A game's observations as fixed-shape numbers and its actions as numbers, for learners.

:class:`Encoding` is what both environments (PettingZoo and OpenSpiel) use. It asks the game's
two optional hooks (:mod:`asobi.envs.hookspecs`) and falls back on the generic encoding:

* **observation**: the parts ``asobi_observation_tensor`` returns, flattened in their order,
  each number within the bounds ``asobi_observation_bounds`` gives (0 to 1 where it gives
  none); without the hook, a ``seat`` part (one-hot of the observing seat) and an
  ``observation`` part, the observation's numbers flattened by
  :class:`asobi.envs.flatten.Layout` and scaled between 0 and 1, learnt from the observations
  of a few random games (:mod:`asobi.envs.survey`);
* **actions**: the position of an action in ``asobi_action_space``; without the hook, the
  position of the action in the decision's own legal list, numbered up to the longest legal
  list the random games showed (or ``max_actions``).

Every number comes from the observation alone: what a seat cannot see cannot reach a tensor.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from asobi.envs.flatten import Layout
from asobi.envs.hookspecs import ensure_declared
from asobi.envs.survey import Survey, survey
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.host.manager import mapping_list
from asobi.host.registry import Game
from asobi.play.session import Session, canonical
from asobi.variants.loader import Variant

FLOAT32 = np.dtype(np.float32)
"""The dtype of every vector (NumPy gives the same object to every native float32 array)."""
Vector = np.ndarray[Any, np.dtype[np.float32]]
Mask = np.ndarray[Any, np.dtype[np.int8]]
Action = dict[str, Any]


class EncodingHooks:
    """The encoding hooks of one game, typed and checked like ``game.hooks``."""

    def __init__(self, game: Game) -> None:
        self.hooks = game.hooks
        caller = getattr(self.hooks.raw, "asobi_observation_tensor", None)
        self._tensor = caller if caller is not None and caller.has_spec() else None
        """The hook asked at every observation, looked up once (None: nobody declared it)."""

    @classmethod
    def of(cls, game: Game) -> EncodingHooks:
        ensure_declared(game)
        return cls(game)

    def _wrong(self, hook: str, answer: Any, expected: str) -> PluginFault:
        return self.hooks.fault(hook, answer, expected)

    def observation_tensor(self, observation: Mapping[str, Any], rules: Mapping[str, Any],
                           players: int) -> Mapping[str, Any] | None:
        """The game's parts for ``observation`` as it gave them (arrays or nested lists);
        :meth:`array` turns one into numbers."""
        if self._tensor is None:
            return None
        answer = self._tensor(observation=observation, rules=rules, players=players)
        if answer is None:
            return None
        if not answer or (type(answer) is not dict and not isinstance(answer, Mapping)):
            raise self._wrong("asobi_observation_tensor", answer,
                              "a mapping of part names to numbers")
        return answer

    def array(self, name: str, value: Any) -> Vector:
        """The part ``name`` of an answer of ``asobi_observation_tensor`` as float32."""
        if type(value) is np.ndarray and value.dtype is FLOAT32:
            return value
        try:
            return np.asarray(value, dtype=np.float32)
        except (TypeError, ValueError):
            raise self._wrong("asobi_observation_tensor", value,
                              f"numbers for the part '{name}'") from None

    def bounds(self, rules: Mapping[str, Any], players: int) -> Mapping[str, Any] | None:
        hook = "asobi_observation_bounds"
        answer = self.hooks.ask(hook, rules=rules, players=players)
        if answer is None:
            return None
        if not isinstance(answer, Mapping):
            raise self._wrong(hook, answer, "a mapping of part names to (low, high)")
        return answer

    def action_space(self, rules: Mapping[str, Any], players: int) -> list[Action] | None:
        hook = "asobi_action_space"
        answer = self.hooks.ask(hook, rules=rules, players=players)
        if answer is None:
            return None
        if not mapping_list(answer) or not answer:
            raise self._wrong(hook, answer, "a list of actions (dicts)")
        actions = [dict(action) for action in answer]
        keys = [canonical(action) for action in actions]
        if len(set(keys)) != len(keys):
            twice = next(key for key in keys if keys.count(key) > 1)
            raise self._wrong(hook, answer, f"each action once ({twice} is listed twice)")
        return actions

    def fault(self, hook: str, problem: str) -> PluginFault:
        """A fault of the game in ``hook``, described by ``problem``."""
        return self.hooks.manager.game_fault(hook, problem)


@dataclass(frozen=True)
class Part:
    """One named part of the observation vector: where it sits and its shape."""

    name: str
    shape: tuple[int, ...]
    offset: int

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Encoding:
    """The numbers of one game under one variant and number of players.

    Build it with :meth:`of`. ``parts`` and ``size`` describe the observation vector, ``low``
    and ``high`` its bounds (one number each), ``actions`` (``None`` for the generic
    numbering) and ``action_count`` the actions."""

    def __init__(self, game: Game, variant: Variant, players: int, hooks: EncodingHooks,
                 parts: tuple[Part, ...], actions: list[Action] | None, action_count: int,
                 layout: Layout | None, low: Vector | None = None,
                 high: Vector | None = None) -> None:
        self.game = game
        self.variant = variant
        self.players = players
        self.hooks = hooks
        self.parts = parts
        self.size = sum(part.size for part in parts)
        self.low: Vector = np.zeros(self.size, np.float32) if low is None else low
        self.high: Vector = np.ones(self.size, np.float32) if high is None else high
        self.low.flags.writeable = self.high.flags.writeable = False  # read below, once
        self.actions = actions
        self.action_count = action_count
        self.layout = layout
        self._names = [part.name for part in parts]
        self._shapes = [part.shape for part in parts]
        self._floor = float(self.low.max()) if self.size else 0.0
        self._ceiling = float(self.high.min()) if self.size else 0.0
        """Every vector whose numbers all lie between these two is within its bounds (the
        quick test of :meth:`within`)."""
        self._index = ({action_key(a): i for i, a in enumerate(actions)}
                       if actions is not None else {})

    @classmethod
    def of(cls, game: Game, variant: Variant, players: int, max_actions: int | None = None,
           surveyed: Survey | None = None) -> Encoding:
        """The encoding of ``game``: the game's own where it implements the hooks, the
        generic one elsewhere (learnt from ``surveyed``, or from a survey made here)."""
        hooks = EncodingHooks.of(game)
        rules = variant.rules
        actions = hooks.action_space(rules, players)
        first = Session(game, variant, ["human"] * players, seed=0, observers=False)
        declared = hooks.observation_tensor(first.observation(0), rules, players)
        if surveyed is None and (declared is None or actions is None):
            surveyed = survey(game, variant, players, keep_observations=declared is None)
        layout = None
        if declared is not None:
            shapes = [(str(name), tuple(int(n) for n in hooks.array(str(name), value).shape))
                      for name, value in declared.items()]
        else:
            assert surveyed is not None
            if not surveyed.observations:
                surveyed = survey(game, variant, players, keep_observations=True)
            layout = Layout.learn(surveyed.observations)
            shapes = [("seat", (players,)), ("observation", (layout.size,))]
        parts = []
        offset = 0
        for name, shape in shapes:
            parts.append(Part(name, shape, offset))
            offset += math.prod(shape)
        low, high = (read_bounds(hooks, tuple(parts), hooks.bounds(rules, players))
                     if declared is not None else (None, None))
        if actions is not None:
            count = len(actions)
        elif max_actions is not None:
            if max_actions < 1:
                raise AsobiError("max_actions must be at least 1")
            count = max_actions
        else:
            assert surveyed is not None
            count = surveyed.largest_legal
        return cls(game, variant, players, hooks, tuple(parts), actions, count, layout, low,
                   high)

    # ------------------------------------------------------------------ observations
    @property
    def declared(self) -> bool:
        """Whether the observation numbers are the game's own (the hook), not generic."""
        return self.layout is None

    def observe(self, observation: Mapping[str, Any], seat: int) -> Vector:
        """The vector of ``seat``'s ``observation`` (shape ``(size,)``, float32), within
        ``low`` and ``high`` (a game's number outside them is a fault of the game)."""
        if self.layout is not None:
            vector = np.zeros(self.size, dtype=np.float32)
            vector[seat] = 1.0
            self.layout.encode(observation, vector[self.players:])
            return vector
        answer = self.hooks.observation_tensor(observation, self.variant.rules, self.players)
        hook = "asobi_observation_tensor"
        if answer is None:
            raise self.hooks.fault(hook, "returned None after returning parts for this game")
        array = self.hooks.array
        arrays = [value if type(value) is np.ndarray and value.dtype is FLOAT32
                  else array(name, value) for name, value in answer.items()]
        if [a.shape for a in arrays] != self._shapes or list(answer) != self._names:
            got = [(name, tuple(a.shape)) for name, a in zip(answer, arrays, strict=True)]
            want = [(part.name, part.shape) for part in self.parts]
            raise self.hooks.fault(hook, f"returned the parts {got}, expected {want} (the "
                                         "parts of the first observation)")
        vector = np.concatenate(arrays, axis=None, dtype=np.float32)
        if not self.within(vector):
            raise self._outside(vector)
        return vector

    def within(self, vector: Vector) -> bool:
        """Whether every number of ``vector`` lies within ``low`` and ``high`` (a NaN never
        does). Quick when all of them lie between the highest low and the lowest high (two
        reductions, no array made); else number by number."""
        if vector.size and np.minimum.reduce(vector) >= self._floor and (
                np.maximum.reduce(vector) <= self._ceiling):
            return True
        return bool((vector >= self.low).all() and (vector <= self.high).all())

    def _outside(self, vector: Vector) -> PluginFault:
        """The fault of a vector with a number outside its bounds (or not a number)."""
        where = int(np.flatnonzero(~((vector >= self.low) & (vector <= self.high)))[0])
        part = next(p for p in self.parts if p.offset <= where < p.offset + p.size)
        index = np.unravel_index(where - part.offset, part.shape)
        at = ", ".join(str(int(i)) for i in index)
        return self.hooks.fault(
            "asobi_observation_tensor",
            f"returned {float(vector[where])} at {part.name}[{at}], outside its bounds "
            f"{float(self.low[where])} to {float(self.high[where])} (asobi_observation_bounds; "
            "0 to 1 where the game declares none)")

    def split(self, vector: Vector) -> dict[str, Vector]:
        """The named parts of ``vector``, reshaped (views, not copies)."""
        return {part.name: vector[part.offset:part.offset + part.size].reshape(part.shape)
                for part in self.parts}

    # ------------------------------------------------------------------ actions
    def indices(self, legal: Sequence[Mapping[str, Any]]) -> list[int]:
        """The numbers of the legal actions, in the order of ``legal``."""
        if self.actions is None:
            if len(legal) > self.action_count:
                raise AsobiError(
                    f"{self.game.info.title} offers {len(legal)} legal actions here, more "
                    f"than the {self.action_count} the environment numbers (the longest list "
                    "it saw in random games); build the environment with "
                    f"max_actions={len(legal)} or more")
            return list(range(len(legal)))
        numbers = []
        for action in legal:
            number = self._index.get(action_key(action))
            if number is None:
                raise self.hooks.fault(
                    "asobi_action_space",
                    f"does not list the legal action {canonical(action)}")
            numbers.append(number)
        return numbers

    def mask(self, legal: Sequence[Mapping[str, Any]]) -> Mask:
        """1 for the number of every legal action, 0 elsewhere (int8)."""
        mask = np.zeros(self.action_count, dtype=np.int8)
        mask[self.indices(legal)] = 1
        return mask

    def action(self, number: int, legal: Sequence[Mapping[str, Any]]) -> Action | None:
        """The legal action with ``number``, or None when no legal action has it."""
        if self.actions is None:
            return dict(legal[number]) if 0 <= number < len(legal) else None
        if not 0 <= number < self.action_count:
            return None
        for action in legal:
            if self._index.get(action_key(action)) == number:
                return dict(action)
        return None

    def label(self, number: int) -> str:
        """A name for action ``number`` that does not depend on the position (the action's
        JSON, or ``legal #n`` for the generic numbering)."""
        if self.actions is None:
            return f"legal #{number}"
        if 0 <= number < self.action_count:
            return canonical(self.actions[number])
        return f"action #{number}"

    def describe(self) -> list[str]:
        """The parts and the actions in words (for documentation and ``repr``)."""
        lines = [f"{part.name}: shape {part.shape}, at {part.offset}" for part in self.parts]
        if self.actions is None:
            lines.append(f"actions: the position in the legal list, 0 to {self.action_count - 1}")
        else:
            lines.append(f"actions: {self.action_count} declared by the game")
        return lines


def action_key(action: Mapping[str, Any]) -> Hashable:
    """A key that tells actions apart as their canonical JSON does (``1``, ``1.0`` and
    ``true`` differ), quicker to make: the items with the type of each value, or the JSON
    itself for a value that is a list or a mapping."""
    try:
        if len(action) == 1:  # most actions: one key, nothing to sort
            ((key, value),) = action.items()
            items: tuple[Any, ...] = ((key, value.__class__, value),)
        else:
            items = tuple(sorted((key, value.__class__, value) for key, value in action.items()))
        hash(items)
    except TypeError:  # an unhashable value (a list, a dict) or keys of several types
        return canonical(action)
    return items


def read_bounds(hooks: EncodingHooks, parts: tuple[Part, ...],
                answer: Mapping[str, Any] | None) -> tuple[Vector, Vector]:
    """The bounds of every number of the vector made of ``parts``: 0 to 1, except where the
    game's ``asobi_observation_bounds`` gives a part's (a number, or an array of its shape)."""
    size = sum(part.size for part in parts)
    low, high = np.zeros(size, np.float32), np.ones(size, np.float32)
    named = {part.name: part for part in parts}
    hook = "asobi_observation_bounds"
    for name, pair in (answer or {}).items():
        part = named.get(name)
        if part is None:
            raise hooks.fault(hook, f"gave bounds for '{name}', which is no part of the "
                                    f"observation (the parts: {', '.join(named)})")
        if not isinstance(pair, Sequence) or isinstance(pair, str) or len(pair) != 2:
            raise hooks.fault(hook, f"gave {pair!r} for '{name}', expected (low, high)")
        ends = []
        for end in pair:
            try:
                ends.append(np.broadcast_to(np.asarray(end, dtype=np.float32), part.shape))
            except (TypeError, ValueError):
                raise hooks.fault(hook, f"gave {end!r} as a bound of '{name}', expected a "
                                        f"number or numbers of its shape {part.shape}") from None
        if not (np.isfinite(ends[0]).all() and np.isfinite(ends[1]).all()
                and (ends[0] <= ends[1]).all()):
            raise hooks.fault(hook, f"gave bounds for '{name}' that are not finite numbers "
                                    "with low no higher than high")
        where = slice(part.offset, part.offset + part.size)
        low[where], high[where] = ends[0].reshape(-1), ends[1].reshape(-1)
    return low, high
