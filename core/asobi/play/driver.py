"""The one game loop: who acts next, AI decisions, applying moves, and who may see what.

Every frontend and the arena step a session through a :class:`Driver`::

    driver = Driver(session)
    driver.watch(my_seat, show)            # show(mover, action, events my seat may see)
    for seat in driver.turns():
        action = driver.decide(seat) if driver.is_ai(seat) else ask_the_person(seat)
        driver.play(seat, action)

The text frontend and the TUI step it so, asking the person inside the loop (the TUI thinks
the AI's decisions and the hints in worker threads, :meth:`Driver.hinter`), and so does the
runner of the arena and the lab (:mod:`asobi.play.runner`), its clock timing every decision
(:attr:`Driver.times`); :meth:`Driver.run` plays to the end in one call. A server that must not
block (the web frontend) lets :meth:`Driver.play_ai_async` move its AI seats: each decision is
read on the server's loop, thought in a worker and applied the way the server keeps moves; it
asks :meth:`Driver.next_ai_seat` whether an AI seat is to move at all.

Every AI decision and every hint comes from an agent built for that decision alone
(:class:`asobi.play.agents.DecisionAgents`): the same seed and the same moves give the same game
in every frontend and runner.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from typing import Any

from asobi.contract.model import Action, Agent, Reason
from asobi.host.faults import guard_level
from asobi.play.agents import DecisionAgents, explain, hint_agent
from asobi.play.session import Session, visible_events

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
        """``agents``: the agent of each AI seat, looked up at every decision; by default
        :class:`~asobi.play.agents.DecisionAgents`, one agent per decision seeded from the record.
        ``agent_for(seat)`` is the older way to say the same. ``clock``: when given, the time
        of every decision with more than one legal move is kept in :attr:`times`."""
        self.session = session
        self.agents: Mapping[int, Agent] = (
            agents if agents is not None else DecisionAgents(session)
        )
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
        """The seats to act, one decision at a time, until the game is over: always the first
        seat :meth:`Session.to_act` names. Seats that choose together (a simultaneous pick)
        therefore act in seat order, and a seat that owes two choices of one pick (Sakura's
        chooser who also feeds the neutral painter) makes both before the next seat. The
        order depends on the position alone, never on what came before, so a server that
        restarts mid-pick, a frontend and the arena all ask the same seat."""
        while acting := self.session.to_act():
            yield acting[0]

    def next_ai_seat(self, acting: Sequence[int] | None = None) -> int | None:
        """The AI seat that acts now, or None (a person's turn, or the end); it never waits.

        The seat is the one :meth:`turns` gives: where several seats choose together, an AI
        seat waits for the people seated before it. Its decision is seeded by the number of
        moves made (:func:`asobi.play.seeds.decision_seed`), so the order in which a server
        applies the choices is part of the game; one order everywhere keeps one seed one
        game. ``acting``: the seats to act now, when the caller already asked the session
        (:meth:`Session.to_act`) at this position; by default the session is asked."""
        if acting is None:
            acting = self.session.to_act()
        return acting[0] if acting and self.is_ai(acting[0]) else None

    # ------------------------------------------------------------------ deciding, playing
    def agent(self, seat: int) -> Agent:
        """The agent of ``seat`` for the decision it faces now, its every answer checked:
        an illegal move is the AI level's fault, named as such (:mod:`asobi.host.faults`)."""
        agent = self.agent_for(seat) if self.agent_for is not None else self.agents[seat]
        game = self.session.game
        return guard_level(agent, game, self.session.seats[seat].level or game.default_level)

    def decide(self, seat: int) -> Action:
        """The AI's move for ``seat``, from what that seat sees."""
        return self.thinker(seat)()

    def thinker(self, seat: int) -> Callable[[], Action]:
        """The AI's decision for ``seat`` as a function to call later, in another thread if
        need be: what the seat sees and its agent are taken now, from the game as it is, so
        the answer does not depend on when or where the function runs."""
        observation = self.session.observation(seat)
        legal = self.session.legal_actions(seat)
        agent = self.agent(seat)
        clock = self.clock

        def think() -> Action:
            if clock is None or len(legal) < 2:
                return agent.choose(observation, legal)
            start = clock()
            action = agent.choose(observation, legal)
            self.times[seat].append(clock() - start)
            return action

        return think

    def hint(self, seat: int) -> tuple[Action, str | Reason]:
        """The move the game's strongest level would make for ``seat`` now, with its reason
        (the same in every frontend: the agent is seeded from the record)."""
        return self.hinter(seat)()

    def hinter(self, seat: int) -> Callable[[], tuple[Action, str | Reason]]:
        """:meth:`hint` as a function to call later (in a worker thread)."""
        observation = self.session.observation(seat)
        legal = self.session.legal_actions(seat)
        game = self.session.game
        agent = guard_level(hint_agent(self.session, seat), game, game.strongest_level)
        return lambda: explain(agent, observation, legal)

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

    def resume(self, session: Session) -> None:
        """Go on with ``session`` in place of the session driven so far: the same game rebuilt
        from its record (a server takes back a move its store could not keep). The default
        agents are seated at ``session``; agents given to the constructor, the watchers and the
        decision times stay, and a :meth:`play_ai_async` under way goes on with ``session``."""
        if isinstance(self.agents, DecisionAgents):
            self.agents = DecisionAgents(session)
        self.session = session

    # ------------------------------------------------------------------ whole loops
    def play_ai(self) -> Iterator[tuple[int, Action]]:
        """Let the AI seats move until a person must act or the game ends."""
        for seat in self.turns():
            if not self.is_ai(seat):
                return
            action = self.decide(seat)
            self.play(seat, action)
            yield seat, action

    async def play_ai_async(
        self,
        think: Callable[[Callable[[], Action]], Awaitable[Action]],
        play: Callable[[int, Action], Awaitable[object]] | None = None,
        acting: Callable[[], Sequence[int]] | None = None,
        going: Callable[[], bool] | None = None,
    ) -> None:
        """:meth:`play_ai` for an event loop that must not block: let the AI seats move until
        a person must act, the game ends or ``going()`` says no (asked before every decision).

        The seat to move is :meth:`next_ai_seat` (given ``acting()``, when the caller keeps
        the seats to act). Its decision is read at once (:meth:`thinker`) and thought by
        ``await think(decision)``, in a worker thread for instance; meanwhile the other seats
        may move (people choosing together with an AI), and a decision the game moved past
        is dropped and the seat to move asked again. ``await play(seat, action)`` applies the
        decision (by default :meth:`play`): a server that keeps every move in a store applies
        it through that, and may try again for as long as it likes. A failure of the agent,
        of ``think`` or of ``play`` ends the loop with that exception."""
        while going is None or going():
            seat = self.next_ai_seat(None if acting is None else acting())
            if seat is None:
                return
            made = len(self.session.moves)
            action = await think(self.thinker(seat))
            if len(self.session.moves) != made:
                continue
            if play is None:
                self.play(seat, action)
            else:
                await play(seat, action)

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

