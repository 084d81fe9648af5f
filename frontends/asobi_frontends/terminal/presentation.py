"""What a terminal frontend shows of a game, in words: the seats' names, the labels of the
choices, the story of each move, the hint line and the final table.

The text frontend and the tui both show a session through a :class:`Presenter`, so the same
game reads the same in both: the same names, labels, numbers and lines, from one catalogue
(``locale/`` beside this module). A frontend adds only its own chrome (prompts, keys, panels).

Every menu is built from one observation: :meth:`Presenter.choices` asks the game for the
seat's observation once and labels every legal action from it.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from asobi.contract.model import Reason, ScoreRow
from asobi.i18n import translator
from asobi.play.seeds import seed_text
from asobi.play.session import Session, canonical

PACKAGE = "asobi_frontends.terminal"
"""The package whose ``locale/`` catalogues hold the shared words."""

Action = dict[str, Any]


def words(lang: str) -> Callable[[str], str]:
    """``_`` for the shared messages of the terminal frontends in ``lang``."""
    return translator(PACKAGE, lang)


@dataclass(frozen=True)
class Choices:
    """One decision of one seat as a menu: the observation the seat decides from (asked of
    the game once), its legal actions, and the label of each, listed from 1."""

    seat: int
    observation: Mapping[str, Any]
    legal: tuple[Action, ...]
    labels: tuple[str, ...]

    def index(self, action: Mapping[str, Any]) -> int | None:
        """The 0-based place of ``action`` in the menu, or None when it is not a choice."""
        key = canonical(action)
        return next((i for i, a in enumerate(self.legal) if canonical(a) == key), None)

    def numbered(self) -> list[tuple[int, str]]:
        """(number, label) of every choice, numbered from 1 as players count."""
        return list(enumerate(self.labels, 1))


@dataclass(frozen=True)
class Told:
    """One line of the story of a move: a visible event with the game's sentence for it
    (``text`` None when the game says nothing of it), or, without an event, the move told by
    its label because the game said nothing of it."""

    event: Mapping[str, Any] | None
    text: str | None

    @property
    def ends_game(self) -> bool:
        """The game told its own end (hookspecs: ``asobi_apply``): no second summary."""
        return self.event is not None and bool(self.text) and \
            self.event.get("type") == "game_over"


@dataclass(frozen=True)
class Hint:
    """A hint as shown: the 0-based place of the hinted move in the menu (None when the
    move is not one of the choices) and the line that tells it."""

    index: int | None
    line: str


@dataclass(frozen=True)
class Summary:
    """The final table in words: the table (a column per seat, a row per step of the game
    as the game tells it, then the totals; the rows add up to the totals), the final scores
    with each seat's name, and the winner (or a draw)."""

    table: tuple[str, ...]
    scores: str
    outcome: str

    def lines(self) -> list[str]:
        return [*self.table, self.scores, self.outcome]


def cells(text: str) -> int:
    """Columns ``text`` takes in a terminal (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def aligned(rows: Sequence[Sequence[str]]) -> tuple[str, ...]:
    """``rows`` of cells as lines: the first column to the left, the others to the right, each
    as wide as its widest cell, two spaces apart."""
    widths = [max(cells(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        first = row[0] + " " * (widths[0] - cells(row[0]))
        rest = [" " * (w - cells(c)) + c for c, w in zip(row[1:], widths[1:], strict=True)]
        lines.append("  ".join([first, *rest]).rstrip())
    return tuple(lines)


@dataclass(frozen=True)
class Presenter:
    """The words of one session in one language, as every terminal frontend shows them.

    ``person``: the seat of the person at the table (the first human seat); narration speaks
    to that seat ("you"), and with nobody playing (None) it speaks to an onlooker, naming every
    seat by its number."""

    session: Session
    lang: str
    person: int | None

    @classmethod
    def of(cls, session: Session, lang: str) -> Presenter:
        """The presenter of ``session``, speaking to its first human seat."""
        humans = [i for i, s in enumerate(session.seats) if s.is_human]
        return cls(session, lang, humans[0] if humans else None)

    def in_language(self, lang: str) -> Presenter:
        """The same presenter in another language."""
        return dataclasses.replace(self, lang=lang)

    def _(self, message: str) -> str:
        return words(self.lang)(message)

    # ------------------------------------------------------------------ seats
    def seat_name(self, seat: int) -> str:
        """A seat as players count it (from 1; records count from 0), with who sits there."""
        spec = self.session.seats[seat]
        if spec.is_human:
            if seat == self.person:
                return self._("Seat {n} (you)").format(n=seat + 1)
            return self._("Seat {n}").format(n=seat + 1)
        game = self.session.game
        level = game.level_title(spec.level or game.default_level, self.lang)
        return self._("Seat {n} (AI, {level})").format(n=seat + 1, level=level)

    def seat_names(self) -> tuple[str, ...]:
        return tuple(self.seat_name(s) for s in range(self.session.players))

    # ------------------------------------------------------------------ choices
    def choices(
        self,
        seat: int,
        observation: Mapping[str, Any] | None = None,
        legal: Sequence[Mapping[str, Any]] | None = None,
    ) -> Choices:
        """The menu of ``seat`` now: its observation, asked of the game once (or the one
        given, to label the same menu again in another language), and every legal action
        labelled from it."""
        if observation is None:
            observation = self.session.observation(seat)
        actions = tuple(
            dict(a) for a in (self.session.legal_actions(seat) if legal is None else legal))
        describe = self.session.game.hooks.describe_action
        labels = tuple(describe(observation, a, self.lang) for a in actions)
        return Choices(seat, observation, actions, labels)

    def label(
        self, seat: int, action: Mapping[str, Any],
        observation: Mapping[str, Any] | None = None,
    ) -> str:
        """The label of one action of ``seat``, as that seat sees the game now (or as it saw
        it in ``observation``)."""
        if observation is None:
            observation = self.session.observation(seat)
        return self.session.game.hooks.describe_action(observation, action, self.lang)

    # ------------------------------------------------------------------ the story
    def title_line(self) -> str:
        game, variant = self.session.game, self.session.variant
        return self._("{game} - {variant}").format(
            game=game.title_in(self.lang), variant=variant.title_in(self.lang))

    def seed_line(self) -> str:
        return self._("Seed {seed} (replay this deal with --seed {seed})").format(
            seed=seed_text(self.session.seed))

    def to_play_line(self, seat: int) -> str:
        """Said when the table passes between two people."""
        return self._("--- {who} to play ---").format(who=self.seat_name(seat))

    def left_line(self) -> str:
        return self._("You left the game.")

    def narrate(
        self, mover: int, label: str, events: Sequence[Mapping[str, Any]]
    ) -> Iterator[Told]:
        """The story of one move: each event the person may see, with the game's sentence
        for it; when the game said nothing of a move that is not the person's own, the
        mover's name and the move's ``label`` (as the mover saw it, before the move)."""
        hooks = self.session.game.hooks
        said = False
        for event in events:
            text = hooks.describe_event(event, self.person, self.lang)
            said = said or bool(text)
            yield Told(event, text)
        if not said and mover != self.person:
            yield Told(None, f"{self.seat_name(mover)}: {label}")

    # ------------------------------------------------------------------ hints
    def hint(self, choices: Choices, action: Mapping[str, Any], reason: str | Reason) -> Hint:
        """The hint line for ``action`` among ``choices``: its number and label in the menu,
        and the reason in words."""
        index = choices.index(action)
        label = (choices.labels[index] if index is not None
                 else self.label(choices.seat, action, choices.observation))
        because = self.session.game.hooks.describe_reason(reason, self.lang)
        line = self._("Hint: {n}. {label} — {reason}").format(
            n="?" if index is None else index + 1, label=label, reason=because)
        return Hint(index, line)

    # ------------------------------------------------------------------ the end
    def summary(self, result: Mapping[str, Any], observation: Mapping[str, Any]) -> Summary:
        """The final table of ``result`` (a session's result), told to the seat whose final
        ``observation`` is given: the game's own rows (``asobi_score_rows``), else a row per
        round; what they leave unexplained as one more row, so that they add up to the
        scores; then the totals."""
        scores = [int(s) for s in result.get("scores", [])]
        seats = range(len(scores))
        rows = self.session.game.hooks.score_rows(result, observation, self.lang)
        if rows is None:
            rows = [ScoreRow(self._("Round {n}").format(n=i), _per_seat(unit, len(scores)))
                    for i, unit in enumerate(result.get("rounds", []), 1)]
        told = [sum(row.points[s] for row in rows) for s in seats]
        rest = tuple(scores[s] - told[s] for s in seats)
        if any(rest):
            rows.append(ScoreRow(self._("Other points"), rest))
        header = ["", *(self._column(s) for s in seats)]
        body = [[row.label, *(f"{p:+d}" if p else "0" for p in row.points)] for row in rows]
        total = [self._("Total"), *(str(score) for score in scores)]
        named = ", ".join(f"{self.seat_name(s)}: {scores[s]}" for s in seats)
        winner = result.get("winner")
        outcome = (self._("It is a draw.") if winner is None
                   else self._("Winner: {who}").format(who=self.seat_name(int(winner))))
        return Summary(aligned([header, *body, total]),
                       self._("Final scores: {scores}").format(scores=named), outcome)

    def _column(self, seat: int) -> str:
        """A seat as the head of its column in the final table: short, "you" marked."""
        if seat == self.person:
            return self._("Seat {n} (you)").format(n=seat + 1)
        return self._("Seat {n}").format(n=seat + 1)

    def saved_line(self, path: Path) -> str:
        return self._("Record saved to {path}").format(path=path)

    def not_saved_line(self) -> str:
        return self._("The record was not saved.")


def _per_seat(unit: Mapping[str, Any], seats: int) -> tuple[int, ...]:
    """A scoring unit's points, one whole number per seat (missing ones are 0)."""
    points = [int(p) for p in unit.get("points", [])][:seats]
    return tuple(points + [0] * (seats - len(points)))
