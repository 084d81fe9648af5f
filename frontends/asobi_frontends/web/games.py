"""Live games: sessions in memory, who may act for which seat, the AI players and the log.

The :class:`Hub` holds them, with the services it owns: :class:`.seating.Seating` (claiming and
giving up seats), :class:`.hints.Hints` (hints in threads of their own) and
:class:`.stopped.Stops` (a table a plugin's fault stopped).

Every session is touched only from the server's event loop (between two ``await`` nothing
else runs), so no lock is needed around it. The AI seats move through the game's driver
(:meth:`asobi.play.driver.Driver.play_ai_async`): an agent thinks in a worker thread on a copy
of what its seat sees (its observation and legal actions), and its move is then applied back
on the loop, like a human's. An AI decision depends on the game's record only
(:func:`asobi.play.agents.decision_agent`), so a game rebuilt from the database after a restart goes
on exactly as it would have.

Work is shared fairly (:mod:`.work`): the AI's moves and the hints have thread pools of their
own, and in each pool one client address holds at most about half of the threads.

A move is kept or refused, never both: it is written to the store before anyone hears of it
(the mover's answer, the other seats' streams, the ``asobi_game_over`` observers); when the
write fails, the move is taken back and the answer is a 503 (:class:`.kept.NotKept`).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from asobi.contract.model import Action
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.host.registry import Registry
from asobi.play import records
from asobi.play.agents import decision_agent
from asobi.play.replayer import replay_moves
from asobi.play.session import SeatSpec, Session, canonical

from .errors import Conflict, NotFound, TableStopped, TooMany
from .hints import Hints
from .kept import STORE_ERRORS, NotKept
from .live import LOG_KEEP, Built, Entry, Live
from .newgame import NewGame, VariantCache
from .options import ServerOptions
from .seating import Seating
from .seats import Minted, deal_keys
from .stopped import Stops
from .store import Store
from .work import FairPool

__all__ = ["LOG_KEEP", "Entry", "Hub", "Live", "NotKept", "index_of"]

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
RATE_WINDOW = 60.0
"""Seconds over which ``ServerOptions.games_per_minute`` counts a creator's new games."""
AI_RETRY_MAX = 30.0
"""Longest wait between two attempts to keep an AI's move the store refused."""
FINISHED_SECONDS = 60.0
"""A finished (or stopped) game leaves memory this long after its last request, once no page
follows it: it is in the store, and nothing in it changes any more."""


class Hub:
    """Every game this server holds in memory, plus the store that outlives them; its
    :attr:`seating`, :attr:`hints` and :attr:`stops` serve its tables."""

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
        self.tasks: set[asyncio.Task[Any]] = set()
        self.closing = False
        self.creations: dict[str, deque[float]] = {}
        """When each client address created its recent games (``games_per_minute``)."""
        self._replay_pool: FairPool | None = None
        self._ai_pool: FairPool | None = None
        self.variants = VariantCache(now)
        self.stops = Stops(store, registry.warn)
        self.seating = Seating(store, now)
        self.hints = Hints(self.options.hint_workers, self.options.hints_per_game, self.stops)

    # The pools are made on the server's loop (anyio needs it).
    @property
    def ai_pool(self) -> FairPool:
        """The threads where AI seats decide their moves (``--ai-threads``)."""
        if self._ai_pool is None:
            self._ai_pool = FairPool(self.options.ai_threads)
        return self._ai_pool

    @property
    def replay_pool(self) -> FairPool:
        """The threads where replays (``POST /api/replay``) run, shared fairly between the
        client addresses that ask: as many as hints, never the AI's threads."""
        if self._replay_pool is None:
            self._replay_pool = FairPool(self.options.hint_workers)
        return self._replay_pool

    # ------------------------------------------------------------------ creating, loading
    def create(
        self, new: NewGame, creator: str, record_path: Path | None = None, paced: bool = False
    ) -> tuple[Live, Minted]:
        """Start a game as ``new`` says (checked against this server's limits). ``paced``: a
        client asked for it, so it counts against ``games_per_minute`` of ``creator``."""
        self.sweep()
        now = self.now()
        options = self.options
        paced = paced and options.games_per_minute > 0
        recent = self.creations.get(creator)
        if paced and recent is not None:
            while recent and recent[0] <= now - RATE_WINDOW:
                recent.popleft()
            if len(recent) >= options.games_per_minute:
                raise TooMany(f"you started {len(recent)} games in the last minute; wait a "
                              "moment before starting another")
        playing = {id(g): self._playing(g) for g in self.games.values()}
        unfinished = [g for g in self.games.values() if playing[id(g)]]
        # Held: being played (changed, by a move or a seat taken, within idle_seconds), or over
        # and still in memory (for at most FINISHED_SECONDS after its last request). An
        # unfinished game kept in memory by reading it only does not keep others from starting
        # theirs.
        held = sum(1 for g in self.games.values()
                   if not playing[id(g)] or now - g.moved < options.idle_seconds)
        if held >= options.max_games:  # finished games nobody follows make room first
            held -= self._drop_finished(held - options.max_games + 1, playing)
        if held >= options.max_games:
            raise TooMany("the server is full; try again when some games have ended")
        cap = options.games_per_creator
        if cap and sum(1 for g in unfinished if g.creator == creator) >= cap:
            raise TooMany(f"you already have {cap} unfinished games on this server")
        session = Session(new.game, new.variant, new.seats, seed=new.seed, setup=new.setup,
                          variant_ref=new.variant_ref)
        for seat, spec in enumerate(session.seats):
            if not spec.is_human:
                decision_agent(session, seat)  # an unknown level is refused now, not later
        minted = deal_keys([s.is_human for s in session.seats], new.creator_seat,
                           chosen_seed=new.seed is not None)
        game_id = secrets.token_urlsafe(12)
        live = Live(game_id, session, minted.keys, new.lang, new.hints, creator, now,
                    record_path=record_path)
        try:
            self.store.create(game_id, new.game.name, minted.keys, new.lang, new.hints,
                              creator, session.record())
        except STORE_ERRORS:
            raise NotKept("the new game") from None
        if paced:
            self.creations.setdefault(creator, deque()).append(now)
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
        session, entries = self._replayed(stored.record)
        now = self.now()
        live = Live(stored.id, session, stored.keys, stored.lang, stored.hints, stored.creator,
                    now, moved=now)
        live.version = len(entries)
        live.log.extend(entries[-LOG_KEEP:])
        return live

    def _replayed(self, record: dict[str, Any]) -> tuple[Session, list[Entry]]:
        """A session played up to the end of ``record``, and its log."""
        # Rebuilt with the observers off: a game that ended before the restart was announced
        # then, and replaying its moves is not playing them again.
        session = records.start(self.registry, record)
        # records.start treats unknown seat texts as humans; keep what the record said.
        session.seats = tuple(_seat(text) for text in record["seats"])
        entries: list[Entry] = []
        for done in replay_moves(session, record["moves"], choices=True):
            if done.skipped:
                continue  # an older version asked for it; this one makes it by itself
            entries.append(Entry(len(entries) + 1, done.seat, done.action,
                                 -1 if done.choice is None else done.choice, done.events))
        session.observers = True  # from here on it is played: its end is one to announce
        return session, entries

    def _drop_finished(self, count: int, playing: dict[int, bool]) -> int:
        """Let up to ``count`` finished (or stopped) games that no page follows leave memory,
        the least recently asked for first (they are in the store); how many left."""
        done = sorted((g for g in self.games.values()
                       if not playing[id(g)] and not g.listeners and not g.driving),
                      key=lambda g: g.touched)[:count]
        for live in done:
            del self.games[live.id]
        return len(done)

    def sweep(self) -> None:
        """Let games leave memory (they stay stored) once no page follows them: an unfinished
        one nobody touched for ``idle_seconds``, a finished or stopped one nobody touched for
        :data:`FINISHED_SECONDS`."""
        now = self.now()
        for game_id, live in list(self.games.items()):
            if live.listeners or live.driving:
                continue
            rest = self.options.idle_seconds
            if not self._playing(live):
                rest = min(rest, FINISHED_SECONDS)
            if live.touched < now - rest:
                del self.games[game_id]
        for creator, recent in list(self.creations.items()):
            if not recent or recent[-1] <= now - RATE_WINDOW:
                del self.creations[creator]

    # ------------------------------------------------------------------ plugin faults
    def _playing(self, live: Live) -> bool:
        """Whether ``live`` is a game still being played (not over, not stopped)."""
        if live.fault is not None:
            return False
        try:
            return not live.finished
        except PluginFault as fault:
            self.stops.stop(live, fault)
            return False

    # ------------------------------------------------------------------ moves
    def act(self, live: Live, seat: int, choice: dict[str, Any], version: int) -> bool:
        """Apply a seat's move made on ``version``. True when applied; False when it is the
        very move that already made ``version + 1`` (sent twice: applied once). A move made on
        any other old version is a Conflict; an illegal one an AsobiError; one the store could
        not keep NotKept. Either way the game is then unchanged."""
        with self.stops.guard(live):
            if version != live.version:
                done = next((e for e in live.log if e.version == version + 1), None)
                if done is not None and done.seat == seat and _same_choice(done, choice):
                    return False
                raise Conflict(f"the table has moved on since version {version}: "
                               f"it is at version {live.version}; look again and choose",
                               code="stale")
            start = self.clock()
            if "index" in choice:
                # The choices its player was shown at this version (listed for its payload).
                legal = live.legal(seat)
                index = choice["index"]
                if not legal:
                    raise AsobiError(f"it is not your turn (waiting for seats "
                                     f"{_people(live.acting())})")
                if not 0 <= index < len(legal):
                    raise AsobiError(f"no choice number {index}: there are {len(legal)} choices")
                action = legal[index]
            else:
                action = choice["action"]
                shown = live.known_legal(seat)
                index = index_of(shown, action) if shown and isinstance(action, dict) else -1
            session = live.session
            session.observers = False  # the end is announced once the move is kept
            try:
                events = live.driver.play(seat, action)  # the one legality check
            finally:
                session.observers = True
            live.version += 1
            live.log.append(Entry(live.version, seat, session.moves[-1]["action"], index, events))
            finished = live.finished
            try:
                self.store.save(live.id, session.record(), finished)
            except STORE_ERRORS:
                self._take_back(live)
                raise NotKept("this move") from None
            if finished:
                session.game.hooks.game_over(session.variant.name, session.result(),
                                             [str(s) for s in session.seats])
                if live.record_path is not None:
                    with contextlib.suppress(AsobiError):
                        session.save(live.record_path)
            live.moved = self.now()
            live.notify()
            self.move_ms.append((self.clock() - start) * 1000.0)
            self.kick(live)
            return True

    def _take_back(self, live: Live) -> None:
        """Undo the last move of ``live`` (the store did not keep it): the session is rebuilt
        from its record without that move."""
        record = live.session.record()
        record["moves"].pop()
        session, entries = self._replayed(record)
        live.log = deque(entries[-LOG_KEEP:], maxlen=LOG_KEEP)
        live.version = len(entries)
        live.hint_cache.clear()
        live.rebuilt(session)

    def kick(self, live: Live) -> None:
        """Start the AI of ``live`` if an AI seat must act and no AI task runs for it."""
        if live.driving or self.closing or live.fault is not None:
            return
        try:
            if live.driver.next_ai_seat(live.acting()) is None:
                return
        except PluginFault as fault:
            self.stops.stop(live, fault)
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
        """Let the AI seats of ``live`` move until a person must act, the game ends or the
        server closes (:meth:`asobi.play.driver.Driver.play_ai_async`): what a seat sees is
        read on the loop, only the thinking runs in the AI's threads, and each move is kept
        like a person's (:meth:`act`)."""

        async def think(decision: Callable[[], Action]) -> Action:
            return await self.ai_pool.run(live.creator, decision)

        async def keep(seat: int, action: Action) -> None:
            await self._keep_ai_move(live, seat, action, live.version)

        try:
            await live.driver.play_ai_async(think, keep, acting=live.acting,
                                            going=lambda: not self.closing)
        except PluginFault as fault:  # the AI's level, or a hook it called, failed
            self.stops.stop(live, fault)
        except TableStopped:
            pass  # the move stopped the table (act said so); nothing more to do here
        finally:
            live.driving = False

    async def _keep_ai_move(self, live: Live, seat: int, action: Action, version: int) -> None:
        """Apply the AI's move; while the store cannot keep it, try again, less and less
        often."""
        wait = 0.5
        while True:
            try:
                self.act(live, seat, {"action": action}, version)
                return
            except NotKept:
                await asyncio.sleep(wait)
                wait = min(wait * 2, AI_RETRY_MAX)
                if self.closing or live.version != version:
                    return

    async def close(self) -> None:
        """The server is stopping: no AI move or hint starts any more, and every update stream
        is hung up (called as the server begins to stop, and again at its end)."""
        self.closing = True
        self.hints.close()
        for live in self.games.values():
            live.hang_up()
        for task in list(self.tasks):
            task.cancel()

    # ------------------------------------------------------------------ what a seat sees
    def built(self, live: Live, seat: int, since: int, lang: str) -> Built:
        """The payload of ``seat`` (README, "The payload of a seat") and its JSON text,
        built once per version for every answer and stream that sends it."""
        with self.stops.guard(live):
            return live.payload(seat, since, lang)

    async def built_off_loop(self, live: Live, seat: int, since: int, lang: str) -> Built:
        """:meth:`built`, worked out in a worker thread when it tells many moves (a page
        opening a long game: :meth:`.live.Live.payload_off_loop`)."""
        with self.stops.guard(live):
            return await live.payload_off_loop(seat, since, lang)

    def payload(self, live: Live, seat: int, since: int, lang: str) -> dict[str, Any]:
        """Everything the page of ``seat`` needs, and nothing another seat may hide."""
        return self.built(live, seat, since, lang).body


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
