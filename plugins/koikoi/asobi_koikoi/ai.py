"""Koi-Koi AI players: ``easy`` (greedy), ``normal`` (yaku heuristics), ``hard`` (search), and
two yardsticks: ``hard-2026``, the hard AI as it stood in 2026 (the points of the round, every
hidden deal alike), and ``card-values``, the best hand-written entrant of a public Koi-Koi AI
competition (a card table and one koi-koi rule, see ``ai_cardvalues``).

Every agent is built from the public rules only and decides from the seat's observation dict
and the legal action list; none of them ever holds the game state. :func:`make` is what the
plugin's ``asobi_agent`` hook returns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from asobi.contract.measures import Restriction
from asobi.contract.model import Action, Agent, Reason
from asobi.errors import AsobiError
from asobi.play.agents import BaseAgent, level_name, parse_level

from .ai_cardvalues import CardValuesAgent
from .ai_eval import capture_of, mask_value
from .ai_normal import NormalAgent
from .cards import (
    ANIMAL,
    BRIGHT,
    CARD_IDS,
    CARD_KIND,
    INDEX,
    RIBBON,
    SAKE_CUP,
    ids_of,
)
from .rules import compile_rules
from .search import WIDTH, HardAgent

LEVELS = ("easy", "card-values", "normal", "hard-2026", "hard")
SEARCHING = ("hard-2026", "hard")
"""The levels that take a time budget (``ai:hard:0.3``)."""
DEFAULT_HARD_BUDGET = 0.4
"""``ai:hard``'s budget: 1,200 playouts a decision, the four card plays its heuristic likes
best judged by 150 sampled deals each before the first halving. Until 2026-12-05 it was 1 s
(3,000 playouts); measured against ``ai:card-values`` on the same 400 deals, the strength
hardly follows the budget while the processor time does (docs/benchmarks.md, the yardstick
table), so the default spends less than half of what it did."""
HARD_2026_BUDGET = 1.0
"""``ai:hard-2026``'s budget: the yardstick stays the hard AI as it stood in 2026."""

# ----------------------------------------------------------------------------- easy

KIND_WEIGHT = {BRIGHT: 20.0, ANIMAL: 10.0, RIBBON: 5.0}
"""What the easy player thinks a card is worth (plains 1; the sake cup counts as 12)."""


def kind_weight(card: int) -> float:
    if CARD_IDS[card] == SAKE_CUP:
        return 12.0
    return KIND_WEIGHT.get(CARD_KIND[card], 1.0)


EASY_VALUES = [kind_weight(c) for c in range(48)]


class EasyAgent(BaseAgent):
    """``ai:easy``: takes the most valuable capture in sight; stops at its first yaku.

    With nothing to capture it discards its least valuable card. Cards are valued by kind
    only (bright, animal, ribbon, plain): it knows no yaku and never blocks.
    """


    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        if "koikoi" in legal[0]:
            stop = next(a for a in legal if not a["koikoi"])
            return stop, Reason("stop and take the points now")
        if "capture" in legal[0]:
            best = max(legal, key=lambda a: EASY_VALUES[INDEX[a["capture"]]])
            return best, Reason("take {card}, the more valuable card", {"card": best["capture"]})
        board = _mask(observation["board"])
        scored = []
        for i, action in enumerate(legal):
            card = INDEX[action["play"]]
            taken = capture_of(card, board, EASY_VALUES)
            value = mask_value(EASY_VALUES, taken) if taken else -EASY_VALUES[card]
            scored.append((value, -i, action, taken))
        value, _, action, taken = max(scored, key=lambda t: (t[0], t[1]))
        if taken:
            return action, Reason("capture {cards}: the biggest capture in sight",
                                  {"cards": ", ".join(ids_of(taken))})
        return action, Reason("nothing to capture; discard {card}, the least valuable card",
                              {"card": action["play"]})


def _mask(ids: Sequence[str]) -> int:
    mask = 0
    for card in ids:
        mask |= 1 << INDEX[card]
    return mask


# ----------------------------------------------------------------------------- factory


def make(level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int) -> Agent | None:
    """The Koi-Koi agent of ``level`` (None when this game has no such level)."""
    if level_name(level) not in LEVELS:
        return None  # another provider's level: its option is not ours to read
    name, budget = parse_level(level)
    if budget is not None and name not in SEARCHING:
        raise AsobiError(f"ai:{level}: only ai:hard and ai:hard-2026 take a time budget")
    if name == "easy":
        return EasyAgent()
    if name == "card-values":
        return CardValuesAgent()
    compiled = compile_rules(rules)
    if name == "normal":
        return NormalAgent(compiled)
    if name == "hard-2026":
        budget = HARD_2026_BUDGET if budget is None else budget
        return HardAgent(compiled, seed, budget, width=WIDTH, for_game=False, infer=False)
    return HardAgent(compiled, seed, DEFAULT_HARD_BUDGET if budget is None else budget)


# ----------------------------------------------------------------------------- restricted play


def _never_koikoi(observation: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    return [a for a in legal if a.get("koikoi") is not True]


def _always_koikoi(observation: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    return [a for a in legal if a.get("koikoi") is not False]


def _never_higher_capture(
    observation: Mapping[str, Any], legal: Sequence[Action]
) -> list[Action]:
    """Of two board cards that match, only the lower one (by kind: plain < ribbon < animal <
    bright); both when they are of the same worth."""
    if "capture" not in legal[0]:
        return list(legal)
    low = min(EASY_VALUES[INDEX[a["capture"]]] for a in legal)
    return [a for a in legal if EASY_VALUES[INDEX[a["capture"]]] == low]


RESTRICTIONS = (
    Restriction("no-koikoi", "never call koi-koi", _never_koikoi),
    Restriction("always-koikoi", "always call koi-koi", _always_koikoi),
    Restriction("no-higher-capture", "never take the higher card of a two-match",
                _never_higher_capture),
)
"""The kinds of choice an AI level can be kept from (``ai:normal/no-koikoi``)."""
