"""How much a card is worth to a player: yaku made, yaku fed, yaku denied.

The model reads the compiled yaku table of the rule set, so house rules (new yaku, other point
values) change what the AI wants without any code change. A player's *potential* is the points
of the yaku already made plus a share of the points of each yaku still reachable, growing with
the fraction of its cards already captured. A card's value to a player is what capturing it
adds to that potential; capturing it also takes it away from the opponent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import CARD_MONTH_MASK, DECK_SIZE
from .rules import Rules

DENY = 0.8
"""Weight of what a card is worth to the opponent when deciding to take it."""
PROGRESS_SHARE = 0.55
"""Share of a reachable yaku's points credited when all but the last of its cards are held."""


@dataclass(frozen=True)
class Target:
    """One yaku as the model sees it."""

    pool: int
    required: int
    count: int
    points: int
    per_extra: int
    round_month: bool
    only_after: bool
    after_points: int | None
    cancelled_by: int
    group: int
    """Index of its exclusive group, or -1 (of a group only the best yaku counts)."""


@dataclass(frozen=True)
class Model:
    """The yaku of a rule set, compiled for fast potential estimates."""

    rules: Rules
    targets: tuple[Target, ...]
    groups: int

    @classmethod
    def of(cls, rules: Rules) -> Model:
        names: list[str] = []
        targets = []
        for y in rules.yaku.yaku:
            if y.requires:  # bonus yaku on top of others: fed through those
                continue
            group = -1
            if y.exclusive is not None:
                if y.exclusive not in names:
                    names.append(y.exclusive)
                group = names.index(y.exclusive)
            targets.append(
                Target(
                    pool=y.pool,
                    required=y.required,
                    count=max(y.count, y.required.bit_count()),
                    points=y.points,
                    per_extra=y.per_extra,
                    round_month=y.round_month,
                    only_after=y.only_after_koikoi,
                    after_points=y.points_after_koikoi,
                    cancelled_by=y.cancelled_by,
                    group=group,
                )
            )
        return cls(rules, tuple(targets), len(names))

    def potential(self, captured: int, calls: int, month: int, alive: int) -> float:
        """Made points plus the expected share of yaku still reachable from ``alive``."""
        total = self.rules.yaku.evaluate(captured, calls, month)[0]
        best = [0.0] * self.groups
        extra = 0.0
        reach = captured | alive
        for t in self.targets:
            if captured & t.cancelled_by:
                continue
            points = t.points
            if calls and t.after_points is not None:
                points = t.after_points
            elif t.only_after and not calls:
                points = t.after_points or t.points
                points = points // 2
            pool = t.pool | month if t.round_month else t.pool
            have = (captured & pool).bit_count()
            if have >= t.count and captured & t.required == t.required:
                # made: more cards of the pool still add per_extra
                value = 0.3 * t.per_extra * min(2, (alive & pool).bit_count())
            else:
                if (reach & pool).bit_count() < t.count or t.required & ~reach:
                    continue
                fraction = have / t.count
                value = PROGRESS_SHARE * points * fraction * fraction
                if t.required & ~captured:
                    value *= 0.7
            if t.group >= 0:
                if value > best[t.group]:
                    best[t.group] = value
            else:
                extra += value
        return total + extra + sum(best)

    def card_values(self, captured: int, calls: int, month: int, alive: int) -> list[float]:
        """What capturing each single card adds to this player's potential (0 for gone cards)."""
        base = self.potential(captured, calls, month, alive)
        out = [0.0] * DECK_SIZE
        bits = alive & ~captured
        while bits:
            low = bits & -bits
            card = low.bit_length() - 1
            out[card] = self.potential(captured | low, calls, month, alive & ~low) - base
            bits ^= low
        return out


def mask_value(values: Sequence[float], mask: int) -> float:
    """Sum of ``values`` over the cards of ``mask``."""
    total = 0.0
    while mask:
        low = mask & -mask
        total += values[low.bit_length() - 1]
        mask ^= low
    return total


def best_of(values: Sequence[float], mask: int) -> int:
    """The card of ``mask`` with the highest value (lowest index on ties)."""
    best = -1
    top = -1e18
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        if values[card] > top:
            best, top = card, values[card]
        mask ^= low
    return best


def capture_of(card: int, board: int, values: Sequence[float]) -> int:
    """The cards taken when ``card`` meets ``board`` (choosing the best of two); 0 if none."""
    matches = board & CARD_MONTH_MASK[card]
    if not matches:
        return 0
    if matches.bit_count() == 2:
        return (1 << card) | (1 << best_of(values, matches))
    return (1 << card) | matches
