"""OpenSpiel's search bots as asobi agents: ``ai:openspiel-ismcts`` and ``ai:openspiel-mcts``.

An agent sees its seat's observation and legal actions only. To let an OpenSpiel bot think, it
deals a world from that observation (the game's ``asobi_resample``), wraps it in the game's
OpenSpiel state (:mod:`asobi.envs.spiel_state`) and asks the bot for an action id, which the
encoding turns back into one of the legal actions.

* **ISMCTS** (``open_spiel.python.algorithms.ismcts``, Cowling, Powley and Whitehouse 2012):
  every simulation deals a new world from the seat's observation (``resample_from_infostate``),
  so the tree is one of information sets, keyed by the seat's observation string.
* **MCTS** (``open_spiel.python.algorithms.mcts``): plain UCT on the one world the observation
  describes; offered for games of perfect information only, where that world is the game.

Nothing of OpenSpiel or NumPy is imported before a decision is made: the levels' plugin loads
where neither is installed.

The budget is a number of simulations (``ai:openspiel-ismcts:400``), never a time: each
simulation ends in one random playout to the end of the game, so a simulation is one simulated
game, the unit ``ai:search`` and the Koi-Koi ``ai:hard`` count their work in. The playouts run
on the leaf's world itself (both bots throw the leaf away afterwards). Every generator is
seeded from the agent's seed (:func:`asobi.play.seeds.decision_seed`), so a decision is a function
of the record.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from asobi.contract.model import Action, Reason
from asobi.errors import AsobiError
from asobi.play.agents import BaseAgent
from asobi.play.seeds import numpy_seed

if TYPE_CHECKING:
    from asobi.envs.spiel import AsobiGame

ISMCTS = "openspiel-ismcts"
MCTS = "openspiel-mcts"
LEVELS = (ISMCTS, MCTS)
DEFAULT_SIMULATIONS = 300
MAX_SIMULATIONS = 100_000
SIMULATIONS_PER_SECOND = 300
"""What a second of budget is worth in simulations, a fixed rate (about what one core runs of
Koi-Koi ISMCTS): an agent's :attr:`SpielAgent.budget`, by which a server caps the work a seat
may ask for (``asobi.play.agents.budget_of``). Never a clock."""
UCT_C = 2.0
"""The exploration constant of both bots (OpenSpiel's examples use 2 for returns in [-1, 1])."""


def simulations_of(level: str) -> int:
    """The number of simulations of ``openspiel-ismcts[:N]``; AsobiError for a bad option."""
    name, _, option = level.partition(":")
    if not option:
        return DEFAULT_SIMULATIONS
    if not option.isdigit() or not 1 <= int(option) <= MAX_SIMULATIONS:
        raise AsobiError(f"ai:{level}: the option after ':' is a number of simulations from 1 "
                         f"to {MAX_SIMULATIONS} (e.g. ai:{name}:{DEFAULT_SIMULATIONS})")
    return int(option)


class Rollouts:
    """OpenSpiel's evaluator interface (``evaluate``, ``prior``): a random playout of the leaf,
    uniform priors."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def evaluate(self, state: Any) -> Any:
        return state.rollout(self.rng)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class SpielAgent(BaseAgent):
    """An OpenSpiel bot playing one seat of an asobi game (see the module)."""

    def __init__(self, game: AsobiGame, kind: str, seat: int, seed: int,
                 simulations: int) -> None:
        if kind not in LEVELS:
            raise AsobiError(f"unknown OpenSpiel bot '{kind}'")
        self.game = game
        self.kind = kind
        self.seat = seat
        self.seed = seed
        self.simulations = simulations
        self.budget = simulations / SIMULATIONS_PER_SECOND
        """The work of a decision in seconds at :data:`SIMULATIONS_PER_SECOND`."""

    def decide(self, observation: Mapping[str, Any], legal: Sequence[Action]
               ) -> tuple[Action, Reason]:
        import numpy as np
        from open_spiel.python.algorithms import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
            ismcts,
            mcts,
        )

        rng = random.Random(self.seed)
        numbers = np.random.RandomState(numpy_seed(self.seed))
        root = self.root(observation, rng)
        if root.current_player() != self.seat:
            raise AsobiError(
                f"{self.game.spec.setting.game.info.title} dealt, from the observation of "
                f"seat {self.seat}, a world where seat {self.seat} is not to act: the seat "
                "must be one asobi_to_act names, and asobi_resample must keep who acts")
        evaluator = Rollouts(random.Random(rng.getrandbits(64)))
        if self.kind == ISMCTS:
            bot = ismcts.ISMCTSBot(self.game, evaluator, UCT_C, self.simulations,
                                   random_state=numbers, use_observation_string=True)
            bot.set_resampler(lambda state, player: state.resampled(player, rng))
        else:
            bot = mcts.MCTSBot(self.game, UCT_C, self.simulations, evaluator,
                               random_state=numbers)
        number = int(bot.step(root))
        action = self.game.spec.encoding.action(number, legal)
        if action is None:
            raise AsobiError(f"the OpenSpiel bot chose action {number}, which is not legal")
        return action, Reason(
            "OpenSpiel's {bot} chose it after {n} simulated game",
            {"bot": "ISMCTS" if self.kind == ISMCTS else "MCTS", "n": self.simulations},
            plural="OpenSpiel's {bot} chose it after {n} simulated games", counter="n")

    def root(self, observation: Mapping[str, Any], rng: random.Random) -> Any:
        """The OpenSpiel state the search starts from: a world dealt from ``observation``."""
        from asobi.envs.spiel_state import dealt

        return dealt(self.game, observation, self.seat, rng)
