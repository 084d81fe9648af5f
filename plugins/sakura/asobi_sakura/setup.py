"""Starting a game of Sakura: the deck (shuffled, or pinned by a record), the deal, and exact
positions built for tests and for the AI.

The garden itself is built by :meth:`Rules.garden` (garden.py); the starting pieces and tokens
are the defaults of the :class:`State` constructor (state.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from asobi.errors import AsobiError
from asobi_sakura.rules import Rules
from asobi_sakura.state import Adjust, State, painter_count


def check_deck_order(rules: Rules, order: Any) -> list[int]:
    """Validate a pinned deck order (``setup.deck``) and return it as a list."""
    size = rules.deck_size
    if not isinstance(order, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in order
    ):
        raise AsobiError(f"setup.deck must be a list of the {size} card numbers in draw order")
    if sorted(order) != list(range(1, size + 1)):
        dupes = sorted({n for n in order if order.count(n) > 1})
        missing = sorted(set(range(1, size + 1)) - set(order))
        extra = sorted(n for n in set(order) if not 1 <= n <= size)
        detail = "; ".join(
            part
            for part in (
                f"repeated: {dupes}" if dupes else "",
                f"missing: {missing}" if missing else "",
                f"not a card: {extra}" if extra else "",
            )
            if part
        )
        raise AsobiError(
            f"setup.deck must hold each card number 1 to {size} exactly once ({detail})"
        )
    return list(order)


def new_game(
    rules: Rules,
    players: int,
    rng: random.Random,
    setup: Mapping[str, Any] | None = None,
    adjust: Adjust | None = None,
) -> State:
    """Start a game: Emperor on the torii, painters at the gate, hands dealt.

    ``setup`` may pin ``deck`` (every card number once, in draw order: seat 0 is dealt the
    first ``hand_size`` cards, seat 1 the next, and so on). Without it the deck is shuffled
    with ``rng``. The game is played by the rules of its number of players
    (:meth:`Rules.for_players`), which its state keeps.
    """
    if not 2 <= players <= 6:
        raise AsobiError(f"Sakura is for 2 to 6 players, not {players}")
    rules = rules.for_players(players)
    if setup is not None and not isinstance(setup, Mapping):
        raise AsobiError("setup must be a mapping (for Sakura: {\"deck\": [...]})")
    unknown = set(setup or {}) - {"deck"}
    if unknown:
        raise AsobiError(f"unknown setup field(s) for Sakura: {sorted(unknown)}; only 'deck'")
    if setup and "deck" in setup:
        order = check_deck_order(rules, setup["deck"])
    else:
        order = list(range(1, rules.deck_size + 1))
        rng.shuffle(order)
    deck = order[::-1]
    hands = [[deck.pop() for _ in range(rules.hand_size)] for _ in range(players)]
    return State(rules, players, rng, hands=hands, deck=deck, adjust=adjust)


def position(
    rules: Rules,
    players: int,
    *,
    emperor: int,
    painters: Sequence[int],
    tokens: Sequence[int] | None = None,
    hands: Sequence[Sequence[int]] | None = None,
    deck: Sequence[int] | None = None,
    scored: Sequence[bool] | None = None,
    round: int = 1,
    seed: int = 0,
) -> State:
    """Build a state from an exact position, in phase ``pick`` (tests and AI simulation).

    ``deck`` is in draw order; cards in neither the hands nor ``deck`` form the discard pile.
    Without ``hands`` every seat holds no card; without ``deck`` the remaining cards are
    shuffled with ``seed``.
    """
    rng = random.Random(seed)
    rules = rules.for_players(players)
    count = painter_count(rules, players)
    if len(painters) != count:
        raise ValueError(f"expected {count} painter positions")
    hand_lists = [list(h) for h in (hands or [[] for _ in range(players)])]
    held = {n for h in hand_lists for n in h}
    if deck is None:
        rest = [n for n in range(1, rules.deck_size + 1) if n not in held]
        rng.shuffle(rest)
        pile: list[int] = rest
        discard: list[int] = []
    else:
        pile = list(deck)
        used = held | set(pile)
        discard = [n for n in range(1, rules.deck_size + 1) if n not in used]
    return State(
        rules,
        players,
        rng,
        emperor=emperor,
        painters=list(painters),
        tokens=list(tokens) if tokens is not None else None,
        hands=hand_lists,
        deck=pile[::-1],
        discard=discard,
        scored=list(scored) if scored is not None else None,
        round=round,
    )


def pinned_deck(rules: Rules, rng: random.Random) -> dict[str, Any]:
    """A record ``setup`` pinning the deck's order, shuffled with ``rng``
    (``asobi_pinned_setup``); later reshuffles of the discards still follow the seed."""
    order = list(range(1, rules.deck_size + 1))
    rng.shuffle(order)
    return {"deck": order}
