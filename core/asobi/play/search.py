"""``ai:search``: a game-independent player for every game that implements ``asobi_resample``.

It knows nothing of any game. For each legal move it deals the hidden information again
(``asobi_resample``: a state the seat cannot tell apart from the real one), plays the move,
finishes the game with random moves through the game's own hooks, and keeps the move whose
games ended best for its seat: the seat's final score minus the best other score. Every move is
tried on the same sampled worlds, so their comparison is fair. The number of sampled games
follows the level's option (``ai:search:0.5``), never the clock, so a decision is the same on
any machine for the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from asobi.contract.model import Action, Reason
from asobi.host.gamehooks import GameHooks
from asobi.play.agents import BaseAgent
from asobi.play.playout import playout

WORLDS_PER_SECOND = 60
"""Sampled games per legal move that one second of budget buys (a fixed rate, not a clock)."""
DEFAULT_BUDGET = 0.5
MAX_STEPS = 20_000
"""Moves a playout may take before it is scored as it stands."""


class SearchAgent(BaseAgent):
    """Flat Monte Carlo over resampled worlds."""

    def __init__(
        self, hooks: GameHooks, seat: int, rules: Mapping[str, Any], players: int, seed: int,
        budget: float | None = None,
    ) -> None:
        self.hooks = hooks
        self.seat = seat
        self.rules = rules
        self.players = players
        self.rng = random.Random(seed)
        self.budget = budget or DEFAULT_BUDGET
        """The seconds of work a decision is planned for (turned into a number of worlds)."""
        self.worlds = max(4, int(WORLDS_PER_SECOND * self.budget))

    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        seeds = [self.rng.randrange(2**63) for _ in range(self.worlds)]
        totals = []
        for action in legal:
            total = 0.0
            for seed in seeds:
                total += self._playout(observation, action, random.Random(seed))
            totals.append(total / len(seeds))
        order = sorted(range(len(legal)), key=lambda i: -totals[i])
        best = order[0]
        margin = totals[best] - totals[order[1]] if len(order) > 1 else 0.0
        return legal[best], Reason(
            "best over {worlds} game played out from each move (average margin "
            "{margin:+.2f}, {lead:.2f} ahead of the next move)",
            {"worlds": self.worlds, "margin": totals[best], "lead": margin},
            plural="best over {worlds} games played out from each move (average margin "
            "{margin:+.2f}, {lead:.2f} ahead of the next move)", counter="worlds",
        )

    def _playout(self, observation: Mapping[str, Any], action: Action, rng: random.Random) -> float:
        hooks = self.hooks
        state = hooks.resample(observation, self.seat, self.rules, self.players, rng)
        hooks.apply(state, self.seat, action)
        playout(hooks, state, rng, MAX_STEPS)
        scores = hooks.result(state).get("scores") or [0] * self.players
        others = [s for i, s in enumerate(scores) if i != self.seat]
        return float(scores[self.seat] - (max(others) if others else 0))
