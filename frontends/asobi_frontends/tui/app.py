"""The table: one game of one launch in a full-screen Textual app.

:class:`TableApp` stacks the table's layers, each in its own module, each adding one concern
to the one below it:

- :mod:`~asobi_frontends.tui.state`: the launch, the session, its driver, the presenter;
- :mod:`~asobi_frontends.tui.faults`: a game's hook that fails stops the game with an error
  panel and saves the record;
- :mod:`~asobi_frontends.tui.layout`: the status line, the view, the choices, the story;
- :mod:`~asobi_frontends.tui.dialogs`: pages and questions over the table;
- :mod:`~asobi_frontends.tui.telling`: the moves told one line at a time at ``--pace``;
- :mod:`~asobi_frontends.tui.ending`: the final table and the save flow;
- :mod:`~asobi_frontends.tui.flow`: the loop, through the core's :class:`asobi.play.driver.Driver`;
- :mod:`~asobi_frontends.tui.hints`: the hint, in a worker;
- :mod:`~asobi_frontends.tui.keys`: the keys.

Seat names, labels, the story, the hint line, the final table and the save flow are those of
the text frontend (:mod:`asobi_frontends.terminal`).
"""

from __future__ import annotations

from asobi.play.frontend import Launch
from asobi_frontends.terminal import RECORD_NOT_SAVED
from asobi_frontends.tui.faults import Fault
from asobi_frontends.tui.keys import TableKeys
from asobi_frontends.tui.theme import CSS

__all__ = ["RECORD_NOT_SAVED", "Fault", "TableApp"]


class TableApp(TableKeys):
    """The full-screen table for one launch."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, launch: Launch) -> None:
        super().__init__(launch)
        self.driver.watch(self.viewer, self._watch)

    def on_mount(self) -> None:
        self.main_screen = self.screen
        if not self._show_table():
            return
        presenter = self.presenter
        self.say(presenter.title_line())
        self.say(presenter.seed_line())
        self.say(self._("Press ? for the keys."))
        self.run_worker(self._flow(), exclusive=True, name="game")
