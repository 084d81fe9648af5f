"""The Sakura table in the terminal: the garden path, the tokens, the round's cards, your hand.

A :class:`SakuraView` is the widget the tui frontend shows for one seat (see
``asobi_frontends.tui.hookspecs.TuiView``). While a round resolves, the frontend hands it the
events one at a time (``play_event``) and the pieces walk the path step by step; the numbers on
the hand's cards are the numbers of the choices, and a click on such a card is passed on to the
frontend (``ViewContext.choose``) as that choice. A choice of direction (the Emperor's, a
painter's) is asked in the list of choices too, with the space each one leads to marked on the
path (``places.py``): a click there takes it the same way. The hand is laid out (``tiles.py``)
to show every card's text whole where the view's height allows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.style import Style
from rich.text import Text
from textual.containers import VerticalScroll
from textual.events import Click
from textual.widgets import Static

from asobi.i18n import Translator, translator
from asobi_frontends.tui.folding import fold
from asobi_sakura.tuiview.places import CHOICE_KEYS, Place, choice_places
from asobi_sakura.tuiview.tiles import (
    ACTION_KEY,
    card_tile,
    hand_layout,
    rows_of_tiles,
)
from asobi_sakura.view import (
    card_text,
    describe_event,
    painter_mark,
    painter_name,
    status_line,
    summary_table,
)

SPACE_GLYPHS = {"gate": "G", "plain": "·", "bridge": "=", "torii": "T", "tree": "*"}
SCORED_GLYPH = "+"

PAINTER_COLOURS = {
    "default": ("#ff6b6b", "#5fa8ff", "#7cd67c", "#e58bff", "#4fd6d6", "#ffd24d", "#c8c8c8"),
    "high-contrast": ("#ff0000", "#00aaff", "#00ff00", "#ff00ff", "#00ffff", "#ffff00",
                      "#ffffff"),
    "monochrome": ("red", "blue", "green", "magenta", "cyan", "yellow", "white"),
}
"""Painter colours by seat (the last one: the neutral painter); monochrome: ANSI colours."""

PLACE_COLOURS = {
    "default": ("#9e9e9e", "#ffffff"),
    "high-contrast": ("#ffffff", "#00ffff"),
    "monochrome": ("bright_black", "bright_white"),
}
"""The spaces a choice of direction leads to: (colour of each, of the one the list's
highlighted choice leads to), drawn reversed."""
FORWARD_MARK, BACK_MARK = "▶", "◀"

def _rows(lines: Sequence[Text], width: int) -> int:
    """The rows ``lines`` take in a view ``width`` cells wide (a longer line is folded)."""
    return sum(len(fold(line, width)) for line in lines)


class SakuraView(VerticalScroll):
    """The garden for one seat; redrawn on every move, every step of a round and resize."""

    DEFAULT_CSS = """
    SakuraView { height: 1fr; padding: 0; scrollbar-size-vertical: 1; }
    SakuraView > Static { width: 100%; height: auto; }
    """

    def __init__(self, context: Any) -> None:
        super().__init__(classes="sakura-view")
        self.context = context
        self._: Translator = translator("asobi_sakura", context.lang)
        self.obs: Mapping[str, Any] | None = None
        self.text = ""
        """The table as plain text, as last drawn (for tests and screen readers)."""
        self.legal: list[Mapping[str, Any]] = []
        self.lit: int | None = None
        self.places: dict[int, Place] = {}
        """Space index -> the choice of direction that leads there (while this seat chooses)."""
        self.lit_place: Mapping[str, Any] | None = None
        self.emperor = 0
        self.painters: list[int] = []
        self.tokens: list[int] = []
        self.news: str = ""
        self.body = Static("", classes="sakura-body")
        self.rows: int | None = None
        """The rows the frontend offers (:meth:`room`); None: the view's own height."""

    def compose(self) -> Any:
        yield self.body

    # ------------------------------------------------------------------ TuiView
    def show(self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> None:
        self.obs = observation
        self.legal = list(legal)
        self.emperor = int(observation["emperor"])
        self.painters = list(observation["painters"])
        self.tokens = list(observation["tokens"])
        self.places = choice_places(self.context.rules, observation, self.legal)
        self.lit, self.lit_place = None, None
        self._draw()

    def hover(self, action: Mapping[str, Any] | None) -> None:
        number = None
        if action:
            number = action.get("card", action.get("neutral"))
        self.lit = int(number) if isinstance(number, int) else None
        choosing = action is not None and any(k in action for k in CHOICE_KEYS)
        self.lit_place = dict(action) if choosing and action is not None else None
        self._draw()

    def on_click(self, event: Click) -> None:
        """A click on a card of the hand, or on a marked space of the path, that is one of the
        choices takes it (through the frontend's ``choose``, which checks it); a click
        anywhere else does nothing."""
        action = event.style.meta.get(ACTION_KEY) if event.style else None
        choose = getattr(self.context, "choose", None)
        if isinstance(action, dict) and choose is not None:
            choose(action)

    def decision(
        self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
    ) -> str | None:
        """None: every choice is asked in the list, a choice of direction with its spaces
        marked on the path for a click (a dialog would hide the path)."""
        return None

    def play_event(self, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == "emperor":
            self.emperor = int(event["to"])
        elif kind in ("painter", "bump") and 0 <= int(event["painter"]) < len(self.painters):
            self.painters[int(event["painter"])] = int(event["to"])
            if kind == "bump":
                self.tokens[int(event["painter"])] -= int(event["tokens"])
        elif kind == "tree":
            for p, points in enumerate(event.get("points", [])):
                if p < len(self.tokens):
                    self.tokens[p] += int(points)
        if kind in ("bump", "tree", "reveal", "resolve"):
            self.news = describe_event(event, self.context.seat, self.context.lang) or ""
        self._draw()

    def announcement(self, events: Sequence[Mapping[str, Any]]) -> str | None:
        trees = [e for e in events if e.get("type") in ("tree", "game_over")]
        if not trees:
            return None
        lines = []
        for event in trees:
            text = describe_event(event, self.context.seat, self.context.lang)
            if text:
                lines.append(f"[b]{escape(text)}[/b]")
        if self.obs is not None and any(e.get("type") == "game_over" for e in events):
            lines += [""] + [escape(x) for x in summary_table(self.obs, self._)]
        return "\n".join(lines)

    # ------------------------------------------------------------------ drawing
    def on_resize(self) -> None:
        self._draw()

    def _colour(self, painter: int) -> str:
        table = PAINTER_COLOURS.get(self.context.theme, PAINTER_COLOURS["default"])
        players = self.obs["players"] if self.obs else 0
        return table[-1] if painter >= players else table[painter % (len(table) - 1)]

    def room(self, rows: int) -> None:
        """The frontend offers ``rows`` rows: the garden is laid out to fit in them (its height
        is the rows it draws; the frontend gives the rest to the choices and the story)."""
        self.rows = rows
        self._draw()

    def _draw(self) -> None:
        if self.obs is None:
            return
        width = max(40, self.scrollable_content_region.width)
        room = self.rows if self.rows is not None else self.size.height
        lines = self._lines(self.obs, width, room)
        self.text = "\n".join(line.plain for line in lines)
        self.body.update(Group(*lines))

    def _path(self, obs: Mapping[str, Any], width: int) -> list[Text]:
        """Pieces over the path, the path, and space numbers every five spaces."""
        spaces = obs["spaces"]
        step = 2 if len(spaces) * 2 <= width else 1
        scored = dict(zip(obs["trees"], obs["scored"], strict=True))
        players = obs["players"]
        rows: list[Text] = [Text(), Text()]
        at_gate = [p for p, pos in enumerate(self.painters) if pos == 0]
        for i, kind in enumerate(spaces):
            here = [p for p, pos in enumerate(self.painters) if pos == i and i != 0]
            top = Text(" " * step)
            if i == self.emperor:
                top = Text("E".ljust(step), style=Style(color="#ffd700" if self.context.theme
                                                         != "monochrome" else "yellow",
                                                         bold=True, reverse=True))
            elif here:
                top = Text(painter_mark(here[0], players).ljust(step),
                           style=Style(color=self._colour(here[0]), bold=True, reverse=True))
            glyph = SCORED_GLYPH if kind == "tree" and scored.get(i) else SPACE_GLYPHS[kind]
            style = {"tree": "bold magenta", "bridge": "cyan", "torii": "bold red",
                     "gate": "bold"}.get(kind, "dim")
            bottom = Text(glyph.ljust(step), style=style)
            place = self.places.get(i)
            if place is not None:
                top, bottom = self._place(place, top, bottom, step)
            rows[0].append_text(top)
            rows[1].append_text(bottom)
        numbers = Text("".join(str(i).ljust(5 * step) for i in range(0, len(spaces), 5)),
                       style="dim")
        lines = [rows[0], rows[1], numbers]
        if at_gate:
            gate = Text(SPACE_GLYPHS["gate"] + ":", style="bold")  # the legend names it
            for p in at_gate:
                gate.append(" ")
                gate.append(f" {painter_mark(p, players)} ",
                            style=Style(color=self._colour(p), bold=True, reverse=True))
            if numbers.cell_len + 2 + gate.cell_len <= width:
                numbers.rstrip()
                numbers.append("  ")
                numbers.append_text(gate)
            else:
                lines.append(gate)
        return lines

    def _place(self, place: Place, top: Text, bottom: Text, step: int) -> tuple[Text, Text]:
        """A space a choice of direction leads to, over the path and on it: ▶ (forward) or ◀
        (back) above it unless a piece stands there, the space reversed in the colour of a
        choice (of the highlighted one), both cells carrying the choice for a click."""
        plain, lit = PLACE_COLOURS.get(self.context.theme, PLACE_COLOURS["default"])
        colour = lit if self.lit_place == place.action else plain
        marked = Style(color=colour, bold=True, reverse=True)
        if not top.plain.strip():
            top = Text((FORWARD_MARK if place.forward else BACK_MARK).ljust(step), style=marked)
        bottom = Text(bottom.plain, style=marked)
        click = Style.from_meta({ACTION_KEY: dict(place.action)})
        for text in (top, bottom):
            text.stylize(click)
        return top, bottom

    def _hand(
        self, cards: Sequence[Mapping[str, Any]], width: int, room: int
    ) -> list[Text]:
        """The hand as tiles, laid out in ``room`` lines (texts whole when they fit)."""
        if not cards:
            return []
        choices: dict[int, dict[str, Any]] = {}
        for i, action in enumerate(self.legal, 1):
            key = action.get("card", action.get("neutral"))
            if isinstance(key, int):
                choices[key] = {"number": i, "action": action}
        layout = hand_layout(self._, cards, width, room)
        tiles = [card_tile(self._, c, layout, self.context.theme, lit=c["number"] == self.lit,
                           **choices.get(c["number"], {})) for c in cards]
        return rows_of_tiles(tiles, layout.per_row)

    def _plays(self, obs: Mapping[str, Any], full: bool) -> list[Text]:
        """The cards revealed this round: a line each with its text (``full``), else all on
        one line by number."""
        _ = self._
        players, me = obs["players"], obs["seat"]
        status = {"waiting": _("waiting"), "current": _("now"), "resolved": _("done"),
                  "discarded": _("discarded")}
        lines = [Text(_("Cards revealed in round {round}:").format(round=obs["plays_round"]),
                      style="bold")]
        short = Text("  ")
        for play in obs["plays"]:
            who = painter_name(play["painter"], players, me, _)
            style = "bold" if play["status"] == "current" else (
                "dim" if play["status"] != "waiting" else "")
            if full:
                lines.append(Text(f"  {card_text(play['card'], _)}  "
                                  f"({who}, {status[play['status']]})", style=style))
            else:
                short.append(f"{play['card']['number']} ({who}, {status[play['status']]})  ",
                             style=style)
        if not full:
            lines[-1].append_text(short)
        return lines

    def _lines(self, obs: Mapping[str, Any], width: int, room: int) -> list[Text]:
        """The table fitted to ``room`` lines: the hand first gets the lines it needs to
        show its cards whole; the lines left show the revealed cards in full, then the
        legend of the path."""
        _ = self._
        players = obs["players"]
        me = obs["seat"]
        top = [Text(" · ".join((
            _("Sakura, round {round}").format(round=obs["round"]),
            _("Deck {n}").format(n=obs["deck"]),
            _("Supply {n}").format(n=obs["supply"]))), style="bold")]
        tokens = Text()
        for p in range(len(self.painters)):
            if p:
                tokens.append("  ")
            tokens.append(f" {painter_mark(p, players)} ", style=Style(
                color=self._colour(p), bold=True, reverse=True))
            tokens.append(f" {painter_name(p, players, me, _)} {self.tokens[p]}")
        top.append(tokens)
        top += self._path(obs, width)
        if self.places:  # this seat chooses a direction: the question, and how to answer
            top += [Text(status_line(obs, _), style="bold"),
                    Text(_("Click a marked space of the garden (▶ forward, ◀ back), or "
                           "choose in the list."))]
        legend = [Text(_("E Emperor, 1-6 painters, N neutral painter, * cherry tree "
                         "(+ scored), = bridge, T torii, G gate"), style="dim")]
        news = [Text(self.news, style="bold yellow")] if self.news else []
        short = self._plays(obs, full=False) if obs["plays"] else []
        full = self._plays(obs, full=True) if obs["plays"] else []
        after: list[Text] = []
        if obs.get("my_pick"):
            after.append(Text(_("Your card this round: {card}").format(
                card=card_text(obs["my_pick"], _))))
        if obs.get("my_neutral_pick"):
            after.append(Text(_("Card given to the neutral painter: {card}").format(
                card=card_text(obs["my_neutral_pick"], _))))
        if obs["phase"] == "over":
            after += [Text(x) for x in summary_table(obs, _)]
        head = [Text(_("Your hand:"), style="bold")]
        used = _rows(top + news + short + head + after, width)
        hand = self._hand(obs["hand"], width, room - used)
        spare = room - used - len(hand)
        plays = short
        if full and _rows(full, width) - _rows(short, width) <= spare:
            spare -= _rows(full, width) - _rows(short, width)
            plays = full
        shown_legend = legend if _rows(legend, width) <= spare else []
        shown = top + shown_legend + news + plays + head + hand + after
        return [row for line in shown for row in fold(line, width)]
