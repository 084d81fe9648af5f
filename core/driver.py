"""The one game loop: who acts next, AI decisions, applying moves, and who may see what.

Every frontend and the arena step a session through a :class:`Driver`::

    driver = Driver(session, agents)
    driver.watch(my_seat, show)            # show(mover, action, events my seat may see)
    for seat in driver.turns():
        action = driver.decide(seat) if driver.is_ai(seat) else ask_the_person(seat)
        driver.play(seat, action)

A blocking terminal asks the person inside the loop; a server that must not block calls
:meth:`Driver.next_ai_seat` and :meth:`Driver.decide` from a worker and :meth:`Driver.play`
when the answer is back; the arena lets :meth:`run` play to the end and reads the decision
times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from asobi.model import Action, Agent
from asobi.session import Session, visible_events

Watcher = Callable[[int, Action, list[dict[str, Any]]], None]
"""Called after every move with the seat that moved, its action and the events the watching
seat may see (events with a ``seats`` list reach only those seats)."""


class Driver:
    """Steps one session with its agents and tells each watching seat what it may see."""

    def __init__(
        self,
        session: Session,
        agents: Mapping[int, Agent] | None = None,
        agent_for: Callable[[int], Agent] | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        """``agents``: one agent per AI seat; or ``agent_for(seat)``, a fresh agent for each
        decision. ``clock``: when given, the time of every decision with more than one legal
        move is kept in :attr:`times`."""
        self.session = session
        self.agents = dict(agents or {})
        self.agent_for = agent_for
        self.clock = clock
        self.times: list[list[float]] = [[] for _ in session.seats]
        self._watchers: list[tuple[int, Watcher]] = []

    # ------------------------------------------------------------------ who acts
    def is_ai(self, seat: int) -> bool:
        if self.agent_for is not None:
            return not self.session.seats[seat].is_human
        return seat in self.agents

    def turns(self) -> Iterator[int]:
        """The seats to act, one decision at a time, until the game is over. Seats that act
        together (a simultaneous choice) come in seat order; one whose turn passed while
        another acted is skipped."""
        session = self.session
        while not session.finished:
            for seat in session.to_act():
                if session.finished or seat not in session.to_act():
                    continue
                yield seat

    def next_ai_seat(self) -> int | None:
        """The first AI seat that must act now, or None (a person's turn, or the end)."""
        return next((s for s in self.session.to_act() if self.is_ai(s)), None)

    # ------------------------------------------------------------------ deciding, playing
    def agent(self, seat: int) -> Agent:
        return self.agent_for(seat) if self.agent_for is not None else self.agents[seat]

    def decide(self, seat: int) -> Action:
        """The AI's move for ``seat``, from what that seat sees."""
        observation = self.session.observation(seat)
        legal = self.session.legal_actions(seat)
        agent = self.agent(seat)
        if self.clock is None:
            return agent.choose(observation, legal)
        start = self.clock()
        action = agent.choose(observation, legal)
        if len(legal) > 1:
            self.times[seat].append(self.clock() - start)
        return action

    def play(self, seat: int, action: Any) -> list[dict[str, Any]]:
        """Apply ``action`` for ``seat`` (AsobiError, nothing changed, when it is not legal)
        and tell every watcher what its seat may see of it."""
        events = self.session.apply(seat, action)
        played = self.session.moves[-1]["action"]
        for viewer, watcher in self._watchers:
            watcher(seat, played, visible_events(events, viewer))
        return events

    def watch(self, seat: int, watcher: Watcher) -> None:
        self._watchers.append((seat, watcher))

    # ------------------------------------------------------------------ whole loops
    def play_ai(self) -> Iterator[tuple[int, Action]]:
        """Let the AI seats move until a person must act or the game ends."""
        for seat in self.turns():
            if not self.is_ai(seat):
                return
            action = self.decide(seat)
            self.play(seat, action)
            yield seat, action

    def run(self, person: Callable[[int], Action] | None = None) -> dict[str, Any]:
        """Play to the end (``person(seat)`` answers for human seats) and return the result."""
        for seat in self.turns():
            if self.is_ai(seat):
                self.play(seat, self.decide(seat))
            elif person is not None:
                self.play(seat, person(seat))
            else:
                raise RuntimeError(f"seat {seat} is a person's and nobody answers for it")
        return self.session.result()

