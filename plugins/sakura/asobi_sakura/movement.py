"""How the pieces move: who stands where, the Emperor's and the painters' steps, and bumps.

Moves count only empty spaces (occupied ones are jumped); the gate is never occupied, since
every painter may stand there. A painter who reaches the Emperor's space, or the Emperor
stepping back onto a painter, makes a *bump*: the painter pays a token and steps back.
:func:`garden_action` and :func:`painter_action` carry out the two halves of a card; the order
of the cards and the choices belong to turn.py.

The standing queries (:func:`closest`, :func:`furthest`, :func:`ranking`) treat painters who
share the gate as neither ahead of nor behind each other.
"""

from __future__ import annotations

from asobi_sakura.cards import (
    CLOSEST_BACK,
    COUNT,
    EITHER,
    EMPEROR_BACK,
    EMPEROR_EITHER,
    EMPEROR_FORWARD,
    FORWARD,
    FURTHEST_FORWARD,
    JUMP,
    Card,
)
from asobi_sakura.state import FORWARD_DIR, Events, State

# ---------------------------------------------------------------------- where painters stand


def occupied(state: State, space: int, mover: int) -> bool:
    """Whether a painter other than ``mover`` stands on ``space`` (the gate never counts)."""
    if space == 0:
        return False
    painters = state.painters
    here = painters.count(space)
    if mover >= 0 and painters[mover] == space:
        here -= 1
    return here > 0


def closest(state: State) -> int | None:
    """The painter closest to the Emperor, or None when all stand together at the gate."""
    best = None
    for p, pos in enumerate(state.painters):
        if pos > 0 and (best is None or pos > state.painters[best]):
            best = p
    if best is None and state.painters.count(0) == 1:
        return state.painters.index(0)
    return best


def furthest(state: State) -> int | None:
    """The painter furthest from the Emperor, or None when two or more share the gate
    (they are neither ahead of nor behind each other)."""
    at_gate = [p for p, pos in enumerate(state.painters) if pos == 0]
    if len(at_gate) >= 2:
        return None
    if at_gate:
        return at_gate[0]
    return min(range(len(state.painters)), key=lambda p: state.painters[p])


def ranking(state: State) -> list[int]:
    """Painters in order of closeness to the Emperor. Painters sharing the gate are left
    out (they are neither ahead of nor behind each other); a lone one at the gate is last."""
    ranked = sorted(
        (p for p, pos in enumerate(state.painters) if pos > 0),
        key=lambda p: -state.painters[p],
    )
    at_gate = [p for p, pos in enumerate(state.painters) if pos == 0]
    if len(at_gate) == 1:
        ranked.append(at_gate[0])
    return ranked


def ahead_of(state: State, painter: int) -> list[int]:
    """Painters strictly ahead of ``painter`` (between it and the Emperor)."""
    mine = state.painters[painter]
    return [p for p, pos in enumerate(state.painters) if pos > mine]


# ---------------------------------------------------------------------- the Emperor


def emperor_move(state: State, steps: int, direction: str, events: Events) -> None:
    """Move the Emperor ``steps`` spaces in ``direction`` (``forward`` or ``back``)."""
    if direction == FORWARD_DIR:
        _emperor_forward(state, steps, events)
    else:
        _emperor_back(state, steps, events)


def _emperor_forward(state: State, steps: int, events: Events) -> None:
    """Forward over empty spaces; he stops at once on a tree that has not scored yet (and
    leaves its index in ``state.tree_hit``)."""
    start = pos = state.emperor
    counted = 0
    trees = state.trees
    last = state.garden.last
    while counted < steps and pos < last:
        pos += 1
        if occupied(state, pos, -1):
            continue
        counted += 1
        if pos in trees and not state.scored[trees.index(pos)]:
            state.tree_hit = trees.index(pos)
            break
    state.emperor = pos
    if events is not None:
        events.append({"type": "emperor", "from": start, "to": pos})


def _emperor_back(state: State, steps: int, events: Events) -> None:
    """Back one space at a time, never onto the gate, bumping a painter he steps onto."""
    for _ in range(steps):
        start = state.emperor
        state.emperor = max(1, start - 1)
        if events is not None:
            events.append({"type": "emperor", "from": start, "to": state.emperor})
        if state.emperor == start:
            break
        for p, pos in enumerate(state.painters):
            if pos == state.emperor:
                _bump(state, p, events)
                break


# ---------------------------------------------------------------------- painters


def _bump(state: State, painter: int, events: Events) -> None:
    """``painter`` reached the Emperor: pays a token and steps back from his space."""
    lost = min(state.rules.bump_loss, state.tokens[painter])
    state.tokens[painter] -= lost
    state.supply += lost
    state.bumps[painter] += 1
    state.painters[painter] = state.emperor
    _painter_back(state, painter, state.rules.bump_back, None)
    if events is not None:
        events.append(
            {"type": "bump", "painter": painter, "tokens": lost, "to": state.painters[painter]}
        )


def _land(state: State, painter: int, start: int, target: int, events: Events) -> None:
    """Finish a painter's move from ``start``: on ``target``, or, on reaching the Emperor's
    space or beyond, stopped there and bumped."""
    if target >= state.emperor:
        if events is not None:
            events.append({"type": "painter", "painter": painter, "from": start,
                           "to": state.emperor})
        _bump(state, painter, events)
        return
    state.painters[painter] = target
    if events is not None:
        events.append({"type": "painter", "painter": painter, "from": start, "to": target})


def _painter_forward(state: State, painter: int, steps: int, events: Events) -> None:
    start = pos = state.painters[painter]
    counted = 0
    while counted < steps:
        pos += 1
        if pos >= state.emperor:
            break
        if occupied(state, pos, painter):
            continue
        counted += 1
    _land(state, painter, start, pos, events)


def _painter_back(state: State, painter: int, steps: int, events: Events) -> None:
    """Back over empty spaces; reaching the gate ends the move there."""
    start = pos = state.painters[painter]
    counted = 0
    while counted < steps and pos > 0:
        pos -= 1
        if pos == 0:
            break
        if occupied(state, pos, painter):
            continue
        counted += 1
    _land(state, painter, start, pos, events)


def painter_move(state: State, painter: int, steps: int, direction: str, events: Events) -> None:
    """Move ``painter`` ``steps`` spaces in ``direction`` (``forward`` or ``back``)."""
    if direction == FORWARD_DIR:
        _painter_forward(state, painter, steps, events)
    else:
        _painter_back(state, painter, steps, events)


def _jump(state: State, painter: int, events: Events) -> None:
    """To the first empty space in front of the next painter ahead (none ahead: stay)."""
    ahead = ahead_of(state, painter)
    if not ahead:
        return
    start = state.painters[painter]
    target = min(state.painters[p] for p in ahead) + 1
    while target < state.emperor and occupied(state, target, painter):
        target += 1
    _land(state, painter, start, target, events)


# ---------------------------------------------------------------------- the two halves of a card


def garden_action(state: State, card: Card, direction: str, events: Events) -> None:
    """The top of ``card``; ``direction`` is the choice of an Emperor-either card."""
    kind = card.garden
    if kind == EMPEROR_FORWARD:
        _emperor_forward(state, card.move, events)
    elif kind == EMPEROR_BACK:
        _emperor_back(state, card.move, events)
    elif kind == EMPEROR_EITHER:
        emperor_move(state, card.move, direction, events)
    elif kind == CLOSEST_BACK:
        target = closest(state)
        if target is not None:
            _painter_back(state, target, card.move, events)
    elif kind == FURTHEST_FORWARD:
        target = furthest(state)
        if target is not None:
            _painter_forward(state, target, card.move, events)


def painter_action(
    state: State, card: Card, painter: int, direction: str, events: Events
) -> None:
    """The bottom of ``card`` for ``painter``; ``direction`` is the choice of an either card."""
    kind = card.painter
    if kind == FORWARD:
        _painter_forward(state, painter, card.steps, events)
    elif kind == EITHER:
        painter_move(state, painter, card.steps, direction, events)
    elif kind == JUMP:
        _jump(state, painter, events)
    elif kind == COUNT:
        between = len(ahead_of(state, painter))
        if between:
            _painter_forward(state, painter, between, events)
