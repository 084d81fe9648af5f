"""What a frontend plugin receives, and the protocol it implements.

A frontend is registered in the entry-point group ``asobi.frontends`` as an object with a
``title`` and a ``play(launch)`` method returning an exit status. The command line resolves
the game, variant and seats, then hands the frontend a :class:`Launch`; the frontend decides
how to run the loop (a blocking prompt, a server, a full-screen app).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from asobi.contract.model import Agent
from asobi.host.registry import Game, Registry
from asobi.play.agents import seat_agents
from asobi.play.seeds import new_seed
from asobi.play.session import SeatSpec, Session
from asobi.variants.loader import Variant


@dataclass
class Launch:
    """A game to play, as chosen on the command line."""

    registry: Registry
    game: Game
    variant: Variant
    seats: tuple[SeatSpec, ...]
    lang: str = "en"
    seed: int | None = None
    record_path: Path | None = None
    variant_ref: str | None = None
    stdin: IO[str] | None = None
    stdout: IO[str] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    setup: Mapping[str, Any] | None = None
    """A pinned deal (a record's ``setup``: ``asobi play --deal RECORD``) that every session
    of this launch is dealt, whatever frontend makes it; None: dealt from the seed."""
    sessions: list[Session] = field(default_factory=list, repr=False)
    """The sessions this launch made, the one in play last: when a plugin's fault stops the
    game, ``asobi play`` saves the record of that one (:mod:`asobi.cli.play`)."""

    def new_session(self, seed: int | None = None) -> Session:
        """A new session; the seed is the launch seed, or a fresh one that is then stored."""
        if seed is None:
            seed = self.seed if self.seed is not None else new_seed()
        session = Session(self.game, self.variant, self.seats, seed=seed,
                          setup=self.setup, variant_ref=self.variant_ref)
        self.sessions.append(session)
        return session

    @property
    def session(self) -> Session | None:
        """The session in play (the last one made), if any."""
        return self.sessions[-1] if self.sessions else None

    def agents(self, session: Session) -> Mapping[int, Agent]:
        """The agents of the AI seats of ``session``."""
        return seat_agents(session)


class Frontend(Protocol):
    title: str

    def play(self, launch: Launch) -> int:
        """Run the game(s) of ``launch`` to the end; return the process exit status."""
        ...
