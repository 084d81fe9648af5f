"""A game held in a server's memory: its session, its keys, the log of its moves, the pages
that follow it, what was already worked out for its current version, and the payload of each
of its seats (README, "The payload of a seat").

What depends on the version only (who acts, a seat's legal actions, a seat's payload) is
worked out once per version and kept until the next move: the mover's answer and every stream
of a seat share one payload, built once, and a move by number is read from the legal actions
its player was shown (``asobi.play.session.Session.apply`` is then the one legality check).

A payload is built from what its seat may see only: its observation (and, for a game the generic
view draws, that observation as the game's text), its own legal actions, the events of moves it
may see (:func:`asobi.play.session.visible_events`) and their narration in its language
(:func:`build_payload`).

A payload is kept per seat, language and ``since`` once clamped to the versions that mean
something (every negative ``since`` is "everything", -1; one at or past the current version is
"nothing new"), so no query can make more of them than that. A payload that tells more than
:data:`CATCH_UP_ON_LOOP` moves (a page opening a long game) is worked out in a worker thread:
what the seat sees is read on the loop (:func:`draft_payload`), the narration of the moves and
the JSON text are made in the thread (:meth:`Draft.finish`).
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.host.registry import Game
from asobi.play.driver import Driver
from asobi.play.session import Session, canonical, visible_events

from .errors import Forbidden, TooMany
from .hookspecs import generic_text
from .seats import Keys, well_formed

LOG_KEEP = 400
"""How many past moves (with their events) a live game keeps for late readers."""
PAYLOADS_KEPT = 64
"""Payloads one game keeps for its current version (seats x languages x ``since``)."""
REPLACED = "replaced"
"""What a stream's queue is told when a newer stream of its seat took its place (``None``: the
stream ends for another reason, a token revoked or the server closing)."""
CATCH_UP_ON_LOOP = 4
"""The most moves a payload may tell and still be built on the event loop (the payload after
a move tells one): one that tells more is built in a worker thread."""


@dataclass
class Entry:
    """One applied move, the choice number it had among the legal actions, and its events."""

    version: int
    seat: int
    action: dict[str, Any]
    index: int
    events: list[dict[str, Any]]


class Built:
    """A seat's payload and its JSON text, made once for every answer and stream sending it.

    Once the text is made, only the text is kept (a few KiB, where the objects it was made of
    take several times that): :attr:`body` reads it back when asked for again."""

    __slots__ = ("_body", "_text", "finished", "version")

    def __init__(self, body: dict[str, Any]) -> None:
        self._body: dict[str, Any] | None = body
        self._text: str | None = None
        self.finished: bool = bool(body["finished"])
        self.version: int = int(body["version"])

    @property
    def body(self) -> dict[str, Any]:
        if self._body is not None:
            return self._body
        body: dict[str, Any] = json.loads(self.text)
        return body

    @property
    def text(self) -> str:
        """The payload as compact JSON (one line: an event-stream ``data:`` field can hold
        it)."""
        if self._text is None:
            self._text = json.dumps(self._body, ensure_ascii=False, allow_nan=False,
                                    separators=(",", ":"))
            self._body = None
        return self._text


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
    listeners: dict[asyncio.Queue[int | str | None], int] = field(default_factory=dict)
    driving: bool = False
    hint_cache: dict[int, tuple[int, dict[str, Any], Any]] = field(default_factory=dict)
    hint_jobs: dict[int, Any] = field(default_factory=dict)
    """The hint of each seat being worked out (:class:`.hints.HintJob`)."""
    record_path: Path | None = None
    fault: str | None = None
    """Why a plugin's fault stopped this table (:meth:`.stopped.Stops.stop`), or None while
    it plays."""
    moved: float = -1.0
    """When the game last changed (created, a move, a seat claimed or given up): a game only
    read since ``idle_seconds`` is not one being played (:meth:`.games.Hub.create`)."""
    driver: Driver = field(init=False)
    _memo_version: int = field(default=-1, init=False)
    _acting: list[int] | None = field(default=None, init=False)
    _legal: dict[int, list[dict[str, Any]]] = field(default_factory=dict, init=False)
    _payloads: dict[tuple[int, int, str], Built] = field(default_factory=dict, init=False)
    _building: dict[tuple[int, int, str], asyncio.Future[Built]] = field(
        default_factory=dict, init=False)
    _epoch: int = field(default=0, init=False)
    """Counts the times the kept payloads were dropped: one built meanwhile is not kept."""

    def __post_init__(self) -> None:
        self.driver = Driver(self.session)
        if self.moved < 0:
            self.moved = self.touched

    @property
    def game(self) -> Game:
        return self.session.game

    # ------------------------------------------------------------------ this version
    def _fresh(self) -> None:
        if self._memo_version != self.version:
            self._memo_version = self.version
            self._acting = None
            self._legal.clear()
            self._forget_payloads()

    def acting(self) -> list[int]:
        """The seats to act now (``Session.to_act``, asked once per version)."""
        self._fresh()
        if self._acting is None:
            self._acting = list(self.session.to_act())
        return self._acting

    @property
    def finished(self) -> bool:
        return not self.acting()

    def legal(self, seat: int) -> list[dict[str, Any]]:
        """The legal actions of ``seat`` now (empty when it does not act), listed once per
        version."""
        if seat not in self.acting():
            return []
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = self.session.legal_actions(seat)
        return found

    def known_legal(self, seat: int) -> list[dict[str, Any]] | None:
        """The legal actions of ``seat`` if they were already listed at this version."""
        self._fresh()
        return self._legal.get(seat)

    def since(self, since: int) -> int:
        """``since`` as the version it means: -1 (everything) for any negative one, the
        current version (nothing new) for any at or past it."""
        return max(-1, min(since, self.version))

    def payload(self, seat: int, since: int, lang: str) -> Built:
        """The payload of ``seat`` with the events after ``since``, in ``lang``: built once per
        version and shared by every answer and stream that sends it."""
        self._fresh()
        key = (seat, self.since(since), lang)
        built = self._payloads.get(key)
        if built is None:
            built = Built(build_payload(self, seat, key[1], lang))
            self._keep(key, built)
        return built

    async def payload_off_loop(self, seat: int, since: int, lang: str) -> Built:
        """:meth:`payload`, worked out in a worker thread when it tells more than
        :data:`CATCH_UP_ON_LOOP` moves (requests for the same one wait for the same work)."""
        self._fresh()
        key = (seat, self.since(since), lang)
        built = self._payloads.get(key)
        if built is not None:
            return built
        if self.version - key[1] <= CATCH_UP_ON_LOOP:
            return self.payload(seat, since, lang)
        pending = self._building.get(key)
        if pending is None:
            draft = draft_payload(self, seat, key[1], lang)
            pending = asyncio.ensure_future(asyncio.to_thread(draft.finish))
            self._building[key] = pending
            epoch = self._epoch

            def done(finished: asyncio.Future[Built]) -> None:
                if self._building.get(key) is finished:
                    del self._building[key]
                self._fresh()
                if (epoch == self._epoch and not finished.cancelled()
                        and finished.exception() is None):
                    self._keep(key, finished.result())

            pending.add_done_callback(done)
        return await asyncio.shield(pending)

    def _keep(self, key: tuple[int, int, str], built: Built) -> None:
        if len(self._payloads) >= PAYLOADS_KEPT:
            self._payloads.clear()
        self._payloads[key] = built

    def _forget_payloads(self) -> None:
        self._payloads.clear()
        self._building.clear()
        self._epoch += 1

    def changed(self) -> None:
        """The table changed without a move (a seat claimed or given up): payloads again."""
        self._forget_payloads()

    def rebuilt(self, session: Session) -> None:
        """Play on with ``session`` (the game rebuilt from its record), with the same driver
        (:meth:`asobi.play.driver.Driver.resume`: its AI loop under way goes on with it)."""
        self.session = session
        self.driver.resume(session)
        self._memo_version = -1
        self._fresh()

    # ------------------------------------------------------------------ seats
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

    def seat_number(self, seat: Any) -> int:
        """``seat`` checked as the number of a human seat of this game."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
            0 <= seat < self.session.players
        ):
            raise AsobiError(f"no seat {seat!r}: seats are numbered 0 to "
                             f"{self.session.players - 1}")
        if not self.keys.seats[seat].human:
            raise AsobiError(f"seat {seat + 1} is played by the AI")
        return seat

    # ------------------------------------------------------------------ who follows it
    def listen(self, seat: int, per_seat: int, per_game: int) -> asyncio.Queue[int | str | None]:
        """A queue for a new update stream of ``seat``. A seat keeps at most ``per_seat``
        streams: a new one ends its oldest, told :data:`REPLACED` (the newest page wins; a
        reloaded page whose old connection is not closed yet still gets its updates); a game at
        ``per_game`` streams ends the oldest of this seat for it, or refuses it (429) when the
        seat has none."""
        mine = [queue for queue, listener in self.listeners.items() if listener == seat]
        while mine and (len(mine) >= per_seat or len(self.listeners) >= per_game):
            oldest = mine.pop(0)
            del self.listeners[oldest]
            oldest.put_nowait(REPLACED)
        if len(self.listeners) >= per_game:
            raise TooMany("too many open pages follow this game; close some and reload")
        queue: asyncio.Queue[int | str | None] = asyncio.Queue()
        self.listeners[queue] = seat
        return queue

    def notify(self) -> None:
        for queue in list(self.listeners):
            queue.put_nowait(self.version)

    def hang_up(self, seat: int | None = None) -> None:
        """End the update streams of ``seat`` (its token was revoked), or of every seat."""
        for queue, listener in list(self.listeners.items()):
            if seat is None or listener == seat:
                queue.put_nowait(None)


def build_payload(live: Live, seat: int, since: int, lang: str) -> dict[str, Any]:
    """Everything the page of ``seat`` needs, and nothing another seat may hide."""
    return draft_payload(live, seat, since, lang).body()


@dataclass(frozen=True)
class Draft:
    """A seat's payload as read on the loop (what the seat sees now, the moves it is told),
    to be finished anywhere: the events it may see, their narration and the JSON text."""

    game: Game
    head: dict[str, Any]
    entries: tuple[Entry, ...]
    seat: int
    lang: str

    def body(self) -> dict[str, Any]:
        hooks = self.game.hooks
        events: list[dict[str, Any]] = []
        for entry in self.entries:
            events.extend(visible_events(entry.events, self.seat))
        narration = []
        for event in events:
            text = hooks.describe_event(event, self.seat, self.lang)
            if text:
                narration.append(text)
        body = dict(self.head)
        body["events"] = events
        body["narration"] = narration
        body["result"] = body.pop("result")  # the order of the payload's keys, as documented
        return body

    def finish(self) -> Built:
        """The payload and its JSON text (what a worker thread does)."""
        built = Built(self.body())
        _ = built.text
        return built


def draft_payload(live: Live, seat: int, since: int, lang: str) -> Draft:
    """What :func:`build_payload` reads from the game, on the loop."""
    session = live.session
    obs = session.observation(seat)
    to_act = live.acting()
    legal = live.legal(seat)
    head = {
        "id": live.id,
        "game": live.game.name,
        "title": live.game.title_in(lang),
        "variant": {"name": session.variant_ref, "title": session.variant.title_in(lang)},
        "seat": seat,
        "seats": [
            {"seat": i, "kind": spec.kind, "level": spec.level, "label": str(spec),
             "claimed": key.claimed, "claims": key.claims if key.human else None}
            for i, (spec, key) in enumerate(zip(session.seats, live.keys.seats, strict=True))
        ],
        "hints": live.hints,
        "version": live.version,
        "since": since,
        "to_act": list(to_act),
        "finished": not to_act,
        "observation": obs,
        "text": generic_text(live.game, obs, lang),
        "legal": [
            {"action": a, "key": canonical(a), "label": label(live.game, obs, a, lang)}
            for a in legal
        ],
        "result": session.result(),
    }
    entries = tuple(entry for entry in live.log if entry.version > since)
    return Draft(live.game, head, entries, seat, lang)


def label(game: Game, obs: dict[str, Any], action: dict[str, Any], lang: str) -> str:
    return game.hooks.describe_action(obs, action, lang)
