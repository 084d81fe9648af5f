"""Goofspiel's rules in plain Python: the state, a bid, and what each seat may know.

Nothing here knows about pluggy, frontends or the session; the hooks in ``__init__.py`` call
these functions. The state is a small dataclass, cheap to copy, because the ``search`` AI
copies it thousands of times per decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

Adjust = Callable[[Mapping[str, Any]], list[int]]
Event = dict[str, Any]


def no_adjustment(unit: Mapping[str, Any]) -> list[int]:
    """For states rebuilt by the AI: house-rule plugins change only real games' points."""
    return [0] * len(unit["points"])


@dataclass
class Goofspiel:
    """One game. ``prizes`` is the face-down prize deck, top card first: its order is the
    secret nobody may see. ``bids[seat]`` is the card a seat laid face down this round."""

    tie: str
    hands: list[list[int]]
    prizes: list[int]
    prize: int | None
    bids: list[int | None]
    scores: list[int]
    rounds: list[dict[str, Any]] = field(default_factory=list)
    adjust: Adjust = no_adjustment

    @property
    def players(self) -> int:
        return len(self.hands)


def new_game(cards: int, tie: str, players: int, rng: random.Random, adjust: Adjust) -> Goofspiel:
    """Everyone holds 1 to ``cards``; the prizes are shuffled and the first is turned up."""
    prizes = list(range(1, cards + 1))
    rng.shuffle(prizes)
    return Goofspiel(
        tie=tie,
        hands=[list(range(1, cards + 1)) for _ in range(players)],
        prizes=prizes[1:],
        prize=prizes[0],
        bids=[None] * players,
        scores=[0] * players,
        adjust=adjust,
    )


def to_act(state: Goofspiel) -> list[int]:
    """Every seat without a card face down: they all choose at once."""
    if state.prize is None:
        return []
    return [seat for seat, bid in enumerate(state.bids) if bid is None]


def legal_bids(state: Goofspiel, seat: int) -> list[dict[str, Any]]:
    if seat not in to_act(state):
        return []
    return [{"bid": card} for card in state.hands[seat]]


def play_bid(state: Goofspiel, seat: int, card: int) -> list[Event]:
    """Lay ``card`` face down; once every bid is in, reveal them and settle the prize."""
    state.hands[seat].remove(card)
    state.bids[seat] = card
    events: list[Event] = [{"type": "bid", "seat": seat}]  # which card stays secret
    if all(bid is not None for bid in state.bids):
        events += settle(state)
    return events


def settle(state: Goofspiel) -> list[Event]:
    """Give the prize to the highest bid (a tie follows the ``tie`` rule), then turn up the
    next prize, or end the game."""
    assert state.prize is not None
    bids = [bid or 0 for bid in state.bids]
    top = max(bids)
    best = [seat for seat, bid in enumerate(bids) if bid == top]
    points = [0] * state.players
    if len(best) == 1:
        points[best[0]] = state.prize
    elif state.tie == "split":
        for seat in best:
            points[seat] = state.prize // len(best)
    unit: dict[str, Any] = {
        "prize": state.prize,
        "bids": bids,
        "points": points,
        "winner": best[0] if len(best) == 1 else None,
    }
    deltas = state.adjust(unit)
    unit["points"] = [p + d for p, d in zip(points, deltas, strict=True)]
    state.scores = [s + p for s, p in zip(state.scores, unit["points"], strict=True)]
    state.rounds.append(unit)
    state.bids = [None] * state.players
    events: list[Event] = [{"type": "reveal", **unit}]
    if state.prizes:
        state.prize = state.prizes.pop(0)
        events.append({"type": "prize", "card": state.prize})
    else:
        state.prize = None
        events.append({"type": "end", "scores": list(state.scores), "winner": winner(state)})
    return events


def winner(state: Goofspiel) -> int | None:
    """The seat with the highest score once the game is over; None for a draw or before."""
    if state.prize is not None:
        return None
    best = max(state.scores)
    leaders = [seat for seat, score in enumerate(state.scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None
