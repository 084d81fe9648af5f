"""Nim as an asobi game plugin: written the way a stranger would write one.

Players take turns removing 1 to ``max_take`` stones from one pile. Whoever takes the last
stone wins (or loses, with ``misere: true``). Everything is public.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib import resources

import pluggy

from asobi.contract.measures import Measure, Restriction
from asobi.contract.model import GameInfo
from asobi.variants.schema import Bool, Int, List, Struct

hookimpl = pluggy.HookimplMarker("asobi")

SCHEMA = Struct(
    {
        "piles": List(Int(min=1, max=50), min_len=1, max_len=8),
        "max_take": Int(min=1, max=50),
        "misere": Bool(),
    }
)


@dataclass
class NimState:
    piles: list[int]
    max_take: int
    misere: bool
    players: int
    adjust: Callable[[dict], list[int]]
    turn: int = 0
    winner: int | None = None
    scores: list[int] = field(default_factory=list)
    history: list[int] = field(default_factory=list)


@hookimpl
def asobi_game_info() -> GameInfo:
    return GameInfo(
        name="nim",
        title="Nim",
        min_players=2,
        max_players=3,
        schema=SCHEMA,
        variants=resources.files("asobi_nim") / "variants",
        summary="take stones; the last stone wins",
        default_players=("human", "ai:random"),
        hides_information=False,
        resamples=True,
    )


@hookimpl
def asobi_setup(ctx):
    rules = ctx.rules
    return NimState(
        list(rules["piles"]), rules["max_take"], rules["misere"], ctx.players, ctx.adjust_points
    )


@hookimpl
def asobi_to_act(state):
    return [] if state.winner is not None else [state.turn]


@hookimpl
def asobi_legal_actions(state, seat):
    if state.winner is not None or seat != state.turn:
        return []
    return [
        {"pile": p, "take": n}
        for p, size in enumerate(state.piles)
        for n in range(1, min(size, state.max_take) + 1)
    ]


@hookimpl
def asobi_apply(state, seat, action):
    state.piles[action["pile"]] -= action["take"]
    state.history.append(seat)
    events = [{"type": "take", "seat": seat, **action}]
    if not any(state.piles):
        state.winner = (seat + 1) % state.players if state.misere else seat
        points = [int(state.winner == s) for s in range(state.players)]
        deltas = state.adjust({"points": points, "winner": state.winner})
        state.scores = [p + d for p, d in zip(points, deltas, strict=True)]
        events.append({"type": "end", "winner": state.winner})
    else:
        state.turn = (seat + 1) % state.players
    return events


@hookimpl
def asobi_observation(state, seat):
    return {"seat": seat, "piles": list(state.piles), "turn": state.turn, "winner": state.winner}


@hookimpl
def asobi_result(state):
    finished = state.winner is not None
    scores = state.scores if finished else [0] * state.players
    rounds = [{"points": scores, "winner": state.winner}] if finished else []
    return {"finished": finished, "rounds": rounds, "scores": scores, "winner": state.winner}


@hookimpl
def asobi_describe_action(observation, action, lang):
    return f"take {action['take']} from pile {action['pile'] + 1}"


@hookimpl
def asobi_render_text(observation, lang):
    return "  ".join(f"pile {i + 1}: {'o' * n or '-'}" for i, n in enumerate(observation["piles"]))


@hookimpl
def asobi_resample(observation, seat, rules, players, rng, state):
    # Nothing is hidden in Nim: a copy of the state that shares nothing mutable is
    # indistinguishable from it, and the observation is the whole state (no points adjusted
    # in search).
    if state is not None:
        return replace(state, piles=list(state.piles), history=list(state.history))
    return NimState(
        list(observation["piles"]), rules["max_take"], rules["misere"], players,
        lambda unit: [0] * len(unit["points"]), turn=observation["turn"],
        winner=observation["winner"],
    )


@hookimpl(optionalhook=True)  # the echo frontend's hook: there only when it is installed
def asobi_echo_banner(lang):
    return "Nim: take the last stone to win."


# The balance lab (asobi lab): Nim's own measures and one restriction of play.


def _winning_take(game):
    moves = game.record["moves"]
    return float(moves[-1]["action"]["take"]) if moves else None


def _most_allowed(max_take):
    def read(game):
        takes = [e["take"] for e in game.events if e.get("type") == "take"]
        return [float(t == max_take) for t in takes]

    return read


@hookimpl
def asobi_lab_measures(rules, players):
    return [
        Measure("winning-take", "stones taken by the winning move", "stones", _winning_take),
        Measure("most-allowed", "takes of the most stones allowed", "share of moves",
                _most_allowed(rules["max_take"]), percent=True),
    ]


def _one_stone(observation, legal):
    return [a for a in legal if a["take"] == 1]


@hookimpl
def asobi_restrictions(rules, players):
    return [Restriction("one-stone", "take one stone at a time", _one_stone)]
