"""What one table holds: the launch, its session and the driver that steps it, the words it
is shown in, and what the table is doing now (whom it asks, what it is busy with); the one way
a person's choice settles what the table asks (:meth:`TableState.choose`).

:class:`TableState` is the root of the table's layers; each layer above it (faults, layout,
dialogs, telling, ending, the loop, hints, keys) adds one concern, and
:class:`asobi_frontends.tui.app.TableApp` stacks them all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.widget import Widget

from asobi.play.driver import Driver
from asobi.play.frontend import Launch
from asobi_frontends.terminal import Choices, Presenter
from asobi_frontends.tui.theme import DEFAULT, HIGH_CONTRAST, TEXTUAL_THEMES
from asobi_frontends.tui.words import words

Action = dict[str, Any]
Asking = tuple[int, list[Action], "asyncio.Future[Action]"]
"""The seat asked to move, its legal actions, and the future its choice settles."""


def nothing(*args: Any) -> None:
    """What a view method the view lacks does."""
    return None


class TableState(App[int]):
    """The state of the table for one launch (no drawing, no keys: the layers add those)."""

    main_screen: Screen[Any]
    """The table's own screen (set when the app is mounted), under any dialog."""

    def __init__(self, launch: Launch) -> None:
        super().__init__()
        self.launch = launch
        self.lang = launch.lang
        self.pace = float(launch.options.get("pace", 0.6) or 0.0)
        self.theme_name = str(launch.options.get("theme") or "default")
        self.status = 0
        self.session = launch.new_session()
        self.driver = Driver(self.session)
        self.presenter = Presenter.of(self.session, self.lang)
        humans = [i for i, s in enumerate(self.session.seats) if s.is_human]
        self.humans = len(humans)
        self.viewer = humans[0] if humans else 0
        """The seat whose view the table shows first, and whose events it tells."""
        self.shown_seat = self.viewer
        self.hooks = launch.game.hooks
        self._pending: list[tuple[int, Action, list[dict[str, Any]]]] = []
        self._asking: Asking | None = None
        self._menu: Choices | None = None
        """The choices of the seat asked, labelled from one observation."""
        self._skip = asyncio.Event()
        self._digits = ""
        self._busy = ""  # what the table is doing while no person acts ("thinking")
        self._ended = False
        self._quitting = False
        self.said: list[str] = []
        """Every line of the story so far, as plain text."""
        self.view: Widget | None = None
        self.register_theme(DEFAULT)
        self.register_theme(HIGH_CONTRAST)
        self.theme = TEXTUAL_THEMES.get(self.theme_name, DEFAULT.name)

    # ------------------------------------------------------------------ words
    def _(self, message: str) -> str:
        """The tui's own words in the table's language (the shared ones: ``presenter``)."""
        return str(words(self.lang)(message))

    def seat_name(self, seat: int) -> str:
        """Seats counted from 1, as players count them (records count from 0)."""
        return self.presenter.seat_name(seat)

    def label(self, seat: int, action: Mapping[str, Any]) -> str:
        """The label of ``action`` as ``seat`` sees the game now."""
        return self.presenter.label(seat, action)

    # ------------------------------------------------------------------ choosing
    def choose(self, index: int) -> None:
        """The person chose ``legal[index]``: the only way a person's move reaches the game."""
        if self._asking is None:
            return
        _seat, legal, future = self._asking
        if 0 <= index < len(legal) and not future.done():
            future.set_result(legal[index])

    def choose_from_view(self, seat: int, action: Any) -> bool:
        """A pick made on the game's view of ``seat`` (a click on a card; the view's
        ``ViewContext.choose``): taken as that choice when ``seat`` is the one asked now, no
        dialog is open and ``action`` is one of its legal actions; otherwise nothing changes.
        Never raises: the view may pass on anything."""
        asking = self._asking
        if asking is None or asking[0] != seat or asking[2].done():
            return False
        if self.screen is not self.main_screen or not isinstance(action, Mapping):
            return False
        try:
            index = next(i for i, legal in enumerate(asking[1]) if legal == dict(action))
        except Exception:  # nothing legal matches, or an action that cannot be compared
            return False
        self._digits = ""
        self.choose(index)
        return True
