"""Live games: sessions in memory, who may act for which seat, the AI players and the log.

Every session is touched only from the server's event loop (between two ``await`` nothing
else runs), so no lock is needed around it. AI agents think in a worker thread on a copy of
what their seat sees (its observation and legal actions), a bounded number at a time, and
their move is then applied back on the loop, like a human's. An AI decision depends on the
game's record only (:func:`asobi.agents.decision_agent`), so a game rebuilt from the database
after a restart goes on exactly as it would have.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread

from asobi import records
from asobi.agents import decision_agent
from asobi.driver import Driver
from asobi.errors import AsobiError
from asobi.faults import PluginFault
from asobi.model import Reason
from asobi.registry import Game, Registry
from asobi.replayer import replay_moves
from asobi.session import SeatSpec, Session, canonical, visible_events

from .errors import Conflict, Forbidden, NotFound, TableStopped, TooMany
from .newgame import NewGame, VariantCache
from .options import ServerOptions
from .seats import Keys, Minted, SeatKey, deal_keys, mint, same, well_formed
from .stopped import stop, stops_table
from .store import Store

LOG_KEEP = 400
"""How many past moves (with their events) a live game keeps for late readers."""

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass
class Entry:
    """One applied move, the choice number it had among the legal actions, and its events."""

    version: int
    seat: int
    action: dict[str, Any]
    index: int
    events: list[dict[str, Any]]


@dataclass
class Live:
    """A game held in this server's memory."""

    id: str
    session: Session
    keys: Keys
    lang: str
    hints: bool
    creator: str
    touched: float
    version: int = 0
    log: deque[Entry] = field(default_factory=lambda: deque(maxlen=LOG_KEEP))
    listeners: dict[asyncio.Queue[int | None], int] = field(default_factory=dict)
    driving: bool = False
    hint_cache: dict[int, tuple[int, dict[str, Any], str | Reason]] = field(default_factory=dict)
    record_path: Path | None = None
    fault: str | None = None
    """Why a plugin's fault stopped this table (:func:`.stopped.stop`), or None while it
    plays."""
    driver: Driver = field(init=False)

    def __post_init__(self) -> None:
        session = self.session
        self.driver = Driver(session)

    @property
    def game(self) -> Game:
        return self.session.game

    def seat_of(self, token: str | None) -> int:
        """The seat whose secret ``token`` this is (Forbidden otherwise)."""
        if not token:
            raise Forbidden("this request carries no seat token (header X-Asobi-Token)",
                            "token")
        seat = self.keys.seat_of(token) if well_formed(token) else None
        if seat is None:
            raise Forbidden("this seat token does not belong to this game (or was replaced)",
                            "token")
        return seat

    def notify(self) -> None:
        for queue in list(self.listeners):
            queue.put_nowait(self.version)

    def hang_up(self, seat: int) -> None:
        """End the update streams of ``seat`` (its token was revoked)."""
        for queue, listener in list(self.listeners.items()):
            if listener == seat:
                queue.put_nowait(None)


class Hub:
    """Every game this server holds in memory, plus the store that outlives them."""

    def __init__(
        self,
        registry: Registry,
        store: Store,
        options: ServerOptions | None = None,
        clock: Callable[[], float] = time.perf_counter,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.registry = registry
        self.store = store
        self.options = options or ServerOptions()
        self.clock = clock
        self.now = now
        self.games: dict[str, Live] = {}
        self.move_ms: deque[float] = deque(maxlen=20_000)
        self.tasks: set[asyncio.Task[None]] = set()
        self.closing = False
        self._limiter: anyio.CapacityLimiter | None = None
        self.variants = VariantCache(now)

    @property
    def limiter(self) -> anyio.CapacityLimiter:
        """How many AI decisions and hints run at once (created on the server's loop)."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.options.ai_threads)
        return self._limiter

    # ------------------------------------------------------------------ creating, loading
    def create(
        self, new: NewGame, creator: str, record_path: Path | None = None
    ) -> tuple[Live, Minted]:
        """Start a game as ``new`` says (checked against this server's limits)."""
        self.sweep()
        unfinished = [g for g in self.games.values() if self._playing(g)]
        if len(unfinished) >= self.options.max_games:
            raise TooMany("the server is full; try again when some games have ended")
        cap = self.options.games_per_creator
        if cap and sum(1 for g in unfinished if g.creator == creator) >= cap:
            raise TooMany(f"you already have {cap} unfinished games on this server")
        session = Session(new.game, new.variant, new.seats, seed=new.seed,
                          variant_ref=new.variant_ref)
        for seat, spec in enumerate(session.seats):
            if not spec.is_human:
                decision_agent(session, seat)  # an unknown level is refused now, not later
        minted = deal_keys([s.is_human for s in session.seats], new.creator_seat)
        game_id = secrets.token_urlsafe(12)
        live = Live(game_id, session, minted.keys, new.lang, new.hints, creator, self.now(),
                    record_path=record_path)
        self.store.create(game_id, new.game.name, minted.keys, new.lang, new.hints, creator,
                          session.record())
        self.games[game_id] = live
        self.kick(live)
        return live, minted

    def get(self, game_id: str) -> Live:
        """A game, from memory or rebuilt from the store (its log and narration included)."""
        if not _GAME_ID.fullmatch(game_id):
            raise NotFound("no such game on this server")
        live = self.games.get(game_id)
        if live is None:
            live = self._load(game_id)
            self.games[game_id] = live
        live.touched = self.now()
        self.kick(live)  # an AI seat left waiting (a restart, a game started outside the loop)
        return live

    def _load(self, game_id: str) -> Live:
        stored = self.store.get(game_id)
        if stored is None:
            raise NotFound(f"no game '{game_id}' on this server")
        record = stored.record
        # Rebuilt with the observers off: a game that ended before the restart was announced
        # then, and replaying its moves is not playing them again.
        session = records.start(self.registry, record)
        # records.start treats unknown seat texts as humans; keep what the record said.
        session.seats = tuple(_seat(text) for text in record["seats"])
        live = Live(stored.id, session, stored.keys, stored.lang, stored.hints, stored.creator,
                    self.now())
        for done in replay_moves(session, record["moves"], choices=True):
            if done.skipped:
                continue  # an older version asked for it; this one makes it by itself
            live.version += 1
            live.log.append(Entry(live.version, done.seat, done.action,
                                  -1 if done.choice is None else done.choice, done.events))
        session.observers = True  # from here on it is played: its end is one to announce
        return live

    def sweep(self) -> None:
        """Let games nobody touched for ``idle_seconds`` leave memory (they stay stored)."""
        limit = self.now() - self.options.idle_seconds
        for game_id, live in list(self.games.items()):
            if live.touched < limit and not live.listeners and not live.driving:
                del self.games[game_id]

    # ------------------------------------------------------------------ seats
    def claim(self, live: Live, code: Any) -> tuple[int, str]:
        """Spend an invitation: a new token for its seat (403 unknown, 409 already used)."""
        seat = live.keys.invited_seat(code) if well_formed(code) else None
        if seat is None:
            raise Forbidden("this invitation is not valid: it may have been replaced by a new "
                            "one; ask the player who created the game", "invitation")
        if live.keys.seats[seat].token is not None:
            raise Conflict(f"this invitation was already used: seat {seat + 1} has its player",
                           code="invitation-used")
        token, token_digest = mint()
        live.keys = live.keys.with_seat(seat, SeatKey(True, token_digest,
                                                      live.keys.seats[seat].invite))
        self.store.save_keys(live.id, live.keys)
        live.notify()
        return seat, token

    def reinvite(self, live: Live, owner: str | None, seat: Any) -> str:
        """A new invitation for ``seat``; its old invitation and token stop working."""
        if not owner or not well_formed(owner) or not same(owner, live.keys.owner):
            raise Forbidden("only the player who created this game can invite again", "owner")
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
            0 <= seat < live.session.players
        ):
            raise AsobiError(f"no seat {seat!r}: seats are numbered 0 to "
                             f"{live.session.players - 1}")
        if not live.keys.seats[seat].human:
            raise AsobiError(f"seat {seat + 1} is played by the AI")
        code, code_digest = mint()
        live.keys = live.keys.with_seat(seat, SeatKey(True, None, code_digest))
        live.hint_cache.pop(seat, None)
        self.store.save_keys(live.id, live.keys)
        live.hang_up(seat)
        live.notify()
        return code

    # ------------------------------------------------------------------ plugin faults
    def _playing(self, live: Live) -> bool:
        """Whether ``live`` is a game still being played (not over, not stopped)."""
        if live.fault is not None:
            return False
        try:
            return not live.session.finished
        except PluginFault as fault:
            stop(self, live, fault)
            return False

    # ------------------------------------------------------------------ moves
    @stops_table
    def act(self, live: Live, seat: int, choice: dict[str, Any], version: int) -> bool:
        """Apply a seat's move made on ``version``. True when applied; False when it is the
        very move that already made ``version + 1`` (sent twice: applied once). A move made on
        any other old version is a Conflict; an illegal one an AsobiError. Either way the
        game is then unchanged."""
        if version != live.version:
            done = next((e for e in live.log if e.version == version + 1), None)
            if done is not None and done.seat == seat and _same_choice(done, choice):
                return False
            raise Conflict(f"the table has moved on since version {version}: "
                           f"it is at version {live.version}; look again and choose",
                           code="stale")
        start = self.clock()
        legal = live.session.legal_actions(seat)
        if "index" in choice:
            index = choice["index"]
            if not legal:
                raise AsobiError(f"it is not your turn (waiting for seats "
                                 f"{_people(live.session.to_act())})")
            if not 0 <= index < len(legal):
                raise AsobiError(f"no choice number {index}: there are {len(legal)} choices")
            action = legal[index]
        else:
            action = choice["action"]
            index = index_of(legal, action) if isinstance(action, dict) else -1
        events = live.driver.play(seat, action)
        live.version += 1
        live.log.append(Entry(live.version, seat, live.session.moves[-1]["action"], index,
                              events))
        finished = live.session.finished
        self.store.save(live.id, live.session.record(), finished)
        if finished and live.record_path is not None:
            with contextlib.suppress(AsobiError):
                live.session.save(live.record_path)
        live.notify()
        self.move_ms.append((self.clock() - start) * 1000.0)
        self.kick(live)
        return True

    def kick(self, live: Live) -> None:
        """Start the AI of ``live`` if an AI seat must act and no AI task runs for it."""
        if live.driving or self.closing or live.fault is not None:
            return
        try:
            if live.driver.next_ai_seat() is None:
                return
        except PluginFault as fault:
            stop(self, live, fault)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        live.driving = True
        task = loop.create_task(self._drive(live))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _drive(self, live: Live) -> None:
        try:
            while not self.closing:
                seat = live.driver.next_ai_seat()
                if seat is None:
                    break
                version = live.version
                # What the seat sees is read here, on the loop; only the thinking is threaded.
                think = live.driver.thinker(seat)
                action = await anyio.to_thread.run_sync(think, limiter=self.limiter)
                if live.version == version:
                    self.act(live, seat, {"action": action}, version)
        except PluginFault as fault:  # the AI's level, or a hook it called, failed
            stop(self, live, fault)
        except TableStopped:
            pass  # the move stopped the table (act said so); nothing more to do here
        finally:
            live.driving = False

    async def hint(self, live: Live, seat: int) -> tuple[dict[str, Any], str | Reason]:
        if live.fault is not None:
            raise TableStopped(live.fault)
        try:
            return await self._hint(live, seat)
        except PluginFault as fault:
            raise stop(self, live, fault) from fault

    async def _hint(self, live: Live, seat: int) -> tuple[dict[str, Any], str | Reason]:
        if not live.hints:
            raise Forbidden("hints are off at this table (the game's creator decides)",
                            "hints-off")
        legal = live.session.legal_actions(seat)
        if not legal:
            raise AsobiError("it is not your turn: there is nothing to hint")
        cached = live.hint_cache.get(seat)
        if cached is not None and cached[0] == live.version:
            return cached[1], cached[2]
        version = live.version
        hinter = live.driver.hinter(seat)
        action, reason = await anyio.to_thread.run_sync(hinter, limiter=self.limiter)
        answer = (dict(action), reason)
        live.hint_cache[seat] = (version, *answer)
        return answer

    async def close(self) -> None:
        self.closing = True
        for live in self.games.values():
            for queue in list(live.listeners):
                queue.put_nowait(None)
        for task in list(self.tasks):
            task.cancel()

    # ------------------------------------------------------------------ what a seat sees
    @stops_table
    def payload(self, live: Live, seat: int, since: int, lang: str) -> dict[str, Any]:
        """Everything the page of ``seat`` needs, and nothing another seat may hide."""
        session = live.session
        hooks = live.game.hooks
        obs = session.observation(seat)
        to_act = session.to_act()
        legal = session.legal_actions(seat) if seat in to_act else []
        events: list[dict[str, Any]] = []
        for entry in live.log:
            if entry.version > since:
                events.extend(visible_events(entry.events, seat))
        narration = []
        for event in events:
            text = hooks.describe_event(event, seat, lang)
            if text:
                narration.append(text)
        return {
            "id": live.id,
            "game": live.game.name,
            "title": live.game.title_in(lang),
            "variant": {"name": session.variant_ref, "title": session.variant.title_in(lang)},
            "seat": seat,
            "seats": [
                {"seat": i, "kind": spec.kind, "level": spec.level, "label": str(spec),
                 "claimed": key.claimed}
                for i, (spec, key) in enumerate(zip(session.seats, live.keys.seats, strict=True))
            ],
            "hints": live.hints,
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
    return game.hooks.describe_action(obs, action, lang)


def index_of(legal: list[dict[str, Any]], action: dict[str, Any]) -> int:
    """The position of ``action`` among the legal actions (-1: not there)."""
    key = canonical(action)
    return next((i for i, a in enumerate(legal) if canonical(a) == key), -1)


def _same_choice(done: Entry, choice: dict[str, Any]) -> bool:
    if "index" in choice:
        return bool(done.index == choice["index"])
    action = choice["action"]
    return isinstance(action, dict) and canonical(action) == canonical(done.action)


def _people(seats: list[int]) -> str:
    return ", ".join(str(s + 1) for s in seats) or "nobody"


def _seat(text: str) -> SeatSpec:
    try:
        return SeatSpec.parse(text)
    except AsobiError:
        return SeatSpec("human")
