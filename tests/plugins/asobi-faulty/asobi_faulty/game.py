"""Tally: seats add 1 or 2 to a running total in turn; whoever reaches the target wins."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

import pluggy

from asobi.contract.model import GameInfo
from asobi.variants.schema import Int, Struct
from asobi_faulty import faulty

hookimpl = pluggy.HookimplMarker("asobi")


@dataclass
class Tally:
    target: int
    players: int
    adjust: Callable[[dict[str, Any]], list[int]]
    total: int = 0
    turn: int = 0
    moves: int = 0
    winner: int | None = None
    scores: list[int] = field(default_factory=list)


@hookimpl
def asobi_game_info() -> GameInfo:
    return GameInfo(
        name="tally",
        title="Tally",
        min_players=2,
        max_players=2,
        schema=Struct({"target": Int(min=3, max=50)}),
        variants=resources.files("asobi_faulty") / "variants",
        summary="add 1 or 2; reach the target to win",
        default_players=("human", "ai:random"),
    )


@hookimpl
def asobi_setup(ctx: Any) -> Tally:
    return Tally(ctx.rules["target"], ctx.players, ctx.adjust_points,
                 scores=[0] * ctx.players)


@hookimpl
def asobi_to_act(state: Tally) -> list[int]:
    return [] if state.winner is not None else [state.turn]


@hookimpl
def asobi_legal_actions(state: Tally, seat: int) -> Any:
    if state.winner is not None or seat != state.turn:
        return []
    actions = [{"add": n} for n in (1, 2) if state.total + n <= state.target]
    return actions[0] if faulty("legal-type") else actions


@hookimpl
def asobi_apply(state: Tally, seat: int, action: Any) -> list[dict[str, Any]]:
    state.moves += 1
    if faulty("apply-raise") and state.moves == 3:
        raise ZeroDivisionError("the tally divided by zero")
    state.total += action["add"]
    events = [{"type": "add", "seat": seat, "add": action["add"], "total": state.total}]
    if state.total >= state.target:
        state.winner = seat
        points = [int(s == seat) for s in range(state.players)]
        deltas = state.adjust({"points": points, "winner": seat})
        state.scores = [p + d for p, d in zip(points, deltas, strict=True)]
    else:
        state.turn = (state.turn + 1) % state.players
    return events


@hookimpl
def asobi_observation(state: Tally, seat: int) -> dict[str, Any]:
    return {"total": state.total, "target": state.target, "turn": state.turn}


@hookimpl
def asobi_resample(seat: int, rng: Any, state: Tally) -> Tally:
    # Nothing is hidden: a copy of the real state (and no world from an observation alone).
    return replace(state, scores=list(state.scores))


@hookimpl
def asobi_result(state: Tally) -> Any:
    finished = state.winner is not None
    result = {
        "finished": finished,
        "rounds": [{"points": list(state.scores), "winner": state.winner}] if finished else [],
        "scores": list(state.scores),
        "winner": state.winner,
    }
    return list(result.items()) if faulty("result-type") else result


@hookimpl
def asobi_rules_text(rules: Any, lang: str) -> str | None:
    if faulty("rules-raise"):
        raise RuntimeError("no rules today")
    return None
