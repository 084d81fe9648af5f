"""What the opponent's own plays say about the cards it still holds (opponent inference).

A player who leaves a bright on the board while playing some other card probably holds no
card of the bright's month. This module turns that reasoning into a weight on each hand the
opponent could hold now: the likelihood of its past plays of this round under a model of how
it plays. The model scores every card of a hand the way the search's playout policy does
(a capture is worth the cards it takes, to the player and as denial; laying a card costs a
share of what it is worth to the other side) and plays card ``c`` with probability
``(1 - SLIP) * softmax(score / TEMPERATURE)[c] + SLIP / hand size``.

The opponent's hand at a past play is its hand now plus the cards it played from its hand at
that play and after it: everything else about that play (the board, both piles, the calls, the
card played) is public and read from the observation's ``history``, so all the scoring is done
once per decision in :meth:`Inference.of`. The weight of one hand then costs a few additions
per past play (:meth:`Inference.weight`). Hands are compared with each other only: the weight
is a likelihood up to a constant, and the stock order does not enter it (the draws so far are
public, the rest of the stock is uniform whatever the hand).

The inference reads the observation only, so it is the same in every world the seat cannot
tell apart from the real one. Koi-koi calls are not used as evidence.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .ai_eval import DENY, Model, best_of
from .ai_world import POOL, View, Worlds
from .cards import CARD_MONTH_MASK, DECK_SIZE, FULL, INDEX, mask_of, month_mask
from .rules import Rules
from .state import round_month

TEMPERATURE = 0.3
"""Softness of the opponent model, in points of play score: a card scoring 0.3 less than
another is played e (2.7) times less often. Calibrated by maximum likelihood on the plays of
asobi's own levels (``tools/koikoi_infer_calibration.py``): the deterministic ``normal`` level
is best fit near 0.1, ``easy`` near 0.15, ``hard`` near 0.4. 0.3 with a :data:`SLIP` of 0.1
comes within 0.1 nats a play of the best fit for ``easy`` and ``hard``, and still explains
``normal``'s plays 0.85 nats a play better than uniform play does."""
SLIP = 0.1
"""Share of plays the model makes at random. A person errs, and an opponent that plays by
another score than ours (a human, another program) would otherwise rule out a hand for a
single surprising play; this floor keeps every hand possible (the same calibration)."""
LAY_COST = 0.45
"""Share of a laid card's value to the other side charged for laying it (the search's playout
policy charges a share too, its ``EXPOSE``; this model is fitted on its own)."""
MAX_EXPONENT = 30.0
"""Clamp of a score gap over the temperature (keeps ``exp`` finite on odd rule sets)."""


@dataclass(frozen=True)
class PastPlay:
    """One card the opponent played from its hand this round, with what it saw then."""

    seat: int
    card: int
    board: int
    captured: tuple[int, int]
    calls: tuple[int, int]
    later: int
    """The cards the opponent played from its hand at this play and every play after it."""


def past_plays(view: View) -> list[PastPlay]:
    """The opponent's plays of the round in ``view.history``, oldest first.

    Empty when the history does not hold the whole round (it must start at the round's
    ``new_round``) or does not lead to the position the view shows: then nothing is inferred.
    """
    history = view.history
    if not history or history[0].get("type") != "new_round":
        return []
    if history[0].get("round") != view.round:
        return []
    other = 1 - view.seat
    board = mask_of(history[0]["board"])
    captured = [0, 0]
    calls = [0, 0]
    found: list[tuple[int, int, tuple[int, int], tuple[int, int]]] = []
    for event in history[1:]:
        kind = event["type"]
        if kind == "play":
            if event["seat"] == other:
                found.append((INDEX[event["card"]], board, (captured[0], captured[1]),
                              (calls[0], calls[1])))
        elif kind == "lay":
            board |= 1 << INDEX[event["card"]]
        elif kind == "capture":
            taken = mask_of(event["cards"])
            board &= ~taken
            captured[event["seat"]] |= taken
        elif kind == "koikoi":
            calls[event["seat"]] = int(event["calls"])
        elif kind == "new_round":
            return []  # a history reaching into another round is not this round's
    if (board, captured[0], captured[1]) != (view.board, *view.captured):
        return []
    plays = []
    later = 0
    for card, seen_board, piles, called in reversed(found):
        later |= 1 << card
        plays.append(PastPlay(other, card, seen_board, piles, called, later))
    plays.reverse()
    return plays


def play_scores(
    model: Model, seat: int, board: int, captured: Sequence[int], calls: Sequence[int],
    month: int,
) -> list[float]:
    """The model's score of playing each card (index 0..47) for ``seat`` in that position.

    A card that captures scores what it and the cards it takes are worth to ``seat`` (its own
    yaku plus denial; of two matches the better one); a card laid on the board costs
    :data:`LAY_COST` of its worth to the other seat. Cards already captured score 0.
    """
    alive = FULL & ~(captured[0] | captured[1])
    mine = model.card_values(captured[seat], calls[seat], month, alive)
    theirs = model.card_values(captured[1 - seat], calls[1 - seat], month, alive)
    own = [mine[c] + DENY * theirs[c] for c in range(DECK_SIZE)]
    scores = [0.0] * DECK_SIZE
    bits = alive & ~board
    while bits:
        low = bits & -bits
        bits ^= low
        card = low.bit_length() - 1
        matches = board & CARD_MONTH_MASK[card]
        if not matches:
            scores[card] = -LAY_COST * (theirs[card] + DENY * mine[card])
        elif matches.bit_count() == 2:
            scores[card] = own[card] + own[best_of(own, matches)]
        else:
            taken = 0.0
            while matches:
                low = matches & -matches
                matches ^= low
                taken += own[low.bit_length() - 1]
            scores[card] = own[card] + taken
    return scores


@dataclass(frozen=True)
class Term:
    """One past play, ready for :meth:`Inference.weight`."""

    base: float
    """The softmax denominator over the cards played since (the played card counts 1)."""
    row: tuple[float, ...]
    """Per card index: its softmax term relative to the card played (0 for seen cards)."""
    floor: float
    """``SLIP`` over the opponent's hand size at that play."""


@dataclass(frozen=True)
class Inference:
    """The likelihood of the opponent's past plays, as a function of its hand now."""

    terms: tuple[Term, ...]
    keep: float = 1.0 - SLIP

    @property
    def plays(self) -> int:
        """How many past plays are evidence (0: every hand weighs 1)."""
        return len(self.terms)

    @classmethod
    def of(
        cls, view: View, model: Model, temperature: float = TEMPERATURE, slip: float = SLIP
    ) -> Inference:
        """The inference of ``view``'s history (nothing to infer when its seat deals first and
        has not yet seen the opponent play, or when the history is incomplete)."""
        unseen = view.unseen
        month = month_mask(round_month(view.round))
        size = view.opponent_hand
        terms = []
        for play in past_plays(view):
            scores = play_scores(model, play.seat, play.board, play.captured, play.calls, month)
            top = scores[play.card]

            def term(card: int, scores: list[float] = scores, top: float = top) -> float:
                return math.exp(min(MAX_EXPONENT, (scores[card] - top) / temperature))

            base = sum(term(c) for c in _indexes(play.later))
            row = tuple(term(c) if unseen >> c & 1 else 0.0 for c in range(DECK_SIZE))
            floor = slip / (size + play.later.bit_count())
            terms.append(Term(base, row, floor))
        return cls(tuple(terms), 1.0 - slip)

    def weight(self, hand: int) -> float:
        """The likelihood (up to a constant) of the past plays if the opponent holds ``hand``
        now (a bit set of unseen cards)."""
        if not self.terms:
            return 1.0
        cards = _indexes(hand)
        keep = self.keep
        w = 1.0
        for t in self.terms:
            w *= keep / (t.base + sum(map(t.row.__getitem__, cards))) + t.floor
        return w


def inferred_worlds(
    view: View, rules: Rules, model: Model, rng: random.Random, pool: int = POOL
) -> Worlds:
    """The worlds of one decision: the opponent's hand weighed by what its past plays of the
    round say (:class:`Inference`), or dealt uniformly when it has not played yet."""
    inference = Inference.of(view, model)
    return Worlds(view, rules, rng, inference.weight if inference.plays else None, pool)


def _indexes(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
