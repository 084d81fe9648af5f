"""The Koi-Koi game state: its constants, the :class:`State` record and its one constructor.

Cards are indexes 0..47 and card sets are 48-bit ints (see cards.py). A move is a small int:
a card index (play that hand card, or take that board card when a capture needs a choice) or
``STOP`` / ``KOIKOI`` when a seat with new yaku decides. Every state of the plugin is built by
calling ``State(...)``: :func:`setup.new_game`, :func:`clone` below and the AI's sampled worlds
(``ai_world.sample_world``); nothing else assembles one field by field.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .rules import Rules

PLAY, CHOOSE, DECIDE, OVER = 0, 1, 2, 3
"""Phases: play a hand card, choose which board card to capture, stop or koi-koi, game over."""
PHASES = ("play", "capture", "koikoi", "over")
"""The phase names observations use, indexed by phase."""
STOP, KOIKOI = 48, 49
"""The two moves of the ``DECIDE`` phase (above every card index)."""
STEP_PLAY, STEP_DRAW = 0, 1
"""Which half of a turn placed the card waiting for a capture choice."""
PHASE_STEP = ("play", "draw")
"""The names of ``STEP_PLAY`` and ``STEP_DRAW`` in events and observations."""

Adjust = Callable[[Mapping[str, Any]], list[int]]
"""The session's ``adjust_points`` callback: a scoring unit in, per-seat point deltas out."""
Events = list[dict[str, Any]] | None
"""Where the engine appends event dicts; None when nobody listens (the search)."""


def round_month(round_no: int) -> int:
    """The month (1..12) a round is played in: round 13 is January again."""
    return (round_no - 1) % 12 + 1


@dataclass(frozen=True)
class Deal:
    """One deal: the dealer (None: by the rules), two hands, the board, the stock in draw order."""

    dealer: int | None
    hands: tuple[int, int]
    board: int
    stock: tuple[int, ...]


@dataclass(frozen=True)
class RoundResult:
    """A settled round (a scoring unit of the result)."""

    round: int
    dealer: int
    winner: int | None
    exhausted: bool
    points: tuple[int, int]
    yaku: tuple[tuple[str, ...], tuple[str, ...]]
    reason: str
    """``stop``, ``exhausted`` or ``hand-yaku``."""


@dataclass(slots=True, eq=False, repr=False)
class State:
    """Everything about a game in progress. Mutable; copy with :func:`clone`.

    The field order is the constructor's positional order. The three callers pass the fields
    positionally because they run once per game or per playout, where keywords cost a
    microsecond each; tests/koikoi/test_koikoi_state.py catches a field passed out of place.
    """

    rules: Rules
    rng: random.Random
    """Deals every round that is not pinned."""
    adjust: Adjust | None
    deals: tuple[Deal, ...]
    """Pinned deals (from a record's setup), used in order before any random deal."""
    next_deal: int
    """Index in ``deals`` of the next pinned deal."""
    hands: list[int]
    board: int
    captured: list[int]
    stock: Sequence[int]
    """The draw order; never mutated (copies share it), ``pos`` walks along it."""
    pos: int
    seat: int
    """The seat to act (meaningless once the game is over)."""
    phase: int
    step: int
    """``STEP_PLAY`` or ``STEP_DRAW``: the half of the turn a ``CHOOSE`` phase belongs to."""
    pending: int
    """The card waiting to capture in a ``CHOOSE`` phase (-1 otherwise)."""
    candidates: int
    """The board cards it may capture in a ``CHOOSE`` phase."""
    final: bool
    """In a ``DECIDE`` phase: ``STOP`` is the only legal move. The engine no longer sets it
    (a rise on the final turn stops by itself, see turn.py); worlds built from observations
    may still carry it."""
    cap0: int
    """The captured pile of the seat to act when its turn began (did the turn capture?)."""
    calls: list[int]
    """Koi-koi calls of each seat this round."""
    last_total: list[int]
    """Each seat's yaku total when it last called or was asked to decide."""
    last_made: list[int]
    """Bit set (by yaku table position) of the yaku each seat has already announced."""
    round: int
    dealer: int
    month_mask: int
    """The cards of this round's month (for month-bonus yaku)."""
    scores: list[int]
    results: list[RoundResult]
    log: list[dict[str, Any]]
    """The events of the last applied action (set by the plugin, shared by copies)."""
    deal_next: bool = True
    """Whether a settled round is followed by the next deal. A search's playouts end with the
    round and set it False: the next round's number and dealer are kept (what a settled round
    is judged by), its cards are never dealt (about a tenth of a playout's time)."""

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.pos


def clone(s: State, rng: random.Random | None = None) -> State:
    """A copy that can be advanced without touching ``s``.

    ``rng`` is the random source of the copy (used only if the copy deals a new round); by
    default the copy gets its own generator in the same state as ``s``'s, which costs a few
    microseconds — a search that stays inside a round passes its own ``rng`` instead.
    """
    if rng is None:
        rng = random.Random()
        rng.setstate(s.rng.getstate())
    # Positional on purpose: the search clones once per playout and keywords cost a microsecond.
    return State(
        s.rules, rng, s.adjust, s.deals, s.next_deal,
        s.hands[:], s.board, s.captured[:], s.stock, s.pos,
        s.seat, s.phase, s.step, s.pending, s.candidates, s.final, s.cap0,
        s.calls[:], s.last_total[:], s.last_made[:],
        s.round, s.dealer, s.month_mask, s.scores[:], s.results[:], s.log, s.deal_next,
    )
