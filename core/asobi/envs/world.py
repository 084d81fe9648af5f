"""The position behind an OpenSpiel state: a game being played, or a world sampled for search.

A :class:`World` is one of two things:

* a **game**: an asobi session started from a seed, whose moves are checked and recorded
  like any game's (:meth:`World.start`); it can be written down as an asobi record and built
  again from it, which is how an OpenSpiel state is serialized;
* a **sampled world**: a state the game dealt from one seat's observation
  (``asobi_resample``), stepped through the game's hooks, which an OpenSpiel search plays
  forward and throws away (:meth:`World.around`); it has no record.

Copies (OpenSpiel clones states all the time) copy the game's state deeply but share what
never changes during a game: the game plugin, the variant.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from dataclasses import dataclass
from typing import Any

from asobi.envs.setting import Setting
from asobi.errors import AsobiError
from asobi.play.playout import playout
from asobi.play.session import SeatSpec, Session


@dataclass(frozen=True)
class Pending:
    """A world not built yet: the seed of a game and its moves so far (how a serialized
    state is read back: the game is played again from its record)."""

    seed: int
    moves: tuple[tuple[int, Any], ...] = ()


class World:
    """A position of a game (see the module): who acts, what each seat sees, moves."""

    def __init__(self, setting: Setting, session: Session | None, state: Any) -> None:
        self.setting = setting
        self.session = session
        self._state = state

    @classmethod
    def start(cls, setting: Setting, seed: int) -> World:
        """A new game of ``setting`` dealt from ``seed`` (the seed of its record)."""
        session = Session(setting.game, setting.variant, (SeatSpec("human"),) * setting.players,
                          seed=seed, variant_ref=setting.variant_ref, observers=False)
        return cls(setting, session, None)

    @classmethod
    def around(cls, setting: Setting, state: Any) -> World:
        """A sampled world holding ``state`` (from ``asobi_resample``)."""
        if state is None:
            raise AsobiError(f"{setting.game.info.title} cannot deal a world from an "
                             "observation: it implements no asobi_resample")
        return cls(setting, None, state)

    @classmethod
    def replay(cls, setting: Setting, pending: Pending) -> World:
        """The game ``pending`` describes, played again move by move."""
        world = cls.start(setting, pending.seed)
        for seat, action in pending.moves:
            world.apply(seat, action)
        return world

    # ------------------------------------------------------------------ the position
    @property
    def state(self) -> Any:
        return self.session.state if self.session is not None else self._state

    @property
    def seed(self) -> int | None:
        return self.session.seed if self.session is not None else None

    @property
    def moves(self) -> int:
        """Moves made since the deal (0 for a sampled world: its past is not known)."""
        return len(self.session.moves) if self.session is not None else 0

    def to_act(self) -> list[int]:
        return self.setting.game.hooks.to_act(self.state)

    def legal(self, seat: int) -> list[dict[str, Any]]:
        return self.setting.game.hooks.legal_actions(self.state, seat)

    def observation(self, seat: int) -> dict[str, Any]:
        return self.setting.game.hooks.observation(self.state, seat)

    def result(self) -> dict[str, Any]:
        return self.setting.game.hooks.result(self.state)

    def apply(self, seat: int, action: dict[str, Any]) -> None:
        """Apply a legal action: a game checks and records it, a sampled world trusts the
        caller (who took it from the legal list)."""
        if self.session is not None:
            self.session.apply(seat, action)
        else:
            self.setting.game.hooks.apply(self._state, seat, action)

    def playout(self, rng: random.Random) -> dict[str, Any]:
        """Play random legal moves to the end (:func:`asobi.play.playout.playout`) and return
        the result. Used on worlds a search is about to throw away: the moves go unrecorded."""
        playout(self.setting.game.hooks, self.state, rng)
        return self.result()

    def record(self) -> dict[str, Any] | None:
        """The asobi record of a game (None for a sampled world)."""
        return self.session.record() if self.session is not None else None

    # ------------------------------------------------------------------ copies
    def __deepcopy__(self, memo: dict[int, Any]) -> World:
        memo[id(self.setting)] = self.setting
        memo[id(self.setting.game)] = self.setting.game
        memo[id(self.setting.variant)] = self.setting.variant
        for value in _frozen_parts(self.state):
            memo[id(value)] = value
        if self.session is None:
            return World(self.setting, None, copy.deepcopy(self._state, memo))
        twin = copy.copy(self.session)
        memo[id(self.session)] = twin
        twin.moves = [dict(move) for move in self.session.moves]
        twin.notes = list(self.session.notes)
        twin.state = copy.deepcopy(self.session.state, memo)
        return World(self.setting, twin, None)

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its seed and moves (:class:`Pending`); a sampled world cannot."""
        if self.session is None:
            raise TypeError("a world sampled from an observation has no record: it cannot be "
                            "serialized")
        moves = tuple((move["seat"], move["action"]) for move in self.session.moves)
        return (Pending, (self.session.seed, moves))


def _frozen_parts(state: Any) -> list[Any]:
    """The fields of ``state`` holding frozen dataclasses (compiled rules, a garden): values by
    the project's convention, shared by copies rather than copied."""
    if dataclasses.is_dataclass(state) and not isinstance(state, type):
        values = [getattr(state, f.name, None) for f in dataclasses.fields(state)]
    else:
        values = list(getattr(state, "__dict__", {}).values())
    return [value for value in values if _is_frozen(value)]


def _is_frozen(value: Any) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return params is not None and bool(params.frozen)
