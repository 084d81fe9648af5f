"""What the environments learn about a game by playing it at random before they offer it.

A game tells asobi its rules, not its shape: how many legal actions a decision can have, whether
seats ever choose together, whether anything is hidden. :func:`survey` plays a few games with
random legal moves (seeds 0, 1, 2...: the answer is the same every time) and notes what it saw.
The environments use it for what a game does not declare: the size of the generic action space
and the generic observation layout (:mod:`asobi.envs.encoding`), the dynamics and the kind of
information of the OpenSpiel game (:mod:`asobi.envs.spiel`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from asobi.contract.model import Action
from asobi.host.registry import Game
from asobi.play.playout import playout
from asobi.play.session import Session, canonical
from asobi.variants.loader import Variant

SURVEY_GAMES = 6
"""Random games a survey plays."""
TWIN_STEPS = 40
"""Moves two copies of a position are played on, the same way, to look for hidden things."""
TWIN_EVERY = 3
"""A position of the first survey game every this many moves is checked for hidden things."""


@dataclass(frozen=True)
class Survey:
    """What random play showed of one game under one variant and number of players."""

    largest_legal: int
    """The longest list of legal actions any decision had."""
    simultaneous: bool
    """Whether several seats were ever to act at once."""
    perfect_information: bool
    """Whether nothing was ever hidden from any seat: two worlds a seat cannot tell from the
    real one (``asobi_resample``) always looked the same to every seat and went on the
    same way when played the same way."""
    observations: tuple[dict[str, Any], ...] = ()
    """Observations seen on the way (kept when asked for: the generic layout learns from
    them)."""


def survey(game: Game, variant: Variant, players: int, keep_observations: bool = False,
           games: int = SURVEY_GAMES) -> Survey:
    """Play ``games`` random games of ``game`` and tell what they showed."""
    notes = _Notes(game, players, keep_observations)
    for number in range(games):
        session = Session(game, variant, ["human"] * players, seed=number, observers=False)
        notes.look_for_hidden = number == 0
        notes.all_seats(session.state)
        playout(game.hooks, session.state, random.Random(number), visit=notes.visit)
        notes.all_seats(session.state)
    return Survey(notes.largest, notes.simultaneous, notes.perfect, tuple(notes.seen))


class _Notes:
    """What a survey notes of each decision on the way (:func:`asobi.play.playout.playout`
    calls :meth:`visit`)."""

    def __init__(self, game: Game, players: int, keep_observations: bool) -> None:
        self.game = game
        self.players = players
        self.keep_observations = keep_observations
        self.largest = 1
        self.simultaneous = False
        self.perfect = True
        self.look_for_hidden = False
        self.seen: list[dict[str, Any]] = []

    def all_seats(self, state: Any) -> None:
        if self.keep_observations:
            self.seen.extend(self.game.hooks.observation(state, seat)
                             for seat in range(self.players))

    def visit(self, state: Any, acting: list[int], legal: list[Action], moves: int) -> None:
        self.simultaneous = self.simultaneous or len(acting) > 1
        self.largest = max(self.largest, len(legal))
        if self.keep_observations:
            self.seen.append(self.game.hooks.observation(state, acting[0]))
        if self.perfect and self.look_for_hidden and moves % TWIN_EVERY == 0:
            self.perfect = not _hides_something(self.game, state, self.players, moves)


def _hides_something(game: Game, state: Any, players: int, salt: int) -> bool:
    """Whether some seat cannot tell ``state`` from a world that differs: two of its hidden
    variants look different to some seat, now or after the same moves (the same random
    choices, for :data:`TWIN_STEPS` moves)."""
    hooks = game.hooks
    for seat in range(players):
        twins = [hooks.hidden_variant(state, seat, random.Random(f"{salt}:{seat}:{k}"))
                 for k in (1, 2)]
        if _course(game, twins[0], players, salt) != _course(game, twins[1], players, salt):
            return True
    return False


def _course(game: Game, state: Any, players: int, salt: int) -> list[tuple[str, ...]]:
    """How ``state`` looks (:func:`_looks`) before each of :data:`TWIN_STEPS` random moves
    drawn from ``salt``, and at the end when the game ends sooner."""
    seen: list[tuple[str, ...]] = []
    made = playout(game.hooks, state, random.Random(salt), TWIN_STEPS,
                   lambda now, acting, legal, moves: seen.append(_looks(game, now, players)))
    if made < TWIN_STEPS:
        seen.append(_looks(game, state, players))
    return seen


def _looks(game: Game, state: Any, players: int) -> tuple[str, ...]:
    """Everything every seat can see of ``state``, and who acts with which choices."""
    hooks = game.hooks
    acting = hooks.to_act(state)
    seen = [canonical(hooks.observation(state, seat)) for seat in range(players)]
    legal = [canonical({"legal": hooks.legal_actions(state, seat)}) for seat in acting]
    return (*seen, canonical({"acting": acting}), *legal)
