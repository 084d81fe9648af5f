"""What the end of a round is worth for the whole game: the hard AI's objective in variants of
more than one round.

A round won by 4 points is not always worth the same: with two rounds left and a lead of 20 it
hardly matters, while 4 points that turn a loss into a win in the last round are worth the
game. :class:`GameValue` answers, for a seat and a game state right after a round settles
(both scores, the rounds left, who deals next, whether the game is over), how much better
that seat's chances of winning the game are than its chances of losing it: P(win) - P(lose),
from -1 to 1, a drawn game counting 0.

How: the rounds still to come are taken to end as the rounds of this rule set usually do (the
table of ai_rounds.py: who wins, the dealer or the other seat, and for how many points). A
dynamic programme over the rounds left, the score difference and the next dealer then gives
the chances of every state; the variant's rules decide who deals after each outcome, whether
the loser pays (zero-sum), and where the game stops early (end_at_zero: a score at 0 or
less). Only the difference of the scores matters: the winner has the higher score, and in
zero-sum play the two scores always add up to the same sum.

Scale: the search compares moves by their mean outcome and reports it in points, so
:meth:`GameValue.value` gives the chances in *points-equivalent*: multiplied by the constant
that makes one point of lead at the start of a game worth exactly 1 (the search's margins and
its "expected +x points" stay meaningful), while a point that settles the game late is worth
much more, and a point that changes nothing is worth nothing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from asobi.variants.rulememo import by_rules

from .ai_rounds import DEALER, NOBODY, ROLES, round_outcomes
from .rules import Rules
from .state import OVER, State

MAX_SPAN = 400
"""The widest score difference the table holds (beyond it a game counts as decided)."""
SPREAD = 6.0
"""The table reaches this many standard deviations of the whole game's score swings."""

Row = tuple[float, ...]


@dataclass(frozen=True)
class GameValue:
    """The chances of a multi-round game from any state between two rounds (see the module).

    ``table[left][who][difference + span]``: the chances of a seat with ``left`` rounds still
    to play, dealing the next one (``who`` 0) or not (1), leading by ``difference`` points.
    """

    rounds: int
    zero_sum: bool
    end_at_zero: bool
    next_dealer: str
    span: int
    table: tuple[tuple[Row, Row], ...]
    scale: float
    """Points-equivalent of one unit of chances (1 / the slope at the start of a game)."""

    @classmethod
    def of(cls, rules: Rules) -> GameValue | None:
        """The game value of ``rules``; None for a single-round game (which plays for
        points). Worked out once per rule set."""
        if rules.rounds <= 1:
            return None
        return solved({
            "rounds": rules.rounds,
            "zero_sum": rules.zero_sum,
            "end_at_zero": rules.end_at_zero,
            "starting_points": rules.starting_points,
            "next_dealer": rules.next_dealer,
            "outcomes": round_outcomes(rules).as_data(),
        })

    def chances(self, own: int, other: int, left: int, deals_next: bool) -> float:
        """P(win) - P(lose) of a seat with score ``own`` against ``other``, ``left`` rounds
        still to play (0: the game is over), dealing the next round or not."""
        lead = own - other
        if left <= 0 or (self.end_at_zero and min(own, other) <= 0):
            return float((lead > 0) - (lead < 0))
        index = min(2 * self.span, max(0, lead + self.span))
        return self.table[min(left, self.rounds)][0 if deals_next else 1][index]

    def value(self, own: int, other: int, left: int, deals_next: bool) -> float:
        """:meth:`chances` in points-equivalent (see the module)."""
        return self.chances(own, other, left, deals_next) * self.scale

    def after_round(self, s: State, seat: int) -> float:
        """The value for ``seat`` of an engine state in which a round has just settled (the
        next one is dealt, or the game is over)."""
        left = 0 if s.phase == OVER else self.rounds - s.round + 1
        scores = s.scores
        return self.value(scores[seat], scores[1 - seat], left, s.dealer == seat)

    def chances_if_won(self, s: State, winner: int, points: int, seat: int) -> float:
        """The chances of ``seat`` if the round in play ended now with ``winner`` taking
        ``points`` (what a stop would bring)."""
        scores = s.scores[:]
        scores[winner] += points
        if self.zero_sum:
            scores[1 - winner] -= points
        if self.next_dealer == "winner":
            dealer = winner
        elif self.next_dealer == "alternate":
            dealer = 1 - s.dealer
        else:
            dealer = s.dealer
        left = self.rounds - s.round
        return self.chances(scores[seat], scores[1 - seat], left, dealer == seat)


def _moves(
    outcomes: list[tuple[int, int, float]], factor: int, next_dealer: str
) -> tuple[list[tuple[int, int, float]], list[tuple[int, int, float]]]:
    """For a seat dealing the next round (first list) or not (second): every way that round
    can end, as (change of the seat's lead, who deals after it: 0 the seat, 1 the other,
    probability), equal changes merged."""
    out = []
    for deals in (0, 1):
        merged: dict[tuple[int, int], float] = {}
        for role, points, p in outcomes:
            if role == NOBODY:
                winner = None
                delta = 0
            else:
                winner = deals if role == DEALER else 1 - deals
                delta = factor * points if winner == 0 else -factor * points
            if next_dealer == "winner":
                after = deals if winner is None else winner
            elif next_dealer == "alternate":
                after = 1 - deals
            else:
                after = deals
            merged[delta, after] = merged.get((delta, after), 0.0) + p
        out.append(sorted((d, a, p) for (d, a), p in merged.items()))
    return out[0], out[1]


def _shifted(row: Row, delta: int) -> Row:
    """``row`` read ``delta`` places further on, held at its ends."""
    n = len(row)
    if delta >= n:
        return (row[-1],) * n
    if -delta >= n:
        return (row[0],) * n
    if delta >= 0:
        return row[delta:] + (row[-1],) * delta
    return (row[0],) * -delta + row[: n + delta]


def _span(moves: list[tuple[int, int, float]], rounds: int) -> int:
    """How wide the table must be for differences beyond it to count as decided."""
    second = sum(p * d * d for d, _, p in moves)
    widest = max((abs(d) for d, _, _ in moves), default=1)
    wanted = math.ceil(SPREAD * math.sqrt(second * rounds)) + widest
    return max(4, min(MAX_SPAN, wanted))


def _solve(facts: Mapping[str, Any]) -> GameValue:
    """The dynamic programme of :class:`GameValue` for a JSON mapping of the game's facts."""
    rounds = int(facts["rounds"])
    zero_sum = bool(facts["zero_sum"])
    end_at_zero = bool(facts["end_at_zero"])
    next_dealer = str(facts["next_dealer"])
    total = sum(int(count) for _, _, count in facts["outcomes"])
    outcomes = [
        (ROLES.index(role), int(points), int(count) / total)
        for role, points, count in facts["outcomes"]
    ] if total else [(NOBODY, 0, 1.0)]
    factor = 2 if zero_sum else 1
    moves = _moves(outcomes, factor, next_dealer)
    if end_at_zero:
        # the scores always add up to twice the start: a lead of that much empties a score
        span = max(1, 2 * int(facts["starting_points"]))
    else:
        span = _span(moves[0], rounds)
    final = tuple(float((d > 0) - (d < 0)) for d in range(-span, span + 1))
    table: list[tuple[Row, Row]] = [(final, final)]
    for _ in range(rounds):
        before = table[-1]
        rows = []
        for deals in (0, 1):
            acc = [0.0] * len(final)
            for delta, after, p in moves[deals]:
                source = _shifted(before[after], delta)
                acc = [a + p * b for a, b in zip(acc, source, strict=True)]
            if end_at_zero:
                # a score at 0 or less ends the game: the ends of the table are settled
                acc[0], acc[-1] = final[0], final[-1]
            rows.append(tuple(acc))
        table.append((rows[0], rows[1]))
    return GameValue(rounds, zero_sum, end_at_zero, next_dealer, span, tuple(table),
                     _scale(table[rounds], span, factor))


def _scale(start: tuple[Row, Row], span: int, step: int) -> float:
    """1 / the slope of the chances at the start of a game, over a lead of ``step`` (zero-sum
    leads move two at a time) or, in a game a small lead cannot change, the first lead that
    does; 1 when no lead changes anything."""
    for lead in range(step, span + 1, step):
        slope = sum(row[span + lead] - row[span - lead] for row in start) / (4 * lead)
        if slope > 1e-9:
            return 1.0 / slope
    return 1.0


solved = by_rules(_solve, size=16)
""":func:`_solve` remembered per game facts (:func:`asobi.variants.rulememo.by_rules`)."""
