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
  the number of rounds, the month (12), both scores, both koi-koi calls, both yaku totals, the
  decision on the table (its total, its points, whether it is the final turn), the stock and
  the opponent's hand sizes, whether the sake cup counts as a plain, whether the game is over
  and who won. Numbers are as the game counts them (points, cards), not scaled.

Everything is the seat's own (seat-relative: "mine" then "the opponent's"), read from the
observation only. The action space numbers every move the game can offer: 0-47 play a card,
48-95 capture a card, 96 stop, 97 koi-koi.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pluggy

from .cards import CARD_IDS, INDEX

hookimpl = pluggy.HookimplMarker("asobi")

PLANES = ("hand", "board", "captured", "opponent_captured", "unseen", "pending", "candidates",
          "moved", "my_missing", "opponent_missing")
PHASES = ("play", "capture", "koikoi", "over")
STEPS = ("play", "draw")
MOVING_EVENTS = frozenset({"play", "draw", "lay", "capture"})
STATE_SIZE = 37


def _plane(cards: Sequence[str]) -> list[float]:
    plane = [0.0] * 48
    for card in cards:
        if card in INDEX:
            plane[INDEX[card]] = 1.0
    return plane


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


def encode(observation: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The two parts of a seat's observation (see the module)."""
    seat = observation["seat"]
    me, them = observation["players"][seat], observation["players"][1 - seat]
    hand, board = observation["hand"], observation["board"]
    pending = [observation["pending"]] if observation.get("pending") else []
    known = {*hand, *board, *me["captured"], *them["captured"], *pending}
    unseen = [card for card in CARD_IDS if card not in known]
    planes = [hand, board, me["captured"], them["captured"], unseen, pending,
              observation.get("candidates") or [], _moved(observation.get("recent") or []),
              _missing(me), _missing(them)]
    decision = observation.get("decision") or {}
    winner = observation.get("winner")
    month = [0.0] * 12
    month[(observation["month"] - 1) % 12] = 1.0
    state = [
        *(float(observation["phase"] == phase) for phase in PHASES),
        *(float(observation.get("step") == step) for step in STEPS),
        float(observation.get("to_act") == seat),
        float(observation["dealer"] == seat),
        float(observation["round"]),
        float(observation["rounds"]),
        *month,
        float(observation["scores"][seat]),
        float(observation["scores"][1 - seat]),
        float(me["koikoi"]),
        float(them["koikoi"]),
        float(me["total"]),
        float(them["total"]),
        float(decision.get("total", 0)),
        float(decision.get("points", 0)),
        float(bool(decision.get("final"))),
        float(observation["stock"]),
        float(observation["opponent_hand"]),
        float(bool(observation.get("sake_cup_is_plain"))),
        float(bool(observation.get("finished"))),
        float(winner == seat),
        float(winner is not None and winner != seat),
    ]
    assert len(state) == STATE_SIZE
    return {"cards": [_plane(cards) for cards in planes], "state": state}


def action_space() -> list[dict[str, Any]]:
    """Every Koi-Koi action, numbered: plays, captures, stop, koi-koi."""
    return ([{"play": card} for card in CARD_IDS] + [{"capture": card} for card in CARD_IDS]
            + [{"koikoi": False}, {"koikoi": True}])


@hookimpl(optionalhook=True)  # declared by asobi.envs: there only where it is
def asobi_observation_tensor(
    observation: Mapping[str, Any], rules: Mapping[str, Any], players: int
) -> dict[str, list[Any]] | None:
    if observation.get("game") != "koikoi":
        return None
    return encode(observation)


@hookimpl(optionalhook=True)
def asobi_action_space(rules: Mapping[str, Any], players: int) -> list[dict[str, Any]]:
    return action_space()
