"""The normal Koi-Koi AI: hand-written heuristics over the yaku each card feeds.

Also the move ordering of the hard AI, which searches the few moves this heuristic likes best.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from asobi.contract.model import Action, Reason
from asobi.play.agents import BaseAgent

from .ai_eval import DENY, Model, capture_of, mask_value
from .ai_world import View, action_move, read_view
from .cards import CARD_MONTH_MASK, INDEX, ids_of
from .engine import STOP, stop_points
from .rules import Rules

RISK = 0.6
"""Share of a board card's value to the opponent, times their chance to take it, charged."""


class NormalAgent(BaseAgent):
    """``ai:normal``: values cards by the yaku they feed, for itself and for the opponent.

    A capture is worth what it adds to its own yaku plus what it takes away from the
    opponent's; leaving a card on the board costs the opponent's value of it times their
    chance of taking it next turn. It calls koi-koi when its chance to raise its score soon
    is clearly better than the opponent's chance to score first.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.model = Model.of(rules)


    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        view = read_view(observation)
        values = _Values(self.model, view)
        if "koikoi" in legal[0]:
            return self._decide(observation, view, values, legal)
        scores = self._scores(view, values, legal)
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        action = legal[best]
        if "capture" in action:
            why = values.why(1 << INDEX[action["capture"]])
            return action, Reason("take {card}: {why}", {"card": action["capture"], "why": why})
        taken = capture_of(INDEX[action["play"]], view.board, values.take)
        if taken:
            return action, Reason("capture {cards}: {why}",
                                  {"cards": ", ".join(ids_of(taken)), "why": values.why(taken)})
        return action, Reason("nothing worth taking; {card} is the safest card to lay down",
                              {"card": action["play"]})

    def scores(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> list[float]:
        """The heuristic score of each card play or capture choice (higher is better)."""
        view = read_view(observation)
        return self._scores(view, _Values(self.model, view), legal)

    def _scores(self, view: View, values: _Values, legal: Sequence[Action]) -> list[float]:
        out = []
        for action in legal:
            if "capture" in action:
                card = INDEX[action["capture"]]
                out.append(values.take[card] - RISK * values.risk(view.board & ~(1 << card),
                                                                   view.hand))
                continue
            card = INDEX[action["play"]]
            taken = capture_of(card, view.board, values.take)
            if taken:
                gain = mask_value(values.take, taken)
                board = view.board & ~taken
            else:
                gain = 0.0
                board = view.board | 1 << card
            hand = view.hand & ~(1 << card)
            out.append(gain - RISK * values.risk(board, hand))
        return out

    # -- stop or koi-koi
    def _decide(
        self,
        observation: Mapping[str, Any],
        view: View,
        values: _Values,
        legal: Sequence[Action],
    ) -> tuple[Action, Reason]:
        stop = next(a for a in legal if action_move(a) == STOP)
        go = next(a for a in legal if action_move(a) != STOP)
        rules = self.rules
        me, other = view.seat, 1 - view.seat
        players = observation["players"]
        decision = observation["decision"]
        total = int(decision["total"])
        now = int(decision["points"])
        turns = view.hand.bit_count()
        if turns == 0:
            return stop, Reason("no turn left: stop")
        evaluate = rules.yaku.evaluate
        month = 0xF << (4 * ((view.round - 1) % 12))
        mine = view.captured[me]
        # my chance to raise the total next turn: hand cards that capture something that counts
        rising = 0
        for card in _bits(view.hand):
            taken = capture_of(card, view.board, values.take)
            if taken and evaluate(mine | taken, view.calls[me] + 1, month)[0] > total:
                rising += 1
        near_mine = len(players[me]["close"])
        p_me = min(0.85, 0.3 * rising + 0.08 * near_mine + 0.1)
        # the opponent's chance to score before my next turn
        threat = [c for c in players[other]["close"] if c["need"] - c["have"] <= 1]
        p_them = 0.12 + 0.2 * len(threat) + (0.35 if players[other]["total"] > 0 else 0.0)
        p_them += 0.02 * view.opponent_hand
        p_them = min(0.9, p_them)
        later = stop_points(rules, total + 2, view.calls[me] + 1, view.calls[other])
        loss = now + max(3, int(players[other]["total"]) + 3)
        keep = 0.7 if turns >= 3 else 0.4
        expected = p_me * later + (1 - p_me) * (keep * (1 - p_them) * now - p_them * loss)
        if turns >= 2 and expected > now + 0.5:
            return go, Reason(
                "koi-koi: {now} point now, a good chance ({mine:.0%}) to add more before the "
                "opponent ({theirs:.0%}) scores",
                {"now": now, "mine": p_me, "theirs": p_them},
                plural="koi-koi: {now} points now, a good chance ({mine:.0%}) to add more before "
                "the opponent ({theirs:.0%}) scores", counter="now",
            )
        if threat:
            return stop, Reason("stop with {now} point: the opponent is close to a yaku",
                                {"now": now}, counter="now",
                                plural="stop with {now} points: the opponent is close to a yaku")
        return stop, Reason("stop with {now} point: the point is worth keeping", {"now": now},
                            plural="stop with {now} points: the points are worth keeping",
                            counter="now")


class _Values:
    """Card values of one observation: for me, for the opponent, and what a capture is worth."""

    def __init__(self, model: Model, view: View) -> None:
        month = 0xF << (4 * ((view.round - 1) % 12))
        me, other = view.seat, 1 - view.seat
        alive = view.alive
        self.view = view
        self.mine = model.card_values(view.captured[me], view.calls[me], month, alive)
        self.theirs = model.card_values(view.captured[other], view.calls[other], month, alive)
        self.take = [self.mine[c] + DENY * self.theirs[c] for c in range(48)]
        self.give = [self.theirs[c] + DENY * self.mine[c] for c in range(48)]
        self.unseen = view.unseen
        self.unseen_count = max(1, self.unseen.bit_count())

    def risk(self, board: int, hand: int) -> float:
        """Expected value the opponent takes from ``board`` on their next turn (roughly)."""
        view = self.view
        h = view.opponent_hand
        total = 0.0
        top = 0.0
        done = 0
        for card in _bits(board):
            month = CARD_MONTH_MASK[card]
            if done & month:
                continue
            done |= month
            here = board & month
            # cards of the month the opponent may hold or draw
            out = (self.unseen & month).bit_count()
            if not out:
                continue
            p = min(1.0, out * (h + 1) / self.unseen_count)
            if here.bit_count() == 2:
                value = self.give[card] + max(self.give[c] for c in _bits(here))
            else:
                value = mask_value(self.give, here)
            # if I still hold a card of that month, the opponent only gets there first
            if hand & month:
                p *= 0.5
            total += p * value
            top = max(top, p * value)
        return 0.5 * total + 0.5 * top

    def why(self, taken: int) -> Reason:
        """One phrase on what a capture does."""
        mine = mask_value(self.mine, taken)
        theirs = mask_value(self.theirs, taken)
        if theirs > mine and theirs > 0.5:
            return Reason("keeps it from the opponent's yaku")
        if mine > 0.5:
            return Reason("feeds my yaku")
        return Reason("the best capture on the board")


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


