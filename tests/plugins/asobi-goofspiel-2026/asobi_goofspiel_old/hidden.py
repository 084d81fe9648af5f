"""What a seat may know in Goofspiel, and worlds it cannot tell apart from the real one.

Two things are secret: the order of the face-down prizes, and a card another seat has laid
face down but not yet revealed. Everything else is public: every played card is shown, so
everyone knows which cards each player still holds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .engine import Goofspiel, to_act, winner


def observation(state: Goofspiel, seat: int) -> dict[str, Any]:
    """What ``seat`` sees: the prizes still to come sorted (never in deck order), and for
    every seat only whether it has a card face down, never which."""
    return {
        "seat": seat,
        "prize": state.prize,
        "prizes_left": sorted(state.prizes),
        "hand": list(state.hands[seat]),
        "bid": state.bids[seat],
        "face_down": [bid is not None for bid in state.bids],
        "unshown": [
            sorted(hand + ([bid] if bid is not None else []))
            for hand, bid in zip(state.hands, state.bids, strict=True)
        ],
        "waiting": to_act(state),
        "scores": list(state.scores),
        "rounds": [dict(unit) for unit in state.rounds],
        "winner": winner(state),
    }


def redeal(state: Goofspiel, seat: int, rng: random.Random) -> Goofspiel:
    """A copy where what ``seat`` cannot see is chosen again: the prize order is shuffled and
    every other face-down bid is drawn again from the cards its player has not shown."""
    prizes = list(state.prizes)
    rng.shuffle(prizes)
    hands = [list(hand) for hand in state.hands]
    bids = list(state.bids)
    for other, bid in enumerate(bids):
        if other != seat and bid is not None:
            hands[other], bids[other] = _draw_bid(hands[other] + [bid], rng)
    return replace(
        state, hands=hands, prizes=prizes, bids=bids, scores=list(state.scores),
        rounds=list(state.rounds),
    )


def from_observation(obs: Mapping[str, Any], tie: str, rng: random.Random) -> Goofspiel:
    """A whole state behind ``obs``, the secrets dealt at random (for the ``search`` AI)."""
    seat = obs["seat"]
    hands: list[list[int]] = []
    bids: list[int | None] = []
    for other, cards in enumerate(obs["unshown"]):
        if other == seat:
            hands.append(list(obs["hand"]))
            bids.append(obs["bid"])
        elif obs["face_down"][other]:
            hand, bid = _draw_bid(list(cards), rng)
            hands.append(hand)
            bids.append(bid)
        else:
            hands.append(list(cards))
            bids.append(None)
    prizes = list(obs["prizes_left"])
    rng.shuffle(prizes)
    return Goofspiel(
        tie=tie, hands=hands, prizes=prizes, prize=obs["prize"], bids=bids,
        scores=list(obs["scores"]), rounds=[dict(unit) for unit in obs["rounds"]],
    )


def _draw_bid(cards: list[int], rng: random.Random) -> tuple[list[int], int]:
    """Pick one of ``cards`` as the face-down bid; the rest stay in hand, in order."""
    pool = sorted(cards)
    bid = pool.pop(rng.randrange(len(pool)))
    return pool, bid
