"""The pages and questions the table opens over itself: the keys, the rules, a page to read
before the game goes on, a file name to save under, and the hand-over between two people."""

from __future__ import annotations

from rich.markup import escape

from asobi_frontends.tui.layout import TableLayout
from asobi_frontends.tui.screens import SaveScreen, TextScreen, answer_of


class TableDialogs(TableLayout):
    """Opens the table's dialogs; the waiting ones are awaited by the game's coroutine."""

    async def _show_and_wait(self, title: str, body: str) -> None:
        """Draw the table, then show a page to read and wait until it is closed."""
        self._redraw()
        await answer_of(self, TextScreen(title, body, self._("Enter or Esc: go on")))

    async def _ask_name(self, title: str, body: str, prompt: str) -> str | None:
        """A file name typed in the save dialog, or None (Esc, or nothing typed)."""
        return await answer_of(
            self, SaveScreen(title, body, prompt, self._("Enter: save · Esc: skip")))

    async def _hand_over(self, seat: int) -> None:
        """Between two people at one table: the table is hidden until the next one says that
        only they are looking (what each picks in secret stays secret)."""
        main = self.query_one("#main")
        main.display = False
        who = self.seat_name(seat)
        await answer_of(self, TextScreen(
            self._("{who} to play").format(who=who),
            escape(self._("Hand the keyboard to {who}, and press Enter when only they can see "
                          "the screen.").format(who=who)),
            self._("Enter: show the table")))
        main.display = True

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
