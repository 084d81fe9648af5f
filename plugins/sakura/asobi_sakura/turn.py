"""A round of Sakura step by step: who acts, the legal actions, and applying one.

A round goes ``pick`` (every seat secretly picks a card; in the ``hand`` neutral mode the
round's chooser also gives the neutral painter a card) -> reveal (in the ``deck`` mode the
neutral painter gets the top card of the deck) -> resolution in increasing card number, pausing
in phase ``choose`` whenever a card asks its player for a direction (the neutral painter never
chooses: forward) -> end of round (discard, refill) -> ``pick`` again, until the last tree has
scored (``over``). A tree reached by the Emperor discards the round's unresolved cards and
scores (scoring.py); how each card moves the pieces is movement.py's.

Events are appended to an ``events`` list when one is given (the AI passes ``None`` to
simulate faster).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from asobi.errors import AsobiError
from asobi_sakura.cards import EITHER, EMPEROR_EITHER
from asobi_sakura.movement import emperor_move, garden_action, painter_action, painter_move
from asobi_sakura.scoring import score_tree
from asobi_sakura.state import (
    BACK_DIR,
    CHOOSE,
    CURRENT,
    DISCARDED,
    FORWARD_DIR,
    OVER,
    PICK,
    RESOLVED,
    WAITING,
    Events,
    State,
)

# ---------------------------------------------------------------------- actions


def to_act(state: State) -> list[int]:
    """Seats that must act now (several while picking, one during a choice)."""
    if state.phase == PICK:
        chooser = state.chooser()
        return [
            s
            for s in range(state.players)
            if state.picks[s] is None or (s == chooser and state.neutral_pick is None)
        ]
    if state.phase == CHOOSE:
        card, painter = state.plays[state.cursor]
        return [painter]
    return []


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """Every legal action of ``seat`` now, in a stable order."""
    if seat not in to_act(state):
        return []
    if state.phase == PICK:
        hand = sorted(state.hands[seat])
        if state.picks[seat] is None:
            return [{"card": n} for n in hand]
        return [{"neutral": n} for n in hand]
    key = "emperor" if state.pending == "emperor" else "direction"
    return [{key: FORWARD_DIR}, {key: BACK_DIR}]


def apply(state: State, seat: int, action: Mapping[str, Any], events: Events = None) -> None:
    """Apply a legal action (the caller has checked legality); runs until a seat must act."""
    if state.phase == PICK:
        if "card" in action:
            number = int(action["card"])
            state.hands[seat].remove(number)
            state.picks[seat] = number
        else:
            number = int(action["neutral"])
            state.hands[seat].remove(number)
            state.neutral_pick = number
        if events is not None:
            events.append({"type": "picked", "seat": seat})
        if not to_act(state):
            _reveal(state, events)
            _advance(state, events)
        return
    direction = str(action.get("emperor", action.get("direction")))
    card, painter = state.plays[state.cursor]
    if events is not None:
        events.append(
            {"type": "choice", "seat": seat, "card": card, "kind": state.pending,
             "direction": direction}
        )
    state.phase = PICK  # provisional: resolution below sets the next phase
    if state.pending == "emperor":
        state.pending = None
        emperor_move(state, state.rules.card(card).move, direction, events)
        state.stage = 1
    else:
        state.pending = None
        painter_move(state, painter, state.rules.card(card).steps, direction, events)
        _finish_card(state, events)
    if state.phase != OVER:
        _advance(state, events)


def apply_checked(
    state: State, seat: int, action: Mapping[str, Any], events: Events = None
) -> None:
    """:func:`apply` after checking that ``action`` is legal for ``seat``."""
    if dict(action) not in legal_actions(state, seat):
        raise AsobiError(f"illegal action {dict(action)!r} for seat {seat}")
    apply(state, seat, action, events)


def play_round(state: State, plays: Sequence[tuple[int, int]], events: Events = None) -> None:
    """Resolve exactly ``plays`` (``(card, painter)`` pairs) as this round's revealed cards,
    as if they had been picked (the cards need not be in any hand). Used by the AI to
    simulate a round and by tests; stops at the first choice like :func:`apply`."""
    _set_plays(state, list(plays))
    state.phase = PICK
    _advance(state, events)


# ---------------------------------------------------------------------- round machinery


def _draw(state: State, events: Events) -> int:
    """The top card of the deck; an empty deck is first refilled with the shuffled discards."""
    if not state.deck:
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        if events is not None:
            events.append({"type": "reshuffle", "cards": len(state.deck)})
    return state.deck.pop()


def _reveal(state: State, events: Events) -> None:
    """Turn the picks (and the neutral painter's card) into the round's plays."""
    plays = [(n, s) for s, n in enumerate(state.picks) if n is not None]
    neutral = state.neutral
    if neutral is not None:
        if state.neutral_pick is not None:
            plays.append((state.neutral_pick, neutral))
        elif state.rules.neutral_mode == "deck":
            plays.append((_draw(state, events), neutral))
    _set_plays(state, plays)
    if events is not None:
        events.append(
            {
                "type": "reveal",
                "round": state.round,
                "cards": [{"card": n, "painter": p} for n, p in plays],
            }
        )


def _set_plays(state: State, plays: list[tuple[int, int]]) -> None:
    plays.sort()
    state.plays = plays
    state.status = [WAITING] * len(plays)
    state.plays_round = state.round
    state.cursor = 0
    state.stage = 0
    state.tree_hit = None
    state.picks = [None] * state.players
    state.neutral_pick = None


def _advance(state: State, events: Events) -> None:
    """Resolve cards until one needs its player's choice, or the round (or game) ends."""
    rules = state.rules
    while state.cursor < len(state.plays):
        number, painter = state.plays[state.cursor]
        card = rules.card(number)
        state.status[state.cursor] = CURRENT
        neutral = painter == state.neutral
        if state.stage == 0:
            if events is not None:
                events.append({"type": "resolve", "card": number, "painter": painter})
            if card.garden == EMPEROR_EITHER and not neutral:
                state.pending = "emperor"
                state.phase = CHOOSE
                return
            garden_action(state, card, FORWARD_DIR, events)
            state.stage = 1
        if card.painter == EITHER and not neutral:
            state.pending = "direction"
            state.phase = CHOOSE
            return
        painter_action(state, card, painter, FORWARD_DIR, events)
        _finish_card(state, events)
    if state.phase != OVER:
        _end_round(state, events)


def _finish_card(state: State, events: Events) -> None:
    """Mark the current card resolved; if the Emperor reached a new tree, discard the
    round's other cards and score the tree."""
    state.status[state.cursor] = RESOLVED
    state.cursor += 1
    state.stage = 0
    if state.tree_hit is not None:
        rest = [n for n, _ in state.plays[state.cursor :]]
        for i in range(state.cursor, len(state.plays)):
            state.status[i] = DISCARDED
        state.cursor = len(state.plays)
        score_tree(state, state.tree_hit, rest, events)
        state.tree_hit = None


def _end_round(state: State, events: Events) -> None:
    """Discard the round's cards, refill the hands (unless ``state.refill`` is off), and
    start the next round."""
    state.discard.extend(n for n, _ in state.plays)
    for seat in range(state.players if state.refill else 0):
        hand = state.hands[seat]
        drawn = []
        while len(hand) < state.rules.hand_size:
            card = _draw(state, events)
            hand.append(card)
            drawn.append(card)
        if events is not None and drawn:
            events.append({"type": "draw", "seat": seat, "cards": drawn, "seats": [seat]})
    state.round += 1
    state.phase = PICK
    if events is not None:
        events.append({"type": "round", "round": state.round})
