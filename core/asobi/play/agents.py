"""AI players: the base class, the core's random player, and building a seat's agent.

An agent sees what its seat sees (its observation and legal actions), never the state. Levels
come from the game (``GameInfo.ai_levels``), from cross-cutting plugins
(``asobi_agent_levels``) and from the core's defaults (``random`` for every game, ``search``
for games that can resample a state); :meth:`asobi.host.registry.Game.ai_levels` lists them all.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from asobi.contract.measures import Restriction
from asobi.contract.model import Action, Agent, Reason
from asobi.errors import AsobiError
from asobi.play.seeds import agent_seed, decision_seed

if TYPE_CHECKING:
    from asobi.host.registry import Game
    from asobi.play.session import Session

ONLY_MOVE = Reason("the only legal move")


class BaseAgent:
    """What every agent shares: ``choose`` is the move of ``explain``, and a single legal
    move is taken without thinking. Subclasses implement :meth:`decide`."""

    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, str | Reason]:
        """The move for a decision with at least two legal moves, and a one-line reason."""
        raise NotImplementedError

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return self.explain(observation, legal)[0]

    def explain(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, str | Reason]:
        if len(legal) == 1:
            return legal[0], ONLY_MOVE
        return self.decide(observation, legal)


class RandomAgent(BaseAgent):
    """Picks a legal action uniformly at random (``ai:random``, available for every game)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, str | Reason]:
        return legal[self.rng.randrange(len(legal))], Reason("chosen at random")


def explain(agent: Agent, observation: Mapping[str, Any], legal: Sequence[Action]) -> tuple[
    Action, str | Reason
]:
    """An agent's move with its reason (translate it with ``game.hooks.describe_reason``);
    an agent that only has ``choose`` gives an empty reason."""
    if len(legal) == 1:
        return legal[0], ONLY_MOVE
    method = getattr(agent, "explain", None)
    if callable(method):
        action, reason = method(observation, legal)
        return action, reason if isinstance(reason, Reason) else str(reason)
    return agent.choose(observation, legal), ""


def level_name(level: str) -> str:
    """The name of an AI level as a seat gives it: ``hard`` for ``hard:0.3``, ``first`` for
    ``first/no-koikoi``. What follows ``:`` is the level's own option, read by whoever
    provides the level (a time budget for the levels that take one, anything for others)."""
    return level.partition("/")[0].partition(":")[0]


def parse_level(level: str) -> tuple[str, float | None]:
    """For a level that takes a time budget: split it into its name and optional budget,
    ``"hard:0.3"`` gives ``("hard", 0.3)``, ``"normal"`` gives ``("normal", None)``;
    AsobiError when the budget is not a number of seconds above 0 and at most 60.

    Call it only for a level you provide (check :func:`level_name` first): another
    provider's option need not be a number (``ai:seat-random:x``)."""
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


def budget_of(agent: Agent) -> float | None:
    """The seconds of work an agent plans for each decision, when its level takes a time
    budget (an agent says so with a numeric ``budget`` attribute); None for the others. A
    server caps these (``--ai-budget-max``); the work is a fixed amount, never a clock."""
    budget = getattr(agent, "budget", None)
    if isinstance(budget, bool) or not isinstance(budget, (int, float)):
        return None
    return float(budget)


def make_agent(
    game: Game, level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int
) -> Agent:
    """Build the agent for ``ai:LEVEL`` in ``seat``; unknown levels are a user error.

    ``LEVEL/RESTRICTION`` (``normal/no-koikoi``) is the level kept from one kind of choice
    the game declares (:func:`asobi.contract.hookspecs.asobi_restrictions`); it is seeded like the
    level alone, so the two differ only where the restriction bites."""
    base, _, restriction = level.partition("/")
    agent = game.hooks.agent(base, seat, rules, players, agent_seed(seed, seat, base))
    if agent is None:
        levels = ", ".join(f"ai:{lv}" for lv in game.ai_levels())
        raise AsobiError(f"{game.info.title} has no AI level '{base}'; available: {levels}")
    if not restriction:
        return agent
    return RestrictedAgent(agent, find_restriction(game, restriction, rules, players))


def find_restriction(
    game: Game, name: str, rules: Mapping[str, Any], players: int
) -> Restriction:
    """The restriction ``name`` of ``game``; AsobiError naming the ones it has."""
    known = game.hooks.restrictions(rules, players)
    for restriction in known:
        if restriction.name == name:
            return restriction
    names = ", ".join(r.name for r in known)
    offer = f"available: {names}" if names else "it declares none"
    raise AsobiError(f"{game.info.title} has no restriction '{name}'; {offer}")


class RestrictedAgent(BaseAgent):
    """An agent kept from one kind of choice: it decides among the actions the restriction
    keeps (all of them when it keeps none)."""

    def __init__(self, agent: Agent, restriction: Restriction) -> None:
        self.agent = agent
        self.restriction = restriction

    @property
    def budget(self) -> float | None:
        return budget_of(self.agent)

    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, str | Reason]:
        kept = list(self.restriction.keep(observation, legal)) or list(legal)
        return explain(self.agent, observation, kept)


class DecisionAgents(Mapping[int, Agent]):
    """The agents of a session's AI seats, one built afresh for every decision.

    Looking up a seat gives :func:`decision_agent` for the decision that seat faces now, so
    no generator is carried from one move to the next: an AI's move is a function of the
    record (game seed, seat, level, number of moves made) and of what its seat sees, in
    every frontend, runner and process, and after a restart."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._seats = tuple(s for s, spec in enumerate(session.seats) if not spec.is_human)

    def __getitem__(self, seat: int) -> Agent:
        if seat not in self._seats:
            raise KeyError(seat)
        return decision_agent(self.session, seat)

    def __contains__(self, seat: object) -> bool:
        return seat in self._seats

    def __iter__(self) -> Iterator[int]:
        return iter(self._seats)

    def __len__(self) -> int:
        return len(self._seats)


def seat_agents(session: Session) -> DecisionAgents:
    """The agents of the AI seats of ``session`` (:class:`DecisionAgents`)."""
    return DecisionAgents(session)


def decision_agent(session: Session, seat: int, level: str | None = None) -> Agent:
    """A fresh agent for the decision ``seat`` faces now, seeded by
    :func:`asobi.play.seeds.decision_seed`.

    A server that rebuilds a game from its record (after a restart, or after the game left
    memory) gets the very same decision as one that never stopped: the agent's randomness
    depends on the record only. ``level`` defaults to the seat's own level."""
    if level is None:
        level = session.seats[seat].level or session.game.default_level
    seed = decision_seed(session.seed, seat, level, len(session.moves))
    return make_agent(session.game, level, seat, session.variant.rules, session.players, seed)


def hint_agent(session: Session, seat: int) -> Agent:
    """The agent that gives ``seat`` a hint for the decision it faces now: the game's
    strongest level, seeded like any decision (:func:`decision_agent`), so the same position
    of the same game gets the same hint in every frontend."""
    return decision_agent(session, seat, session.game.strongest_level)
