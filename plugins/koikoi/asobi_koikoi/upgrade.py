"""Older Koi-Koi records as this version replays them (``asobi_upgrade_record``).

Until the final turn stopped by itself in every preset, the engine asked for that stop as the
only legal move, and records of that time hold a ``{"koikoi": false}`` right after the move
whose final turn stopped the round. This version makes that stop itself: replaying such a
record skips that move (and only that one), so that the record ends as it did.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from asobi.errors import AsobiError

from .engine import State

OLD_STOP = {"koikoi": False}


def is_stop_made_by_itself(state: State, seat: int, action: Mapping[str, Any]) -> bool:
    """Whether ``action`` is the ``{"koikoi": false}`` that older records hold where the round
    now stops by itself: right after the move of ``seat`` whose final turn stopped it."""
    return (
        len(action) == 1
        and action.get("koikoi") is False
        and any(e["type"] == "stop" and e.get("auto") and e["seat"] == seat for e in state.log)
    )


def upgrade_moves(
    moves: Sequence[Mapping[str, Any]], state: State,
    apply: Callable[[State, int, Mapping[str, Any]], object],
) -> list[dict[str, Any] | None] | None:
    """``moves`` with each stop the round now makes by itself replaced by None, or None when
    there is none. ``state`` is the record's initial state, stepped here with ``apply`` (the
    game's own) up to the last ``{"koikoi": false}`` of the record, the only moves that can be
    such a stop."""
    candidates = {i for i, move in enumerate(moves) if dict(move["action"]) == OLD_STOP}
    if not candidates:
        return None
    upgraded: list[dict[str, Any] | None] = [dict(move) for move in moves]
    for index, move in enumerate(moves[: max(candidates) + 1]):
        seat, action = move["seat"], move["action"]
        if index in candidates and is_stop_made_by_itself(state, seat, action):
            upgraded[index] = None
            continue
        try:
            apply(state, seat, action)
        except AsobiError:  # not a move of this game: the replay refuses it, with its index
            break
    return upgraded if None in upgraded else None
