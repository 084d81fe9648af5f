"""``ai:card-values``: a fixed table of what each card is worth, and one rule for koi-koi calls.

This is the playing style of the strongest hand-written entrant of a public Koi-Koi AI
competition (jACK, 2024), rebuilt here from its published numbers and decision rules so that
the hard AI has an outside yardstick in the repository (issue 21 of the project measured our
levels against the original entrant; these figures can now be reproduced with ``asobi
arena``). It beats ``ai:random`` in nearly every game and loses to ``ai:normal`` more often than
it wins; it looks no further than the card it plays.

How it plays (values and thresholds are the entrant's):

- **Koi-koi calls**: it calls koi-koi unless the opponent looks close to a yaku: two brights
  or more while it has at most two, three animals, three ribbons, or six plains (the sake cup
  counts as an animal and as a plain, the rain man as a bright).
- **Choosing between two board cards**: the one of higher table value.
- **Playing a card**: a card whose month can capture scores 100 plus the average value left
  in its month plus a quarter of its own value (1 more when a single board card matches, 2
  when that card is also its month's only one in hand); when all four cards of its month are
  in sight (taken, on the board or in its own hand) it scores without the 100, since nobody
  else can take them; a card that cannot capture is laid down at a cost of its own value,
  heavier when it is alone of its month in hand.
  Values of brights drop out once both players hold two (non-rain) brights, and those of the
  boar-deer-butterflies and of the poetry and blue ribbons shrink once both hold one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from asobi.contract.model import Action, Reason
from asobi.play.agents import BaseAgent

from .ai_world import View, read_view
from .cards import (
    ANIMAL,
    BRIGHT,
    CARD_IDS,
    CARD_KIND,
    INDEX,
    PLAIN,
    RAIN_MAN,
    RIBBON,
    SAKE_CUP,
    mask_of,
    month_mask,
)

# Value of each card by month (1..12) and slot (the month's four cards in deck order).
TABLE: tuple[tuple[int, int, int, int], ...] = (
    (40, 30, 10, 10), (10, 30, 10, 10), (200, 30, 10, 10), (10, 20, 10, 10),
    (10, 20, 10, 10), (20, 30, 10, 10), (20, 20, 10, 10), (200, 10, 10, 10),
    (1000, 30, 10, 10), (20, 30, 10, 10), (25, 10, 20, 10), (40, 10, 10, 10),
)
MONTH_TOTAL: tuple[int, ...] = tuple(sum(row) for row in TABLE)


def _of_kind(kind: str) -> int:
    return mask_of(c for c, k in zip(CARD_IDS, CARD_KIND, strict=True) if k == kind)


BRIGHTS = _of_kind(BRIGHT)
ANIMALS = _of_kind(ANIMAL)
RIBBONS = _of_kind(RIBBON)
PLAINS = _of_kind(PLAIN) | mask_of([SAKE_CUP])
"""The plains as the entrant counts them: with the sake cup (which is also an animal)."""
RAIN = mask_of([RAIN_MAN])
BRIGHT_MONTHS = (1, 3, 8, 11, 12)
BOAR_DEER_BUTTERFLIES = (6, 7, 10)
POETRY = (1, 2, 3)
BLUE = (6, 9, 10)


def _count(mask: int) -> int:
    return mask.bit_count()


def _months_held(mask: int, months: Sequence[int], slot: int) -> int:
    return sum(mask >> ((m - 1) * 4 + slot) & 1 for m in months)


def _slot_of(index: int) -> tuple[int, int]:
    return (index >> 2) + 1, index & 3


class CardValuesAgent(BaseAgent):
    """``ai:card-values``: see the module's docstring. Deterministic: no random choice."""

    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        view = read_view(observation)
        mine, theirs = view.captured[view.seat], view.captured[1 - view.seat]
        if "koikoi" in legal[0]:
            go = next(a for a in legal if a["koikoi"])
            stop = next(a for a in legal if not a["koikoi"])
            if _threatening(mine, theirs):
                return stop, Reason("stop: the opponent is close to a yaku")
            return go, Reason("koi-koi: the opponent is not close to a yaku")
        if "capture" in legal[0]:
            best = max(legal, key=lambda a: (_base(INDEX[a["capture"]]), -INDEX[a["capture"]]))
            return best, Reason("take {card}, the card of higher value", {"card": best["capture"]})
        table, totals = _adjusted(mine, theirs)
        tally = _taken_tally(mine | theirs, table)
        scores = [_play_score(INDEX[a["play"]], view, table, totals, tally) for a in legal]
        at = max(range(len(legal)), key=lambda i: (scores[i], -INDEX[legal[i]["play"]]))
        action = legal[at]
        if view.board & month_mask(_slot_of(INDEX[action["play"]])[0]):
            return action, Reason("play {card}: the best capture by the card table",
                                  {"card": action["play"]})
        return action, Reason("nothing to capture; {card} costs least to lay down",
                              {"card": action["play"]})


def _base(index: int) -> int:
    month, slot = _slot_of(index)
    return TABLE[month - 1][slot]


def _threatening(mine: int, theirs: int) -> bool:
    return (
        (_count(theirs & BRIGHTS) >= 2 and _count(mine & BRIGHTS) <= 2)
        or _count(theirs & ANIMALS) >= 3
        or _count(theirs & RIBBONS) >= 3
        or _count(theirs & PLAINS) >= 6
    )


def _adjusted(mine: int, theirs: int) -> tuple[list[list[int]], list[int]]:
    """The table and month totals once contested yaku are discounted."""
    table = [list(row) for row in TABLE]
    totals = list(MONTH_TOTAL)
    plain_brights = BRIGHTS & ~RAIN
    if _count(mine & plain_brights) >= 2 and _count(theirs & plain_brights) >= 2:
        for m in BRIGHT_MONTHS:
            totals[m - 1] -= table[m - 1][0]
            table[m - 1][0] = 0
    for months, slot, cut, value in ((BOAR_DEER_BUTTERFLIES, 0, 20, 10),
                                     (POETRY, 1, 10, 20), (BLUE, 1, 10, 20)):
        if _months_held(mine, months, slot) and _months_held(theirs, months, slot):
            for m in months:
                totals[m - 1] -= cut
                table[m - 1][slot] = value
    return table, totals


def _taken_tally(captured: int, table: list[list[int]]) -> tuple[list[int], list[int]]:
    """Per month: the table value and the count of the captured cards, each card counted once
    per category it is in (the sake cup twice: an animal and a plain)."""
    value = [0] * 12
    count = [0] * 12
    for category in (BRIGHTS, ANIMALS, RIBBONS, PLAINS):
        cards = captured & category
        while cards:
            low = cards & -cards
            index = low.bit_length() - 1
            month, slot = _slot_of(index)
            value[month - 1] += table[month - 1][slot]
            count[month - 1] += 1
            cards ^= low
    return value, count


def _play_score(
    index: int, view: View, table: list[list[int]], totals: list[int],
    tally: tuple[list[int], list[int]],
) -> float:
    month, slot = _slot_of(index)
    taken_value, taken = tally
    on_board = _count(view.board & month_mask(month))
    in_hand = _count(view.hand & month_mask(month))
    own = table[month - 1][slot]
    left = max(4 - taken[month - 1], 1)
    average = (totals[month - 1] - taken_value[month - 1]) / left
    if taken[month - 1] + on_board + in_hand == 4:
        return average + own / 4
    if on_board == 0:
        if taken[month - 1] == 2:
            return -own
        return -own * (1.4 if in_hand == 1 else 0.6)
    bonus = (2 if in_hand == 1 else 1) if on_board == 1 else 0
    return 100 + average + own / 4 + bonus
