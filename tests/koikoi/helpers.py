"""Shared helpers of the Koi-Koi tests: presets, pinned deals, exact positions, moves."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from asobi.contract.model import SetupContext
from asobi.variants.loader import load
from asobi_koikoi import engine, plugin
from asobi_koikoi.cards import CARD_IDS, FULL, INDEX, indexes_of, mask_of, month_mask
from asobi_koikoi.engine import State

PRESETS = ("standard", "italian", "koikoi-japan", "nintendo")


@cache
def _loaded(name: str) -> Mapping[str, Any]:
    return load(plugin.asobi_game_info(), name).rules


def preset(name: str) -> dict[str, Any]:
    """A fresh (mutable) copy of a built-in variant's merged rules."""
    return copy.deepcopy(dict(_loaded(name)))


def deal(
    h0: Sequence[str] = (),
    h1: Sequence[str] = (),
    board: Sequence[str] = (),
    stock: Sequence[str] = (),
    dealer: int | None = 0,
) -> dict[str, Any]:
    """A pinned deal; zones are filled up (8/8/8/24) with the unused cards, dealt round-robin
    in deck order so that the filler alone never makes four of a month or a pair in a zone."""
    zones = [list(h0), list(h1), list(board), list(stock)]
    sizes = [8, 8, 8, 24]
    used = {c for z in zones for c in z}
    assert len(used) == sum(len(z) for z in zones), "a card is given twice"
    rest = [c for c in CARD_IDS if c not in used]
    i = 0
    for card in rest:
        while len(zones[i % 4]) >= sizes[i % 4]:
            i += 1
        zones[i % 4].append(card)
        i += 1
    out: dict[str, Any] = {"hands": [zones[0], zones[1]], "board": zones[2], "stock": zones[3]}
    if dealer is not None:
        out["dealer"] = dealer
    return out


def start(
    rules: str | Mapping[str, Any],
    deals: Iterable[Mapping[str, Any]] = (),
    seed: int = 0,
    adjust: Any = None,
) -> State:
    """A game set up through the plugin's ``asobi_setup`` hook."""
    mapping = preset(rules) if isinstance(rules, str) else rules
    setup = {"deals": list(deals)} if deals else None
    kwargs: dict[str, Any] = {}
    if adjust is not None:
        kwargs["adjust_points"] = adjust
    ctx = SetupContext(rules=mapping, players=2, rng=random.Random(seed), setup=setup, **kwargs)
    return plugin.asobi_setup(ctx)


def legal(state: State) -> list[dict[str, Any]]:
    seats = plugin.asobi_to_act(state)
    return plugin.asobi_legal_actions(state, seats[0]) if seats else []


def act(state: State, action: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Apply ``action`` for the seat to act, checking first that it is legal."""
    options = legal(state)
    assert dict(action) in options, f"{action} not in {options}"
    return plugin.asobi_apply(state, plugin.asobi_to_act(state)[0], action)


def types(events: Iterable[Mapping[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def position(
    rules: str | Mapping[str, Any],
    hands: tuple[Sequence[str], Sequence[str]],
    board: Sequence[str],
    stock: Sequence[str] = (),
    captured: tuple[Sequence[str], Sequence[str]] = ((), ()),
    dealer: int = 0,
    seat: int | None = None,
    calls: tuple[int, int] = (0, 0),
    round_no: int = 1,
    scores: tuple[int, int] | None = None,
    adjust: Any = None,
) -> State:
    """An exact mid-round position (cards not named go to the end of the stock)."""
    state = start(rules, [deal(dealer=dealer)], adjust=adjust)
    assert state.round == 1 and state.phase == engine.PLAY
    state.hands = [mask_of(hands[0]), mask_of(hands[1])]
    state.board = mask_of(board)
    state.captured = [mask_of(captured[0]), mask_of(captured[1])]
    named = state.hands[0] | state.hands[1] | state.board | state.captured[0] | state.captured[1]
    named_stock = mask_of(stock)
    assert not named & named_stock and len(stock) == named_stock.bit_count()
    state.stock = tuple(INDEX[c] for c in stock) + tuple(indexes_of(FULL & ~named & ~named_stock))
    state.pos = 0
    state.dealer = dealer
    if seat is None:
        sizes = [h.bit_count() for h in state.hands]
        seat = dealer if sizes[0] == sizes[1] else (0 if sizes[0] > sizes[1] else 1)
    state.seat = seat
    state.round = round_no
    state.month_mask = month_mask((round_no - 1) % 12 + 1)
    state.calls = list(calls)
    evaluate = state.rules.yaku.evaluate
    made = [evaluate(state.captured[p], calls[p], state.month_mask) for p in (0, 1)]
    state.last_total = [made[p][0] if calls[p] else 0 for p in (0, 1)]
    state.last_made = [made[p][1] if calls[p] else 0 for p in (0, 1)]
    if scores is not None:
        state.scores = list(scores)
    state.log = []
    return state


def total(rules: str | Mapping[str, Any], cards: Iterable[str], calls: int = 0,
          month: int = 1) -> int:
    """The yaku total (before multipliers) of a captured pile under a preset."""
    from asobi_koikoi.rules import compile_rules

    compiled = compile_rules(preset(rules) if isinstance(rules, str) else rules)
    return compiled.yaku.evaluate(mask_of(cards), calls, month_mask(month))[0]


def titles(rules: str | Mapping[str, Any], cards: Iterable[str], calls: int = 0,
           month: int = 1) -> dict[str, int]:
    """Scoring yaku titles -> points of a captured pile."""
    from asobi_koikoi.rules import compile_rules

    compiled = compile_rules(preset(rules) if isinstance(rules, str) else rules)
    made = compiled.yaku.made(mask_of(cards), calls, month_mask(month))
    return {y.title: p for y, p in made}
