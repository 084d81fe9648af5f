"""Values shared by the core, the games and the frontends."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

from asobi.variants.schema import Schema

Action = dict[str, Any]


@dataclass(frozen=True)
class GameInfo:
    """What a game plugin tells the registry about itself (``asobi_game_info``)."""

    name: str
    """Stable id used on the command line and in records (``koikoi``)."""
    title: str
    """Human title (``Koi-Koi``)."""
    min_players: int
    max_players: int
    schema: Schema
    """Schema of the ``rules`` mapping of this game's variant files."""
    variants: Traversable | Path | None = None
    """Folder holding the built-in ``<name>.yaml`` variant files."""
    default_variant: str = "standard"
    summary: str = ""
    default_players: tuple[str, ...] = ()
    """Seats used when ``--players`` is not given, e.g. ``("human", "ai:normal")``."""
    ai_levels: tuple[str, ...] = ("random",)
    """AI levels this game offers, weakest first (``random`` is always there)."""
    default_level: str | None = None
    """The level of a bare ``ai`` seat (default: ``normal`` when listed, else the first)."""
    strongest_level: str | None = None
    """The level hints come from. Declare it: without it, the last of ``ai_levels`` gives
    hints, whatever its strength (a level added to the end of the list takes over)."""
    hides_information: bool = True
    """Whether some seat is ever not shown everything (a hand, a deck order, a secret pick).
    A game of perfect information (Nim) says False: tools that search the one world an
    observation describes (``ai:openspiel-mcts``) are then offered for it."""
    resamples: bool = False
    """Whether ``asobi_resample`` builds a whole state from an observation alone (called with
    ``state=None``). Declared, the ``search`` level and OpenSpiel's ISMCTS are offered for the
    game and the conformance kit plays from such states; a game that deals again only from the
    real state leaves it False."""
    upgrades_records: bool = False
    """Whether the game implements ``asobi_upgrade_record`` (its older records replay
    differently now). The registry refuses a game whose declaration and hooks disagree."""


@dataclass(frozen=True)
class ScoreRow:
    """One row of a game's final table (``asobi_score_rows``): a step of the game, in words,
    and what it added to each seat's score (a negative number for what it took away)."""

    label: str
    points: tuple[int, ...]


@dataclass(frozen=True)
class SetupContext:
    """Everything ``asobi_setup`` receives."""

    rules: Mapping[str, Any]
    players: int
    rng: random.Random
    setup: Mapping[str, Any] | None = None
    adjust_points: Callable[[Mapping[str, Any]], list[int]] = field(
        default=lambda unit: [0] * len(unit["points"])
    )
    """Call with a scoring unit; returns per-seat deltas from cross-cutting plugins."""


class Reason(str):
    """Why an agent chose its move, in words a frontend can translate.

    It is the English sentence itself (a ``str``, so it can be shown, logged or compared as
    one), and it remembers the message it came from (``text``, with ``{placeholders}``: a key
    of the game's catalogues) and the values put in it (``params``).
    ``game.hooks.describe_reason(reason, lang)`` gives the player's sentence.

    A sentence with a count gives its English plural too, and names the value that counts:
    ``Reason("over {n} guess", {"n": k}, plural="over {n} guesses", counter="n")``; ``text``
    (the singular) stays the catalogue key, and each language picks its own form."""

    text: str
    params: Mapping[str, Any]
    plural: str | None
    counter: str | None

    def __new__(cls, text: str, params: Mapping[str, Any] | None = None, *,
                plural: str | None = None, counter: str | None = None) -> Reason:
        values = MappingProxyType(dict(params or {}))
        if (plural is None) != (counter is None) or (
                counter is not None and counter not in values):
            raise ValueError("a counted Reason needs both 'plural' and 'counter', a key of params")
        english = text
        if plural is not None and counter is not None:
            from asobi.i18n import DEFAULT_LANG, choose_form

            english = choose_form(None, text, plural, int(values[counter]), DEFAULT_LANG)
        self = super().__new__(cls, english.format(**values))
        self.text = text
        self.params = values
        self.plural = plural
        self.counter = counter
        return self


class Agent(Protocol):
    """An AI player. It sees what its seat sees, nothing more."""

    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Return one of ``legal`` (the very dict, or an equal one)."""
        ...

    def explain(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, str | Reason]:
        """Return the move it would make and a one-line reason (used for hints): a
        :class:`Reason` to have it translated, or plain text."""
        ...
