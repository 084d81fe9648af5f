"""Saving a game's record from a terminal frontend: offer to save, and while a save fails,
say why and ask for another file name until it is saved or the person gives up.

The flow is a generator, so a blocking frontend (reading lines) and an event-driven one
(dialogs awaited in a coroutine) run the very same steps: it yields an :class:`Ask` each time
it needs a file name, is sent the answer (None for an empty answer, Esc or the end of input),
and returns a :class:`SaveOutcome`::

    flow = save_flow(session, launch.record_path, offer=..., retry=...)
    outcome = answer_flow(flow, ask_a_line)          # a blocking frontend
    outcome = await answer_flow_async(flow, dialog)  # a frontend with an event loop
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from dataclasses import dataclass
from pathlib import Path

from asobi.errors import AsobiError
from asobi.play.session import Session

RECORD_NOT_SAVED = 2
"""Exit status when a record was asked for, could not be written, and the person gave up."""


@dataclass(frozen=True)
class Ask:
    """The flow needs a file name: ask ``prompt``; ``failure`` says why the last save failed
    (None for the first offer)."""

    prompt: str
    failure: str | None = None


@dataclass(frozen=True)
class SaveOutcome:
    """How the flow ended: where the record was saved (None when it was not), and the exit
    status it asks for (0, or :data:`RECORD_NOT_SAVED` when a save failed and the person
    gave up; skipping the offer is not a failure)."""

    path: Path | None
    status: int = 0

    @property
    def gave_up(self) -> bool:
        return self.status == RECORD_NOT_SAVED


SaveFlow = Generator[Ask, str | None, SaveOutcome]


def save_flow(session: Session, path: Path | None, offer: str, retry: str) -> SaveFlow:
    """Save ``session``'s record to ``path``; without a path, first ask for one with the
    question ``offer`` (no answer: nothing saved, status 0). While saving fails, ask for
    another name with ``retry`` and the reason; no answer gives up (RECORD_NOT_SAVED)."""
    if path is None:
        name = yield Ask(offer)
        if not name:
            return SaveOutcome(None)
        path = Path(name)
    while True:
        try:
            session.save(path)
            return SaveOutcome(path)
        except AsobiError as exc:
            name = yield Ask(retry, str(exc))
        if not name:
            return SaveOutcome(None, RECORD_NOT_SAVED)
        path = Path(name)


def answer_flow(flow: SaveFlow, answer: Callable[[Ask], str | None]) -> SaveOutcome:
    """Run ``flow`` to its end, answering each question with ``answer(ask)``."""
    try:
        ask = next(flow)
        while True:
            ask = flow.send(answer(ask))
    except StopIteration as stop:
        outcome: SaveOutcome = stop.value
        return outcome


async def answer_flow_async(
    flow: SaveFlow, answer: Callable[[Ask], Awaitable[str | None]]
) -> SaveOutcome:
    """Run ``flow`` to its end, answering each question with ``await answer(ask)``."""
    try:
        ask = next(flow)
        while True:
            ask = flow.send(await answer(ask))
    except StopIteration as stop:
        outcome: SaveOutcome = stop.value
        return outcome
