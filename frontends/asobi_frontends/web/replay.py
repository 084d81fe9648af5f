"""The replay viewer's server side: a record, a step and a seat in, that seat's payload out.

Stateless: every request replays the record from its start up to ``step`` (the number of the
record's moves applied), so nothing is kept between requests and any step can be asked for in
any order. Bounded: when the server has a club passphrase the request must carry it (403
otherwise, before the body is read); the body is at most the server's body limit; a text that is
not valid Unicode (a lone surrogate) anywhere in it is refused; a record of more than
:data:`MAX_MOVES` moves is refused before any is replayed; the rules a record carries are held
to the game's schema and its limits (:class:`asobi.variants.limits.Limits`) before anything is built
from them. The record is checked as ``asobi replay`` checks it (:mod:`asobi.play.records`); a record
that names its variant by a path on disk is refused unless it carries its rules (a browser must
never make the server read a file).

With ``reveal`` the observation carries ``revealed`` (every seat's hand, from the game's
``asobi_reveal`` hook), allowed only when the record's game is over: the record holds the seed,
so its holder could compute every hand anyway, but an unfinished game may be a live one.
"""

from __future__ import annotations

import functools
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry
from asobi.play import records
from asobi.play.replayer import ReplayError, replay_moves
from asobi.play.session import Session, visible_events
from asobi.variants.limits import show_path, unwritable_text
from asobi.variants.loader import Variant, looks_like_path

from .errors import BadRequest, Forbidden, NotFound
from .guard import require_club_key
from .hookspecs import generic_text
from .hookspecs import reveal as hands_of
from .newgame import VariantCache, find_game
from .reading import body_of, hub_of, lang_of, whole

MAX_MOVES = 3000
"""The longest record replayed (a whole Sakura game of six players is a few hundred moves)."""

LOG_LINES = 300
"""How many lines of narration (the moves up to the step) a replay payload carries at most."""


def start(registry: Registry, variants: VariantCache, record: Any) -> Session:
    """A fresh session set up as ``record`` says (:func:`asobi.play.records.start`, observers off),
    once the record is one this server may replay (a BadRequest saying why otherwise). A
    variant named by the record is looked up among the game's own and the club's (cached,
    never a path on the server's disk). A note tells when the scoring plugins installed here
    are not the record's."""
    try:
        records.check_shape(record)
    except AsobiError as exc:
        raise BadRequest(str(exc), "record") from None
    assert isinstance(record, dict)
    try:
        find_game(registry, record["game"])
    except NotFound as exc:
        raise BadRequest(f"record: {exc}", "record") from None
    if len(record["moves"]) > MAX_MOVES:
        raise BadRequest(f"record: {len(record['moves'])} moves; this server replays records "
                         f"of at most {MAX_MOVES} moves", "record")

    def variant_of(game: Game, name: str) -> Variant:
        if looks_like_path(name):
            raise BadRequest("record: its variant is a file on the player's disk and the record "
                             "does not carry its rules, so it cannot be replayed here", "record")
        return variants.find(game, name)

    try:
        session = records.start(registry, record, variant_of=variant_of)
    except BadRequest:
        raise
    except AsobiError as exc:
        raise BadRequest(f"record: {exc}", "record") from None
    warning = records.scoring_warning(session, record)
    if warning is not None:
        session.notes.append(warning)
    return session


def replay_payload(
    registry: Registry, variants: VariantCache, record: Any, step: int, seat: int,
    reveal: bool, lang: str,
) -> dict[str, Any]:
    """The payload ``seat`` would have seen after the record's first ``step`` moves.

    One pass: the moves after ``step`` are replayed too, to check the whole record and to know
    whether its game is over (which ``reveal`` needs)."""
    session = start(registry, variants, record)
    moves = record["moves"]
    total = len(moves)
    if not 0 <= step <= total:
        raise BadRequest(f"'step' must be between 0 and {total} (the record's moves)", "step")
    if not 0 <= seat < session.players:
        raise BadRequest(f"'seat' must be between 0 and {session.players - 1}", "seat")
    hooks = session.game.hooks
    log: list[str] = []
    shown = _snapshot(session, 0, seat, [], log, lang, reveal) if step == 0 else None
    steps = replay_moves(session, moves)
    while True:
        try:
            done = next(steps, None)
        except ReplayError as exc:
            raise BadRequest(f"record: {exc}", "record") from None
        if done is None:
            break
        last = visible_events(done.events, seat)
        if done.index < step:
            log.extend(text for text in (hooks.describe_event(e, seat, lang) for e in last)
                       if text)
            del log[:-LOG_LINES]
        if done.index + 1 == step:
            shown = _snapshot(session, step, seat, last, log, lang, reveal)
    assert shown is not None
    over = session.finished
    hands = shown.pop("hands")
    if reveal:
        if not over:
            raise Forbidden("every card is shown only for a record of a finished game",
                            "not-over")
        if hands is None:
            raise BadRequest(f"{session.game.info.title} cannot show every card", "no-reveal")
        shown["observation"]["revealed"] = hands
    can_reveal = over and (hands is not None
                               or hands_of(session.game, session.state) is not None)
    shown["replay"].update(steps=total, can_reveal=can_reveal)
    return shown


def _snapshot(
    session: Session, step: int, seat: int, events: list[dict[str, Any]], log: list[str],
    lang: str, reveal: bool,
) -> dict[str, Any]:
    """The payload of ``seat`` in the session as it is after the record's first ``step`` moves
    (``hands``: every seat's hand when asked for, to be checked once the whole record has been
    replayed)."""
    hooks = session.game.hooks
    narration = [hooks.describe_event(e, seat, lang) for e in events]
    observation = session.observation(seat)
    return {
        "id": None,
        "game": session.game.name,
        "title": session.game.title_in(lang),
        "variant": {"name": session.variant_ref, "title": session.variant.title_in(lang)},
        "seat": seat,
        "seats": [
            {"seat": i, "kind": spec.kind, "level": spec.level, "label": str(spec),
             "claimed": None}
            for i, spec in enumerate(session.seats)
        ],
        "hints": False,
        "version": step,
        "since": step - 1,
        "to_act": session.to_act(),
        "finished": session.finished,
        "observation": observation,
        "text": generic_text(session.game, observation, lang),
        "legal": [],
        "events": list(events),
        "narration": [text for text in narration if text],
        "result": session.result(),
        "replay": {"step": step, "seat": seat, "revealed": reveal, "log": list(log),
                   "notes": list(session.notes)},
        "hands": hands_of(session.game, session.state) if reveal else None,
    }


async def replay(request: Request) -> Response:
    """``POST /api/replay`` ``{record, step?, seat?, reveal?}`` → a payload like a seat's.

    The replay runs in a worker thread of the replays' own pool, where one client address
    holds at most its share of the threads (:class:`.work.FairPool`): a long record never
    holds up the other games' requests, nor one address's replays another's."""
    hub = hub_of(request)
    require_club_key(request, hub.options.club_key, "to replay records")
    data = await body_of(request)
    if "record" not in data:
        raise BadRequest('send {"record": {...}, "step": N, "seat": S}')
    bad_text = unwritable_text(data)
    if bad_text is not None:
        raise BadRequest(f"{show_path(bad_text, 'request')}: a text holding a lone surrogate, "
                         "which is not a character: send the text itself", "record")
    record = data["record"]
    moves = record.get("moves") if isinstance(record, dict) else None
    total = len(moves) if isinstance(moves, list) else 0
    step = whole(data.get("step", total), "step")
    seat = whole(data.get("seat", 0), "seat")
    reveal = data.get("reveal", False)
    if not isinstance(reveal, bool):
        raise BadRequest("'reveal' must be true or false")
    work = functools.partial(replay_payload, hub.registry, hub.variants, record, step, seat,
                             reveal, lang_of(request))
    client = request.client.host if request.client else "unknown"
    body = await hub.replay_pool.run(client, work)
    return JSONResponse(body)
