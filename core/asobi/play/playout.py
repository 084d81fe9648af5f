"""Random playouts: a game stepped through its hooks with random legal moves.

Everything that plays a game forward without a seat deciding goes through :func:`playout`:
the ``search`` AI level finishing a resampled world, OpenSpiel's search on a sampled world
(:mod:`asobi.envs.world`), the environments' survey of a game's shape (:mod:`asobi.envs.survey`)
and the default bench. A game played by seats goes through the driver
(:mod:`asobi.play.driver`) instead. The first seat to act moves (a simultaneous choice is then
made one seat after the other), a move is ``legal[rng.randrange(len(legal))]``, and nothing is
recorded or checked beyond the hooks' own checks (:class:`asobi.host.gamehooks.GameHooks`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from asobi.host.gamehooks import Action, GameHooks

STEP_LIMIT = 100_000
"""Moves a playout makes at most, unless told otherwise: a game that has not ended by then is
read as it stands."""

Visit = Callable[[Any, list[int], list["Action"], int], None]
"""Called before each move with the state, the seats to act, the first one's legal actions and
the number of moves made so far."""


def playout(hooks: GameHooks, state: Any, rng: random.Random, limit: int = STEP_LIMIT,
            visit: Visit | None = None) -> int:
    """Play random legal moves on ``state`` (in place) until the game ends or ``limit`` moves
    are made; return how many were made (fewer than ``limit``: the game ended)."""
    moves = 0
    while moves < limit:
        acting = hooks.to_act(state)
        if not acting:
            break
        seat = acting[0]
        legal = hooks.legal_actions(state, seat)
        if visit is not None:
            visit(state, acting, legal, moves)
        hooks.apply(state, seat, legal[rng.randrange(len(legal))])
        moves += 1
    return moves
