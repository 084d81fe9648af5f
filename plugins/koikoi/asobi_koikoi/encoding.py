"""Koi-Koi as numbers for learning programs: the encoding hooks of ``asobi.envs``.

The observation of a seat becomes two parts (``docs/envs.md`` shows them plane by plane):

* ``cards``, shape (10, 48): one plane per set of cards, a card's column its index in deck
  order (:data:`asobi_koikoi.cards.CARD_IDS`: pine-crane, pine-ribbon, ... month by month).
  Planes: 0 the seat's hand, 1 the board, 2 the seat's captured pile, 3 the opponent's captured
  pile, 4 the cards the seat has not seen (the opponent's hand and the stock), 5 the card
  waiting to capture, 6 the board cards it may capture, 7 the cards moved by the last move
  (played, drawn, laid or captured), 8 and 9 the cards still missing from the seat's and the
  opponent's nearest yaku.
* ``state``, shape (37,): the phase (play, capture, koikoi, over), the half of the turn that
  waits for a capture (play, draw), whether the seat acts now, whether it deals, the round and
  the number of rounds (over 12), the month (12), both scores, both koi-koi calls (over 8, the
  turns of a round), both yaku totals, the decision on the table (its total, its points,
  whether it is the final turn), the stock (over 24) and the opponent's hand (over 8), whether
  the sake cup counts as a plain, whether the game is over and who won.

Every number lies between 0 and 1, except the two scores, between -1 and 1 (a zero-sum game
can take a score below zero): :func:`asobi_observation_bounds` says so. Points have no bound in
the rules, so they are squashed: ``p`` points are ``p / (|p| + 10)`` (10 points are 0.5, 30
are 0.75), which keeps their order and every difference.

Everything is the seat's own (seat-relative: "mine" then "the opponent's"), read from the
observation only. The action space numbers every move the game can offer: 0-47 play a card,
48-95 capture a card, 96 stop, 97 koi-koi.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pluggy

from .cards import CARD_IDS, INDEX

hookimpl = pluggy.HookimplMarker("asobi")

PLANES = ("hand", "board", "captured", "opponent_captured", "unseen", "pending", "candidates",
          "moved", "my_missing", "opponent_missing")
DECK = frozenset(CARD_IDS)
PLACES: tuple[dict[str, int], ...] = tuple(
    {card: plane * len(CARD_IDS) + index for card, index in INDEX.items()}
    for plane in range(len(PLANES)))
"""Where each card of each plane sits in the flat ``cards`` part."""
CARDS_SIZE = len(PLANES) * len(CARD_IDS)
PHASES = ("play", "capture", "koikoi", "over")
STEPS = ("play", "draw")
ONE_HOT_PHASE = {name: tuple(name == other for other in PHASES) for name in PHASES}
NO_PHASE = (False,) * len(PHASES)
ONE_HOT_STEP: dict[Any, tuple[bool, ...]] = {
    name: tuple(name == other for other in STEPS) for name in STEPS}
NO_STEP = (False,) * len(STEPS)
ONE_HOT_MONTH = tuple(tuple(month == other for other in range(12)) for month in range(12))
MOVING_EVENTS = frozenset({"play", "draw", "lay", "capture"})
STATE_SIZE = 37
SCORES = slice(22, 24)
"""Where the two scores sit in ``state`` (the numbers that may be below zero)."""
MAX_ROUNDS = 12
HAND = 8
"""Cards of a hand at the deal: also the turns of a seat in a round, so its koi-koi calls."""
STOCK = 24
POINTS_HALF = 10.0
"""The points squashed to one half (see the module)."""


def squash(points: float) -> float:
    """``points`` between -1 and 1, in order: ``p / (|p| + POINTS_HALF)``."""
    return points / (abs(points) + POINTS_HALF)


def _share(count: float, most: int) -> float:
    return min(count / most, 1.0)


def _moved(recent: Sequence[Mapping[str, Any]]) -> list[str]:
    cards: list[str] = []
    for event in recent:
        if event.get("type") in MOVING_EVENTS:
            if isinstance(event.get("card"), str):
                cards.append(event["card"])
            cards.extend(c for c in event.get("cards") or () if isinstance(c, str))
    return cards


def _missing(player: Mapping[str, Any]) -> list[str]:
    close = player.get("close") or []
    return [card for entry in close[:1] for card in entry.get("missing") or ()]


def encode(observation: Mapping[str, Any]) -> dict[str, np.ndarray[Any, Any]]:
    """The two parts of a seat's observation (see the module), as float32 arrays: views of
    one vector, ``cards`` then ``state``."""
    seat = observation["seat"]
    me, them = observation["players"][seat], observation["players"][1 - seat]
    pending = [observation["pending"]] if observation.get("pending") else []
    hand, board, mine, theirs = (observation["hand"], observation["board"], me["captured"],
                                 them["captured"])
    planes = (hand, board, mine, theirs, DECK.difference(hand, board, mine, theirs, pending),
              pending, observation.get("candidates") or [],
              _moved(observation.get("recent") or []), _missing(me), _missing(them))
    found: list[int | None] = []
    for places, group in zip(PLACES, planes, strict=True):
        found += map(places.get, group)
    vector = np.zeros(CARDS_SIZE + STATE_SIZE, np.float32)
    vector.put([place for place in found if place is not None], 1.0)  # None: no card's name
    decision = observation.get("decision") or {}
    winner = observation.get("winner")
    vector[CARDS_SIZE:] = [
        *ONE_HOT_PHASE.get(observation["phase"], NO_PHASE),
        *ONE_HOT_STEP.get(observation.get("step"), NO_STEP),
        observation.get("to_act") == seat,
        observation["dealer"] == seat,
        _share(observation["round"], MAX_ROUNDS),
        _share(observation["rounds"], MAX_ROUNDS),
        *ONE_HOT_MONTH[(observation["month"] - 1) % 12],
        squash(observation["scores"][seat]),
        squash(observation["scores"][1 - seat]),
        _share(me["koikoi"], HAND),
        _share(them["koikoi"], HAND),
        squash(me["total"]),
        squash(them["total"]),
        squash(decision.get("total", 0)),
        squash(decision.get("points", 0)),
        bool(decision.get("final")),
        _share(observation["stock"], STOCK),
        _share(observation["opponent_hand"], HAND),
        bool(observation.get("sake_cup_is_plain")),
        bool(observation.get("finished")),
        winner == seat,
        winner is not None and winner != seat,
    ]
    return {"cards": vector[:CARDS_SIZE].reshape(len(PLANES), len(CARD_IDS)),
            "state": vector[CARDS_SIZE:]}


def bounds() -> dict[str, tuple[Any, Any]]:
    """``state`` between 0 and 1 except the scores, between -1 and 1; ``cards`` 0 to 1."""
    low = np.zeros(STATE_SIZE, np.float32)
    low[SCORES] = -1.0
    return {"state": (low, 1.0)}


def action_space() -> list[dict[str, Any]]:
    """Every Koi-Koi action, numbered: plays, captures, stop, koi-koi."""
    return ([{"play": card} for card in CARD_IDS] + [{"capture": card} for card in CARD_IDS]
            + [{"koikoi": False}, {"koikoi": True}])


@hookimpl(optionalhook=True)  # declared by asobi.envs: there only where it is
def asobi_observation_tensor(
    observation: Mapping[str, Any], rules: Mapping[str, Any], players: int
) -> dict[str, np.ndarray[Any, Any]] | None:
    if observation.get("game") != "koikoi":
        return None
    return encode(observation)


@hookimpl(optionalhook=True)
def asobi_observation_bounds(rules: Mapping[str, Any], players: int) -> dict[str, Any]:
    return bounds()


@hookimpl(optionalhook=True)
def asobi_action_space(rules: Mapping[str, Any], players: int) -> list[dict[str, Any]]:
    return action_space()
