"""The Sakura AI's reading of a position for one seat: tokens, plus the promise of the next
tree. The normal AI picks by it, the hard AI models its rivals with it and builds its chance
to win on it (:mod:`asobi_sakura.ai_eval`).

The next tree is read as the scoring will read it: :func:`tree_points` places the painters
with :func:`asobi_sakura.scoring.standings`, the function the scoring uses, so painters
sharing the gate under ``gate_ties: shared`` count for the place they tie for.
"""

from __future__ import annotations

from collections.abc import Sequence

from asobi_sakura.scoring import standings
from asobi_sakura.state import OVER, State

TOKEN = 10.0
"""Value of one token; every other weight is relative to it."""


def next_tree(state: State) -> int | None:
    """Index of the first tree that has not scored yet (None once all have)."""
    for index, done in enumerate(state.scored):
        if not done:
            return index
    return None


def tree_points(state: State) -> list[int]:
    """Tokens each painter would gain if the next tree scored now, placed exactly as the
    scoring places them (:func:`~asobi_sakura.scoring.standings`), within the supply."""
    gains = [0] * len(state.painters)
    tree = next_tree(state)
    if tree is None:
        return gains
    places = state.rules.tree_places(state.players, tree == len(state.trees) - 1)
    supply = state.supply
    place = 0
    for group in standings(state):
        if place >= len(places):
            break
        for painter in group:
            amount = min(places[place], supply)
            supply -= amount
            gains[painter] = amount
        place += len(group)
    return gains


def value(state: State, seat: int, points: Sequence[int] | None = None) -> float:
    """How much ``seat`` likes ``state``: tokens, plus the promise of the next tree (its
    place there as the scoring would give it, weighed by how near the Emperor is).
    ``points``: :func:`tree_points` of ``state`` when the caller has it already (reading
    every seat, it is the same for all of them)."""
    worth = TOKEN * state.tokens[seat]
    if state.phase == OVER:
        return worth
    tree = next_tree(state)
    if tree is None:
        return worth
    gap = max(1, state.trees[tree] - state.emperor)
    urgency = 1.0 if gap <= 2 else 2.0 / gap
    expected = (tree_points(state) if points is None else points)[seat]
    distance = state.emperor - state.painters[seat]
    worth += 0.7 * TOKEN * urgency * expected
    worth -= 0.25 * distance
    if distance == 1:
        worth -= 2.5  # the Emperor stepping back would bump us
    return worth

