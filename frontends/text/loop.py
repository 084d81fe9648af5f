"""The line-based text frontend: works on any terminal and through pipes.

Each time a human seat must act it shows that seat's observation (drawn by the game's
``asobi_render_text`` hook, or a generic view), numbers the legal actions and reads a line.
Besides a number it understands ``help``, ``rules``, ``hint`` and ``quit``.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from asobi.agents import explain, hint_agent
from asobi.driver import Driver
from asobi.errors import AsobiError
from asobi.frontend import Launch
from asobi.i18n import translator
from asobi.model import Agent
from asobi.seeds import seed_text
from asobi.session import Session, canonical, check_record_path

RECORD_NOT_SAVED = 2
"""Exit status when a record was asked for, could not be written, and the person gave up."""

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
        self.agents: dict[int, Agent] = launch.agents(self.session)
        humans = [i for i, s in enumerate(self.session.seats) if s.is_human]
        self.viewer = humans[0] if humans else 0
        # Narration speaks to the person at the table; with nobody playing, to an onlooker.
        self.narratee: int | None = humans[0] if humans else None
        self.hooks = launch.game.hooks
        self._hinters: dict[int, Agent] = {}
        self._label = ""
        self._ended = False

    # ------------------------------------------------------------------ output
    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def seat_name(self, seat: int) -> str:
        """Seats are shown counted from 1, as players count them (records count from 0)."""
        spec = self.session.seats[seat]
        if spec.is_human:
            return (
                self._("Seat {n} (you)").format(n=seat + 1)
                if seat == self.viewer
                else self._("Seat {n}").format(n=seat + 1)
            )
        level = self.launch.game.level_title(spec.level or "", self.lang)
        return self._("Seat {n} (AI, {level})").format(n=seat + 1, level=level)

    def render(self, seat: int) -> None:
        obs = self.session.observation(seat)
        self.say(self.hooks.render_text(obs, self.lang))

    def label(self, seat: int, action: Mapping[str, Any]) -> str:
        obs = self.session.observation(seat)
        return self.hooks.describe_action(obs, action, self.lang)

    def show_move(
        self, mover: int, action: Mapping[str, Any], events: list[dict[str, Any]]
    ) -> None:
        """Tell the viewer what happened (``events``: what the viewer may see); a move of
        another seat the game says nothing about is shown by its label."""
        said = False
        for event in events:
            text = self.hooks.describe_event(event, self.narratee, self.lang)
            if text:
                self.say("  " + text)
                said = True
                # The game told the end itself (hookspecs: asobi_apply): no second summary.
                self._ended |= event.get("type") == "game_over"
        if not said and mover != self.narratee:
            self.say(f"  {self.seat_name(mover)}: {self._label}")

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

    def hint(self, seat: int, legal: list[dict[str, Any]]) -> None:
        if seat not in self._hinters:
            self._hinters[seat] = hint_agent(self.session, seat)
        action, reason = explain(self._hinters[seat], self.session.observation(seat), legal)
        number = next(
            (i for i, a in enumerate(legal, 1) if canonical(a) == canonical(action)), None
        )
        self.say(
            self._("Hint: {n}. {label} ({reason})").format(
                n=number,
                label=self.label(seat, action),
                reason=self.hooks.describe_reason(reason, self.lang),
            )
        )

    def human_turn(self, seat: int) -> dict[str, Any]:
        _ = self._
        legal = self.session.legal_actions(seat)
        self.say()
        if sum(1 for s in self.session.seats if s.is_human) > 1:
            self.say(_("--- {who} to play ---").format(who=self.seat_name(seat)))
        self.render(seat)
        while True:
            self.say(_("Your choices:"))
            for i, action in enumerate(legal, 1):
                self.say(f"  {i}. {self.label(seat, action)}")
            try:
                answer = self.ask("> ").lower()
            except EOFError:
                raise Quit from None
            number = choice_number(answer, len(legal))
            if number is not None:
                return legal[number - 1]
            if answer in ("q", "quit", "exit"):
                raise Quit
            if answer in ("h", "help", "?"):
                self.help()
            elif answer == "rules":
                self.say(rules_text(self.launch, self.session.variant.rules, self.lang))
            elif answer == "hint":
                self.hint(seat, legal)
            elif answer in ("", "look", "l"):
                self.render(seat)
            else:
                self.say(
                    _("'{answer}' is not a choice: type a number from 1 to {n}, or help.").format(
                        answer=shown(answer), n=len(legal)
                    )
                )

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        _ = self._
        self.say(
            _("{game} - {variant}").format(
                game=self.launch.game.title_in(self.lang),
                variant=self.session.variant.title_in(self.lang)
            )
        )
        for seat in range(self.session.players):
            self.say("  " + self.seat_name(seat))
        self.say(
            _("Seed {seed} (replay this deal with --seed {seed})").format(
                seed=seed_text(self.session.seed)
            )
        )
        self.say(_("Type help at any prompt for the commands."))
        driver = Driver(self.session, self.agents)
        driver.watch(self.viewer, self.show_move)
        try:
            for seat in driver.turns():
                if driver.is_ai(seat):
                    action = driver.decide(seat)
                else:
                    action = self.human_turn(seat)
                self._label = self.label(seat, action)  # as the mover saw it, before the move
                driver.play(seat, action)
        except Quit:
            self.say(_("You left the game."))
            return self.offer_save()
        if not self._ended:
            self.show_result()
        if self.launch.record_path is not None:
            return self.keep_record(self.launch.record_path)
        return 0

    def show_result(self) -> None:
        _ = self._
        result = self.session.result()
        self.say()
        self.say(_("Game over."))
        for i, unit in enumerate(result.get("rounds", []), 1):
            points = ", ".join(f"{p:+d}" for p in unit.get("points", []))
            self.say(_("  Round {n}: {points}").format(n=i, points=points))
        scores = ", ".join(f"{self.seat_name(i)}: {s}" for i, s in enumerate(result["scores"]))
        self.say(_("Final scores: {scores}").format(scores=scores))
        winner = result.get("winner")
        if winner is None:
            self.say(_("It is a draw."))
        else:
            self.say(_("Winner: {who}").format(who=self.seat_name(winner)))

    def save(self, path: Path) -> None:
        self.session.save(path)
        self.say(self._("Record saved to {path}").format(path=path))

    def offer_save(self) -> int:
        """After ``quit``: save where ``--record`` said, or offer to save. Returns the exit
        status (RECORD_NOT_SAVED only when a save failed and the person gave up)."""
        if self.launch.record_path is not None:
            return self.keep_record(self.launch.record_path)
        name = self.ask_file_name(self._("Save a record of this game? File name (Enter to skip): "))
        return 0 if name is None else self.keep_record(Path(name))

    def keep_record(self, path: Path) -> int:
        """Save to ``path``; while that fails, say why and ask for another file name, until it
        is saved (status 0) or the person gives up with an empty answer or the end of input
        (status RECORD_NOT_SAVED)."""
        while True:
            try:
                self.save(path)
                return 0
            except AsobiError as exc:
                self.say(str(exc))
            name = self.ask_file_name(self._("Try another file name (Enter to give up): "))
            if name is None:
                self.say(self._("The record was not saved."))
                return RECORD_NOT_SAVED
            path = Path(name)

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
