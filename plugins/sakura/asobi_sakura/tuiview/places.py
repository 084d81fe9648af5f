"""Where on the garden path each choice of a direction takes its piece, for the view to mark
those spaces and let a click on one take that choice.

Plain data (no Textual): the move is worked out by the engine's own movement on a position
rebuilt from the observation, so the marked space is the one the game will use: the space
where the Emperor stops, or where the painter's steps end (the Emperor's space when the move
runs into him; the bump that follows sends the painter back from there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asobi_sakura.ai import state_from_observation
from asobi_sakura.movement import emperor_move, painter_move
from asobi_sakura.rules import Rules, compile_rules
from asobi_sakura.state import FORWARD_DIR

CHOICE_KEYS = ("emperor", "direction")
"""The keys of the legal actions that choose a direction (of the Emperor, of a painter)."""


@dataclass(frozen=True)
class Place:
    """A space of the path a choice leads to: the choice's action, and whether it goes
    forward."""

    action: Mapping[str, Any]
    forward: bool


def choice_places(
    rules: Mapping[str, Any], obs: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
) -> dict[int, Place]:
    """Space index -> the choice that leads there, for the direction choices in ``legal``
    (none when the seat chooses no direction now, or without the game's rules)."""
    pending = obs.get("pending")
    choices = [a for a in legal if any(k in a for k in CHOICE_KEYS)]
    if not choices or not pending or not rules:
        return {}
    compiled = compile_rules(rules)
    places: dict[int, Place] = {}
    for action in choices:
        key = next(k for k in CHOICE_KEYS if k in action)
        direction = str(action[key])
        space = _stop(compiled, obs, pending, key, direction)
        if space is not None and space not in places:
            places[space] = Place(dict(action), direction == FORWARD_DIR)
    return places


def _stop(
    rules: Rules, obs: Mapping[str, Any], pending: Mapping[str, Any], key: str, direction: str
) -> int | None:
    """The space where the pending move ends in ``direction``: the last step of the Emperor,
    or the first landing of the painter (before any bump)."""
    state = state_from_observation(rules, obs, seed=0)  # nothing here is dealt
    card = state.rules.card(int(pending["card"]))
    events: list[dict[str, Any]] = []
    if key == "emperor":
        emperor_move(state, card.move, direction, events)
        steps = [e["to"] for e in events if e["type"] == "emperor"]
        return int(steps[-1]) if steps else None
    painter = int(pending["seat"])
    painter_move(state, painter, card.steps, direction, events)
    steps = [e["to"] for e in events if e["type"] == "painter" and e["painter"] == painter]
    return int(steps[0]) if steps else None
