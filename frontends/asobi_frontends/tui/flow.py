"""The game's course at the table, from the first turn to leaving. One coroutine steps the
session through the core's :class:`asobi.play.driver.Driver`, the way the text frontend's loop
does: an AI decides in a worker thread (the screen stays alive, with a "thinking" mark); a
person is asked with the list of choices, or a dialog when the game's view wants one, and
their choice is the only way a move of theirs reaches the game. At the end, or when the
person leaves (asked first while the game goes on), the final table, then the shared save
flow (where ``--record`` says, else an offer to save; while a save fails, another name), and
the exit status."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from rich.markup import escape

from asobi_frontends.terminal import Ask, answer_flow_async, save_flow
from asobi_frontends.tui.faults import Fault, described

if TYPE_CHECKING:
    from asobi_frontends.tui.app import Action, TableApp


class GameFlow:
    """Steps the game (AI seats in a worker, people through the table) to its end, and the
    way out with the record kept as the person asks."""

    def __init__(self, app: TableApp) -> None:
        self.app = app
        self.over = False
        """Whether the game has come to its end (its last move told)."""
        self.settled = False
        """Whether the record's fate is decided (saved, or the offer declined)."""

    async def run(self) -> None:
        """The game's loop, run in the app's ``game`` worker: every turn, then the end; a
        failure of the game stops it with the error panel."""
        app = self.app
        guard = app.faults.guard
        try:
            for seat in app.driver.turns():
                if app.driver.is_ai(seat):
                    action = await self._think(seat)
                    mover_label = guard(app.presenter.label, seat, action)
                else:
                    action, mover_label = await self._ask(seat)
                guard(app.driver.play, seat, action)
                await app.tabletop.tell(mover_label)
            self.over = True
            await self._game_over()
        except Fault as fault:
            await app.faults.stop(str(fault))
        except Exception as exc:  # a hook raising inside the session or the driver
            await app.faults.stop(described(exc))

    async def _think(self, seat: int) -> Action:
        app = self.app
        app._busy = app._("{who} is thinking…").format(who=app.seat_name(seat))
        app.tabletop.status()
        try:
            action: Action = await asyncio.to_thread(app.driver.decide, seat)
        finally:
            app._busy = ""
            app.tabletop.status()
        return action

    async def _ask(self, seat: int) -> tuple[Action, str]:
        """The person's move for ``seat`` and its label (the menu is labelled from one
        observation of the seat)."""
        app = self.app
        menu = app.faults.guard(app.presenter.choices, seat)
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        app._menu = menu
        app._asking = (seat, list(menu.legal), future)
        if seat != app.shown_seat:
            if app.humans > 1:
                await app.dialogs.hand_over(seat)
            app.shown_seat = seat
            app.tabletop.build_view()
            app.tabletop.say(app.presenter.to_play_line(seat))
        else:
            app.tabletop.redraw()
        app.dialogs.offer_decision()
        try:
            action = await future
        finally:
            app._asking = None
            app._digits = ""
            chosen, app._menu = app._menu, None  # in the language of the table now
        index = chosen.index(action) if chosen is not None else None
        label = chosen.labels[index] if chosen is not None and index is not None else ""
        return action, label

    # ------------------------------------------------------------------ the end
    async def _game_over(self) -> None:
        app = self.app
        app.tabletop.redraw()
        observation = app.session.observation(app.viewer)
        summary = app.presenter.summary(app.session.result(), observation)
        if not app._ended:  # the table is the dialog's; the story gets its last two lines
            app.tabletop.say(escape(summary.scores))
            app.tabletop.say(escape(summary.outcome))
        body = "\n".join(escape(line) for line in summary.lines())
        await self._finish(app._("Game over"), body)

    async def _finish(self, title: str, body: str) -> None:
        """Save the record (where --record says, or where the person says) and leave."""
        app = self.app
        saved = await self._keep_record(title, body)
        if saved is not None and app.launch.record_path is not None:
            await app.dialogs.show_and_wait(title, body + "\n\n" + escape(saved))
        app.exit(app.status)

    async def _keep_record(self, title: str, body: str) -> str | None:
        """The shared save flow: to ``--record``, else where the person says (the offer, then
        another name while a save fails, the reason above it); the line that says where it
        went, or None when nothing was saved."""
        app = self.app
        _ = app._
        flow = save_flow(
            app.session, app.launch.record_path,
            offer=_("Save a record of this game? Type a file name:"),
            retry=_("Try another file name:"),
        )

        async def answer(question: Ask) -> str | None:
            why = body if question.failure is None else escape(question.failure)
            return await app.dialogs.ask_name(title, why, question.prompt)

        outcome = await answer_flow_async(flow, answer)
        self.settled = True
        if outcome.status:
            app.status = outcome.status
        if outcome.path is None:
            return None
        saved = app.presenter.saved_line(outcome.path)
        app.notify(saved)
        return saved

    def quit(self) -> None:
        """The person asks to leave (``q``, Ctrl+Q, the keys bar's quit). While the game goes
        on, a small dialog asks first, and leaving gives way to the save flow; once it is over
        (or a plugin's fault stopped it), the table closes at once, the record saved first to
        ``--record`` where it has not been yet."""
        app = self.app
        if app._quitting:
            return
        if self.over or app.faults.report:
            app._quitting = True
            app.run_worker(self._close(), exclusive=True, name="game")
        else:
            app.dialogs.confirm_leave(self._leave_game)

    def _leave_game(self) -> None:
        """The person confirmed: the game's loop gives way to the save flow."""
        app = self.app
        if app._quitting:
            return
        if self.over:  # it ended while the question was open
            self.quit()
            return
        app._quitting = True
        app.tabletop.say(app.presenter.left_line())
        app.run_worker(self._leave(), exclusive=True, name="game")

    async def _leave(self) -> None:
        app = self.app
        await self._finish(app.presenter.left_line(), app._("The game is not over."))

    async def _close(self) -> None:
        """Leave a game that is over: its record kept where ``--record`` says, unless that is
        done."""
        app = self.app
        if not self.settled and app.launch.record_path is not None and not app.faults.report:
            await self._keep_record(app._("Game over"), "")
        app.exit(app.status)
