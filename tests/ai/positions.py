"""Build Koi-Koi observations of chosen positions, through the real observation code."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from asobi.variants.loader import load
from asobi_koikoi import observe, plugin
from asobi_koikoi.ai_world import View, sample_world
from asobi_koikoi.cards import INDEX, mask_of
from asobi_koikoi.engine import CHOOSE, DECIDE, PHASES, PLAY, STEP_PLAY
from asobi_koikoi.rules import Rules, compile_rules


@cache
def rules_of(name: str) -> Mapping[str, Any]:
    return load(plugin.asobi_game_info(), name).rules


@cache
def compiled(name: str) -> Rules:
    return compile_rules(rules_of(name))


def observation(
    hand: Sequence[str],
    board: Sequence[str],
    mine: Sequence[str] = (),
    theirs: Sequence[str] = (),
    *,
    seat: int = 0,
    opponent_hand: int | None = None,
    calls: tuple[int, int] = (0, 0),
    phase: int = PLAY,
    pending: str | None = None,
    candidates: Sequence[str] = (),
    final: bool = False,
    variant: str = "standard",
    seed: int = 0,
) -> dict[str, Any]:
    """The observation of ``seat`` (to act) in the position given; hidden cards at random."""
    captured = (mask_of(mine), mask_of(theirs)) if seat == 0 else (mask_of(theirs), mask_of(mine))
    hand_mask = mask_of(hand)
    shown = len(hand) + len(board) + len(mine) + len(theirs) + (1 if pending else 0)
    other = len(hand) if opponent_hand is None else opponent_hand
    view = View(
        seat=seat, to_act=seat, phase=phase, step=STEP_PLAY, hand=hand_mask,
        board=mask_of(board), captured=captured, calls=calls, opponent_hand=other,
        stock=48 - shown - other, pending=INDEX[pending] if pending else -1,
        candidates=mask_of(candidates), final=final, round=1, dealer=seat, scores=(0, 0),
    )
    assert PHASES[phase] in ("play", "capture", "koikoi")
    state = sample_world(view, compiled(variant), random.Random(seed))
    if phase == DECIDE:
        state.last_total[seat] = state.rules.yaku.evaluate(captured[seat], calls[seat],
                                                           state.month_mask)[0]
    assert phase != CHOOSE or pending
    return observe.observation(state, seat)
