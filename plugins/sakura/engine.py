"""The mechanics of Sakura: a mutable game state and the functions that change it.

Painters are numbered like seats; with two players and a neutral painter, the neutral one is
painter 2 (``state.neutral``). Positions are indexes into the garden path (0 is the gate).

A round goes ``pick`` (every seat secretly picks a card; in the ``hand`` neutral mode the
round's chooser also gives the neutral painter a card) -> reveal -> resolution in increasing
card number, pausing in phase ``choose`` whenever a card asks its player for a direction ->
end of round (discard, refill) -> ``pick`` again, until the last tree has scored (``over``).

Events are appended to an ``events`` list when one is given (the AI passes ``None`` to
simulate faster).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from asobi.errors import AsobiError
from asobi_sakura.cards import (
    CLOSEST_BACK,
    COUNT,
    EITHER,
    EMPEROR_BACK,
    EMPEROR_EITHER,
    EMPEROR_FORWARD,
    FORWARD,
    FURTHEST_FORWARD,
    JUMP,
    Card,
)
from asobi_sakura.garden import Garden
from asobi_sakura.rules import Rules

PICK = "pick"
CHOOSE = "choose"
OVER = "over"

FORWARD_DIR = "forward"
BACK_DIR = "back"
DIRECTIONS: tuple[str, ...] = (FORWARD_DIR, BACK_DIR)

# Status of a revealed card during its round.
WAITING = "waiting"
CURRENT = "current"
RESOLVED = "resolved"
DISCARDED = "discarded"

Events = list[dict[str, Any]] | None
Adjust = Callable[[Mapping[str, Any]], list[int]]


def _no_adjust(unit: Mapping[str, Any]) -> list[int]:
    return [0] * len(unit["points"])


@dataclass(eq=False)
class State:
    """A whole game. Mutable: :func:`apply` changes it in place."""

    rules: Rules
    players: int
    garden: Garden
    rng: random.Random
    emperor: int
    painters: list[int]
    tokens: list[int]
    supply: int
    hands: list[list[int]]
    deck: list[int]
    """Face-down draw pile; the *last* item is the top card."""
    discard: list[int] = field(default_factory=list)
    scored: list[bool] = field(default_factory=list)
    round: int = 1
    phase: str = PICK
    picks: list[int | None] = field(default_factory=list)
    neutral_pick: int | None = None
    plays: list[tuple[int, int]] = field(default_factory=list)
    """Revealed cards of the current (or, in ``pick``, the previous) round as
    ``(card number, painter)``, in resolution order."""
    status: list[str] = field(default_factory=list)
    plays_round: int = 0
    cursor: int = 0
    stage: int = 0
    """0: the current card's garden action is next; 1: its painter action."""
    pending: str | None = None
    """``"emperor"`` or ``"direction"`` while the current card waits for its player."""
    tree_hit: int | None = None
    rounds: list[dict[str, Any]] = field(default_factory=list)
    bumps: list[int] = field(default_factory=list)
    adjust: Adjust = _no_adjust
    refill: bool = True
    """False in AI simulations: the round ends without drawing cards."""

    # ------------------------------------------------------------------ derived values

    @property
    def neutral(self) -> int | None:
        """The neutral painter's index, or None."""
        return self.players if len(self.painters) > self.players else None

    @property
    def trees(self) -> tuple[int, ...]:
        return self.garden.trees

    def chooser(self) -> int | None:
        """The seat that gives the neutral painter its card this round (``hand`` mode)."""
        if self.neutral is None or self.rules.neutral_mode != "hand":
            return None
        return (self.round - 1) % self.players

    def seat_of(self, painter: int) -> int | None:
        return painter if painter < self.players else None

    def clone(self, share_rng: bool = False) -> State:
        """An independent copy. The rng is copied too, unless ``share_rng`` (simulations,
        where the cost of copying it matters more than its future draws)."""
        if share_rng:
            rng = self.rng
        else:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        return State(
            rules=self.rules,
            players=self.players,
            garden=self.garden,
            rng=rng,
            emperor=self.emperor,
            painters=list(self.painters),
            tokens=list(self.tokens),
            supply=self.supply,
            hands=[list(h) for h in self.hands],
            deck=list(self.deck),
            discard=list(self.discard),
            scored=list(self.scored),
            round=self.round,
            phase=self.phase,
            picks=list(self.picks),
            neutral_pick=self.neutral_pick,
            plays=list(self.plays),
            status=list(self.status),
            plays_round=self.plays_round,
            cursor=self.cursor,
            stage=self.stage,
            pending=self.pending,
            tree_hit=self.tree_hit,
            rounds=[dict(r) for r in self.rounds],
            bumps=list(self.bumps),
            adjust=self.adjust,
            refill=self.refill,
        )


# ---------------------------------------------------------------------- creating games


def _painter_count(rules: Rules, players: int) -> int:
    return players + 1 if rules.neutral(players) else players


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
    with ``rng``.
    """
    if not 2 <= players <= 6:
        raise AsobiError(f"Sakura is for 2 to 6 players, not {players}")
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
    count = _painter_count(rules, players)
    garden = rules.garden(players)
    deck = order[::-1]
    hands = [[deck.pop() for _ in range(rules.hand_size)] for _ in range(players)]
    return State(
        rules=rules,
        players=players,
        garden=garden,
        rng=rng,
        emperor=garden.torii,
        painters=[0] * count,
        tokens=[rules.start_tokens] * count,
        supply=rules.total_tokens - rules.start_tokens * count,
        hands=hands,
        deck=deck,
        scored=[False] * len(garden.trees),
        picks=[None] * players,
        bumps=[0] * count,
        adjust=adjust or _no_adjust,
    )


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
    count = _painter_count(rules, players)
    if len(painters) != count:
        raise ValueError(f"expected {count} painter positions")
    garden = rules.garden(players)
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
    token_list = list(tokens) if tokens is not None else [rules.start_tokens] * count
    return State(
        rules=rules,
        players=players,
        garden=garden,
        rng=rng,
        emperor=emperor,
        painters=list(painters),
        tokens=token_list,
        supply=rules.total_tokens - sum(token_list),
        hands=hand_lists,
        deck=pile[::-1],
        discard=discard,
        scored=list(scored) if scored is not None else [False] * len(garden.trees),
        round=round,
        picks=[None] * players,
        bumps=[0] * count,
    )


# ---------------------------------------------------------------------- turn flow


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
        _emperor_move(state, state.rules.card(card).move, direction, events)
        state.stage = 1
    else:
        state.pending = None
        _painter_move(state, painter, state.rules.card(card).steps, direction, events)
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


# ---------------------------------------------------------------------- round machinery


def _draw(state: State, events: Events) -> int:
    if not state.deck:
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        if events is not None:
            events.append({"type": "reshuffle", "cards": len(state.deck)})
    return state.deck.pop()


def _reveal(state: State, events: Events) -> None:
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


def play_round(state: State, plays: Sequence[tuple[int, int]], events: Events = None) -> None:
    """Resolve exactly ``plays`` (``(card, painter)`` pairs) as this round's revealed cards,
    as if they had been picked (the cards need not be in any hand). Used by the AI to
    simulate a round and by tests; stops at the first choice like :func:`apply`."""
    _set_plays(state, list(plays))
    state.phase = PICK
    _advance(state, events)


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
            _garden_action(state, card, FORWARD_DIR, events)
            state.stage = 1
        if card.painter == EITHER and not neutral:
            state.pending = "direction"
            state.phase = CHOOSE
            return
        _painter_action(state, card, painter, FORWARD_DIR, events)
        _finish_card(state, events)
    if state.phase != OVER:
        _end_round(state, events)


def _finish_card(state: State, events: Events) -> None:
    state.status[state.cursor] = RESOLVED
    state.cursor += 1
    state.stage = 0
    if state.tree_hit is not None:
        rest = [n for n, _ in state.plays[state.cursor :]]
        for i in range(state.cursor, len(state.plays)):
            state.status[i] = DISCARDED
        state.cursor = len(state.plays)
        _score_tree(state, state.tree_hit, rest, events)
        state.tree_hit = None


def _end_round(state: State, events: Events) -> None:
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


# ---------------------------------------------------------------------- garden queries


def occupied(state: State, space: int, mover: int) -> bool:
    """Whether a painter other than ``mover`` stands on ``space`` (the gate never counts)."""
    if space == 0:
        return False
    painters = state.painters
    here = painters.count(space)
    if mover >= 0 and painters[mover] == space:
        here -= 1
    return here > 0


def closest(state: State) -> int | None:
    """The painter closest to the Emperor, or None when all stand together at the gate."""
    best = None
    for p, pos in enumerate(state.painters):
        if pos > 0 and (best is None or pos > state.painters[best]):
            best = p
    if best is None and state.painters.count(0) == 1:
        return state.painters.index(0)
    return best


def furthest(state: State) -> int | None:
    """The painter furthest from the Emperor, or None when two or more share the gate
    (they are neither ahead of nor behind each other)."""
    at_gate = [p for p, pos in enumerate(state.painters) if pos == 0]
    if len(at_gate) >= 2:
        return None
    if at_gate:
        return at_gate[0]
    return min(range(len(state.painters)), key=lambda p: state.painters[p])


def ranking(state: State) -> list[int]:
    """Painters in order of closeness to the Emperor. Painters sharing the gate are left
    out (they are neither ahead of nor behind each other); a lone one at the gate is last."""
    ranked = sorted(
        (p for p, pos in enumerate(state.painters) if pos > 0),
        key=lambda p: -state.painters[p],
    )
    at_gate = [p for p, pos in enumerate(state.painters) if pos == 0]
    if len(at_gate) == 1:
        ranked.append(at_gate[0])
    return ranked


def ahead_of(state: State, painter: int) -> list[int]:
    """Painters strictly ahead of ``painter`` (between it and the Emperor)."""
    mine = state.painters[painter]
    return [p for p, pos in enumerate(state.painters) if pos > mine]


# ---------------------------------------------------------------------- movement


def _emperor_move(state: State, steps: int, direction: str, events: Events) -> None:
    if direction == FORWARD_DIR:
        _emperor_forward(state, steps, events)
    else:
        _emperor_back(state, steps, events)


def _emperor_forward(state: State, steps: int, events: Events) -> None:
    start = pos = state.emperor
    counted = 0
    trees = state.trees
    last = state.garden.last
    while counted < steps and pos < last:
        pos += 1
        if occupied(state, pos, -1):
            continue
        counted += 1
        if pos in trees and not state.scored[trees.index(pos)]:
            state.tree_hit = trees.index(pos)
            break
    state.emperor = pos
    if events is not None:
        events.append({"type": "emperor", "from": start, "to": pos})


def _emperor_back(state: State, steps: int, events: Events) -> None:
    for _ in range(steps):
        start = state.emperor
        state.emperor = max(1, start - 1)
        if events is not None:
            events.append({"type": "emperor", "from": start, "to": state.emperor})
        if state.emperor == start:
            break
        for p, pos in enumerate(state.painters):
            if pos == state.emperor:
                _bump(state, p, events)
                break


def _bump(state: State, painter: int, events: Events) -> None:
    """``painter`` reached the Emperor: pays a token and steps back from his space."""
    lost = min(state.rules.bump_loss, state.tokens[painter])
    state.tokens[painter] -= lost
    state.supply += lost
    state.bumps[painter] += 1
    state.painters[painter] = state.emperor
    _painter_back(state, painter, state.rules.bump_back, None)
    if events is not None:
        events.append(
            {"type": "bump", "painter": painter, "tokens": lost, "to": state.painters[painter]}
        )


def _land(state: State, painter: int, start: int, target: int, events: Events) -> None:
    """Finish a painter's move from ``start``: on ``target``, or, on reaching the Emperor's
    space or beyond, stopped there and bumped."""
    if target >= state.emperor:
        if events is not None:
            events.append({"type": "painter", "painter": painter, "from": start,
                           "to": state.emperor})
        _bump(state, painter, events)
        return
    state.painters[painter] = target
    if events is not None:
        events.append({"type": "painter", "painter": painter, "from": start, "to": target})


def _painter_forward(state: State, painter: int, steps: int, events: Events) -> None:
    start = pos = state.painters[painter]
    counted = 0
    while counted < steps:
        pos += 1
        if pos >= state.emperor:
            break
        if occupied(state, pos, painter):
            continue
        counted += 1
    _land(state, painter, start, pos, events)


def _painter_back(state: State, painter: int, steps: int, events: Events) -> None:
    start = pos = state.painters[painter]
    counted = 0
    while counted < steps and pos > 0:
        pos -= 1
        if pos == 0:
            break
        if occupied(state, pos, painter):
            continue
        counted += 1
    _land(state, painter, start, pos, events)


def _painter_move(state: State, painter: int, steps: int, direction: str, events: Events) -> None:
    if direction == FORWARD_DIR:
        _painter_forward(state, painter, steps, events)
    else:
        _painter_back(state, painter, steps, events)


def _jump(state: State, painter: int, events: Events) -> None:
    ahead = ahead_of(state, painter)
    if not ahead:
        return
    start = state.painters[painter]
    target = min(state.painters[p] for p in ahead) + 1
    while target < state.emperor and occupied(state, target, painter):
        target += 1
    _land(state, painter, start, target, events)


def _garden_action(state: State, card: Card, direction: str, events: Events) -> None:
    kind = card.garden
    if kind == EMPEROR_FORWARD:
        _emperor_forward(state, card.move, events)
    elif kind == EMPEROR_BACK:
        _emperor_back(state, card.move, events)
    elif kind == EMPEROR_EITHER:
        _emperor_move(state, card.move, direction, events)
    elif kind == CLOSEST_BACK:
        target = closest(state)
        if target is not None:
            _painter_back(state, target, card.move, events)
    elif kind == FURTHEST_FORWARD:
        target = furthest(state)
        if target is not None:
            _painter_forward(state, target, card.move, events)


def _painter_action(state: State, card: Card, painter: int, direction: str, events: Events) -> None:
    kind = card.painter
    if kind == FORWARD:
        _painter_forward(state, painter, card.steps, events)
    elif kind == EITHER:
        _painter_move(state, painter, card.steps, direction, events)
    elif kind == JUMP:
        _jump(state, painter, events)
    elif kind == COUNT:
        between = len(ahead_of(state, painter))
        if between:
            _painter_forward(state, painter, between, events)


# ---------------------------------------------------------------------- trees and the end


def _score_tree(state: State, tree: int, discarded: list[int], events: Events) -> None:
    rules = state.rules
    state.scored[tree] = True
    last = tree == len(state.trees) - 1
    places = rules.tree_places(state.players, last)
    ranked = ranking(state)
    gained = [0] * len(state.painters)
    for place, painter in enumerate(ranked[: len(places)]):
        amount = min(places[place], state.supply)
        state.supply -= amount
        state.tokens[painter] += amount
        gained[painter] = amount
    winner = ranked[0] if ranked and ranked[0] < state.players else None
    unit = {
        "tree": tree + 1,
        "points": gained[: state.players],
        "winner": winner,
        "ranking": ranked,
    }
    deltas = state.adjust(unit)
    for seat, delta in enumerate(deltas[: state.players]):
        if delta > 0:
            delta = min(delta, state.supply)
        else:
            delta = -min(-delta, state.tokens[seat])
        state.tokens[seat] += delta
        state.supply -= delta
        gained[seat] += delta
    entry = {"tree": tree + 1, "points": gained[: state.players], "winner": winner}
    state.rounds.append(entry)
    if events is not None:
        events.append(
            {
                "type": "tree",
                "tree": tree + 1,
                "space": state.trees[tree],
                "points": gained,
                "ranking": ranked,
                "discarded": discarded,
            }
        )
    if all(state.scored):
        state.phase = OVER
        if events is not None:
            events.append(
                {"type": "game_over", "scores": scores(state), "winner": winner_of(state)}
            )
        return
    # Regroup: each ranked painter moves directly behind the one before it.
    for i in range(1, len(ranked)):
        state.painters[ranked[i]] = max(0, state.painters[ranked[i - 1]] - 1)
    if events is not None:
        events.append({"type": "regroup", "painters": list(state.painters)})


def scores(state: State) -> list[int]:
    return state.tokens[: state.players]


def winner_of(state: State) -> int | None:
    """Most tokens wins; a tie goes to the tied seat closest to the Emperor. Seats tied on
    tokens and sharing the gate draw (None). The neutral painter never wins."""
    if state.phase != OVER:
        return None
    best = max(scores(state))
    tied = [s for s in range(state.players) if state.tokens[s] == best]
    if len(tied) == 1:
        return tied[0]
    front = max(state.painters[s] for s in tied)
    closest_tied = [s for s in tied if state.painters[s] == front]
    return closest_tied[0] if len(closest_tied) == 1 else None


def result(state: State) -> dict[str, Any]:
    return {
        "finished": state.phase == OVER,
        "rounds": [dict(r) for r in state.rounds],
        "scores": scores(state),
        "winner": winner_of(state),
    }


# ---------------------------------------------------------------------- what a seat sees


def observation(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may know: the garden, tokens, its own hand and pick, revealed cards."""
    rules = state.rules
    card = rules.card
    pending = None
    if state.phase == CHOOSE:
        number, painter = state.plays[state.cursor]
        pending = {"kind": state.pending, "seat": painter, "card": number}
    mine = state.picks[seat] if seat < state.players else None
    chooser = state.chooser()
    return {
        "game": "sakura",
        "seat": seat,
        "players": state.players,
        "neutral": state.neutral,
        "round": state.round,
        "phase": state.phase,
        "spaces": list(state.garden.kinds),
        "bridges": list(state.garden.bridge),
        "trees": list(state.trees),
        "scored": list(state.scored),
        "emperor": state.emperor,
        "painters": list(state.painters),
        "tokens": list(state.tokens),
        "supply": state.supply,
        "bumps": list(state.bumps),
        "hand": [card(n).as_dict() for n in sorted(state.hands[seat])],
        "hand_sizes": [len(h) for h in state.hands],
        "picked": [p is not None for p in state.picks],
        "neutral_picked": state.neutral_pick is not None,
        "my_pick": card(mine).as_dict() if mine is not None else None,
        "neutral_chooser": chooser,
        "my_neutral_pick": (
            card(state.neutral_pick).as_dict()
            if chooser == seat and state.neutral_pick is not None
            else None
        ),
        "plays_round": state.plays_round,
        "plays": [
            {"card": card(n).as_dict(), "painter": p, "status": st}
            for (n, p), st in zip(state.plays, state.status, strict=True)
        ],
        "pending": pending,
        "deck": len(state.deck),
        "discard": sorted(state.discard),
        "rounds": [dict(r) for r in state.rounds],
    }


def hidden_variant(state: State, seat: int, rng: random.Random) -> State:
    """A copy where everything ``seat`` cannot see is dealt again with ``rng``."""
    new = state.clone()
    new.rng = random.Random(rng.getrandbits(64))
    pool: list[int] = list(new.deck)
    others = [s for s in range(new.players) if s != seat]
    for s in others:
        pool.extend(new.hands[s])
        if new.picks[s] is not None:
            pool.append(new.picks[s])  # type: ignore[arg-type]
    hidden_neutral = new.neutral_pick is not None and new.chooser() != seat
    if hidden_neutral:
        pool.append(new.neutral_pick)  # type: ignore[arg-type]
    rng.shuffle(pool)
    for s in others:
        size = len(new.hands[s])
        new.hands[s] = [pool.pop() for _ in range(size)]
        if new.picks[s] is not None:
            new.picks[s] = pool.pop()
    if hidden_neutral:
        new.neutral_pick = pool.pop()
    new.deck = pool
    return new
