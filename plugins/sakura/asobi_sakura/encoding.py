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
from asobi_sakura.rules import player_overrides
from asobi_sakura.state import BACK_DIR, CURRENT, DISCARDED, FORWARD_DIR, RESOLVED, WAITING

hookimpl = pluggy.HookimplMarker("asobi")

PHASES = ("pick", "choose", "over")
ONE_HOT_PHASE: dict[Any, tuple[float, ...]] = {
    name: tuple(float(name == other) for other in PHASES) for name in PHASES}
NO_PHASE = (0.0,) * len(PHASES)
STATUSES = (WAITING, CURRENT, RESOLVED, DISCARDED)
STATUS_INDEX = {status: i for i, status in enumerate(STATUSES)}
SPACE_INDEX = {kind: i for i, kind in enumerate(SPACE_KINDS)}
GARDEN_ONE_HOT = {kind: tuple(float(kind == other) for other in GARDEN_KINDS)
                  for kind in GARDEN_KINDS}
NO_GARDEN = (0.0,) * len(GARDEN_KINDS)
PAINTER_ONE_HOT = {kind: tuple(float(kind == other) for other in PAINTER_KINDS)
                   for kind in PAINTER_KINDS}
NO_PAINTER = (0.0,) * len(PAINTER_KINDS)
CARD_FEATURES = 13
BUMPS_HALF = 2.0
"""Bumps squashed to one half."""
SPACES_HALF = 2.0
"""A card's spaces (or steps) squashed to one half."""
ROUND_HALF = 10.0
"""The round squashed to one half."""


def _squash(count: float, half: float) -> float:
    return count / (count + half) if count > 0 else 0.0


Places = tuple[dict[str, int], tuple[tuple[str, int, int, tuple[int, ...]], ...], int]
"""Where each part starts in the one vector the parts are views of, each part's (name, start,
end, shape), and the vector's size."""


@lru_cache(maxsize=64)
def _places(length: int, trees: int, count: int, deck: int, hand_size: int,
            players: int) -> Places:
    """The :data:`Places` of the parts for a garden of ``length`` spaces and ``trees`` trees,
    ``count`` painters, a deck of ``deck`` cards, hands of ``hand_size`` and ``players``
    seats (what the parts' shapes follow: see the module)."""
    shapes = (("garden", (len(SPACE_KINDS), length)), ("emperor", (length,)),
              ("painters", (count, length)), ("trees", (trees,)),
              ("tokens", (count + 1,)), ("bumps", (count,)), ("hand", (deck,)),
              ("hand_cards", (hand_size, CARD_FEATURES)), ("my_pick", (deck,)),
              ("my_neutral_pick", (deck,)), ("picked", (players + 1,)),
              ("plays", (count, deck)), ("play_status", (len(STATUSES), deck)),
              ("discard", (deck,)), ("unseen", (deck,)), ("pending", (4,)),
              ("state", (players + 8,)))
    offsets, places, size = {}, [], 0
    for name, shape in shapes:
        offsets[name] = size
        end = size + int(np.prod(shape))
        places.append((name, size, end, shape))
        size = end
    return offsets, tuple(places), size


@lru_cache(maxsize=64)
def _garden(spaces: tuple[str, ...]) -> tuple[int, ...]:
    """The places of the ``garden`` part (the vector's first) set to 1 for these spaces."""
    length = len(spaces)
    return tuple(SPACE_INDEX[kind] * length + place for place, kind in enumerate(spaces)
                 if kind in SPACE_INDEX)


@lru_cache(maxsize=64)
def _deck(deck: int) -> frozenset[int]:
    """The numbers less one of a deck of ``deck`` cards (0 to ``deck`` - 1)."""
    return frozenset(range(deck))


def hand_size(rules: Mapping[str, Any], players: int) -> int:
    """The cards of a full hand with ``players`` seats: ``hand_size`` of
    :func:`asobi_sakura.rules.mapping_for_players`, read without merging the whole mapping
    (the number of players may give its own, else the rules' one counts)."""
    over = player_overrides(rules).get(players, {})
    return int(over["hand_size"] if "hand_size" in over else rules["hand_size"])


def _card_row(card: Mapping[str, Any], deck: int) -> tuple[float, ...]:
    """The ``hand_cards`` row of one card of the hand (see the module)."""
    return (1.0, card["number"] / deck, *GARDEN_ONE_HOT.get(card["garden"], NO_GARDEN),
            _squash(card["move"], SPACES_HALF),
            *PAINTER_ONE_HOT.get(card["painter"], NO_PAINTER),
            _squash(card["steps"], SPACES_HALF))


def encode(observation: Mapping[str, Any], rules: Mapping[str, Any],
           players: int) -> dict[str, np.ndarray[Any, Any]]:
    """The parts of a seat's observation (see the module): float32 views of one vector.

    The places set to 1 are gathered first and set at once, then the numbers of the parts
    that hold other values (tokens and bumps, the hand's cards, the state), a slice each."""
    deck = len(rules["deck"])
    full = hand_size(rules, players)
    seat = observation["seat"]
    spaces = observation["spaces"]
    length = len(spaces)
    neutral = observation.get("neutral")
    order = [(seat + k) % players for k in range(players)] + (
        [neutral] if neutral is not None else [])
    count = len(order)
    at, places, size = _places(length, len(observation["scored"]), count, deck, full,
                               players)
    hot = list(_garden(tuple(spaces)))

    emperor = observation["emperor"]
    if emperor is not None and 0 <= emperor < length:
        hot.append(at["emperor"] + emperor)
    painters, first = observation["painters"], at["painters"]
    for place, painter in enumerate(order):
        where = painters[painter]
        if where is not None and 0 <= where < length:
            hot.append(first + place * length + where)
    first = at["trees"]
    hot += [first + i for i, done in enumerate(observation["scored"]) if done]
    numbers = [card["number"] - 1 for card in observation["hand"]]
    first = at["hand"]
    hot += [first + number for number in numbers if 0 <= number < deck]
    seen = set(numbers)
    for part, own in (("my_pick", observation.get("my_pick")),
                      ("my_neutral_pick", observation.get("my_neutral_pick"))):
        if own is not None:
            number = own["number"] - 1
            seen.add(number)
            if 0 <= number < deck:
                hot.append(at[part] + number)
    picked, first = observation["picked"], at["picked"]
    hot += [first + place for place, s in enumerate(order[:players]) if picked[s]]
    if observation.get("neutral_picked"):
        hot.append(first + players)
    relative = {painter: place for place, painter in enumerate(order)}
    shown, status_at = at["plays"], at["play_status"]
    for play in observation.get("plays") or ():
        number = play["card"]["number"] - 1
        seen.add(number)
        where = relative[play["painter"]] * deck + number
        if 0 <= where < count * deck:
            hot.append(shown + where)
        status = STATUS_INDEX.get(play["status"])
        if status is not None and 0 <= status * deck + number < len(STATUSES) * deck:
            hot.append(status_at + status * deck + number)
    discard = [number - 1 for number in observation.get("discard") or ()]
    seen.update(discard)
    first = at["discard"]
    hot += [first + number for number in discard if 0 <= number < deck]
    hot += map(at["unseen"].__add__, _deck(deck).difference(seen))
    pending = observation.get("pending")
    if pending:
        first = at["pending"]
        hot.append(first + (0 if pending["kind"] == "emperor" else 1))
        if pending["seat"] == seat:
            hot.append(first + 2)
        hot.append(first + 3)
    vector = np.zeros(size, np.float32)
    vector.put(hot, 1.0)

    tokens, bumps = observation["tokens"], observation["bumps"]
    supply = observation["supply"]
    total = float(sum(tokens[painter] for painter in order) + supply) or 1.0
    first = at["tokens"]  # the bumps follow the tokens
    vector[first:first + 2 * count + 1] = [tokens[painter] / total for painter in order] + [
        supply / total] + [_squash(bumps[painter], BUMPS_HALF) for painter in order]
    first = at["hand_cards"]
    rows = [value for card in sorted(observation["hand"], key=_number)[:full]
            for value in _card_row(card, deck)]
    vector[first:first + len(rows)] = rows
    phase = observation["phase"]
    sizes = observation["hand_sizes"]
    first = at["state"]
    vector[first:first + players + 8] = [
        *ONE_HOT_PHASE.get(phase, NO_PHASE),
        _squash(observation["round"], ROUND_HALF),
        float(observation.get("plays_round") == observation["round"]),
        observation["deck"] / deck,
        *[sizes[s] / full for s in order[:players]],
        float(observation.get("neutral_chooser") == seat),
        observation["start_tokens"] / total,
    ]
    return {name: vector[start:end] if len(shape) == 1 else vector[start:end].reshape(shape)
            for name, start, end, shape in places}


def _number(card: Mapping[str, Any]) -> Any:
    return card["number"]


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
