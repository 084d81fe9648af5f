"""Sakura as numbers for learning programs: the encoding hooks of ``asobi.envs``.

A seat's observation becomes named parts whose shapes follow the variant and the number of
players: ``N`` cards in the deck, ``L`` spaces in the garden, ``P`` painters (one per seat, and
the neutral painter of a two-player game), ``H`` cards in a full hand. Painters and seats are
seat-relative: the observing seat first, then the seats after it, then the neutral painter.

* ``garden`` (5, L): the kind of each space (gate, plain, bridge, torii, tree);
* ``emperor`` (L): where the Emperor stands; ``painters`` (P, L): where each painter stands;
* ``trees`` (number of trees): whether each tree has scored;
* ``tokens`` (P + 1): each painter's tokens, then the supply, as shares of all the tokens
  (the painters' and the supply's together); ``bumps`` (P): bumps so far, squashed;
* ``hand`` (N): the seat's cards; ``hand_cards`` (H, 13): each of them (by number) as
  present, number / N, garden action (5, one-hot), its spaces (squashed), painter action (4,
  one-hot), its steps (squashed);
* ``my_pick``, ``my_neutral_pick`` (N): the cards the seat laid face down this round;
* ``picked`` (players + 1): which seats (and the neutral painter) have picked;
* ``plays`` (P, N): the card each painter revealed this round (the last round while picking);
  ``play_status`` (4, N): which revealed cards wait, resolve now, are resolved, are discarded;
* ``discard`` (N): the discard pile; ``unseen`` (N): every card the seat has not seen (the
  deck, the other hands, the others' secret picks);
* ``pending`` (4): a choice waits for the Emperor's or a painter's direction, it is the
  seat's, one waits at all;
* ``state`` (players + 8): the phase (pick, choose, over), the round (squashed), whether the
  revealed cards are this round's, the deck's size (over N), every hand's size (over H),
  whether the seat gives the neutral painter its card this round, the starting tokens (a
  share of all the tokens).

Every number lies between 0 and 1 (the environments' default bounds). Counts the rules do not
bound are squashed, keeping their order: ``b`` bumps are ``b / (b + 2)``, round ``r`` is
``r / (r + 10)``, a card's ``s`` spaces or steps ``s / (s + 2)``.

The action space numbers every move: pick card ``n`` (0 to N-1), give card ``n`` to the
neutral painter (N to 2N-1), the Emperor forward or back (2N, 2N+1), the painter forward or
back (2N+2, 2N+3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import pluggy

from asobi_sakura.cards import GARDEN_KINDS, PAINTER_KINDS
from asobi_sakura.garden import SPACE_KINDS
from asobi_sakura.rules import mapping_for_players
from asobi_sakura.state import BACK_DIR, CURRENT, DISCARDED, FORWARD_DIR, RESOLVED, WAITING

hookimpl = pluggy.HookimplMarker("asobi")

PHASES = ("pick", "choose", "over")
STATUSES = (WAITING, CURRENT, RESOLVED, DISCARDED)
STATUS_INDEX = {status: i for i, status in enumerate(STATUSES)}
GARDEN_INDEX = {kind: i for i, kind in enumerate(GARDEN_KINDS)}
PAINTER_INDEX = {kind: i for i, kind in enumerate(PAINTER_KINDS)}
SPACE_INDEX = {kind: i for i, kind in enumerate(SPACE_KINDS)}
CARD_FEATURES = 13
BUMPS_HALF = 2.0
"""Bumps squashed to one half."""
SPACES_HALF = 2.0
"""A card's spaces (or steps) squashed to one half."""
ROUND_HALF = 10.0
"""The round squashed to one half."""


def _squash(count: float, half: float) -> float:
    return count / (count + half) if count > 0 else 0.0


@lru_cache(maxsize=64)
def _offsets(shapes: tuple[tuple[str, tuple[int, ...]], ...]
             ) -> tuple[dict[str, int], tuple[tuple[str, int, int, tuple[int, ...]], ...], int]:
    """Where each part starts in the one vector the parts are views of, each part's
    (name, start, end, shape), and the vector's size."""
    offsets, places, size = {}, [], 0
    for name, shape in shapes:
        offsets[name] = size
        end = size + int(np.prod(shape))
        places.append((name, size, end, shape))
        size = end
    return offsets, tuple(places), size


@lru_cache(maxsize=64)
def _garden(spaces: tuple[str, ...]) -> tuple[int, ...]:
    """The places of the ``garden`` part set to 1 for these spaces."""
    length = len(spaces)
    return tuple(SPACE_INDEX[kind] * length + place for place, kind in enumerate(spaces)
                 if kind in SPACE_INDEX)


def encode(observation: Mapping[str, Any], rules: Mapping[str, Any],
           players: int) -> dict[str, np.ndarray[Any, Any]]:
    """The parts of a seat's observation (see the module): float32 views of one vector."""
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
    count = len(order)
    shapes = (("garden", (len(SPACE_KINDS), length)), ("emperor", (length,)),
              ("painters", (count, length)), ("trees", (len(observation["scored"]),)),
              ("tokens", (count + 1,)), ("bumps", (count,)), ("hand", (deck,)),
              ("hand_cards", (hand_size, CARD_FEATURES)), ("my_pick", (deck,)),
              ("my_neutral_pick", (deck,)), ("picked", (players + 1,)),
              ("plays", (count, deck)), ("play_status", (len(STATUSES), deck)),
              ("discard", (deck,)), ("unseen", (deck,)), ("pending", (4,)),
              ("state", (players + 8,)))
    at, places, size = _offsets(shapes)
    vector = np.zeros(size, np.float32)
    hot = [at["garden"] + i for i in _garden(tuple(spaces))]

    def one(part: str, index: int | None, width: int) -> None:
        if index is not None and 0 <= index < width:
            hot.append(at[part] + index)

    one("emperor", observation["emperor"], length)
    for place, painter in enumerate(order):
        where = painters[painter]
        if where is not None and 0 <= where < length:
            hot.append(at["painters"] + place * length + where)
    hot.extend(at["trees"] + i for i, done in enumerate(observation["scored"]) if done)
    numbers = [card["number"] - 1 for card in observation["hand"]]
    for number in numbers:
        one("hand", number, deck)
    mine = observation.get("my_pick")
    my_neutral = observation.get("my_neutral_pick")
    one("my_pick", None if mine is None else mine["number"] - 1, deck)
    one("my_neutral_pick", None if my_neutral is None else my_neutral["number"] - 1, deck)
    picked = observation["picked"]
    hot.extend(at["picked"] + place for place, s in enumerate(order[:players]) if picked[s])
    if observation.get("neutral_picked"):
        hot.append(at["picked"] + players)
    plays = observation.get("plays") or []
    seen = set(numbers)
    for play in plays:
        number = play["card"]["number"] - 1
        seen.add(number)
        one("plays", relative[play["painter"]] * deck + number, count * deck)
        status = STATUS_INDEX.get(play["status"])
        if status is not None:
            one("play_status", status * deck + number, len(STATUSES) * deck)
    for number in observation.get("discard") or ():
        seen.add(number - 1)
        one("discard", number - 1, deck)
    for own in (mine, my_neutral):
        if own is not None:
            seen.add(own["number"] - 1)
    hot.extend(at["unseen"] + n for n in range(deck) if n not in seen)
    pending = observation.get("pending")
    if pending:
        one("pending", 0 if pending["kind"] == "emperor" else 1, 4)
        one("pending", 2 if pending["seat"] == seat else None, 4)
        one("pending", 3, 4)
    vector[hot] = 1.0

    tokens = observation["tokens"]
    supply = observation["supply"]
    total = float(sum(tokens[painter] for painter in order) + supply) or 1.0
    start = at["tokens"]
    vector[start:start + count + 1] = [tokens[painter] / total for painter in order] + [
        supply / total]
    start = at["bumps"]
    vector[start:start + count] = [_squash(observation["bumps"][painter], BUMPS_HALF)
                                   for painter in order]
    start = at["hand_cards"]
    for row, card in enumerate(sorted(observation["hand"],
                                      key=lambda c: c["number"])[:hand_size]):
        first = start + row * CARD_FEATURES
        vector[first:first + 2] = (1.0, card["number"] / deck)
        garden = GARDEN_INDEX.get(card["garden"])
        if garden is not None:
            vector[first + 2 + garden] = 1.0
        vector[first + 7] = _squash(card["move"], SPACES_HALF)
        painter = PAINTER_INDEX.get(card["painter"])
        if painter is not None:
            vector[first + 8 + painter] = 1.0
        vector[first + 12] = _squash(card["steps"], SPACES_HALF)
    phase = observation["phase"]
    sizes = observation["hand_sizes"]
    start = at["state"]
    vector[start:start + players + 8] = [
        *(float(phase == name) for name in PHASES),
        _squash(observation["round"], ROUND_HALF),
        float(observation.get("plays_round") == observation["round"]),
        observation["deck"] / deck,
        *(sizes[s] / hand_size for s in order[:players]),
        float(observation.get("neutral_chooser") == seat),
        observation["start_tokens"] / total,
    ]
    return {name: vector[start:end].reshape(shape) for name, start, end, shape in places}


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
) -> dict[str, np.ndarray[Any, Any]] | None:
    if observation.get("game") != "sakura":
        return None
    return encode(observation, rules, players)


@hookimpl(optionalhook=True)
def asobi_action_space(rules: Mapping[str, Any], players: int) -> Sequence[dict[str, Any]]:
    return action_space(rules)
