"""Sakura as numbers for learning programs: the encoding hooks of ``asobi.envs``.

A seat's observation becomes named parts whose shapes follow the variant and the number of
players: ``N`` cards in the deck, ``L`` spaces in the garden, ``P`` painters (one per seat, and
the neutral painter of a two-player game), ``H`` cards in a full hand. Painters and seats are
seat-relative: the observing seat first, then the seats after it, then the neutral painter.

* ``garden`` (5, L): the kind of each space (gate, plain, bridge, torii, tree);
* ``emperor`` (L): where the Emperor stands; ``painters`` (P, L): where each painter stands;
* ``trees`` (number of trees): whether each tree has scored;
* ``tokens`` (P + 1): each painter's tokens, then the supply; ``bumps`` (P): bumps so far;
* ``hand`` (N): the seat's cards; ``hand_cards`` (H, 13): each of them (by number) as
  present, number / N, garden action (5, one-hot), its spaces, painter action (4, one-hot),
  its steps;
* ``my_pick``, ``my_neutral_pick`` (N): the cards the seat laid face down this round;
* ``picked`` (players + 1): which seats (and the neutral painter) have picked;
* ``plays`` (P, N): the card each painter revealed this round (the last round while picking);
  ``play_status`` (4, N): which revealed cards wait, resolve now, are resolved, are discarded;
* ``discard`` (N): the discard pile; ``unseen`` (N): every card the seat has not seen (the
  deck, the other hands, the others' secret picks);
* ``pending`` (4): a choice waits for the Emperor's or a painter's direction, it is the
  seat's, one waits at all;
* ``state`` (players + 8): the phase (pick, choose, over), the round, whether the revealed
  cards are this round's, the deck's size, every hand's size, whether the seat gives the
  neutral painter its card this round, the starting tokens.

The action space numbers every move: pick card ``n`` (0 to N-1), give card ``n`` to the
neutral painter (N to 2N-1), the Emperor forward or back (2N, 2N+1), the painter forward or
back (2N+2, 2N+3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pluggy

from asobi_sakura.cards import GARDEN_KINDS, PAINTER_KINDS
from asobi_sakura.garden import SPACE_KINDS
from asobi_sakura.rules import mapping_for_players
from asobi_sakura.state import BACK_DIR, CURRENT, DISCARDED, FORWARD_DIR, RESOLVED, WAITING

hookimpl = pluggy.HookimplMarker("asobi")

PHASES = ("pick", "choose", "over")
STATUSES = (WAITING, CURRENT, RESOLVED, DISCARDED)
CARD_FEATURES = 13


def _hot(size: int, *indexes: int | None) -> list[float]:
    row = [0.0] * size
    for index in indexes:
        if index is not None and 0 <= index < size:
            row[index] = 1.0
    return row


def _card_row(card: Mapping[str, Any] | None, deck: int) -> list[float]:
    if card is None:
        return [0.0] * CARD_FEATURES
    garden = GARDEN_KINDS.index(card["garden"]) if card["garden"] in GARDEN_KINDS else None
    painter = PAINTER_KINDS.index(card["painter"]) if card["painter"] in PAINTER_KINDS else None
    return [1.0, card["number"] / deck, *_hot(len(GARDEN_KINDS), garden), float(card["move"]),
            *_hot(len(PAINTER_KINDS), painter), float(card["steps"])]


def encode(observation: Mapping[str, Any], rules: Mapping[str, Any],
           players: int) -> dict[str, list[Any]]:
    """The parts of a seat's observation (see the module)."""
    deck = len(rules["deck"])
    hand_size = int(mapping_for_players(rules, players)["hand_size"])
    seat = observation["seat"]
    spaces = observation["spaces"]
    length = len(spaces)
    painters = observation["painters"]
    neutral = observation.get("neutral")
    order = [(seat + k) % players for k in range(players)] + (
        [neutral] if neutral is not None else [])
    relative = {painter: place for place, painter in enumerate(order)}
    hand = observation["hand"]
    numbers = [card["number"] - 1 for card in hand]
    mine = observation.get("my_pick")
    my_neutral = observation.get("my_neutral_pick")
    plays = observation.get("plays") or []
    played = [[0.0] * deck for _ in order]
    status = [[0.0] * deck for _ in STATUSES]
    for play in plays:
        number = play["card"]["number"] - 1
        played[relative[play["painter"]]][number] = 1.0
        if play["status"] in STATUSES:
            status[STATUSES.index(play["status"])][number] = 1.0
    seen = {*numbers, *(n - 1 for n in observation.get("discard") or ()),
            *(play["card"]["number"] - 1 for play in plays)}
    for own in (mine, my_neutral):
        if own is not None:
            seen.add(own["number"] - 1)
    pending = observation.get("pending")
    sizes = observation["hand_sizes"]
    rows = sorted(hand, key=lambda card: card["number"])[:hand_size]
    return {
        "garden": [[float(kind == space) for space in spaces] for kind in SPACE_KINDS],
        "emperor": _hot(length, observation["emperor"]),
        "painters": [_hot(length, painters[painter]) for painter in order],
        "trees": [float(bool(done)) for done in observation["scored"]],
        "tokens": [float(observation["tokens"][painter]) for painter in order]
        + [float(observation["supply"])],
        "bumps": [float(observation["bumps"][painter]) for painter in order],
        "hand": _hot(deck, *numbers),
        "hand_cards": [_card_row(card, deck) for card in rows]
        + [_card_row(None, deck)] * (hand_size - len(rows)),
        "my_pick": _hot(deck, None if mine is None else mine["number"] - 1),
        "my_neutral_pick": _hot(deck, None if my_neutral is None else my_neutral["number"] - 1),
        "picked": [float(bool(observation["picked"][s])) for s in order[:players]]
        + [float(bool(observation.get("neutral_picked")))],
        "plays": played,
        "play_status": status,
        "discard": _hot(deck, *(n - 1 for n in observation.get("discard") or ())),
        "unseen": [float(n not in seen) for n in range(deck)],
        "pending": [
            float(bool(pending) and pending["kind"] == "emperor"),
            float(bool(pending) and pending["kind"] != "emperor"),
            float(bool(pending) and pending["seat"] == seat),
            float(bool(pending)),
        ],
        "state": [
            *(float(observation["phase"] == phase) for phase in PHASES),
            float(observation["round"]),
            float(observation.get("plays_round") == observation["round"]),
            float(observation["deck"]),
            *(float(sizes[s]) for s in order[:players]),
            float(observation.get("neutral_chooser") == seat),
            float(observation["start_tokens"]),
        ],
    }


def action_space(rules: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every Sakura action, numbered: picks, neutral picks, the Emperor's and a painter's
    direction."""
    numbers = range(1, len(rules["deck"]) + 1)
    return ([{"card": n} for n in numbers] + [{"neutral": n} for n in numbers]
            + [{"emperor": FORWARD_DIR}, {"emperor": BACK_DIR}]
            + [{"direction": FORWARD_DIR}, {"direction": BACK_DIR}])


@hookimpl(optionalhook=True)  # declared by asobi.envs: there only where it is
def asobi_observation_tensor(
    observation: Mapping[str, Any], rules: Mapping[str, Any], players: int
) -> dict[str, list[Any]] | None:
    if observation.get("game") != "sakura":
        return None
    return encode(observation, rules, players)


@hookimpl(optionalhook=True)
def asobi_action_space(rules: Mapping[str, Any], players: int) -> Sequence[dict[str, Any]]:
    return action_space(rules)
