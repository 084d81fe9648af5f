"""The end of a game at the table, or leaving it: the final table, then the shared save flow
(where ``--record`` says, else an offer to save; while a save fails, another name), and the
exit status."""

from __future__ import annotations

from rich.markup import escape

from asobi_frontends.terminal import Ask, answer_flow_async, save_flow
from asobi_frontends.tui.telling import TableTelling


class TableEnding(TableTelling):
    """The game's end and the way out, with the record kept as the person asks."""

    async def _game_over(self) -> None:
        self._redraw()
        lines = self.presenter.summary(self.session.result()).lines()
        if not self._ended:
            for line in lines:
                self.say(escape(line))
        body = "\n".join(escape(line) for line in lines)
        await self._finish(self._("Game over"), body)

    async def _finish(self, title: str, body: str) -> None:
        """Save the record (where --record says, or where the person says) and leave."""
        _ = self._
        flow = save_flow(
            self.session, self.launch.record_path,
            offer=_("Save a record of this game? File name (Enter or Esc to skip):"),
            retry=_("Try another file name (Enter or Esc to give up):"),
        )

        async def answer(question: Ask) -> str | None:
            why = body if question.failure is None else escape(question.failure)
            return await self._ask_name(title, why, question.prompt)

        outcome = await answer_flow_async(flow, answer)
        if outcome.status:
            self.status = outcome.status
        if outcome.path is not None:
            saved = self.presenter.saved_line(outcome.path)
            self.notify(saved)
            if self.launch.record_path is not None:
                await self._show_and_wait(title, body + "\n\n" + escape(saved))
        self.exit(self.status)

    def action_quit_game(self) -> None:
        if self._quitting:
            return
        self._quitting = True
        self.say(self.presenter.left_line())
        self.run_worker(self._leave(), exclusive=True, name="game")

    async def _leave(self) -> None:
        await self._finish(self.presenter.left_line(), self._("The game is not over."))
