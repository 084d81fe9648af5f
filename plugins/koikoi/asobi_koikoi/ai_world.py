"""From what a seat sees to engine states it could be in (determinization).

An agent receives observation dicts only. To search, it rebuilds an engine :class:`State` from
the observation and deals the cards it cannot see (the opponent's hand and the stock) at
random: every such *world* is consistent with the observation, and the agent's decisions
depend on the hidden cards only through these samples.

:func:`sample_world` deals uniformly. :class:`Worlds` deals the opponent's hand in proportion
to a weight of that hand (what its past plays say about it, see ``ai_infer``) by
sampling-importance-resampling: a pool of uniformly dealt hands is weighed once per decision,
then each world takes a hand from the pool in proportion to its weight and a freshly
shuffled stock. Both are deterministic given the random generator passed in.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from .cards import FULL, INDEX, indexes_of, mask_of, month_mask
from .rules import Rules
from .state import (
    CHOOSE,
    DECIDE,
    KOIKOI,
    PHASES,
    STEP_DRAW,
    STEP_PLAY,
    STOP,
    State,
    round_month,
)


@dataclass(frozen=True)
class View:
    """The public facts of one observation, as engine bit sets."""

    seat: int
    to_act: int
    phase: int
    step: int
    hand: int
    board: int
    captured: tuple[int, int]
    calls: tuple[int, int]
    opponent_hand: int
    stock: int
    pending: int
    candidates: int
    final: bool
    round: int
    dealer: int
    scores: tuple[int, int]
    history: tuple[dict[str, Any], ...] = field(default=(), compare=False)
    """The observation's ``history``: the public events of the round so far."""

    @property
    def unseen(self) -> int:
        """The cards this seat cannot see: the opponent's hand and the stock."""
        known = self.hand | self.board | self.captured[0] | self.captured[1]
        if self.pending >= 0:
            known |= 1 << self.pending
        return FULL & ~known

    @property
    def alive(self) -> int:
        """Cards nobody has captured yet."""
        return FULL & ~(self.captured[0] | self.captured[1])


def read_view(obs: Mapping[str, Any]) -> View:
    """Parse an observation dict (the shape of ``observe.observation``)."""
    seat = int(obs["seat"])
    players = obs["players"]
    phase = PHASES.index(obs["phase"])
    pending = INDEX[obs["pending"]] if phase == CHOOSE else -1
    decision = obs.get("decision") or {}
    to_act = obs.get("to_act")
    return View(
        seat=seat,
        to_act=seat if to_act is None else int(to_act),
        phase=phase,
        step=STEP_DRAW if obs.get("step") == "draw" else STEP_PLAY,
        hand=mask_of(obs["hand"]),
        board=mask_of(obs["board"]),
        captured=(mask_of(players[0]["captured"]), mask_of(players[1]["captured"])),
        calls=(int(players[0]["koikoi"]), int(players[1]["koikoi"])),
        opponent_hand=int(obs["opponent_hand"]),
        stock=int(obs["stock"]),
        pending=pending,
        candidates=mask_of(obs.get("candidates", ())) if phase == CHOOSE else 0,
        final=bool(decision.get("final", False)) if phase == DECIDE else False,
        round=int(obs["round"]),
        dealer=int(obs["dealer"]),
        scores=(int(obs["scores"][0]), int(obs["scores"][1])),
        history=tuple(obs.get("history", ())),
    )


def _unseen(view: View) -> list[int]:
    """The unseen card indexes, checked against the hidden counts of ``view``."""
    unseen = indexes_of(view.unseen)
    if len(unseen) != view.opponent_hand + view.stock:
        raise ValueError(
            f"observation is inconsistent: {len(unseen)} unseen cards for "
            f"{view.opponent_hand} in hand and {view.stock} in the stock"
        )
    return unseen


def sample_world(view: View, rules: Rules, rng: random.Random) -> State:
    """A full engine state consistent with ``view``: the unseen cards dealt at random.

    The state knows nothing of pinned deals or of round results before this one; a search on
    it should stop at the end of the current round. Its log is the round's visible history.
    """
    unseen = _unseen(view)
    rng.shuffle(unseen)
    other = 0
    for i in unseen[: view.opponent_hand]:
        other |= 1 << i
    return _world(view, rules, other, tuple(unseen[view.opponent_hand :]), rng)


def _world(
    view: View, rules: Rules, other: int, stock: tuple[int, ...], rng: random.Random
) -> State:
    """The state of ``view`` with the opponent holding ``other`` and ``stock`` to draw."""
    hands = [view.hand, other] if view.seat == 0 else [other, view.hand]
    months = month_mask(round_month(view.round))
    evaluate = rules.yaku.evaluate
    total0, made0 = evaluate(view.captured[0], view.calls[0], months)
    total1, made1 = evaluate(view.captured[1], view.calls[1], months)
    to_act = view.to_act
    # Positional, in State's field order: the search builds a world every few playouts.
    return State(
        rules, random.Random(rng.getrandbits(64)), None, (), 0,  # rules .. next_deal
        hands, view.board, list(view.captured), stock, 0,
        to_act, view.phase, view.step, view.pending, view.candidates, view.final,
        view.captured[to_act],  # cap0: the pile as it is now
        list(view.calls), [total0, total1], [made0, made1],  # calls, last_total, last_made
        view.round, view.dealer, months, list(view.scores), [], list(view.history),
    )


POOL = 1024
"""Opponent hands dealt and weighed once per decision by :class:`Worlds` (a weight costs a few
microseconds). In the positions of normal-level games this leaves an effective sample size of
several hundred hands (the lowest seen: about 80), so a decision's thousand or so worlds do not
keep repeating a few hands."""


class Worlds:
    """Worlds consistent with ``view``, the opponent's hand drawn in proportion to ``weight``.

    ``weight(hand)`` (a bit set of the opponent's hand, >= 0) is evaluated on :data:`POOL`
    uniformly dealt hands when the sampler is built; :meth:`draw` then picks one of them in
    proportion to its weight (with replacement) and shuffles the remaining unseen cards into
    the stock. Without a weight, or when every weight is 0, it deals like :func:`sample_world`.
    Deterministic given ``rng``, which the sampler keeps using.
    """

    def __init__(
        self,
        view: View,
        rules: Rules,
        rng: random.Random,
        weight: Callable[[int], float] | None = None,
        pool: int = POOL,
    ) -> None:
        self.view = view
        self.rules = rules
        self.rng = rng
        self.hands: list[int] = []
        self.weights: list[float] = []
        self.cumulative: list[float] = []
        self.unseen = _unseen(view)
        if weight is None or not view.opponent_hand:
            return
        unseen, n = self.unseen, view.opponent_hand
        hands = []
        for _ in range(pool):
            hand = 0
            for i in rng.sample(unseen, n):
                hand |= 1 << i
            hands.append(hand)
        weights = [weight(hand) for hand in hands]
        cumulative = list(accumulate(weights))
        if cumulative[-1] > 0:
            self.hands, self.weights, self.cumulative = hands, weights, cumulative

    @property
    def weighted(self) -> bool:
        """Whether the worlds follow the weights (else they are dealt uniformly)."""
        return bool(self.hands)

    def effective_size(self) -> float:
        """The effective sample size of the weighed pool (its size when weights are equal)."""
        if not self.hands:
            return 0.0
        total = self.cumulative[-1]
        return total * total / sum(w * w for w in self.weights)

    def draw_hand(self) -> tuple[int, list[int]]:
        """The opponent's hand of the next world and the unseen cards left for the stock."""
        n = self.view.opponent_hand
        if not self.hands:
            unseen = self.unseen[:]
            self.rng.shuffle(unseen)
            hand = 0
            for i in unseen[:n]:
                hand |= 1 << i
            return hand, unseen[n:]
        cumulative = self.cumulative
        k = bisect_right(cumulative, self.rng.random() * cumulative[-1])
        hand = self.hands[min(k, len(cumulative) - 1)]
        return hand, [i for i in self.unseen if not hand >> i & 1]

    def draw(self) -> State:
        """The next world."""
        if not self.hands:
            return sample_world(self.view, self.rules, self.rng)
        hand, rest = self.draw_hand()
        self.rng.shuffle(rest)
        return _world(self.view, self.rules, hand, tuple(rest), self.rng)


def action_move(action: Mapping[str, Any]) -> int:
    """The engine move of a Koi-Koi action dict."""
    if "play" in action:
        return INDEX[action["play"]]
    if "capture" in action:
        return INDEX[action["capture"]]
    return KOIKOI if action["koikoi"] else STOP
