"""How the hard Sakura AI judges a position: its chance of winning the game, and its rank.

A finished game is judged by the scoring itself (:func:`asobi_sakura.scoring.winner_of`: most
tokens, ties to the tied seat closest to the Emperor). A game still in play is judged by a
small win model fitted on self-play (``tools/sakura_ai_fit.py``): each seat gets a strength
``u``, its reading of the position in tokens (:func:`asobi_sakura.ai_value.value`: its tokens
plus the promise of the next tree, read as the scoring places the painters, ``gate_ties``
included) times a weight that grows as fewer trees are left to score; its chance to win is
``exp(u)`` over the sum for all seats (the neutral painter never wins, so it takes no share).
A lead of a few tokens is worth more the fewer trees are left, so the chance to win, unlike a
count of tokens, tells a safe lead from a risky one and a lost game from a close one.

Fitted on the same self-play, a model that weighs tokens and the promise separately predicts
the winner no better (log-likelihood per position within 0.01) but gives the promise about a
third of a token's weight (the weight of a noisy reading shrinks in such a fit), which would
have the search undervalue being well placed for the next tree; this one keeps the normal
AI's balance between them and fits only how much a token of lead is worth.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from asobi_sakura.ai_value import TOKEN, tree_points, value
from asobi_sakura.scoring import scores, winner_of
from asobi_sakura.state import OVER, State

FEATURES = ("value",)
"""What the win model reads of one seat, in the order of the weights: its reading of the
position in tokens (:func:`asobi_sakura.ai_value.value` over ``TOKEN``)."""

WEIGHTS: dict[int, tuple[float, ...]] = {
    3: (0.177,),
    2: (0.443,),
    1: (0.489,),
}
"""The win model's weights (in the order of :data:`FEATURES`) by the number of trees left
to score. Fitted by ``python -m asobi_sakura.ai_fit`` (now ``tools/sakura_ai_fit.py``, whose
games play through the core's driver) on games between normal players stepped through the
engine by hand."""


def features(state: State) -> list[tuple[float, ...]]:
    """The win model's features (:data:`FEATURES`) of every seat, in seat order."""
    points = tree_points(state) if state.phase != OVER else None
    return [(value(state, s, points) / TOKEN,) for s in range(state.players)]


def final_share(state: State, seat: int) -> float:
    """What a finished game gives ``seat``: 1 for the winner, 0 for the others; seats that
    draw (tied on tokens, sharing the gate) share the win."""
    winner = winner_of(state)
    if winner is not None:
        return 1.0 if winner == seat else 0.0
    tokens = scores(state)
    best = max(tokens)
    tied = [s for s in range(state.players) if tokens[s] == best]
    front = max(state.painters[s] for s in tied)
    drawn = [s for s in tied if state.painters[s] == front]
    return 1.0 / len(drawn) if seat in drawn else 0.0


def strengths(state: State, weights: Sequence[float] | None = None) -> list[float]:
    """Every seat's strength ``u`` (its chance to win is proportional to ``exp(u)``)."""
    if weights is None:
        left = sum(1 for done in state.scored if not done)
        weights = WEIGHTS[min(max(left, 1), max(WEIGHTS))]
    return [sum(w * x for w, x in zip(weights, row, strict=True)) for row in features(state)]


def _odds(state: State) -> list[float]:
    """Every seat's ``exp(u)``, scaled so the largest is 1 (a game in play)."""
    u = strengths(state)
    top = max(u)
    return [math.exp(v - top) for v in u]


def win_chances(state: State) -> list[float]:
    """Every seat's chance to win the game from ``state`` (they add up to 1)."""
    if state.phase == OVER:
        return [final_share(state, s) for s in range(state.players)]
    weights = _odds(state)
    total = sum(weights)
    return [w / total for w in weights]


def standing(state: State, seat: int) -> tuple[float, float]:
    """``seat``'s chance to win the game and the share of rivals it is expected to finish
    ahead of (its rank: 1 for first, 0 for last). A finished game is read as the scoring
    reads it (:func:`final_share`; ranks by tokens, then closeness to the Emperor, a tie in
    both counting half); a game in play by the win model, seat against seat for the rank."""
    others = [s for s in range(state.players) if s != seat]
    if state.phase == OVER:
        mine = (state.tokens[seat], state.painters[seat])
        ahead = 0.0
        for other in others:
            theirs = (state.tokens[other], state.painters[other])
            ahead += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        return final_share(state, seat), ahead / len(others) if others else 1.0
    weights = _odds(state)
    chance = weights[seat] / sum(weights)
    ahead = sum(weights[seat] / (weights[seat] + weights[o]) for o in others)
    return chance, ahead / len(others) if others else 1.0


def win_chance(state: State, seat: int) -> float:
    """``seat``'s chance to win the game from ``state``."""
    if state.phase == OVER:
        return final_share(state, seat)
    return win_chances(state)[seat]
