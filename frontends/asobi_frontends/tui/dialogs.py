"""The pages and questions the table opens over itself: the keys, the rules, a page to read
before the game goes on, a choice the game's view wants asked in a dialog, whether to leave a
game in progress, a file name to save under, and the hand-over between two people."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.markup import escape

from asobi_frontends.tui.screens import (
    ChoiceScreen,
    ConfirmScreen,
    SaveScreen,
    TextScreen,
    answer_of,
)

if TYPE_CHECKING:
    from asobi_frontends.tui.app import TableApp


class Dialogs:
    """Opens the table's dialogs; the waiting ones are awaited by the game's coroutine."""

    def __init__(self, app: TableApp) -> None:
        self.app = app

    async def show_and_wait(self, title: str, body: str) -> None:
        """Draw the table, then show a page to read and wait until it is closed."""
        app = self.app
        app.tabletop.redraw()
        await answer_of(app, TextScreen(title, body, app._("Enter or Esc: go on")))

    async def ask_name(self, title: str, body: str, prompt: str) -> str | None:
        """A file name typed in the save dialog, or None (Esc, or nothing typed)."""
        app = self.app
        return await answer_of(
            app, SaveScreen(title, body, prompt, app._("Enter: save · Esc: skip")))

    async def hand_over(self, seat: int) -> None:
        """Between two people at one table: the table is hidden until the next one says that
        only they are looking (what each picks in secret stays secret)."""
        app = self.app
        main = app.query_one("#main")
        main.display = False
        who = app.seat_name(seat)
        await answer_of(app, TextScreen(
            app._("{who} to play").format(who=who),
            escape(app._("Hand the keyboard to {who}, and press Enter when only they can see "
                         "the screen.").format(who=who)),
            app._("Enter: show the table")))
        main.display = True

    def confirm_leave(self, leave: Callable[[], None]) -> None:
        """Ask whether to leave the game in progress (``q``): it is lost unless its record is
        saved, which the save offer after this question lets the person do (or which
        ``--record`` does). ``leave()`` is called on yes; no goes back to the table."""
        app = self.app
        if isinstance(app.screen, ConfirmScreen):
            return
        path = app.launch.record_path
        body = app._("The game in progress is lost unless you save its record: you are "
                     "offered to save it next.") if path is None else app._(
            "The game in progress ends here; its record is saved to {path}.").format(path=path)

        def answered(yes: bool | None) -> None:
            if yes:
                leave()

        app.push_screen(ConfirmScreen(app._("Leave the game?"), body,
                                      app._("y or Enter: leave"), app._("n or Esc: stay")),
                        answered)

    def offer_decision(self) -> None:
        """Ask the seat's choice in a dialog when the game's view wants it (the koi-koi
        call); its answer is taken as the choice, Esc goes back to the list."""
        app = self.app
        if app._asking is None or app.view is None or app._menu is None:
            return
        menu = app._menu
        body = app.tabletop.view_call("decision", menu.observation, list(menu.legal))
        if not body:
            return
        app.push_screen(
            ChoiceScreen(app._("Your decision"), body, list(menu.labels),
                         app._("A number, or arrows and Enter · Esc: back to the table")),
            self._decided)

    def _decided(self, index: int | None) -> None:
        if index is not None:
            self.app.choose(index)

    def show_keys(self) -> None:
        """The page of the keys (``?``)."""
        app = self.app
        _ = app._
        keys = [
            (_("1 to 9, 0"), _("choose by number (two digits when there are more than 9)")),
            (_("arrows, Enter"), _("move in the choices and take one; a click works too")),
            ("h", _("hint: what the strongest AI would play, and why")),
            ("r", _("the rules of the variant being played")),
            ("l", _("language: English, Português, Italiano, 日本語")),
            (_("Space, Enter"), _("skip the pause while the other players move")),
            ("Esc", _("close a dialog, forget digits typed")),
            ("q", _("leave the game (asked first while it goes on), with an offer to save "
                    "its record")),
            ("?", _("this page")),
        ]
        body = "\n".join(f"[b]{escape(k)}[/b]  {escape(v)}" for k, v in keys)
        app.push_screen(TextScreen(_("Keys"), body, _("Enter or Esc: close")))

    def show_rules(self) -> None:
        """The rules of the variant being played (``r``), as the game writes them."""
        app = self.app
        text = app.faults.guard_quiet(
            lambda: app.hooks.rules_text(app.session.variant.rules, app.lang))
        game, variant = app.launch.game, app.session.variant
        title = f"{game.title_in(app.lang)} · {variant.title_in(app.lang)}"
        app.push_screen(TextScreen(title, text, app._("Enter or Esc: close"), markup=False))
