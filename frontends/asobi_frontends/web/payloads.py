"""What the page of one seat receives: its payload (README, "The payload of a seat").

Built from what that seat may see only: its observation, its own legal actions, the events of
moves it may see (:func:`asobi.play.session.visible_events`) and their narration in its language.
:meth:`.live.Live.payload` keeps each one for the version it was built at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.host.registry import Game
from asobi.play.session import canonical, visible_events

if TYPE_CHECKING:
    from .live import Live


def build_payload(live: Live, seat: int, since: int, lang: str) -> dict[str, Any]:
    """Everything the page of ``seat`` needs, and nothing another seat may hide."""
    session = live.session
    hooks = live.game.hooks
    obs = session.observation(seat)
    to_act = live.acting()
    legal = live.legal(seat)
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
             "claimed": key.claimed, "claims": key.claims if key.human else None}
            for i, (spec, key) in enumerate(zip(session.seats, live.keys.seats, strict=True))
        ],
        "hints": live.hints,
        "version": live.version,
        "since": since,
        "to_act": list(to_act),
        "finished": not to_act,
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
