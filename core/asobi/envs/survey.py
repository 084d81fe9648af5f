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

from asobi.host.registry import Game
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
    real one (``asobi_hidden_variant``) always looked the same to every seat and went on the
    same way when played the same way."""
    observations: tuple[dict[str, Any], ...] = ()
    """Observations seen on the way (kept when asked for: the generic layout learns from
    them)."""


def survey(game: Game, variant: Variant, players: int, keep_observations: bool = False,
           games: int = SURVEY_GAMES) -> Survey:
    """Play ``games`` random games of ``game`` and tell what they showed."""
    largest = 1
    simultaneous = False
    perfect = True
    seen: list[dict[str, Any]] = []
    for number in range(games):
        session = Session(game, variant, ["human"] * players, seed=number, observers=False)
        rng = random.Random(number)
        if keep_observations:
            seen.extend(session.observation(seat) for seat in range(players))
        moves = 0
        while acting := session.to_act():
            simultaneous = simultaneous or len(acting) > 1
            seat = acting[0]
            legal = session.legal_actions(seat)
            largest = max(largest, len(legal))
            if keep_observations:
                seen.append(session.observation(seat))
            if perfect and number == 0 and moves % TWIN_EVERY == 0:
                perfect = not _hides_something(game, session.state, players, moves)
            session.apply(seat, legal[rng.randrange(len(legal))])
            moves += 1
        if keep_observations:
            seen.extend(session.observation(seat) for seat in range(players))
    return Survey(largest, simultaneous, perfect, tuple(seen))


def _hides_something(game: Game, state: Any, players: int, salt: int) -> bool:
    """Whether some seat cannot tell ``state`` from a world that differs: two of its hidden
    variants look different to some seat, now or after the same moves."""
    hooks = game.hooks
    for seat in range(players):
        twins = [hooks.hidden_variant(state, seat, random.Random(f"{salt}:{seat}:{k}"))
                 for k in (1, 2)]
        choices = random.Random(salt)
        for _ in range(TWIN_STEPS):
            looks = [_looks(game, twin, players) for twin in twins]
            if looks[0] != looks[1]:
                return True
            acting = hooks.to_act(twins[0])
            if not acting:
                break
            legal = hooks.legal_actions(twins[0], acting[0])
            pick = choices.randrange(len(legal))
            for twin in twins:
                hooks.apply(twin, acting[0], legal[pick])
    return False


def _looks(game: Game, state: Any, players: int) -> tuple[str, ...]:
    """Everything every seat can see of ``state``, and who acts with which choices."""
    hooks = game.hooks
    acting = hooks.to_act(state)
    seen = [canonical(hooks.observation(state, seat)) for seat in range(players)]
    legal = [canonical({"legal": hooks.legal_actions(state, seat)}) for seat in acting]
    return (*seen, canonical({"acting": acting}), *legal)
