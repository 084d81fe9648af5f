"""The table: one game of one launch in a full-screen Textual app.

One coroutine steps the session through the core's :class:`asobi.driver.Driver`, the way the
text frontend's loop does, and waits for the person where the text frontend reads a line. AI
decisions run in a thread (the screen stays alive, with a "thinking" mark); what the viewer may
see of each move is told one line at a time, at ``--pace``, and any key skips the wait. Every
move is one of the session's legal actions; a fault inside a game's hook stops the game with
an error panel and saves the record.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.widget import Widget
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from asobi.agents import explain, hint_agent
from asobi.driver import Driver
from asobi.errors import AsobiError
from asobi.frontend import Launch
from asobi.i18n import LANGUAGES
from asobi.model import Agent
from asobi.seeds import seed_text
from asobi.session import canonical
from asobi_frontends.tui.generic import GenericView
from asobi_frontends.tui.hookspecs import ViewContext, tui_view
from asobi_frontends.tui.records import crash_record_path, result_lines
from asobi_frontends.tui.screens import ChoiceScreen, SaveScreen, TextScreen, numbered
from asobi_frontends.tui.theme import (
    CSS,
    DEFAULT,
    HIGH_CONTRAST,
    MIN_HEIGHT,
    MIN_WIDTH,
    ROOMY_HEIGHT,
    ROOMY_WIDTH,
    TEXTUAL_THEMES,
)
from asobi_frontends.tui.words import words

Action = dict[str, Any]

RECORD_NOT_SAVED = 2
"""Exit status when a record was asked for, could not be written, and the person gave up."""


def _nothing(*args: Any) -> None:
    """What a view method the view lacks does."""
    return None


def _settle(future: asyncio.Future[Any]) -> Any:
    """A dialog's callback that hands its answer to ``future`` (once)."""

    def settle(answer: Any) -> None:
        if not future.done():
            future.set_result(answer)

    return settle


class Fault(Exception):
    """A game's hook raised: the game cannot go on."""


class TableApp(App[int]):
    """The full-screen table for one launch."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        # Shown, translated, by the keys bar (see _keys), not by Textual's footer.
        Binding("h", "hint", "hint", show=False),
        Binding("question_mark", "help", "help", show=False),
        Binding("r", "rules", "rules", show=False),
        Binding("l", "language", "language", show=False),
        Binding("space", "skip", "skip", show=False),
        Binding("escape", "clear", "clear", show=False),
        Binding("q", "quit_game", "quit", show=False),
    ]

    def __init__(self, launch: Launch) -> None:
        super().__init__()
        self.launch = launch
        self.lang = launch.lang
        self.pace = float(launch.options.get("pace", 0.6) or 0.0)
        self.theme_name = str(launch.options.get("theme") or "default")
        self.status = 0
        self.session = launch.new_session()
        self.agents: dict[int, Agent] = launch.agents(self.session)
        self.driver = Driver(self.session, self.agents)
        humans = [i for i, s in enumerate(self.session.seats) if s.is_human]
        self.humans = len(humans)
        self.viewer = humans[0] if humans else 0
        self.shown_seat = self.viewer
        self.hooks = launch.game.hooks
        self._hinters: dict[int, Agent] = {}
        self._pending: list[tuple[int, Action, list[dict[str, Any]]]] = []
        self._asking: tuple[int, list[Action], asyncio.Future[Action]] | None = None
        self._skip = asyncio.Event()
        self._digits = ""
        self._busy = ""  # what the table is doing while no person acts ("thinking")
        self._ended = False
        self._quitting = False
        self.said: list[str] = []
        """Every line of the story so far, as plain text."""
        self.view: Widget | None = None
        self.driver.watch(self.viewer, self._watch)
        self.register_theme(DEFAULT)
        self.register_theme(HIGH_CONTRAST)
        self.theme = TEXTUAL_THEMES.get(self.theme_name, DEFAULT.name)

    # ------------------------------------------------------------------ words
    def _(self, message: str) -> str:
        return str(words(self.lang)(message))

    def seat_name(self, seat: int) -> str:
        """Seats counted from 1, as players count them (records count from 0)."""
        spec = self.session.seats[seat]
        _ = self._
        if spec.is_human:
            if seat == self.viewer:
                return _("Seat {n} (you)").format(n=seat + 1)
            return _("Seat {n}").format(n=seat + 1)
        level = self.launch.game.level_title(spec.level or "", self.lang)
        return _("Seat {n} (AI, {level})").format(n=seat + 1, level=level)

    def label(self, seat: int, action: Mapping[str, Any]) -> str:
        return self.hooks.describe_action(self.session.observation(seat), action, self.lang)

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("", id="status", markup=False)
        with Container(id="main"):
            yield Container(id="view")
            with Vertical(id="side"):
                yield OptionList(id="choices")
                yield RichLog(id="log", wrap=True, markup=True, auto_scroll=True, min_width=10)
        yield Static("", id="toosmall", markup=False)
        yield Static("", id="keys")

    def _show_table(self) -> bool:
        """Titles, layout and the game's view, drawn again (at the start, after a language
        switch); False when the game's view failed and the fault panel took over."""
        self._titles()
        self._fit(self.size.width, self.size.height)
        try:
            self._build_view()
        except Fault as fault:
            self.run_worker(self._fault(str(fault)), exclusive=True, name="game")
            return False
        return True

    def on_mount(self) -> None:
        self.main_screen = self.screen
        if not self._show_table():
            return
        self.say(self._("{game} - {variant}").format(
            game=self.launch.game.title_in(self.lang),
            variant=self.session.variant.title_in(self.lang)))
        self.say(self._("Seed {seed} (replay this deal with --seed {seed})").format(
            seed=seed_text(self.session.seed)))
        self.say(self._("Press ? for the keys."))
        self.run_worker(self._flow(), exclusive=True, name="game")

    def _titles(self) -> None:
        self.query_one("#choices").border_title = self._("Your choices")
        self.query_one("#log").border_title = self._("What happened")
        self.title = f"asobi · {self.launch.game.title_in(self.lang)}"

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        screen = getattr(self, "main_screen", None)
        if screen is None:
            return
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        screen.set_class(small, "-toosmall")
        screen.set_class(width < ROOMY_WIDTH or height < ROOMY_HEIGHT, "-compact")
        self.query_one("#toosmall", Static).update(
            self._("The terminal is {w}x{h}; the table needs at least {mw}x{mh}. "
                   "Make the window larger.").format(w=width, h=height, mw=MIN_WIDTH,
                                                     mh=MIN_HEIGHT))

    def _view_context(self, seat: int) -> ViewContext:
        return ViewContext(
            lang=self.lang,
            seat=seat,
            players=self.session.players,
            seat_names=tuple(self.seat_name(s) for s in range(self.session.players)),
            rules=self.session.variant.rules,
            theme=self.theme_name,
            describe=lambda obs, action: self.hooks.describe_action(obs, action, self.lang),
        )

    def _build_view(self) -> None:
        """The game's own view (``asobi_tui_view``), else the generic one, for the seat shown."""
        holder = self.query_one("#view", Container)
        if self.view is not None:
            self.view.remove()
        context = self._view_context(self.shown_seat)
        view = self._guard(tui_view, self.launch.game, context)
        self.view = view if isinstance(view, Widget) else GenericView(context)
        holder.mount(self.view)
        self._redraw()

    def _redraw(self) -> None:
        """Draw the shown seat's observation, its choices and the status line."""
        seat = self.shown_seat
        legal = self._asking[1] if self._asking and self._asking[0] == seat else []
        observation = self._guard(self.session.observation, seat)
        if self.view is not None:
            self._guard(getattr(self.view, "show", _nothing), observation, legal)
        self._status()
        choices = self.query_one("#choices", OptionList)
        choices.clear_options()
        if legal:
            labels = [self._guard(self.label, seat, a) for a in legal]
            choices.add_options(
                [Option(numbered(i, escape(text)), id=str(i))
                 for i, text in enumerate(labels, 1)])
            choices.highlighted = 0
            choices.focus()
        self.refresh_bindings()

    def _status(self) -> None:
        _ = self._
        game, variant = self.launch.game, self.session.variant
        parts = [f"{game.title_in(self.lang)} · {variant.title_in(self.lang)}"]
        if self._busy:
            parts.append(self._busy)
        elif self._asking is not None:
            parts.append(_("{who} to play").format(who=self.seat_name(self._asking[0])))
        if self._digits:
            parts.append(_("choice {n}…").format(n=self._digits))
        self.query_one("#status", Static).update("  ·  ".join(parts))
        self.query_one("#keys", Static).update(self._keys())

    def _keys(self) -> str:
        """The keys that work now, for the bar at the bottom."""
        _ = self._
        pairs = []
        if self._asking is not None:
            pairs += [("1-9 ↑↓ Enter", _("choose")), ("h", _("hint"))]
        elif not self._ended:
            pairs.append((_("Space"), _("skip")))
        pairs += [("?", _("help")), ("r", _("rules")), ("l", _("language")), ("q", _("quit"))]
        return "  ".join(f"[b reverse] {escape(k)} [/] {escape(v)}" for k, v in pairs)

    def say(self, text: str) -> None:
        """Add a line (Rich markup) to the story on the side."""
        self.said.append(Text.from_markup(text).plain)
        self.query_one("#log", RichLog).write(text)

    # ------------------------------------------------------------------ faults
    def _guard(self, call: Any, *args: Any) -> Any:
        """``call(*args)``; an exception from a game's hook becomes a :class:`Fault`."""
        try:
            return call(*args)
        except (Fault, asyncio.CancelledError):
            raise
        except Exception as exc:
            raise Fault(f"{type(exc).__name__}: {exc}\n\n{traceback.format_exc(limit=6)}") from exc

    # ------------------------------------------------------------------ the loop
    async def _flow(self) -> None:
        try:
            for seat in self.driver.turns():
                if self.driver.is_ai(seat):
                    action = await self._think(seat)
                else:
                    action = await self._ask(seat)
                mover_label = self._guard(self.label, seat, action)
                self._guard(self.driver.play, seat, action)
                await self._tell(mover_label)
            await self._game_over()
        except Fault as fault:
            await self._fault(str(fault))
        except Exception as exc:  # a hook raising inside the session or the driver
            await self._fault(f"{type(exc).__name__}: {exc}\n\n{traceback.format_exc(limit=6)}")

    def _watch(self, mover: int, action: Action, seen: list[dict[str, Any]]) -> None:
        self._pending.append((mover, action, seen))

    async def _think(self, seat: int) -> Action:
        self._busy = self._("{who} is thinking…").format(who=self.seat_name(seat))
        self._status()
        try:
            action: Action = await asyncio.to_thread(self.driver.decide, seat)
        finally:
            self._busy = ""
            self._status()
        return action

    async def _ask(self, seat: int) -> Action:
        legal = self._guard(self.session.legal_actions, seat)
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self._asking = (seat, legal, future)
        if seat != self.shown_seat:
            if self.humans > 1:
                await self._hand_over(seat)
            self.shown_seat = seat
            self._build_view()
            self.say(self._("--- {who} to play ---").format(who=self.seat_name(seat)))
        else:
            self._redraw()
        self._offer_decision()
        try:
            return await future
        finally:
            self._asking = None
            self._digits = ""

    async def _hand_over(self, seat: int) -> None:
        """Between two people at one table: the table is hidden until the next one says that
        only they are looking (what each picks in secret stays secret)."""
        main = self.query_one("#main")
        main.display = False
        who = self.seat_name(seat)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.push_screen(TextScreen(
            self._("{who} to play").format(who=who),
            escape(self._("Hand the keyboard to {who}, and press Enter when only they can see "
                          "the screen.").format(who=who)),
            self._("Enter: show the table")), _settle(done))
        await done
        main.display = True

    def _offer_decision(self) -> None:
        """Ask in a dialog when the game's view wants it (the koi-koi call)."""
        if self._asking is None or self.view is None:
            return
        seat, legal, _future = self._asking
        observation = self.session.observation(seat)
        body = self._guard(getattr(self.view, "decision", _nothing), observation, legal)
        if not body:
            return
        labels = [self.label(seat, a) for a in legal]
        self.push_screen(
            ChoiceScreen(self._("Your decision"), body, labels,
                         self._("A number, or arrows and Enter · Esc: back to the table")),
            self._dialog_answer)

    def _dialog_answer(self, index: int | None) -> None:
        if index is not None:
            self.choose(index)

    def choose(self, index: int) -> None:
        """The person chose ``legal[index]``: the only way a person's move reaches the game."""
        if self._asking is None:
            return
        _seat, legal, future = self._asking
        if 0 <= index < len(legal) and not future.done():
            future.set_result(legal[index])

    async def _tell(self, mover_label: str) -> None:
        """Tell the moves that happened, one line at a time, then draw the table after them."""
        batches, self._pending = self._pending, []
        self._skip.clear()
        for mover, _action, seen in batches:
            said = False
            for event in seen:
                text = self._guard(self.hooks.describe_event, event, self.viewer, self.lang)
                if self.view is not None and self.pace > 0:  # steps nobody could see: no
                    self._guard(getattr(self.view, "play_event", _nothing), event)
                if text:
                    self.say(escape(text))
                    said = True
                    self._ended |= event.get("type") == "game_over"
                    await self._pause()
            if not said and mover != self.viewer:
                self.say(escape(f"{self.seat_name(mover)}: {mover_label}"))
                await self._pause()
            if self.view is not None and seen:
                body = self._guard(getattr(self.view, "announcement", _nothing), seen)
                if body:
                    await self._show_and_wait(self._("What happened"), body)
        self._redraw()

    async def _pause(self) -> None:
        if self.pace <= 0 or self._skip.is_set():
            return
        try:
            await asyncio.wait_for(self._skip.wait(), self.pace)
        except TimeoutError:
            pass

    async def _show_and_wait(self, title: str, body: str) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._redraw()
        self.push_screen(TextScreen(title, body, self._("Enter or Esc: go on")),
                         _settle(done))
        await done

    # ------------------------------------------------------------------ the end
    async def _game_over(self) -> None:
        self._redraw()
        lines = result_lines(self.session.result(), self.seat_name, self._)
        if not self._ended:
            for line in lines:
                self.say(escape(line))
        body = "\n".join(escape(line) for line in lines)
        await self._finish(self._("Game over"), body)

    async def _fault(self, message: str) -> None:
        self._busy = ""
        path = self.launch.record_path or crash_record_path(self.launch.game.name)
        try:
            self.session.save(path)
            saved = self._("The record of the game so far is saved to {path}.").format(path=path)
        except AsobiError as exc:
            saved = self._("The record could not be saved: {why}").format(why=exc)
        self.status = 1
        body = "\n\n".join([
            self._("The game stopped: a hook of the game failed. This is a fault in the game, "
                   "not something you did."),
            escape(message.strip()), escape(saved)])
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.push_screen(TextScreen(self._("Error"), body, self._("Enter or Esc: leave")),
                         _settle(done))
        await done
        self.exit(self.status)

    async def _finish(self, title: str, body: str) -> None:
        """Save the record (where --record says, or where the person says) and leave."""
        _ = self._
        path = self.launch.record_path
        if path is None:
            name = await self._ask_name(title, body, _("Save a record of this game? "
                                                       "File name (Enter or Esc to skip):"))
            path = Path(name) if name else None
        while path is not None:
            try:
                self.session.save(path)
                self.notify(_("Record saved to {path}").format(path=path))
                break
            except AsobiError as exc:
                name = await self._ask_name(title, escape(str(exc)),
                                            _("Try another file name (Enter or Esc to give up):"))
                if not name:
                    self.status = RECORD_NOT_SAVED
                    break
                path = Path(name)
        if self.launch.record_path is not None and path is not None:
            await self._show_and_wait(title, body + "\n\n" + escape(
                _("Record saved to {path}").format(path=path)))
        self.exit(self.status)

    async def _ask_name(self, title: str, body: str, prompt: str) -> str | None:
        done: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        self.push_screen(SaveScreen(title, body, prompt, self._("Enter: save · Esc: skip")),
                         _settle(done))
        return await done

    # ------------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that do nothing now are left out of the footer."""
        if action == "hint":
            return self._asking is not None and not self._quitting
        if action == "skip":
            return self._asking is None and not self._ended
        return True

    def on_key(self, event: events.Key) -> None:
        if self.screen is not self.main_screen or self._asking is None:
            if self._asking is None and event.key in ("enter", "space"):
                self._skip.set()
            return
        char = event.character or ""
        if char.isdigit():
            event.stop()
            self._digit(char)
        elif event.key == "enter" and self._digits:
            event.stop()
            self._take_digits()

    def _digit(self, char: str) -> None:
        """Digits add up to a choice: it is taken as soon as no longer choice could follow."""
        assert self._asking is not None
        count = len(self._asking[1])
        digits = (self._digits + char).lstrip("0")
        if not digits or int(digits) > count:
            self._digits = ""
            self.bell()
        elif int(digits) * 10 > count:
            self._digits = ""
            self.choose(int(digits) - 1)
        else:
            self._digits = digits
            self.query_one("#choices", OptionList).highlighted = int(digits) - 1
        self._status()

    def _take_digits(self) -> None:
        number, self._digits = int(self._digits), ""
        self.choose(number - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "choices":
            self._digits = ""
            self.choose(event.option_index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id != "choices" or self._asking is None or self.view is None:
            return
        legal = self._asking[1]
        if 0 <= event.option_index < len(legal):
            try:
                self._guard(getattr(self.view, "hover", _nothing), legal[event.option_index])
            except Fault as fault:
                self.run_worker(self._fault(str(fault)), exclusive=True, name="game")

    def action_clear(self) -> None:
        self._digits = ""
        self._status()
        if self._asking is not None:
            self._offer_decision()

    def action_skip(self) -> None:
        self._skip.set()

    def action_help(self) -> None:
        _ = self._
        keys = [
            (_("1 to 9, 0"), _("choose by number (two digits when there are more than 9)")),
            (_("arrows, Enter"), _("move in the choices and take one; a click works too")),
            ("h", _("hint: what the strongest AI would play, and why")),
            ("r", _("the rules of the variant being played")),
            ("l", _("language: English, Português, Italiano, 日本語")),
            (_("Space, Enter"), _("skip the pause while the other players move")),
            ("Esc", _("close a dialog, forget digits typed")),
            ("q", _("leave the game, with an offer to save its record")),
            ("?", _("this page")),
        ]
        body = "\n".join(f"[b]{escape(k)}[/b]  {escape(v)}" for k, v in keys)
        self.push_screen(TextScreen(_("Keys"), body, _("Enter or Esc: close")))

    def action_rules(self) -> None:
        text = self._guard_quiet(
            lambda: self.hooks.rules_text(self.session.variant.rules, self.lang))
        game, variant = self.launch.game, self.session.variant
        title = f"{game.title_in(self.lang)} · {variant.title_in(self.lang)}"
        self.push_screen(TextScreen(title, text, self._("Enter or Esc: close"), markup=False))

    def _guard_quiet(self, call: Any) -> str:
        try:
            return str(call())
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"

    def action_language(self) -> None:
        codes = list(LANGUAGES)
        self.lang = codes[(codes.index(self.lang) + 1) % len(codes)] if self.lang in codes \
            else codes[0]
        if self._show_table():
            self.notify(LANGUAGES[self.lang])

    def action_hint(self) -> None:
        if self._asking is None:
            return
        seat, legal, _future = self._asking
        self.run_worker(self._hint(seat, legal), group="hint", exclusive=True)

    async def _hint(self, seat: int, legal: Sequence[Action]) -> None:
        if seat not in self._hinters:
            self._hinters[seat] = hint_agent(self.session, seat)
        observation = self.session.observation(seat)
        self._busy = self._("The hint is thinking…")
        self._status()
        try:
            action, reason = await asyncio.to_thread(
                explain, self._hinters[seat], observation, list(legal))
        except Exception as exc:
            self.say(escape(f"{type(exc).__name__}: {exc}"))
            return
        finally:
            self._busy = ""
            self._status()
        if self._asking is None or self._asking[1] != legal:
            return  # the move was made meanwhile
        number = next((i for i, a in enumerate(legal) if canonical(a) == canonical(action)), 0)
        self.query_one("#choices", OptionList).highlighted = number
        text = self._("Hint: {n}. {label} ({reason})").format(
            n=number + 1, label=self.label(seat, action),
            reason=self.hooks.describe_reason(reason, self.lang))
        self.say("[b]" + escape(text) + "[/b]")

    def action_quit_game(self) -> None:
        if self._quitting:
            return
        self._quitting = True
        self.say(self._("You left the game."))
        self.run_worker(self._leave(), exclusive=True, name="game")

    async def _leave(self) -> None:
        await self._finish(self._("You left the game."), self._("The game is not over."))
