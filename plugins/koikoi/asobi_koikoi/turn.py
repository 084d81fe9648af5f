"""Koi-Koi turns: the legal moves, applying one (the step API), and random playouts.

A turn is: play a hand card, draw the top of the stock; each card captures a board card of its
month (a choice when two match, all three when three do) or is laid on the board. A turn that
makes new yaku asks its seat to stop or call koi-koi. :func:`step` applies a move and every
automatic step after it, up to the next move somebody must choose, dealing the next round when
this one ends. This is the search's hot path: keep the turn helpers in this one module, called
by plain names, and build events only when a list is passed.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import CARD_IDS, CARD_MONTH_MASK, ids_of, indexes_of
from .scoring import exhausted, stop, yaku_event
from .setup import start_round
from .state import (
    CHOOSE,
    DECIDE,
    KOIKOI,
    OVER,
    PHASE_STEP,
    PLAY,
    STEP_DRAW,
    STEP_PLAY,
    STOP,
    Events,
    State,
)


def legal_moves(s: State) -> list[int]:
    """The legal moves of the seat to act (``s.seat``), in a stable order."""
    phase = s.phase
    if phase == PLAY:
        return indexes_of(s.hands[s.seat])
    if phase == CHOOSE:
        return indexes_of(s.candidates)
    if phase == DECIDE:
        return [STOP] if s.final else [STOP, KOIKOI]
    return []


def step(s: State, move: int, events: Events = None) -> None:
    """Apply a legal move of the seat to act and every automatic step after it.

    Pass a list as ``events`` to receive the event dicts; the search leaves it out.
    """
    phase = s.phase
    seat = s.seat
    if phase == PLAY:
        s.cap0 = s.captured[seat]
        s.hands[seat] ^= 1 << move
        if events is not None:
            events.append({"type": "play", "seat": seat, "card": CARD_IDS[move]})
        if _place(s, seat, move, STEP_PLAY, events):
            return
        _draw(s, seat, events)
    elif phase == CHOOSE:
        bit = 1 << move
        s.board ^= bit
        s.captured[seat] |= bit | (1 << s.pending)
        if events is not None:
            events.append({"type": "capture", "seat": seat, "step": PHASE_STEP[s.step],
                           "card": CARD_IDS[s.pending],
                           "cards": [CARD_IDS[s.pending], CARD_IDS[move]], "chosen": True})
        s.phase = PLAY
        s.candidates = 0
        s.pending = -1
        if s.step == STEP_PLAY:
            _draw(s, seat, events)
        else:
            _end_turn(s, seat, events)
    elif phase == DECIDE:
        if move == STOP:
            _next_round(s, stop(s, seat, s.last_total[seat], events), events)
        else:
            s.calls[seat] += 1
            total, made = s.rules.yaku.evaluate(s.captured[seat], s.calls[seat], s.month_mask)
            s.last_total[seat] = total
            s.last_made[seat] |= made
            if events is not None:
                events.append({"type": "koikoi", "seat": seat, "calls": s.calls[seat],
                               "total": total})
            s.phase = PLAY
            _next_turn(s, seat, events)
    else:
        raise ValueError("the game is over")


def _place(s: State, seat: int, card: int, which: int, events: Events) -> bool:
    """Match ``card`` against the board; True when a capture choice must be made."""
    bit = 1 << card
    matches = s.board & CARD_MONTH_MASK[card]
    if not matches:
        s.board |= bit
        if events is not None:
            events.append({"type": "lay", "seat": seat, "step": PHASE_STEP[which],
                           "card": CARD_IDS[card]})
        return False
    n = matches.bit_count()
    if n == 2:
        s.phase = CHOOSE
        s.step = which
        s.pending = card
        s.candidates = matches
        if events is not None:
            events.append({"type": "choose", "seat": seat, "step": PHASE_STEP[which],
                           "card": CARD_IDS[card], "candidates": ids_of(matches)})
        return True
    s.board ^= matches
    s.captured[seat] |= matches | bit
    if events is not None:
        events.append({"type": "capture", "seat": seat, "step": PHASE_STEP[which],
                       "card": CARD_IDS[card], "cards": ids_of(matches | bit), "chosen": False})
    return False


def _draw(s: State, seat: int, events: Events) -> None:
    """The draw half of a turn: the top of the stock is placed like a played card."""
    card = s.stock[s.pos]
    s.pos += 1
    if events is not None:
        events.append({"type": "draw", "seat": seat, "card": CARD_IDS[card]})
    if _place(s, seat, card, STEP_DRAW, events):
        return
    _end_turn(s, seat, events)


def _end_turn(s: State, seat: int, events: Events) -> None:
    """After the draw: new yaku ask for a decision, else pass on.

    On the seat's final turn (by the rules' ``last_turn.scope``) new yaku stop the round at
    once, with the same events as a chosen stop (the ``stop`` event carries ``"auto": true``).
    """
    captured = s.captured[seat]
    if captured != s.cap0:
        total, made = s.rules.yaku.evaluate(captured, s.calls[seat], s.month_mask)
        if total and (total > s.last_total[seat] or made & ~s.last_made[seat]):
            rules = s.rules
            if events is not None:
                events.append(yaku_event(s, seat, captured, made))
            if rules.last_turn_own:
                final = not s.hands[seat]
            else:
                final = not (s.hands[0] | s.hands[1])
            if final:
                # A decision with stop as its only option is no decision: stop right away.
                _next_round(s, stop(s, seat, total, events, auto=True), events)
                return
            s.phase = DECIDE
            s.final = False
            s.last_total[seat] = total
            s.last_made[seat] |= made
            return
    _next_turn(s, seat, events)


def _next_turn(s: State, seat: int, events: Events) -> None:
    """The other seat plays next, or the round is exhausted when both hands are empty."""
    if s.hands[0] | s.hands[1]:
        s.seat = 1 - seat
        s.phase = PLAY
        return
    _next_round(s, exhausted(s, events), events)


def _next_round(s: State, dealer: int | None, events: Events) -> None:
    """Deal the next round after a settled one (``dealer`` is None when the game is over); in
    a search's playout (``deal_next`` False) only name its dealer: nobody plays it."""
    if dealer is None:
        return
    if s.deal_next:
        start_round(s, dealer, events)
    else:
        s.dealer = dealer


def playout(s: State, rnd: Callable[[], float], whole_game: bool = False) -> int:
    """Play uniformly random legal moves until the round ends (or the game, with
    ``whole_game``); returns the number of rounds settled. ``rnd`` is e.g. ``rng.random``."""
    rounds = len(s.results)
    while s.phase != OVER:
        phase = s.phase
        if phase == PLAY:
            options = s.hands[s.seat]
        elif phase == CHOOSE:
            options = s.candidates
        else:
            move = STOP if s.final or rnd() < 0.5 else KOIKOI
            step(s, move)
            if not whole_game and len(s.results) > rounds:
                break
            continue
        k = int(rnd() * options.bit_count())
        while k:
            options &= options - 1
            k -= 1
        move = (options & -options).bit_length() - 1
        step(s, move)
        if not whole_game and len(s.results) > rounds:
            break
    return len(s.results) - rounds
