# mypy: disable-error-code="empty-body"
"""The hook the tui frontend adds to every game's plugin manager: a game's terminal view.

Declared through the entry-point group ``asobi.hookspecs`` (see ``README.md``), the way any
frontend declares hooks of its own. A game implements it with ``@hookimpl(optionalhook=True)``
and imports Textual only inside the implementation, so that the game still loads where this
frontend (and Textual) is not installed. This module imports no Textual either.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import pluggy

from asobi.host.registry import Game

hookspec = pluggy.HookspecMarker("asobi")


@dataclass(frozen=True)
class ViewContext:
    """What a game's view knows about the table it is drawn on.

    ``seat`` is the seat whose observation the view shows (counted from 0), ``seat_names``
    the names of every seat as the frontend shows them (in ``lang``, "Seat 1 (you)"), ``rules``
    the variant's merged rules (what ``asobi_setup`` received),
    ``theme`` one of ``default``, ``high-contrast``, ``monochrome`` (a view that draws its own
    colours keeps to the 16 ANSI colours in ``monochrome``), ``describe`` the game's label of
    an action for this seat (``asobi_describe_action``).

    ``choose(action)`` passes on what the person picked on the view itself (a click on a
    card): the frontend takes ``action`` exactly as if it had been chosen in the list of
    choices when it is one of the legal actions of ``seat`` now, and answers True; otherwise
    (another seat's turn, a dialog open, an action that is not legal) nothing changes and it
    answers False. It never raises, so a view may call it from any click handler. A view
    drawn with Rich text can tag the cells of each tile with ``Style(meta={key: action})``
    and, in ``on_click``, pass ``event.style.meta.get(key)`` on (the views of Koi-Koi and
    Sakura do this).
    """

    lang: str
    seat: int
    players: int
    seat_names: tuple[str, ...]
    rules: Mapping[str, Any] = field(default_factory=dict)
    theme: str = "default"
    describe: Callable[[Mapping[str, Any], Mapping[str, Any]], str] = lambda obs, action: ""
    choose: Callable[[Mapping[str, Any]], bool] = lambda action: False


@runtime_checkable
class TuiView(Protocol):
    """A Textual widget that draws a game for one seat. Besides being a widget it has:

    - ``show(observation, legal)``: draw ``observation`` (the seat's own); ``legal`` is the
      list of the seat's legal actions now (empty while others act). Called after every move.
    - ``hover(action)``: the person moved over ``action`` in the list of choices (None: away);
      light up what it would do (the cards a Koi-Koi card would capture).
    - ``decision(observation, legal)``: the text (Rich markup) of a dialog to ask this choice
      in, or None to ask it in the list of choices (Koi-Koi's koi-koi call is a dialog).
    - ``play_event(event)``: one event of a move, as the frontend tells it (one step at a
      time, at the person's pace, before ``show`` draws the state after the move): a view may
      move a piece to follow the story. Not called with ``--pace 0``. A view that moves
      nothing between moves says so with a class attribute ``plays_events = False``: the
      frontend then draws the state each move left as it begins to tell that move, so that
      the table never lags behind the story.
    - ``announcement(events)``: the text (Rich markup) of a dialog that tells ``events`` (the
      ones this seat may see, of one move), or None: the end of a Koi-Koi round with its yaku.
    - ``room(rows)``, optional: the most rows the view may take (called at the start and when
      the terminal is resized). The view lays itself out for them and takes only the rows it
      draws (the frontend gives it ``height: auto`` and ``max-height: rows``), so the choices
      and the story get the rest; it draws no line wider than its width (it breaks a longer
      one itself), so that the rows Textual gives it are the rows it counted. A view without
      ``room`` is given all the rows.

    The view draws; it never applies a move. The frontend lists ``legal``, reads keys and
    the clicks on the list, and applies only those actions; a click on the view itself
    reaches the game only through ``ViewContext.choose``, which applies the same check.
    """

    def show(
        self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
    ) -> None: ...

    def hover(self, action: Mapping[str, Any] | None) -> None: ...

    def decision(
        self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
    ) -> str | None: ...

    def play_event(self, event: Mapping[str, Any]) -> None: ...

    def announcement(self, events: Sequence[Mapping[str, Any]]) -> str | None: ...


@hookspec(firstresult=True)
def asobi_tui_view(context: ViewContext) -> Any:
    """Return a new widget (a Textual ``Widget`` that is also a ``TuiView``, both defined in
    ``asobi_frontends.tui.hookspecs``) drawing the game for ``context.seat`` (a
    ``ViewContext``), or ``None`` for the tui frontend's generic view.

    Called once for each table the frontend builds, and again when the person switches the
    language; the widget then lives as long as that table. Card art and board drawings live
    here, with the game, not in the frontend. Import Textual inside the implementation.
    """


def tui_view(game: Game, context: ViewContext) -> Any:
    """The game's answer to :func:`asobi_tui_view` (None: the generic view)."""
    caller = getattr(game.hook, "asobi_tui_view", None)
    if caller is None or caller.spec is None:  # a registry built without this frontend's specs
        game.manager.add_hookspecs(sys.modules[__name__])
    return game.hook.asobi_tui_view(context=context)
