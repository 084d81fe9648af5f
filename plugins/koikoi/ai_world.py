"""From what a seat sees to engine states it could be in (determinization).

An agent receives observation dicts only. To search, it rebuilds an engine :class:`State` from
the observation and deals the cards it cannot see (the opponent's hand and the stock) at
random: every such *world* is consistent with the observation, and the agent's decisions
depend on the hidden cards only through these samples.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
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
    )


def sample_world(view: View, rules: Rules, rng: random.Random) -> State:
    """A full engine state consistent with ``view``: the unseen cards dealt at random.

    The state knows nothing of pinned deals or of round results before this one; a search on
    it should stop at the end of the current round.
    """
    unseen = indexes_of(view.unseen)
    if len(unseen) != view.opponent_hand + view.stock:
        raise ValueError(
            f"observation is inconsistent: {len(unseen)} unseen cards for "
            f"{view.opponent_hand} in hand and {view.stock} in the stock"
        )
    rng.shuffle(unseen)
    other = 0
    for i in unseen[: view.opponent_hand]:
        other |= 1 << i
    hands = [view.hand, other] if view.seat == 0 else [other, view.hand]
    months = month_mask(round_month(view.round))
    evaluate = rules.yaku.evaluate
    total0, made0 = evaluate(view.captured[0], view.calls[0], months)
    total1, made1 = evaluate(view.captured[1], view.calls[1], months)
    to_act = view.to_act
    # Positional, in State's field order: the search builds a world every few playouts.
    return State(
        rules, random.Random(rng.getrandbits(64)), None, (), 0,  # rules .. next_deal
        hands, view.board, list(view.captured), tuple(unseen[view.opponent_hand :]), 0,
        to_act, view.phase, view.step, view.pending, view.candidates, view.final,
        view.captured[to_act],  # cap0: the pile as it is now
        list(view.calls), [total0, total1], [made0, made1],  # calls, last_total, last_made
        view.round, view.dealer, months, list(view.scores), [], [],
    )


def action_move(action: Mapping[str, Any]) -> int:
    """The engine move of a Koi-Koi action dict."""
    if "play" in action:
        return INDEX[action["play"]]
    if "capture" in action:
        return INDEX[action["capture"]]
    return KOIKOI if action["koikoi"] else STOP
