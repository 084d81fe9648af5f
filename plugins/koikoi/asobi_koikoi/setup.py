"""Koi-Koi setup: a new game, the deal of each round, redeals, and pinned deals from records.

A round is dealt from the pinned deals of a record's setup first (in order), then from the
game's random generator. A deal the rules refuse (four cards of a month, four pairs) is dealt
again; a hand yaku held by one seat settles the round at once and the next one is dealt.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from asobi.errors import AsobiError
from asobi.variants.schema import did_you_mean

from .cards import CARD_IDS, DECK_SIZE, ids_of, month_counts, month_mask, pair_count
from .rules import Rules
from .scoring import settle
from .state import PLAY, STEP_PLAY, Adjust, Deal, Events, State, round_month

_NIB2 = 0x444444444444
"""Bit 2 of every month's 4-bit count: set where a card set holds all four cards of a month."""
_BIT = tuple(1 << i for i in range(DECK_SIZE))
_DECK = range(DECK_SIZE)


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
    if rules.first_dealer == "random":
        dealer = rng.randrange(2)
    else:
        dealer = 0 if rules.first_dealer == "seat-0" else 1
    points = rules.starting_points
    # Positional (in field order, see State) because the bench's standard game is one round
    # long: keywords would make every new game a microsecond slower. The round fields are
    # placeholders that start_round deals over.
    s = State(
        rules, rng, adjust, tuple(deals), 0,  # rules, rng, adjust, deals, next_deal
        [0, 0], 0, [0, 0], (), 0,  # hands, board, captured, stock, pos
        dealer, PLAY, STEP_PLAY, -1, 0, False, 0,  # seat .. cap0
        [0, 0], [0, 0], [0, 0],  # calls, last_total, last_made
        1, dealer, 0, [points, points], [], [],  # round, dealer, month_mask, scores, results, log
    )
    start_round(s, dealer, events)
    return s


def start_round(s: State, dealer: int, events: Events) -> None:
    """Deal round ``s.round`` (again while a redeal rule applies), then settle a hand yaku.

    A round settled by a hand yaku is followed by the next deal here, until a round can be
    played or the game is over.
    """
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
        month = round_month(s.round)
        s.month_mask = month_mask(month)
        s.seat = dealer
        s.phase = PLAY
        s.step = STEP_PLAY
        s.pending = -1
        s.candidates = 0
        s.final = False
        if events is not None:
            events.append({
                "type": "new_round", "round": s.round, "rounds": rules.rounds,
                "dealer": dealer, "month": month, "board": ids_of(s.board),
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
        seat = 0 if found[0] else 1
        hit = found[seat]
        if hit is None:
            return
        kind, points = hit
        title = rules.hand_titles[kind]
        if events is not None:
            shown = s.hands[seat]
            if kind == "four-of-month":
                full = month_counts(shown) & _NIB2
                shown = sum(0xF << (4 * m) for m in range(12) if full >> (4 * m + 2) & 1)
            events.append({"type": "hand_yaku", "seat": seat, "kind": kind,
                           "yaku": title, "cards": ids_of(shown), "points": points})
        made = ((title,), ()) if seat == 0 else ((), (title,))
        next_dealer = settle(s, seat, points, False, "hand-yaku", events, made)
        if next_dealer is None:
            return
        dealer = next_dealer


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


def _redeal_reason(rules: Rules, s: State) -> dict[str, Any] | None:
    """Why the rules refuse the current deal (the ``redeal`` event's fields), or None."""
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
    """The first month (1..12) all four cards of which are in ``mask``."""
    full = month_counts(mask) & _NIB2
    return next(m + 1 for m in range(12) if full >> (4 * m + 2) & 1)


PINNED_SPARE_DEALS = 4
"""Deals pinned beyond one per round, for redeals; past them the game's seed deals."""


def pinned_deals(rules: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A record ``setup`` pinning the deals of a whole game, shuffled with ``rng``
    (``asobi_pinned_setup``): one per round and a few spares for redeals.

    The first deal also pins its dealer when the rules draw the first dealer at random: who
    deals first is then part of the deal, so the arena's and the lab's games of one block give
    the dealer's hand and the dealer's role to the same seat (each player deals those cards
    once). The dealer is drawn first, whatever the rule, so that variants with another rule
    are dealt the same cards from the same ``rng``. Later rounds' dealers follow the rules.
    """
    first_dealer = rng.randrange(2)
    deals = []
    for _ in range(int(rules["rounds"]) + PINNED_SPARE_DEALS):
        deck = list(CARD_IDS)
        rng.shuffle(deck)
        deals.append({"hands": [deck[:8], deck[8:16]], "board": deck[16:24],
                      "stock": deck[24:]})
    if rules["first_dealer"] == "random":
        deals[0] = {"dealer": first_dealer, **deals[0]}
    return {"deals": deals}


def turned_deals(setup: Mapping[str, Any], turn: int) -> dict[str, Any] | None:
    """``setup`` with its first dealer moved ``turn`` seats on, the cards where they were
    (``asobi_turned_setup``): the other game of the same deals. None when the first deal
    pins no dealer (the rules fix who deals first, or a record pinned none)."""
    deals = setup.get("deals")
    if not isinstance(deals, list) or not deals or deals[0].get("dealer") is None:
        return None
    first = {**deals[0], "dealer": (deals[0]["dealer"] + turn) % 2}
    return {**setup, "deals": [first, *deals[1:]]}
