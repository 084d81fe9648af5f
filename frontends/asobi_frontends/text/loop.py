"""The line-based text frontend: works on any terminal and through pipes.

Each time a human seat must act it shows that seat's observation (drawn by the game's
``asobi_render_text`` hook, or a generic view), numbers the legal actions and reads a line.
Besides a number it understands ``help``, ``rules``, ``hint`` and ``quit``. The game is
stepped by the core's :class:`asobi.play.driver.Driver` and put into words by the presenter the
tui shares (:mod:`asobi_frontends.terminal`).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from asobi.i18n import translator
from asobi.play.driver import Driver
from asobi.play.frontend import Launch
from asobi.play.session import Session, check_record_path
from asobi_frontends.terminal import (
    RECORD_NOT_SAVED,
    Ask,
    Choices,
    Presenter,
    answer_flow,
    save_flow,
)

__all__ = ["RECORD_NOT_SAVED", "Quit", "TextFrontend", "TextGame", "choice_number", "shown"]

LONGEST_CHOICE = 6
"""Digits worth reading in a choice (leading zeros aside): no game offers a million moves."""


UNREADABLE = "\ufffd"
"""What :meth:`TextGame.ask` returns for a line that could not be decoded: no command."""


class Quit(Exception):
    """The player asked to leave the game."""


def choice_number(answer: str, count: int) -> int | None:
    """The 1-based choice typed in ``answer`` (any decimal digits, full-width ones too), or
    None when it is not a number from 1 to ``count``. Never converts a huge number."""
    if not answer or not answer.isdecimal():
        return None
    digits = answer.lstrip("0")
    if not digits or len(digits) > LONGEST_CHOICE:
        return None
    number = int(digits)
    return number if 1 <= number <= count else None


def shown(answer: str, longest: int = 40) -> str:
    """``answer`` safe to echo: control characters as ``?``, cut short when long."""
    text = "".join("?" if c == UNREADABLE or not c.isprintable() else c for c in answer)
    return text if len(text) <= longest else text[: longest - 3] + "..."


class TextGame:
    """One game in the terminal."""

    def __init__(self, launch: Launch, out: IO[str], inp: IO[str]) -> None:
        self.launch = launch
        self.out = out
        self.inp = inp
        self.lang = launch.lang
        self._ = translator("asobi_frontends.text", launch.lang)
        self.session: Session = launch.new_session()
        self.presenter = Presenter.of(self.session, self.lang)
        # The game is told to the person at the table; with nobody playing, to an onlooker
        # watching from the first seat.
        self.viewer = 0 if self.presenter.person is None else self.presenter.person
        self.driver = Driver(self.session)
        self.hooks = launch.game.hooks
        self._label = ""
        self._ended = False

    # ------------------------------------------------------------------ output
    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def seat_name(self, seat: int) -> str:
        """Seats are shown counted from 1, as players count them (records count from 0)."""
        return self.presenter.seat_name(seat)

    def render(self, seat: int, observation: Mapping[str, Any] | None = None) -> None:
        if observation is None:
            observation = self.session.observation(seat)
        self.say(self.hooks.render_text(observation, self.lang))

    def show_move(
        self, mover: int, action: Mapping[str, Any], events: list[dict[str, Any]]
    ) -> None:
        """Tell the viewer what happened (``events``: what the viewer may see); a move of
        another seat the game says nothing about is shown by its label."""
        for told in self.presenter.narrate(mover, self._label, events):
            if told.text:
                self.say("  " + told.text)
            self._ended |= told.ends_game

    # ------------------------------------------------------------------ input
    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        try:
            line = self.inp.readline()
        except UnicodeDecodeError:
            return UNREADABLE  # bytes that are not text in the terminal's encoding
        if not line:
            raise EOFError
        return line.strip()

    def help(self) -> None:
        _ = self._
        self.say(_("Type the number of a choice and press Enter."))
        self.say(
            _(
                "Other commands: help, rules (the rules of this variant), "
                "hint (what the AI would do), quit (leave, with an offer to save)."
            )
        )

    def hint(self, choices: Choices) -> None:
        """What the game's strongest level would play, by its number among the choices."""
        action, reason = self.driver.hint(choices.seat)
        self.say(self.presenter.hint(choices, action, reason).line)

    def human_turn(self, seat: int) -> dict[str, Any]:
        """The person's move for ``seat``: the menu is built from one observation."""
        _ = self._
        choices = self.presenter.choices(seat)
        self.say()
        if sum(1 for s in self.session.seats if s.is_human) > 1:
            self.say(self.presenter.to_play_line(seat))
        self.render(seat, choices.observation)
        count = len(choices.legal)
        while True:
            self.say(_("Your choices:"))
            for shown_number, label in choices.numbered():
                self.say(f"  {shown_number}. {label}")
            try:
                answer = self.ask("> ").lower()
            except EOFError:
                raise Quit from None
            number = choice_number(answer, count)
            if number is not None:
                self._label = choices.labels[number - 1]  # as the mover saw it
                return choices.legal[number - 1]
            if answer in ("q", "quit", "exit"):
                raise Quit
            if answer in ("h", "help", "?"):
                self.help()
            elif answer == "rules":
                self.say(rules_text(self.launch, self.session.variant.rules, self.lang))
            elif answer == "hint":
                self.hint(choices)
            elif answer in ("", "look", "l"):
                self.render(seat, choices.observation)
            else:
                self.say(
                    _("'{answer}' is not a choice: type a number from 1 to {n}, or help.").format(
                        answer=shown(answer), n=count
                    )
                )

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """Play the game to its end (or to ``quit``); the exit status. An error of the game
        that is not the person's (anything but an AsobiError) is not caught here."""
        presenter = self.presenter
        self.say(presenter.title_line())
        for seat in range(self.session.players):
            self.say("  " + presenter.seat_name(seat))
        self.say(presenter.seed_line())
        self.say(self._("Type help at any prompt for the commands."))
        driver = self.driver
        driver.watch(self.viewer, self.show_move)
        try:
            for seat in driver.turns():
                if driver.is_ai(seat):
                    action = driver.decide(seat)
                    self._label = presenter.label(seat, action)  # as the mover saw it
                else:
                    action = self.human_turn(seat)
                driver.play(seat, action)
        except Quit:
            self.say(presenter.left_line())
            return self.offer_save()
        if not self._ended:
            self.show_result()
        if self.launch.record_path is not None:
            return self.keep_record(self.launch.record_path)
        return 0

    def show_result(self) -> None:
        result = self.session.result()
        summary = self.presenter.summary(result, self.session.observation(self.viewer))
        self.say()
        self.say(self._("Game over."))
        for line in summary.table:
            self.say("  " + line)
        self.say(summary.scores)
        self.say(summary.outcome)

    # ------------------------------------------------------------------ the record
    def offer_save(self) -> int:
        """After ``quit``: save where ``--record`` said, or offer to save. Returns the exit
        status (RECORD_NOT_SAVED only when a save failed and the person gave up)."""
        return self._save(self.launch.record_path)

    def keep_record(self, path: Path) -> int:
        """Save to ``path``; while that fails, say why and ask for another file name, until it
        is saved (status 0) or the person gives up with an empty answer or the end of input
        (status RECORD_NOT_SAVED)."""
        return self._save(path)

    def _save(self, path: Path | None) -> int:
        _ = self._
        flow = save_flow(
            self.session, path,
            offer=_("Save a record of this game? File name (Enter to skip): "),
            retry=_("Try another file name (Enter to give up): "),
        )
        outcome = answer_flow(flow, self._answer)
        if outcome.path is not None:
            self.say(self.presenter.saved_line(outcome.path))
        elif outcome.gave_up:
            self.say(self.presenter.not_saved_line())
        return outcome.status

    def _answer(self, question: Ask) -> str | None:
        if question.failure is not None:
            self.say(question.failure)
        return self.ask_file_name(question.prompt)

    def ask_file_name(self, prompt: str) -> str | None:
        """A file name, or None for an empty answer or the end of input."""
        try:
            name = self.ask(prompt)
        except EOFError:
            self.say()
            return None
        return name or None


def rules_text(launch: Launch, rules: Mapping[str, Any], lang: str) -> str:
    return launch.game.hooks.rules_text(rules, lang)


class TextFrontend:
    """Entry point object of the ``text`` frontend."""

    title = "Plain text (any terminal, works through pipes)"

    def play(self, launch: Launch) -> int:
        if launch.record_path is not None:
            check_record_path(launch.record_path)  # a folder, say: refused before the game
        out = launch.stdout or sys.stdout
        inp = launch.stdin or sys.stdin
        return TextGame(launch, out, inp).run()
