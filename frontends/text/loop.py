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
from asobi.session import Session, canonical


class Quit(Exception):
    """The player asked to leave the game."""


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
        self.hooks = launch.game.hooks
        self._hinters: dict[int, Agent] = {}
        self._label = ""

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
        return self._("Seat {n} ({ai})").format(n=seat + 1, ai=str(spec))

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
            text = self.hooks.describe_event(event, self.viewer, self.lang)
            if text:
                self.say("  " + text)
                said = True
        if not said and mover != self.viewer:
            self.say(f"  {self.seat_name(mover)}: {self._label}")

    # ------------------------------------------------------------------ input
    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
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
                n=number, label=self.label(seat, action),
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
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
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
                        answer=answer, n=len(legal)
                    )
                )

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        _ = self._
        info = self.launch.game.info
        self.say(
            _("{game} - {variant}").format(game=info.title, variant=self.session.variant.title)
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
            self.offer_save()
            return 0
        self.show_result()
        if self.launch.record_path is not None:
            self.save(self.launch.record_path)
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

    def offer_save(self) -> None:
        if self.launch.record_path is not None:
            self.save(self.launch.record_path)
            return
        try:
            name = self.ask(self._("Save a record of this game? File name (Enter to skip): "))
        except EOFError:
            self.say()
            return
        if name:
            try:
                self.save(Path(name))
            except AsobiError as exc:
                self.say(str(exc))


def rules_text(launch: Launch, rules: Mapping[str, Any], lang: str) -> str:
    return launch.game.hooks.rules_text(rules, lang)


class TextFrontend:
    """Entry point object of the ``text`` frontend."""

    title = "Plain text (any terminal, works through pipes)"

    def play(self, launch: Launch) -> int:
        out = launch.stdout or sys.stdout
        inp = launch.stdin or sys.stdin
        return TextGame(launch, out, inp).run()
