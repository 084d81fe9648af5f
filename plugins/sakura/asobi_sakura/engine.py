"""The Sakura engine's public API in one import (a facade: nothing is defined here).

No pluggy, no text. The parts live in:

* state.py: the phases and other constants, :class:`State` and its one constructor;
* setup.py: :func:`new_game`, :func:`check_deck_order` (a record's pinned deck),
  :func:`position` (exact positions for tests and the AI);
* turn.py: :func:`to_act`, :func:`legal_actions`, :func:`apply`, :func:`play_round`, the
  resolution of a round card by card and the neutral painter's card;
* movement.py: how the Emperor and the painters move, bumps, :func:`ranking` and the other
  standing queries;
* scoring.py: a tree's tokens and the regrouping, :func:`scores`, :func:`winner_of`,
  :func:`result`;
* observe.py: :func:`observation`, :func:`hidden_variant`.

The other modules of the plugin import from those directly; this one keeps the names importable
from ``asobi_sakura.engine`` for the hook glue (plugin.py), the tests and code outside the
plugin.
"""

from __future__ import annotations

from asobi_sakura.movement import ahead_of, closest, furthest, occupied, ranking
from asobi_sakura.observe import hidden_variant, observation
from asobi_sakura.scoring import result, scores, winner_of
from asobi_sakura.setup import check_deck_order, new_game, position
from asobi_sakura.state import (
    BACK_DIR,
    CHOOSE,
    CURRENT,
    DIRECTIONS,
    DISCARDED,
    FORWARD_DIR,
    OVER,
    PICK,
    RESOLVED,
    WAITING,
    Adjust,
    Events,
    State,
)
from asobi_sakura.turn import apply, apply_checked, legal_actions, play_round, to_act

__all__ = [
    "BACK_DIR", "CHOOSE", "CURRENT", "DIRECTIONS", "DISCARDED", "FORWARD_DIR", "OVER", "PICK",
    "RESOLVED", "WAITING", "Adjust", "Events", "State", "ahead_of", "apply", "apply_checked",
    "check_deck_order", "closest", "furthest", "hidden_variant", "legal_actions", "new_game",
    "observation", "occupied", "play_round", "position", "ranking", "result", "scores",
    "to_act", "winner_of",
]
