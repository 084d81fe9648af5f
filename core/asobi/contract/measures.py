"""What a game tells the balance lab: its own measures and its restrictions of play.

A game plugin answers :func:`asobi.contract.hookspecs.asobi_lab_measures` with :class:`Measure`
values (each one read from a finished game) and :func:`asobi.contract.hookspecs.asobi_restrictions`
with :class:`Restriction` values (a kind of choice an AI level can be told never to make:
``ai:normal/no-koikoi``). The core computes the intervals and the differences between
variants; a game only says what to count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Action = dict[str, Any]


@dataclass(frozen=True)
class Tally:
    """A measure's reading of one game: ``total`` over ``count`` observations.

    The lab adds the totals and the counts of every game, so a measure is a ratio of sums:
    "koi-koi calls that won the round" is (calls that won, calls made) in each game. A game
    with nothing to observe (no call made) reads ``Tally(0, 0)`` and weighs nothing.
    """

    total: float
    count: float


Reading = Tally | Sequence[float] | float | None
"""What :attr:`Measure.read` returns: a :class:`Tally`, a list of observations (each counts
once), one number (one observation) or ``None`` (nothing observed)."""


@dataclass(frozen=True)
class FinishedGame:
    """A game the lab played, as a measure may read it.

    ``record`` is the record (docs/records.md, with its pinned ``setup``), ``result`` the
    replay-output result, ``events`` every event the moves produced, in order (private events
    included; the events of the setup itself are the game's own business: it may keep them in
    its state), and ``state`` the game's own final state.
    """

    record: Mapping[str, Any]
    result: Mapping[str, Any]
    events: tuple[Mapping[str, Any], ...]
    state: Any


@dataclass(frozen=True)
class Measure:
    """One figure a game wants its lab to show.

    ``key`` names it in the JSON report (stable, not translated). ``name`` and ``unit`` are
    English messages the game's catalogue translates; ``name`` may hold ``{placeholders}``
    filled from ``params``, whose values are translated too (a yaku's title). ``read`` takes a
    :class:`FinishedGame` and returns a :data:`Reading`; ``percent`` shows the figure as a
    percentage (for shares).
    """

    key: str
    name: str
    unit: str
    read: Callable[[FinishedGame], Reading]
    params: Mapping[str, str] = field(default_factory=dict)
    percent: bool = False

    def tally(self, game: FinishedGame) -> Tally:
        """The reading of ``game`` as a :class:`Tally`."""
        return as_tally(self.read(game))


def as_tally(reading: Reading) -> Tally:
    if reading is None:
        return Tally(0.0, 0.0)
    if isinstance(reading, Tally):
        return Tally(float(reading.total), float(reading.count))
    if isinstance(reading, int | float):
        return Tally(float(reading), 1.0)
    values = [float(v) for v in reading]
    return Tally(sum(values), float(len(values)))


@dataclass(frozen=True)
class Restriction:
    """A kind of choice taken away from an AI level (Jaffe et al., restricted play).

    ``name`` is what follows the slash in ``ai:LEVEL/NAME``; ``title`` an English message
    the game's catalogue translates ("never call koi-koi"). ``keep(observation, legal)``
    returns the legal actions the restricted player may still take; when it keeps none, the
    restriction does not apply to that decision and every legal action stays allowed.
    """

    name: str
    title: str
    keep: Callable[[Mapping[str, Any], Sequence[Action]], Sequence[Action]]
