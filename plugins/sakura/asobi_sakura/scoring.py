"""Scoring in Sakura: a cherry tree's tokens, the regrouping after it, and the end of the game.

A tree scores once, the first time the Emperor reaches it (turn.py notices and calls
:func:`score_tree`): tokens from the supply by closeness to the Emperor, then the session's
point adjustment, then the painters regroup behind the closest. The last tree ends the game;
most tokens wins and a tie goes to the tied seat closest to the Emperor (:func:`winner_of`).

Painters sharing the gate are neither ahead of nor behind each other; the variant's
``gate_ties`` says whether they take no place at a tree (``unplaced``) or each take the place
they tie for (``shared``): see :func:`standings`.
"""

from __future__ import annotations

from typing import Any

from asobi_sakura.movement import ranking
from asobi_sakura.state import OVER, Events, State

SHARED = "shared"


def standings(state: State) -> list[list[int]]:
    """The painters a tree places, closest first, as groups of painters tied for a place.

    Every group holds one painter, except that with ``gate_ties: shared`` two or more
    painters sharing the gate form one last group (in painter order). With ``unplaced`` they
    are left out; a lone painter at the gate is last either way."""
    groups = [[p] for p in ranking(state)]
    at_gate = [p for p, pos in enumerate(state.painters) if pos == 0]
    if state.rules.gate_ties == SHARED and len(at_gate) >= 2:
        groups.append(at_gate)
    return groups


def score_tree(state: State, tree: int, discarded: list[int], events: Events) -> None:
    """Score tree ``tree`` (0-based) now that the Emperor stands on it; ``discarded`` are the
    round's cards that will not resolve. Ends the game at the last tree."""
    rules = state.rules
    state.scored[tree] = True
    last = tree == len(state.trees) - 1
    places = rules.tree_places(state.players, last)
    groups = standings(state)
    ranked = [p for group in groups for p in group]
    gained = [0] * len(state.painters)
    place = 0
    for group in groups:
        if place >= len(places):
            break
        for painter in group:
            amount = min(places[place], state.supply)
            state.supply -= amount
            state.tokens[painter] += amount
            gained[painter] = amount
        place += len(group)
    leader = groups[0] if groups else []
    winner = leader[0] if len(leader) == 1 and leader[0] < state.players else None
    _adjust(state, tree, gained, winner, ranked)
    entry = {"tree": tree + 1, "points": gained[: state.players], "winner": winner}
    state.rounds.append(entry)
    if events is not None:
        events.append(
            {
                "type": "tree",
                "tree": tree + 1,
                "space": state.trees[tree],
                "points": gained,
                "ranking": ranked,
                "discarded": discarded,
            }
        )
    if all(state.scored):
        state.phase = OVER
        if events is not None:
            events.append(
                {
                    "type": "game_over",
                    "scores": scores(state),
                    "winner": winner_of(state),
                    # for the end summary: start + each tree's points - bump losses = scores
                    "start_tokens": rules.start_tokens,
                    "trees": list(state.trees),
                    "rounds": [dict(r) for r in state.rounds],
                }
            )
        return
    _regroup(state, ranked, events)


def _adjust(
    state: State, tree: int, gained: list[int], winner: int | None, ranked: list[int]
) -> None:
    """Apply the session's point adjustment to the tree's unit, within the supply and the
    seats' tokens; ``gained`` is updated in place."""
    unit = {
        "tree": tree + 1,
        "points": gained[: state.players],
        "winner": winner,
        "ranking": ranked,
    }
    deltas = state.adjust(unit)
    for seat, delta in enumerate(deltas[: state.players]):
        if delta > 0:
            delta = min(delta, state.supply)
        else:
            delta = -min(-delta, state.tokens[seat])
        state.tokens[seat] += delta
        state.supply -= delta
        gained[seat] += delta


def _regroup(state: State, ranked: list[int], events: Events) -> None:
    """Each ranked painter moves directly behind the one before it (painters tied at the gate
    are ranked in painter order, so they move up one behind the other)."""
    for i in range(1, len(ranked)):
        state.painters[ranked[i]] = max(0, state.painters[ranked[i - 1]] - 1)
    if events is not None:
        events.append({"type": "regroup", "painters": list(state.painters)})


def scores(state: State) -> list[int]:
    """The seats' tokens (the neutral painter's are left out)."""
    return state.tokens[: state.players]


def winner_of(state: State) -> int | None:
    """Most tokens wins; a tie goes to the tied seat closest to the Emperor. Seats tied on
    tokens and sharing the gate draw (None). The neutral painter never wins."""
    if state.phase != OVER:
        return None
    best = max(scores(state))
    tied = [s for s in range(state.players) if state.tokens[s] == best]
    if len(tied) == 1:
        return tied[0]
    front = max(state.painters[s] for s in tied)
    closest_tied = [s for s in tied if state.painters[s] == front]
    return closest_tied[0] if len(closest_tied) == 1 else None


def result(state: State) -> dict[str, Any]:
    """The game's result for the session: finished, per-tree units, scores, winner."""
    return {
        "finished": state.phase == OVER,
        "rounds": [dict(r) for r in state.rounds],
        "scores": scores(state),
        "winner": winner_of(state),
    }
