"""Replaying Sakura records (see RECORDS.md) straight through the engine.

The session replays records through the hooks; this helper does the same without it, for
tests, calibration and bug reports: ``random.Random(record["seed"])`` is the game's rng.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from asobi.errors import AsobiError
from asobi_sakura import turn
from asobi_sakura.rules import compile_rules
from asobi_sakura.setup import new_game
from asobi_sakura.state import State


def replay(rules: Mapping[str, Any], record: Mapping[str, Any]) -> State:
    """Play a record's moves from its seed and setup; return the final state.

    Raises :class:`AsobiError` naming the move's index when a move is malformed, out of turn
    or illegal.
    """
    seats = record.get("seats")
    if not isinstance(seats, list):
        raise AsobiError("record: 'seats' must be a list")
    state = new_game(
        compile_rules(rules), len(seats), random.Random(record.get("seed", 0)),
        record.get("setup"),
    )
    for index, move in enumerate(record.get("moves", [])):
        if not isinstance(move, Mapping) or not isinstance(move.get("action"), Mapping):
            raise AsobiError(f"move {index}: expected {{'seat': N, 'action': {{...}}}}")
        seat = move.get("seat")
        if seat not in turn.to_act(state):
            raise AsobiError(f"move {index}: seat {seat} is not to act now")
        action = dict(move["action"])
        if action not in turn.legal_actions(state, seat):
            raise AsobiError(f"move {index}: {action} is not a legal action of seat {seat}")
        turn.apply(state, seat, action)
    return state
