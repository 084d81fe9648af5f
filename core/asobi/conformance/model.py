"""What a conformance check sees: the games the kit plays, each position before a move, the
move that follows, and the error a failing check raises.

The kit (:mod:`asobi.conformance`) plays random games through :class:`asobi.play.driver.Driver`;
each named check (:mod:`asobi.conformance.checks`) is a :class:`Checker` that looks at the
positions, moves and finished games it needs. A check reads the game; it never changes it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from asobi.contract.model import Action
from asobi.host.registry import Game
from asobi.play.driver import Driver
from asobi.play.session import Session
from asobi.variants.loader import Variant

Event = dict[str, Any]


class ConformanceError(AssertionError):
    """A game broke the core's contract. ``check`` names the check that saw it; the message
    says how to run that check alone."""

    def __init__(self, message: str, check: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.check = check

    def __str__(self) -> str:
        if self.check is None:
            return self.message
        return (f"{self.message} [check '{self.check}'; run it alone with "
                f"check_game(..., only=['{self.check}'])]")


def to_json(value: Any, what: str, where: str) -> str:
    """``value`` as canonical JSON text; a value that is not plain JSON fails the check."""
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise ConformanceError(f"{where}: {what} is not plain JSON: {exc}") from None


# --------------------------------------------------------------------------- differences


class _Missing:
    """The value on the side of a difference where a key or an item does not exist."""

    def __repr__(self) -> str:
        return "(missing)"


MISSING: Any = _Missing()

Step = str | int


@dataclass(frozen=True)
class Difference:
    """The first place where two JSON values differ: the steps that lead there and the value
    each side has (:data:`MISSING` where one side has nothing)."""

    steps: tuple[Step, ...]
    mine: Any
    theirs: Any

    @property
    def path(self) -> str:
        """The steps written as a key path: ``players[1].hand[2]``."""
        text = "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in self.steps)
        return text.lstrip(".")

    def describe(self, prefix: str, mine: str, theirs: str) -> str:
        """``'prefix.path': <value> in <mine>, <value> in <theirs>``."""
        return (f"'{_join(prefix, self.path) or '(the whole value)'}': {_short(self.mine)} in "
                f"{mine}, {_short(self.theirs)} in {theirs}")


def _join(prefix: str, path: str) -> str:
    return (prefix + ("" if not path or path.startswith("[") else ".") + path).lstrip(".")


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr)


def _same(mine: Any, theirs: Any) -> bool:
    if mine is MISSING or theirs is MISSING:
        return mine is theirs
    return _text(mine) == _text(theirs)


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value) if value is MISSING else _text(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def difference(mine: Any, theirs: Any) -> Difference | None:
    """The first difference of two JSON values (keys in sorted order, then items in order),
    or ``None`` when their JSON texts are the same."""
    steps: list[Step] = []
    while not _same(mine, theirs):
        if isinstance(mine, dict) and isinstance(theirs, dict):
            key = next(k for k in sorted(set(mine) | set(theirs), key=str)
                       if not _same(mine.get(k, MISSING), theirs.get(k, MISSING)))
            steps.append(key)
            mine, theirs = mine.get(key, MISSING), theirs.get(key, MISSING)
        elif isinstance(mine, list) and isinstance(theirs, list):
            index = next(i for i in range(max(len(mine), len(theirs)))
                         if i >= len(mine) or i >= len(theirs) or not _same(mine[i], theirs[i]))
            steps.append(index)
            mine = mine[index] if index < len(mine) else MISSING
            theirs = theirs[index] if index < len(theirs) else MISSING
        else:
            return Difference(tuple(steps), mine, theirs)
    return None


def first_difference(mine: Any, theirs: Any, path: str = "") -> str:
    """Where two observations first differ, as a key path (``hand[2]``, ``piles``...)."""
    found = difference(mine, theirs)
    return _join(path, "" if found is None else found.path) or "(the whole observation)"


# --------------------------------------------------------------------------- what checks see


@dataclass(frozen=True)
class Options:
    """What the kit was asked to check (the arguments of ``check_game``)."""

    game: Game
    variant: Variant
    players: int
    games: int
    seed: int
    max_steps: int
    expect_hidden: bool
    levels: tuple[str, ...]


@dataclass
class Table:
    """One game the kit plays: its session, the driver stepping it and its seed."""

    options: Options
    session: Session
    driver: Driver
    seed: int
    number: int
    """Which of the run's games this is, from 0."""

    @property
    def game(self) -> Game:
        return self.options.game

    @property
    def where(self) -> str:
        return f"{self.game.name} seed {self.seed}"


@dataclass
class Position:
    """The game before one move: the seat about to act, its legal actions, and how many
    moves were made before (``moves``, which the failure message calls the step)."""

    table: Table
    seat: int
    legal: list[Action]
    moves: int

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def where(self) -> str:
        return f"{self.table.where} step {self.moves}"

    @cached_property
    def observations(self) -> list[str]:
        """Every seat's observation as JSON text."""
        return observations_of(self.session, self.where)


def observations_of(session: Session, where: str) -> list[str]:
    return [to_json(session.observation(s), "observation", where)
            for s in range(session.players)]


@dataclass(frozen=True)
class Move:
    """The move played from a :class:`Position`, and the events it gave."""

    seat: int
    action: Action
    events: list[Event]


AfterMove = Callable[[Move], None]
"""What a check does once the move of a position is played."""


@dataclass
class Checker:
    """One check at work through one run of the kit. The kit calls :meth:`start` when a game
    begins, :meth:`position` before every move (a function it returns is called with the
    move), :meth:`game_over` when the game has ended and :meth:`close` after the last game.
    Subclasses override what they need and raise :class:`ConformanceError`."""

    options: Options
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    """This check's own generator, seeded for each game from the check's name and the game's
    seed: a check run alone sees the very games and draws it sees in the whole kit."""

    def start(self, table: Table, rng: random.Random) -> None:
        self.rng = rng

    def position(self, pos: Position) -> AfterMove | None:
        return None

    def game_over(self, table: Table) -> None:
        return None

    def close(self) -> None:
        return None


@dataclass(frozen=True)
class Check:
    """A named check of the kit: run it alone with ``check_game(game, only=[name])``."""

    name: str
    summary: str
    """What the check proves about a game, in one sentence."""
    checker: Callable[[Options], Checker]

    def __str__(self) -> str:
        return self.name
