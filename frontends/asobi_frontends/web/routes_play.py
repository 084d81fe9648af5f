"""Routes that act for one seat: its payload, moves, hints, the record, the update stream, and
re-invitations (a holder giving up their seat, the owner re-inviting a seat nobody holds). A
seat is opened by its token in the ``X-Asobi-Token`` header.

A payload is sent as the JSON text the hub built once for its version
(:meth:`.games.Hub.built`), whether it answers a request or goes down a stream."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from asobi.play.session import canonical

from .errors import BadRequest, Conflict, Forbidden, TableStopped
from .games import index_of
from .live import REPLACED
from .reading import body_of, hub_of, lang_of, seat_of, since_of, token_of, whole
from .routes_lobby import invitation_link

PING_SECONDS = 15.0
REPLACED_TEXT = json.dumps({
    "code": REPLACED,
    "error": "this seat is followed in another page now (the newest page wins); this one no "
             "longer gets updates",
})
"""The data of the ``replaced`` event that ends a stream a newer one of its seat replaced."""
STREAM_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def json_text(text: str) -> Response:
    return Response(text, media_type="application/json")


async def state(request: Request) -> Response:
    live, seat = seat_of(request)
    built = await hub_of(request).built_off_loop(live, seat, since_of(request), lang_of(request))
    return json_text(built.text)


async def act(request: Request) -> Response:
    hub = hub_of(request)
    data = await body_of(request)
    # The server's time for a move: from the whole request in hand to the answer built
    # (checking, applying, saving, notifying, the new payload); nothing awaits in between.
    started = time.perf_counter()
    live, seat = seat_of(request)
    if "version" not in data:
        raise BadRequest("send the version of the table you saw: {\"index\": N, \"version\": V}")
    version = whole(data["version"], "version")
    since = whole(data.get("since", version), "since")
    if "index" in data:
        choice = {"index": whole(data["index"], "index")}
    elif "action" in data:
        choice = {"action": data["action"]}
    else:
        raise BadRequest('send {"action": {...}, "version": V} or {"index": N, "version": V}')
    lang = lang_of(request)
    try:
        hub.act(live, seat, choice, version)
    except Conflict as exc:
        raise Conflict(str(exc), hub.payload(live, seat, since, lang), exc.code) from None
    response = json_text(hub.built(live, seat, since, lang).text)
    timing = (time.perf_counter() - started) * 1000.0
    response.headers["Server-Timing"] = f"move;dur={timing:.3f}"
    return response


async def hint(request: Request) -> Response:
    hub = hub_of(request)
    live, seat = seat_of(request)
    action, reason = await hub.hints.ask(live, seat)
    lang = lang_of(request)
    obs = live.session.observation(seat)
    legal = live.legal(seat)
    key = canonical(action)
    found = index_of(legal, action)
    index = found if found >= 0 else None
    text = live.game.hooks.describe_action(obs, action, lang)
    why = live.game.hooks.describe_reason(reason, lang)
    return JSONResponse(
        {"action": action, "key": key, "index": index, "label": text, "reason": why}
    )


async def invite(request: Request) -> Response:
    hub = hub_of(request)
    live = hub.get(request.path_params["game_id"])
    data = await body_of(request)
    # The seat's own token gives the seat up; the owner key re-invites a seat nobody holds.
    code = hub.seating.reinvite(live, token_of(request, "x-asobi-owner"), data.get("seat"),
                                token_of(request))
    seat = data["seat"]
    return JSONResponse({"seat": seat, "code": code, "link": invitation_link(live.id, code)})


async def record(request: Request) -> Response:
    live, _seat = seat_of(request)
    if not live.session.finished:
        # The seed and the moves would reveal the deal: only finished games are shown.
        raise Forbidden("the record can be downloaded once the game is over", "not-over")
    return JSONResponse(
        live.session.record(),
        headers={"Content-Disposition": f'attachment; filename="asobi-{live.id}.json"'},
    )


async def stream(request: Request) -> Response:
    hub = hub_of(request)
    live, seat = seat_of(request)
    lang = lang_of(request)
    since = since_of(request)
    if live.fault is not None:  # a stopped table has nothing more to tell: no reconnecting
        raise TableStopped(live.fault)
    if request.method == "HEAD":  # the headers a GET would have; no stream is held for it
        return Response(media_type="text/event-stream", headers=STREAM_HEADERS)
    options = hub.options
    queue = live.listen(seat, options.streams_per_seat, options.listeners_per_game)

    async def events() -> AsyncIterator[str]:
        sent = since
        fresh = True  # a payload is owed: the first one, and one after every notification
        try:
            yield "retry: 1000\n\n"
            while True:
                if fresh:
                    fresh = False
                    built = await hub.built_off_loop(live, seat, sent, lang)
                    sent = built.version  # a move made meanwhile is told next
                    yield f"data: {built.text}\n\n"
                    if built.finished:
                        return  # the game is over: that was its last payload
                try:
                    item = await asyncio.wait_for(queue.get(), PING_SECONDS)
                except TimeoutError:
                    yield ": ping\n\n"
                    continue
                while True:
                    if item is None or hub.closing:
                        return
                    if item == REPLACED:
                        yield f"event: replaced\ndata: {REPLACED_TEXT}\n\n"
                        return
                    if queue.empty():
                        break
                    item = queue.get_nowait()
                # A move, or a change at the table (a seat claimed or re-invited).
                fresh = True
        finally:
            live.listeners.pop(queue, None)

    return StreamingResponse(events(), media_type="text/event-stream", headers=STREAM_HEADERS)
