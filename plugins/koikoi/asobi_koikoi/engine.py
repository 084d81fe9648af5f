"""The Koi-Koi engine's public API in one import (a facade: nothing is defined here).

No pluggy, no text. Cards are indexes 0..47, card sets are 48-bit ints (cards.py), moves are
small ints (state.py). The parts live in:

* state.py: the phases and move constants, :class:`State`, :class:`Deal`, :func:`clone`;
* setup.py: :func:`new_game`, :func:`parse_deals` (pinned deals of a record), round deals;
* turn.py: :func:`legal_moves`, :func:`step`, :func:`playout`;
* scoring.py: :func:`stop_points`, :func:`game_winner`, settling a round;
* observe.py: observations, the result, :func:`hidden_variant`.

Those five import one another, never this facade (so there is no import cycle). Everything
else (the plugin glue, the bench, the AI, the tests, code outside the plugin) may import from
here: ``asobi_koikoi.engine`` keeps every public name it had before the split.
"""

from __future__ import annotations

from .observe import hidden_variant
from .scoring import game_winner, stop_points
from .setup import new_game, parse_deals
from .state import (
    CHOOSE,
    DECIDE,
    KOIKOI,
    OVER,
    PHASE_STEP,
    PHASES,
    PLAY,
    STEP_DRAW,
    STEP_PLAY,
    STOP,
    Adjust,
    Deal,
    Events,
    RoundResult,
    State,
    clone,
)
from .turn import legal_moves, playout, step

__all__ = [
    "CHOOSE", "DECIDE", "KOIKOI", "OVER", "PHASE_STEP", "PHASES", "PLAY", "STEP_DRAW",
    "STEP_PLAY", "STOP", "Adjust", "Deal", "Events", "RoundResult", "State", "clone",
    "game_winner", "hidden_variant", "legal_moves", "new_game", "parse_deals", "playout",
    "step", "stop_points",
]
