"""AI players: the core's random player and the lookup of a game's own levels."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from asobi.errors import AsobiError
from asobi.model import Action, Agent
from asobi.registry import Game

if TYPE_CHECKING:
    from asobi.session import Session


class RandomAgent:
    """Picks a legal action uniformly at random (``ai:random``, available for every game)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]

    def explain(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, str]:
        return self.choose(observation, legal), "chosen at random"


def parse_level(level: str) -> tuple[str, float | None]:
    """Split an AI level into its name and optional time budget: ``"hard:0.3"`` gives
    ``("hard", 0.3)``, ``"normal"`` gives ``("normal", None)``; AsobiError when the budget is
    not a number of seconds above 0 and at most 60."""
    name, _, option = level.partition(":")
    if not option:
        return name, None
    try:
        budget = float(option)
    except ValueError:
        raise AsobiError(
            f"ai:{level}: the option after ':' is a time budget in seconds (e.g. ai:hard:0.3)"
        ) from None
    if not 0 < budget <= 60:
        raise AsobiError(f"ai:{level}: the time budget must be above 0 and at most 60 seconds")
    return name, budget


def make_agent(
    game: Game, level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int
) -> Agent:
    """Build the agent for ``ai:LEVEL`` in ``seat``; unknown levels are a user error."""
    agent_seed = (seed * 1_000_003 + seat * 7919 + sum(map(ord, level))) % (2**63)
    if level == "random":
        return RandomAgent(agent_seed)
    agent = game.hook.asobi_agent(
        level=level, seat=seat, rules=rules, players=players, seed=agent_seed
    )
    if agent is None:
        levels = ", ".join(f"ai:{lv}" for lv in game.info.ai_levels)
        raise AsobiError(f"{game.info.title} has no AI level '{level}'; available: {levels}")
    return agent


def seat_agents(session: Session) -> dict[int, Agent]:
    """One agent for each AI seat of ``session``, seeded from the session's seed."""
    return {
        seat: make_agent(
            session.game,
            spec.level or "normal",
            seat,
            session.variant.rules,
            session.players,
            session.seed,
        )
        for seat, spec in enumerate(session.seats)
        if not spec.is_human
    }


def decision_seed(seed: int, seat: int, level: str, move: int) -> int:
    """The seed of one AI decision: a function of the game's seed, the seat, the level and the
    number of moves made so far, and of nothing else (no generator carried between moves)."""
    text = f"{seed}:{seat}:{level}:{move}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def decision_agent(session: Session, seat: int, level: str | None = None) -> Agent:
    """A fresh agent for the decision ``seat`` faces now, seeded by :func:`decision_seed`.

    A server that rebuilds a game from its record (after a restart, or after the game left
    memory) gets the very same decision as one that never stopped: the agent's randomness
    depends on the record only. ``level`` defaults to the seat's own level."""
    if level is None:
        spec = session.seats[seat]
        level = spec.level or "normal"
    seed = decision_seed(session.seed, seat, level, len(session.moves))
    return make_agent(session.game, level, seat, session.variant.rules, session.players, seed)


def strongest_level(game: Game) -> str:
    """The level hints come from: the last one the game lists (``random`` without any)."""
    return game.info.ai_levels[-1] if game.info.ai_levels else "random"


def hint_agent(session: Session, seat: int) -> Agent:
    """The agent that gives ``seat`` hints: the game's strongest level (the last listed)."""
    level = strongest_level(session.game)
    return make_agent(
        session.game, level, seat, session.variant.rules, session.players, session.seed + 1
    )
