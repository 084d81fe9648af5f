"""The one loop that replays a record's moves into a session.

``asobi replay`` (:func:`asobi.play.records.replay`), the web replay viewer and a web game rebuilt
from its stored record all step a record through :func:`replay_moves`, so what a replay does
with a record's moves is decided here only:

* the game may upgrade an older record first, once per replay (``asobi_upgrade_record``): a
  move it rewrites is applied as rewritten; a move that an older version of the game asked for
  and this one makes by itself is not applied, and is reported as skipped, so that a caller
  counting the record's moves (the replay viewer's steps) keeps its place. A game that does
  not implement the hook costs nothing here;
* a move after the end of the game, or one that is not legal, stops the replay with a
  :class:`ReplayError` naming the move's index in the record, the move and the reason;
* every other move is applied with :meth:`asobi.play.session.Session.apply`, which checks it.

The session is built from the record by :func:`asobi.play.records.start`, with its
``asobi_game_over`` observers off: replaying a finished game is not playing one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asobi.errors import AsobiError
from asobi.play.session import Session, canonical

Move = Mapping[str, Any]


class ReplayError(AsobiError):
    """A record's move that cannot be replayed: ``index`` is its position in the record."""

    def __init__(self, index: int, action: Any, reason: str) -> None:
        shown = canonical(action) if isinstance(action, Mapping) else repr(action)
        super().__init__(f"move {index} ({shown}): {reason}")
        self.index = index


@dataclass(frozen=True)
class Step:
    """One move of a record, as the replay took it."""

    index: int
    """The move's position in the record's ``moves`` (skipped moves count too)."""
    seat: int
    action: dict[str, Any]
    """The action as the session recorded it (the legal action it matched); the record's own
    action when the move was skipped."""
    events: list[dict[str, Any]]
    """Every event the move caused, the private ones included: filter them for a seat with
    :func:`asobi.play.session.visible_events`. Empty for a skipped move."""
    skipped: bool = False
    """True for a move the game now makes by itself (nothing was applied)."""
    choice: int | None = None
    """With ``choices=True``: the action's position among the seat's legal actions just
    before it was applied (``-1`` never happens: an action not among them is refused)."""


def replay_moves(
    session: Session,
    moves: Sequence[Move],
    upto: int | None = None,
    *,
    choices: bool = False,
    record: Mapping[str, Any] | None = None,
) -> Iterator[Step]:
    """Apply ``moves`` (a record's, already checked for shape by
    :func:`asobi.play.records.check_shape`) to ``session``, a session just built from that record
    (:func:`asobi.play.records.start`), the first ``upto`` of them or all, yielding a :class:`Step`
    after each; the session is as the record left it after that move when the step is yielded.

    ``choices``: also tell each move's position among the legal actions (the web's log keeps
    it), at the price of listing the legal actions once more per move. ``record``: the whole
    record, as the game's ``asobi_upgrade_record`` sees it (by default the session's own
    record with these moves).
    """
    upgraded = upgrade(session, moves, record)
    for index, move in enumerate(moves[:upto]):
        now = upgraded[index]
        if now is None:
            yield Step(index, move["seat"], dict(move["action"]), [], skipped=True)
            continue
        seat, action = now["seat"], now["action"]
        if session.finished:
            raise ReplayError(index, action, "the game was already over")
        choice = None
        try:
            if choices:
                key = canonical(action)
                legal = session.legal_actions(seat)
                choice = next((i for i, a in enumerate(legal) if canonical(a) == key), -1)
            events = session.apply(seat, action)
        except AsobiError as exc:
            raise ReplayError(index, action, exc.message) from None
        yield Step(index, seat, session.moves[-1]["action"], events, choice=choice)


def upgrade(session: Session, moves: Sequence[Move],
            record: Mapping[str, Any] | None = None) -> Sequence[Move | None]:
    """The record's moves as the game replays them (``asobi_upgrade_record``): the moves
    themselves when the game does not implement the hook or changes nothing. The game is given
    a new initial state of its own, set up exactly as ``session``'s was."""
    hooks = session.game.hooks
    if not hooks.upgrades_records():
        return moves
    fresh = Session(session.game, session.variant, session.seats, seed=session.seed,
                    setup=session.setup, variant_ref=session.variant_ref, observers=False)
    whole = {**(record if record is not None else fresh.record()),
             "moves": [{"seat": m["seat"], "action": dict(m["action"])} for m in moves]}
    upgraded = hooks.upgrade_record(whole, fresh.state)
    return moves if upgraded is None else upgraded
