"""Odd or even, as a game plugin was written before two hooks were renamed: it deals again
with ``asobi_hidden_variant`` (now ``asobi_resample``) and rewrites older moves one at a time
with ``asobi_obsolete_move`` (now ``asobi_upgrade_record``). Complete otherwise: each seat shows
one to three fingers at once; seat 0 wins on an odd sum."""

from __future__ import annotations

import copy

import pluggy

from asobi.contract.model import GameInfo
from asobi.variants.schema import Struct

hookimpl = pluggy.HookimplMarker("asobi")


@hookimpl
def asobi_game_info():
    return GameInfo(name="oldstyle", title="Odd or even", min_players=2, max_players=2,
                    schema=Struct({}))


@hookimpl
def asobi_setup(ctx):
    return {"shown": [None, None]}


@hookimpl
def asobi_to_act(state):
    return [seat for seat, fingers in enumerate(state["shown"]) if fingers is None]


@hookimpl
def asobi_legal_actions(state, seat):
    return [{"fingers": n} for n in (1, 2, 3)] if state["shown"][seat] is None else []


@hookimpl
def asobi_apply(state, seat, action):
    state["shown"][seat] = action["fingers"]
    return [{"type": "shown", "seat": seat}]


@hookimpl
def asobi_observation(state, seat):
    done = None not in state["shown"]
    return {"mine": state["shown"][seat], "theirs": state["shown"][1 - seat] if done else None}


@hookimpl
def asobi_hidden_variant(state, seat, rng):
    other = copy.deepcopy(state)
    if other["shown"][1 - seat] is not None and None in other["shown"]:
        other["shown"][1 - seat] = rng.choice((1, 2, 3))
    return other


@hookimpl
def asobi_obsolete_move(state, seat, action):
    return "thumbs" in action  # the first version let a seat show its thumbs too


@hookimpl
def asobi_result(state):
    done = None not in state["shown"]
    winner = (0 if sum(state["shown"]) % 2 else 1) if done else None
    scores = [int(winner == seat) for seat in (0, 1)]
    rounds = [{"points": scores, "winner": winner}] if done else []
    return {"finished": done, "rounds": rounds, "scores": scores, "winner": winner}
