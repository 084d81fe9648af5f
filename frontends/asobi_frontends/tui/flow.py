"""The game's loop at the table: one coroutine steps the session through the core's
:class:`asobi.play.driver.Driver`, the way the text frontend's loop does. An AI decides in a
worker thread (the screen stays alive, with a "thinking" mark); a person is asked with the
list of choices, or a dialog when the game's view wants one, and their choice is the only way
a move of theirs reaches the game."""

from __future__ import annotations

import asyncio

from asobi_frontends.tui.ending import TableEnding
from asobi_frontends.tui.faults import Fault, described
from asobi_frontends.tui.screens import ChoiceScreen
from asobi_frontends.tui.state import Action, nothing


class TableFlow(TableEnding):
    """Steps the game: AI seats in a worker, people through the table."""

    async def _flow(self) -> None:
        try:
            for seat in self.driver.turns():
                if self.driver.is_ai(seat):
                    action = await self._think(seat)
                    mover_label = self._guard(self.presenter.label, seat, action)
                else:
                    action, mover_label = await self._ask(seat)
                self._guard(self.driver.play, seat, action)
                await self._tell(mover_label)
            await self._game_over()
        except Fault as fault:
            await self._fault(str(fault))
        except Exception as exc:  # a hook raising inside the session or the driver
            await self._fault(described(exc))

    async def _think(self, seat: int) -> Action:
        self._busy = self._("{who} is thinking…").format(who=self.seat_name(seat))
        self._status()
        try:
            action: Action = await asyncio.to_thread(self.driver.decide, seat)
        finally:
            self._busy = ""
            self._status()
        return action

    async def _ask(self, seat: int) -> tuple[Action, str]:
        """The person's move for ``seat`` and its label (the menu is labelled from one
        observation of the seat)."""
        menu = self._guard(self.presenter.choices, seat)
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self._menu = menu
        self._asking = (seat, list(menu.legal), future)
        if seat != self.shown_seat:
            if self.humans > 1:
                await self._hand_over(seat)
            self.shown_seat = seat
            self._build_view()
            self.say(self.presenter.to_play_line(seat))
        else:
            self._redraw()
        self._offer_decision()
        try:
            action = await future
        finally:
            self._asking = None
            self._digits = ""
            chosen, self._menu = self._menu, None  # in the language of the table now
        index = chosen.index(action) if chosen is not None else None
        label = chosen.labels[index] if chosen is not None and index is not None else ""
        return action, label

    def _offer_decision(self) -> None:
        """Ask in a dialog when the game's view wants it (the koi-koi call)."""
        if self._asking is None or self.view is None or self._menu is None:
            return
        menu = self._menu
        body = self._guard(getattr(self.view, "decision", nothing), menu.observation,
                           list(menu.legal))
        if not body:
            return
        self.push_screen(
            ChoiceScreen(self._("Your decision"), body, list(menu.labels),
                         self._("A number, or arrows and Enter · Esc: back to the table")),
            self._dialog_answer)

    def _dialog_answer(self, index: int | None) -> None:
        if index is not None:
            self.choose(index)
