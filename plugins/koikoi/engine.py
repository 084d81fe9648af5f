"""The Koi-Koi engine: a compact mutable state and the functions that advance it.

No pluggy, no text. Cards are indexes 0..47 and card sets are 48-bit ints (see cards.py).
Moves are small ints: a card index (play that hand card, or capture that board card in a
choice) or ``STOP`` / ``KOIKOI`` in a decision. The public API:

* ``new_game(rules, rng, deals=(), adjust=None) -> State`` deals the first round.
* ``legal_moves(state) -> list[int]``, ``step(state, move, events=None)``: the step API; pass
  a list as ``events`` to receive event dicts (the search leaves it out and runs faster).
* ``clone(state, rng=None)``: a cheap copy (the stock list is shared: it is never mutated).
* ``playout(state, rnd)``: random legal moves until the round (or game) ends.
* ``hidden_variant(state, seat, rng)``: the same state with what ``seat`` cannot see redealt.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asobi.errors import AsobiError
from asobi.schema import did_you_mean

from .cards import (
    CARD_IDS,
    CARD_MONTH_MASK,
    DECK_SIZE,
    ids_of,
    indexes_of,
    month_counts,
    month_mask,
    pair_count,
)
from .rules import Rules

PLAY, CHOOSE, DECIDE, OVER = 0, 1, 2, 3
PHASES = ("play", "capture", "koikoi", "over")
STOP, KOIKOI = 48, 49
STEP_PLAY, STEP_DRAW = 0, 1

_NIB2 = 0x444444444444

Adjust = Callable[[Mapping[str, Any]], list[int]]
Events = list[dict[str, Any]] | None


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


class State:
    """Everything about a game in progress. Mutable; copy with :func:`clone`."""

    __slots__ = (
        "rules", "rng", "adjust", "deals", "next_deal",
        "hands", "board", "captured", "stock", "pos",
        "seat", "phase", "step", "pending", "candidates", "final", "cap0",
        "calls", "last_total", "last_made",
        "round", "dealer", "month_mask", "scores", "results", "log",
    )

    rules: Rules
    rng: random.Random
    adjust: Adjust | None
    deals: tuple[Deal, ...]
    next_deal: int
    hands: list[int]
    board: int
    captured: list[int]
    stock: Sequence[int]
    pos: int
    seat: int
    phase: int
    step: int
    pending: int
    candidates: int
    final: bool
    cap0: int
    calls: list[int]
    last_total: list[int]
    last_made: list[int]
    round: int
    dealer: int
    month_mask: int
    scores: list[int]
    results: list[RoundResult]
    log: list[dict[str, Any]]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.pos


# --------------------------------------------------------------------------- setup


def parse_deals(setup: Mapping[str, Any] | None) -> tuple[Deal, ...]:
    """Read ``setup.deals`` of a record; raise AsobiError with a clear message when malformed."""
    if not setup:
        return ()
    if not isinstance(setup, Mapping):
        raise AsobiError("setup must be an object")
    unknown = set(setup) - {"deals"}
    if unknown:
        raise AsobiError(f"setup: unknown key(s) {sorted(unknown)}; Koi-Koi pins only 'deals'")
    raw = setup.get("deals", [])
    if not isinstance(raw, list):
        raise AsobiError("setup.deals must be a list of deals")
    deals = []
    index = {card: i for i, card in enumerate(CARD_IDS)}
    for n, deal in enumerate(raw):
        where = f"setup.deals[{n}]"
        if not isinstance(deal, Mapping):
            raise AsobiError(f"{where} must be an object with hands, board and stock")
        extra = set(deal) - {"dealer", "hands", "board", "stock"}
        if extra:
            raise AsobiError(f"{where}: unknown key(s) {sorted(extra)}")
        dealer = deal.get("dealer")
        if dealer is not None and (isinstance(dealer, bool) or dealer not in (0, 1)):
            raise AsobiError(f"{where}.dealer must be 0 or 1, got {dealer!r}")
        hands = deal.get("hands")
        if not isinstance(hands, list) or len(hands) != 2:
            raise AsobiError(f"{where}.hands must be a list of two hands of 8 cards")
        parts = [("hands[0]", hands[0], 8), ("hands[1]", hands[1], 8),
                 ("board", deal.get("board"), 8), ("stock", deal.get("stock"), 24)]
        seen: dict[str, str] = {}
        masks = []
        for name, cards, size in parts:
            if not isinstance(cards, list) or len(cards) != size:
                got = len(cards) if isinstance(cards, list) else "no list"
                raise AsobiError(f"{where}.{name} must list exactly {size} cards (got {got})")
            mask = 0
            for card in cards:
                if card not in index:
                    raise AsobiError(
                        f"{where}.{name}: unknown card {card!r}{did_you_mean(str(card), CARD_IDS)}"
                    )
                if card in seen:
                    raise AsobiError(
                        f"{where}.{name}: card '{card}' is dealt twice (also in {seen[card]})"
                    )
                seen[card] = name
                mask |= 1 << index[card]
            masks.append(mask)
        deals.append(
            Deal(
                dealer=dealer,
                hands=(masks[0], masks[1]),
                board=masks[2],
                stock=tuple(index[c] for c in deal["stock"]),
            )
        )
    return tuple(deals)


def new_game(
    rules: Rules,
    rng: random.Random,
    deals: Sequence[Deal] = (),
    adjust: Adjust | None = None,
    events: Events = None,
) -> State:
    """A new game with its first round dealt (pinned deals are used first, in order)."""
    s = State()
    s.rules = rules
    s.rng = rng
    s.adjust = adjust
    s.deals = tuple(deals)
    s.next_deal = 0
    s.hands = [0, 0]
    s.board = 0
    s.captured = [0, 0]
    s.stock = ()
    s.pos = 0
    s.seat = 0
    s.phase = PLAY
    s.step = STEP_PLAY
    s.pending = -1
    s.candidates = 0
    s.final = False
    s.cap0 = 0
    s.calls = [0, 0]
    s.last_total = [0, 0]
    s.last_made = [0, 0]
    s.round = 1
    s.scores = [rules.starting_points, rules.starting_points]
    s.results = []
    s.log = []
    if rules.first_dealer == "random":
        dealer = rng.randrange(2)
    else:
        dealer = 0 if rules.first_dealer == "seat-0" else 1
    _start_round(s, dealer, events)
    return s


def clone(s: State, rng: random.Random | None = None) -> State:
    """A copy that can be advanced without touching ``s``.

    ``rng`` is the random source of the copy (used only if the copy deals a new round); by
    default the copy gets its own generator in the same state as ``s``'s, which costs a few
    microseconds — a search that stays inside a round passes its own ``rng`` instead.
    """
    c = State.__new__(State)
    c.rules = s.rules
    if rng is None:
        rng = random.Random()
        rng.setstate(s.rng.getstate())
    c.rng = rng
    c.adjust = s.adjust
    c.deals = s.deals
    c.next_deal = s.next_deal
    c.hands = s.hands[:]
    c.board = s.board
    c.captured = s.captured[:]
    c.stock = s.stock
    c.pos = s.pos
    c.seat = s.seat
    c.phase = s.phase
    c.step = s.step
    c.pending = s.pending
    c.candidates = s.candidates
    c.final = s.final
    c.cap0 = s.cap0
    c.calls = s.calls[:]
    c.last_total = s.last_total[:]
    c.last_made = s.last_made[:]
    c.round = s.round
    c.dealer = s.dealer
    c.month_mask = s.month_mask
    c.scores = s.scores[:]
    c.results = s.results[:]
    c.log = s.log
    return c


_BIT = tuple(1 << i for i in range(DECK_SIZE))
_DECK = range(DECK_SIZE)


def _shuffled_deal(rng: random.Random) -> tuple[int, int, int, tuple[int, ...]]:
    """(hand 0, hand 1, board, stock) from a uniform shuffle drawn from ``rng``."""
    rnd = rng.random
    deck = sorted(_DECK, key=lambda _: rnd())
    bit = _BIT.__getitem__
    return (sum(map(bit, deck[:8])), sum(map(bit, deck[8:16])), sum(map(bit, deck[16:24])),
            tuple(deck[24:]))


def _hand_yaku(rules: Rules, hand: int) -> tuple[str, int] | None:
    """(kind, points) of the best hand yaku in ``hand``, or None."""
    best: tuple[str, int] | None = None
    if rules.hand_month_points is not None and month_counts(hand) & _NIB2:
        best = ("four-of-month", rules.hand_month_points)
    if rules.hand_pairs_points is not None and pair_count(hand) == 4:
        if best is None or rules.hand_pairs_points > best[1]:
            best = ("four-pairs", rules.hand_pairs_points)
    return best


def _start_round(s: State, dealer: int, events: Events) -> None:
    """Deal (and redeal while a redeal rule applies), then settle any hand yaku."""
    rules = s.rules
    while True:
        if s.next_deal < len(s.deals):
            deal = s.deals[s.next_deal]
            s.next_deal += 1
            if deal.dealer is not None:
                dealer = deal.dealer
            s.hands = [deal.hands[0], deal.hands[1]]
            s.board = deal.board
            s.stock = deal.stock
        else:
            h0, h1, s.board, s.stock = _shuffled_deal(s.rng)
            s.hands = [h0, h1]
        s.dealer = dealer
        s.pos = 0
        s.captured = [0, 0]
        s.calls = [0, 0]
        s.last_total = [0, 0]
        s.last_made = [0, 0]
        s.month_mask = month_mask((s.round - 1) % 12 + 1)
        s.seat = dealer
        s.phase = PLAY
        s.step = STEP_PLAY
        s.pending = -1
        s.candidates = 0
        s.final = False
        if events is not None:
            events.append({
                "type": "new_round", "round": s.round, "rounds": rules.rounds,
                "dealer": dealer, "month": (s.round - 1) % 12 + 1, "board": ids_of(s.board),
            })
            for seat in (0, 1):
                events.append({"type": "deal", "seat": seat, "hand": ids_of(s.hands[seat]),
                               "seats": [seat]})
        reason = _redeal_reason(rules, s)
        if reason is not None:
            if events is not None:
                events.append({"type": "redeal", **reason})
            continue
        found = [_hand_yaku(rules, s.hands[0]), _hand_yaku(rules, s.hands[1])]
        if found[0] and found[1]:
            if rules.hand_both == "redeal":
                if events is not None:
                    events.append({"type": "redeal", "reason": "hand-yaku-both"})
                continue
            return
        for seat in (0, 1):
            hit = found[seat]
            if hit is not None:
                kind, points = hit
                title = rules.hand_titles[kind]
                if events is not None:
                    shown = s.hands[seat]
                    if kind == "four-of-month":
                        full = month_counts(shown) & _NIB2
                        shown = sum(0xF << (4 * m) for m in range(12) if full >> (4 * m + 2) & 1)
                    events.append({"type": "hand_yaku", "seat": seat, "kind": kind,
                                   "yaku": title, "cards": ids_of(shown), "points": points})
                _settle(s, seat, points, False, "hand-yaku", events,
                        titles=((title,), ()) if seat == 0 else ((), (title,)))
                return
        return


def _redeal_reason(rules: Rules, s: State) -> dict[str, Any] | None:
    if rules.redeal_board_month and month_counts(s.board) & _NIB2:
        return {"reason": "board-four-of-month", "month": _full_month(s.board)}
    if rules.redeal_board_pairs and pair_count(s.board) == 4:
        return {"reason": "board-four-pairs"}
    for seat in (0, 1):
        hand = s.hands[seat]
        if rules.redeal_hand_month and month_counts(hand) & _NIB2:
            return {"reason": "hand-four-of-month", "seat": seat, "month": _full_month(hand)}
        if rules.redeal_hand_pairs and pair_count(hand) == 4:
            return {"reason": "hand-four-pairs", "seat": seat}
    return None


def _full_month(mask: int) -> int:
    full = month_counts(mask) & _NIB2
    return next(m + 1 for m in range(12) if full >> (4 * m + 2) & 1)


# --------------------------------------------------------------------------- moves


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
    """Apply a legal move of the seat to act and every automatic step after it."""
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
            total = s.last_total[seat]
            _stop(s, seat, total, events)
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


PHASE_STEP = ("play", "draw")


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
    card = s.stock[s.pos]
    s.pos += 1
    if events is not None:
        events.append({"type": "draw", "seat": seat, "card": CARD_IDS[card]})
    if _place(s, seat, card, STEP_DRAW, events):
        return
    _end_turn(s, seat, events)


def _end_turn(s: State, seat: int, events: Events) -> None:
    captured = s.captured[seat]
    if captured != s.cap0:
        total, made = s.rules.yaku.evaluate(captured, s.calls[seat], s.month_mask)
        if total and (total > s.last_total[seat] or made & ~s.last_made[seat]):
            rules = s.rules
            if events is not None:
                events.append(_yaku_event(s, seat, captured, made))
            if rules.last_turn_own:
                final = not s.hands[seat]
            else:
                final = not (s.hands[0] | s.hands[1])
            if final and rules.last_turn_auto:
                _stop(s, seat, total, events)
                return
            s.phase = DECIDE
            s.final = final
            s.last_total[seat] = total
            s.last_made[seat] |= made
            return
    _next_turn(s, seat, events)


def _yaku_event(s: State, seat: int, captured: int, made: int) -> dict[str, Any]:
    table = s.rules.yaku
    listed = [
        {"id": y.id, "title": y.title, "points": p}
        for y, p in table.made(captured, s.calls[seat], s.month_mask)
    ]
    new = [y.title for i, y in enumerate(table.yaku) if made >> i & 1 and not
           s.last_made[seat] >> i & 1]
    return {"type": "yaku", "seat": seat, "yaku": listed, "new": new,
            "total": sum(e["points"] for e in listed)}


def _next_turn(s: State, seat: int, events: Events) -> None:
    if s.hands[0] | s.hands[1]:
        s.seat = 1 - seat
        s.phase = PLAY
        return
    _exhausted(s, events)


# --------------------------------------------------------------------------- scoring


def stop_points(rules: Rules, total: int, own_calls: int, opponent_calls: int) -> int:
    """What a stopper with yaku ``total`` scores after every bonus and multiplier."""
    value = total
    if own_calls and rules.call_steps:
        add, multiply = rules.call_steps[min(own_calls, len(rules.call_steps)) - 1]
        value = value * multiply + add
    if rules.double_at is not None and total >= rules.double_at:
        value *= rules.double_factor
    if own_calls:
        value *= rules.own_multiplier
    if opponent_calls:
        value *= rules.opponent_multiplier
    return value


def _titles(s: State, seat: int) -> tuple[str, ...]:
    made = s.rules.yaku.made(s.captured[seat], s.calls[seat], s.month_mask)
    return tuple(y.title for y, _ in made)


def _stop(s: State, seat: int, total: int, events: Events) -> None:
    points = stop_points(s.rules, total, s.calls[seat], s.calls[1 - seat])
    if events is not None:
        events.append({"type": "stop", "seat": seat, "total": total, "points": points})
    titles = ((_titles(s, 0), ()) if seat == 0 else ((), _titles(s, 1)))
    _settle(s, seat, points, False, "stop", events, titles)


def _exhausted(s: State, events: Events) -> None:
    rules = s.rules
    outcome = rules.exhausted
    winner: int | None = None
    points = 0
    titles: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    if outcome == "dealer":
        winner, points = s.dealer, rules.exhausted_points
    elif outcome == "higher":
        ev = rules.yaku.evaluate
        totals = [ev(s.captured[p], s.calls[p], s.month_mask)[0] for p in (0, 1)]
        if totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
            points = totals[winner]
            if rules.double_at is not None and points >= rules.double_at:
                points *= rules.double_factor
            titles = (_titles(s, 0), ()) if winner == 0 else ((), _titles(s, 1))
        else:
            winner, points = s.dealer, rules.exhausted_points
    _settle(s, winner, points, True, "exhausted", events, titles)


def _settle(
    s: State,
    winner: int | None,
    amount: int,
    exhausted: bool,
    reason: str,
    events: Events,
    titles: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> None:
    """Close the round: points, plugin adjustments, scores, then the next round or the end."""
    rules = s.rules
    points = [0, 0]
    if winner is not None:
        points[winner] = amount
        if rules.zero_sum:
            points[1 - winner] = -amount
    if s.adjust is not None:
        unit = {
            "points": points[:], "winner": winner, "dealer": s.dealer, "exhausted": exhausted,
            "yaku": [list(titles[0]), list(titles[1])],
            "captured": [ids_of(s.captured[0]), ids_of(s.captured[1])], "round": s.round,
        }
        deltas = s.adjust(unit)
        points = [points[i] + int(deltas[i]) for i in (0, 1)]
    result = RoundResult(s.round, s.dealer, winner, exhausted, (points[0], points[1]),
                         titles, reason)
    s.results.append(result)
    s.scores[0] += points[0]
    s.scores[1] += points[1]
    if events is not None:
        events.append({"type": "round_end", "round": s.round, "dealer": s.dealer,
                       "winner": winner, "exhausted": exhausted, "reason": reason,
                       "points": points[:], "yaku": [list(titles[0]), list(titles[1])],
                       "scores": s.scores[:]})
    if s.round >= rules.rounds or (rules.end_at_zero and min(s.scores) <= 0):
        s.phase = OVER
        if events is not None:
            events.append({"type": "game_over", "scores": s.scores[:], "winner": game_winner(s)})
        return
    if rules.next_dealer == "winner":
        dealer = s.dealer if winner is None else winner
    elif rules.next_dealer == "alternate":
        dealer = 1 - s.dealer
    else:
        dealer = s.dealer
    s.round += 1
    _start_round(s, dealer, events)


def game_winner(s: State) -> int | None:
    """The seat with the higher score once the game is over (None for a tie or while playing)."""
    if s.phase != OVER or s.scores[0] == s.scores[1]:
        return None
    return 0 if s.scores[0] > s.scores[1] else 1


# --------------------------------------------------------------------------- search helpers


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


def hidden_variant(s: State, seat: int, rng: random.Random) -> State:
    """A copy in which the opponent's hand and the stock are redealt at random.

    Everything ``seat`` can see is kept; pinned future deals are forgotten and the copy gets
    a fresh random generator seeded from ``rng``.
    """
    c = clone(s, random.Random(rng.getrandbits(64)))
    other = 1 - seat
    unknown = indexes_of(c.hands[other]) + list(c.stock[c.pos:])
    rng.shuffle(unknown)
    n = c.hands[other].bit_count()
    hand = 0
    for i in unknown[:n]:
        hand |= 1 << i
    c.hands[other] = hand
    c.stock = tuple(unknown[n:])
    c.pos = 0
    c.deals = ()
    c.next_deal = 0
    return c
