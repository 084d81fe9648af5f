"""Live games: sessions in memory, seat tokens, per-seat payloads and the AI players.

Every session is touched only from the server's event loop (between two ``await`` nothing
else runs), so no lock is needed around it. AI agents think in a worker thread on a copy of
what their seat sees (its observation and legal actions), and their move is then applied back
on the loop, like a human's.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio.to_thread

from asobi import records, variants
from asobi.agents import hint_agent, seat_agents
from asobi.errors import AsobiError
from asobi.model import Agent
from asobi.registry import Game, Registry
from asobi.session import SeatSpec, Session, canonical, parse_seats, visible_events
from asobi.variants import Variant

from .store import Store

LOG_KEEP = 400
"""How many past moves (with their events) a live game keeps for late readers."""


@dataclass
class Entry:
    """One applied move and the events it caused."""

    version: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]


@dataclass
class Live:
    """A game being played on this server."""

    id: str
    session: Session
    tokens: list[str | None]
    lang: str
    agents: dict[int, Agent]
    version: int = 0
    log: deque[Entry] = field(default_factory=lambda: deque(maxlen=LOG_KEEP))
    listeners: set[asyncio.Queue[int | None]] = field(default_factory=set)
    driving: bool = False
    hinters: dict[int, Agent] = field(default_factory=dict)
    record_path: Path | None = None

    @property
    def game(self) -> Game:
        return self.session.game

    def seat_of(self, token: str | None) -> int:
        """The seat whose secret ``token`` this is (a user error otherwise)."""
        if not token:
            raise Forbidden("this request carries no seat token")
        for seat, known in enumerate(self.tokens):
            if known is not None and secrets.compare_digest(known, token):
                return seat
        raise Forbidden("this seat token does not belong to this game")

    def notify(self) -> None:
        for queue in list(self.listeners):
            queue.put_nowait(self.version)


class NotFound(AsobiError):
    """An unknown game (mapped to 404)."""


class Forbidden(AsobiError):
    """A missing or wrong seat token (mapped to 403)."""


class Hub:
    """Every live game of one server, plus the store that outlives it."""

    def __init__(
        self,
        registry: Registry,
        store: Store,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.registry = registry
        self.store = store
        self.clock = clock
        self.games: dict[str, Live] = {}
        self.move_ms: deque[float] = deque(maxlen=20_000)
        self.tasks: set[asyncio.Task[None]] = set()
        self.closing = False

    # ------------------------------------------------------------------ creating, loading
    def create(
        self,
        game_name: str,
        variant: str | Variant | None,
        seats: list[str] | tuple[SeatSpec, ...],
        lang: str,
        seed: int | None = None,
        variant_ref: str | None = None,
        record_path: Path | None = None,
    ) -> Live:
        game = self.registry.game(game_name)
        if isinstance(variant, Variant):
            loaded = variant
        else:
            name = variant or game.info.default_variant
            if variants.looks_like_path(name):
                raise AsobiError(f"'{name}' is not a variant name; choose one from the list")
            loaded = variants.load(game.info, name)
        specs = seats if isinstance(seats, tuple) else parse_seats(list(seats), game)
        session = Session(game, loaded, specs, seed=seed, variant_ref=variant_ref)
        agents = seat_agents(session)
        tokens = [secrets.token_urlsafe(18) if s.is_human else None for s in session.seats]
        game_id = secrets.token_urlsafe(9)
        live = Live(game_id, session, tokens, lang, agents, record_path=record_path)
        self.store.create(game_id, game.name, tokens, lang, session.record())
        self.games[game_id] = live
        self.kick(live)
        return live

    def get(self, game_id: str) -> Live:
        """A live game, rebuilt from the store when this server has not seen it yet."""
        live = self.games.get(game_id)
        if live is not None:
            return live
        stored = self.store.get(game_id)
        if stored is None:
            raise NotFound(f"no game '{game_id}' on this server")
        session = records.replay(self.registry, stored.record)
        # records.start treats unknown seat texts as humans; keep what the record said.
        session.seats = tuple(_seat(text) for text in stored.record["seats"])
        live = Live(stored.id, session, stored.tokens, stored.lang, seat_agents(session))
        live.version = len(session.moves)
        self.games[game_id] = live
        self.kick(live)
        return live

    # ------------------------------------------------------------------ moves
    def act(self, live: Live, seat: int, action: Any) -> Entry:
        """Apply a seat's action (AsobiError when illegal; the game is then unchanged)."""
        start = self.clock()
        events = live.session.apply(seat, action)
        live.version += 1
        entry = Entry(live.version, seat, live.session.moves[-1]["action"], events)
        live.log.append(entry)
        finished = live.session.finished
        self.store.save(live.id, live.session.record(), finished)
        if finished and live.record_path is not None:
            with contextlib.suppress(AsobiError):
                live.session.save(live.record_path)
        live.notify()
        self.move_ms.append((self.clock() - start) * 1000.0)
        self.kick(live)
        return entry

    def kick(self, live: Live) -> None:
        """Start the AI of ``live`` if an AI seat must act and no AI task runs for it."""
        if live.driving or self.closing or not self._ai_to_act(live):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        live.driving = True
        task = loop.create_task(self._drive(live))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _ai_to_act(self, live: Live) -> list[int]:
        return [s for s in live.session.to_act() if s in live.agents]

    async def _drive(self, live: Live) -> None:
        try:
            while not self.closing:
                waiting = self._ai_to_act(live)
                if not waiting:
                    break
                seat = waiting[0]
                obs = live.session.observation(seat)
                legal = live.session.legal_actions(seat)
                agent = live.agents[seat]
                action = await anyio.to_thread.run_sync(agent.choose, obs, legal)
                if seat in live.session.to_act() and live.session.legal_actions(seat) == legal:
                    self.act(live, seat, action)
        finally:
            live.driving = False

    async def hint(self, live: Live, seat: int) -> tuple[dict[str, Any], str]:
        legal = live.session.legal_actions(seat)
        if not legal:
            raise AsobiError("it is not your turn: there is nothing to hint")
        hinter = live.hinters.get(seat)
        if hinter is None:
            hinter = hint_agent(live.session, seat)
            live.hinters[seat] = hinter
        obs = live.session.observation(seat)
        action, reason = await anyio.to_thread.run_sync(hinter.explain, obs, legal)
        return dict(action), str(reason)

    async def close(self) -> None:
        self.closing = True
        for live in self.games.values():
            for queue in list(live.listeners):
                queue.put_nowait(None)
        for task in list(self.tasks):
            task.cancel()

    # ------------------------------------------------------------------ what a seat sees
    def payload(self, live: Live, seat: int, since: int, lang: str) -> dict[str, Any]:
        """Everything the page of ``seat`` needs, and nothing another seat may hide."""
        session = live.session
        hook = live.game.hook
        obs = session.observation(seat)
        to_act = session.to_act()
        legal = session.legal_actions(seat) if seat in to_act else []
        events: list[dict[str, Any]] = []
        for entry in live.log:
            if entry.version > since:
                events.extend(visible_events(entry.events, seat))
        narration = []
        for event in events:
            text = hook.asobi_describe_event(event=event, seat=seat, lang=lang)
            if text:
                narration.append(text)
        return {
            "id": live.id,
            "game": live.game.name,
            "title": live.game.info.title,
            "variant": {"name": session.variant_ref, "title": session.variant.title},
            "seat": seat,
            "seats": [
                {"seat": i, "kind": spec.kind, "level": spec.level, "label": str(spec)}
                for i, spec in enumerate(session.seats)
            ],
            "version": live.version,
            "since": since,
            "to_act": to_act,
            "finished": session.finished,
            "observation": obs,
            "legal": [
                {"action": a, "key": canonical(a), "label": label(live.game, obs, a, lang)}
                for a in legal
            ],
            "events": events,
            "narration": narration,
            "result": session.result(),
        }


def label(game: Game, obs: dict[str, Any], action: dict[str, Any], lang: str) -> str:
    text = game.hook.asobi_describe_action(observation=obs, action=action, lang=lang)
    return text if text is not None else canonical(action)


def _seat(text: str) -> SeatSpec:
    try:
        return SeatSpec.parse(text)
    except AsobiError:
        return SeatSpec("human")
