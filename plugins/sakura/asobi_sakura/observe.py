"""What one seat may know: its observation, and worlds it cannot tell apart from the real one.

An observation is plain JSON data: the garden, the pieces, the tokens, every revealed card, the
seat's own hand and picks, and only the sizes of the other hands and of the deck.
:func:`hidden_variant` is the same line drawn from the other side: a full state in which
exactly what the seat cannot see has been dealt again.
"""

from __future__ import annotations

import random
from typing import Any

from asobi_sakura.state import CHOOSE, State


def observation(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may know: the garden, tokens, its own hand and pick, revealed cards."""
    rules = state.rules
    card = rules.card
    pending = None
    if state.phase == CHOOSE:
        number, painter = state.plays[state.cursor]
        pending = {"kind": state.pending, "seat": painter, "card": number}
    mine = state.picks[seat] if seat < state.players else None
    chooser = state.chooser()
    return {
        "game": "sakura",
        "seat": seat,
        "players": state.players,
        "neutral": state.neutral,
        "round": state.round,
        "phase": state.phase,
        "spaces": list(state.garden.kinds),
        "bridges": list(state.garden.bridge),
        "trees": list(state.trees),
        "scored": list(state.scored),
        "emperor": state.emperor,
        "painters": list(state.painters),
        "tokens": list(state.tokens),
        "supply": state.supply,
        "start_tokens": rules.start_tokens,
        "bumps": list(state.bumps),
        "hand": [card(n).as_dict() for n in sorted(state.hands[seat])],
        "hand_sizes": [len(h) for h in state.hands],
        "picked": [p is not None for p in state.picks],
        "neutral_picked": state.neutral_pick is not None,
        "my_pick": card(mine).as_dict() if mine is not None else None,
        "neutral_chooser": chooser,
        "my_neutral_pick": (
            card(state.neutral_pick).as_dict()
            if chooser == seat and state.neutral_pick is not None
            else None
        ),
        "plays_round": state.plays_round,
        "plays": [
            {"card": card(n).as_dict(), "painter": p, "status": st}
            for (n, p), st in zip(state.plays, state.status, strict=True)
        ],
        "pending": pending,
        "deck": len(state.deck),
        "discard": sorted(state.discard),
        "rounds": [dict(r) for r in state.rounds],
    }


def reveal(state: State) -> dict[str, list[int]] | None:
    """Every seat's hand (asobi_reveal: only for a record of a game that is over)."""
    return {str(s): sorted(state.hands[s]) for s in range(state.players)}


def hidden_variant(state: State, seat: int, rng: random.Random) -> State:
    """A copy where everything ``seat`` cannot see is dealt again with ``rng``."""
    new = state.clone()
    new.rng = random.Random(rng.getrandbits(64))
    pool: list[int] = list(new.deck)
    others = [s for s in range(new.players) if s != seat]
    for s in others:
        pool.extend(new.hands[s])
        if new.picks[s] is not None:
            pool.append(new.picks[s])  # type: ignore[arg-type]
    hidden_neutral = new.neutral_pick is not None and new.chooser() != seat
    if hidden_neutral:
        pool.append(new.neutral_pick)  # type: ignore[arg-type]
    rng.shuffle(pool)
    for s in others:
        size = len(new.hands[s])
        new.hands[s] = [pool.pop() for _ in range(size)]
        if new.picks[s] is not None:
            new.picks[s] = pool.pop()
    if hidden_neutral:
        new.neutral_pick = pool.pop()
    new.deck = pool
    return new
