"""The Koi-Koi table in the terminal: board, hand, both piles, yaku panel, and the dialogs.

A :class:`KoikoiView` is the widget the tui frontend shows for one seat (see
``asobi_frontends.tui.hookspecs.TuiView``). It only draws: the frontend lists the legal moves
and applies the one chosen. The numbers on the tiles are the numbers of the choices, and a
click on such a tile is passed on to the frontend (``ViewContext.choose``) as that choice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.text import Text
from textual.containers import VerticalScroll
from textual.events import Click
from textual.widgets import Static

from asobi.i18n import Translator, translator
from asobi_frontends.tui.folding import fold
from asobi_koikoi.cards import INDEX, PLANTS, month_mask, month_of
from asobi_koikoi.names import card_name, card_names, counts_as
from asobi_koikoi.rules import compile_rules
from asobi_koikoi.tuiview.tiles import (
    ACTION_KEY,
    Look,
    back_row,
    folds,
    full_name_width,
    row_look,
    row_of_tiles,
    tile_lines,
)
from asobi_koikoi.view import KIND_LABELS, describe_event


@dataclass(frozen=True)
class Layout:
    """How the table is drawn: the tiles of the board and of the hand, and whether it shows
    the extras (the koi-koi calls, the names in the piles, the opponent's hidden cards, every
    yaku in reach, the opponent's too)."""

    board: Look
    hand: Look
    extras: bool


def _pair(_: Translator, me: int, values: Sequence[Any]) -> str:
    return _("you {mine} · opponent {theirs}").format(mine=values[me], theirs=values[1 - me])


class KoikoiView(VerticalScroll):
    """The table for one seat; redrawn on every move, hover and resize."""

    DEFAULT_CSS = """
    KoikoiView { height: 1fr; padding: 0; scrollbar-size-vertical: 1; }
    KoikoiView > Static { width: 100%; height: auto; }
    """

    def __init__(self, context: Any) -> None:
        super().__init__(classes="koikoi-view")
        self.context = context
        self._: Translator = translator("asobi_koikoi", context.lang)
        self.table = compile_rules(context.rules).yaku if context.rules else None
        self.obs: Mapping[str, Any] | None = None
        self.text = ""
        """The table as plain text, as last drawn (for tests and screen readers)."""
        self.legal: list[Mapping[str, Any]] = []
        self.lit: str | None = None
        self.targets: set[str] = set()
        self.captured: list[set[str]] = [set(), set()]
        self.yaku_seen: dict[int, Mapping[str, Any]] = {}
        self.body = Static("", classes="koikoi-body")
        self.rows: int | None = None
        """The rows the frontend offers (:meth:`room`); None: the view's own height."""
        self.laid_out: tuple[int, int, Layout] | None = None
        """The layout of this observation for a width and a room (a hover keeps it: what it
        lights up takes no room)."""

    def compose(self) -> Any:
        yield self.body

    # ------------------------------------------------------------------ TuiView
    def show(self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> None:
        self.obs = observation
        self.legal = list(legal)
        self.laid_out = None
        self.captured = [set(p["captured"]) for p in observation["players"]]
        self.lit, self.targets = None, set()
        if observation.get("phase") == "capture" and legal:
            self.targets = set(observation.get("candidates", ()))
            self.lit = observation.get("pending")
        self._draw()

    def hover(self, action: Mapping[str, Any] | None) -> None:
        if self.obs is None:
            return
        self.lit, self.targets = None, set()
        if action and "play" in action:
            card = str(action["play"])
            month = month_of(INDEX[card])
            self.lit = card
            self.targets = {c for c in self.obs["board"] if month_of(INDEX[c]) == month}
        elif action and "capture" in action:
            self.lit = self.obs.get("pending")
            self.targets = {str(action["capture"])}
        self._draw()

    def decision(
        self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
    ) -> str | None:
        if observation.get("phase") != "koikoi" or not legal:
            return None
        _ = self._
        me = observation["seat"]
        decision = observation["decision"]
        if decision["final"]:
            head = _("Your yaku are worth {total}; no turn remains, so you stop and score "
                     "{points}.")
        else:
            head = _("Your yaku are worth {total}: stop and score {points}, or call koi-koi "
                     "and play on.")
        lines = [f"[b]{escape(head.format(**decision))}[/b]", ""]
        lines += [escape(x) for x in self._yaku_cards(me, observation["players"][me]["yaku"])]
        threats_head = escape(_("Opponent's threats:"))
        lines += ["", f"[b]{threats_head}[/b]"]
        threats = self._yaku_lines(observation["players"][1 - me])
        lines += [escape(x) for x in threats] or [escape(_("(none)"))]
        return "\n".join(lines)

    plays_events = False
    """Nothing moves between two moves: the frontend draws each move's table as it tells it."""

    def play_event(self, event: Mapping[str, Any]) -> None:
        return None  # the table is drawn as each move left it; nothing moves in between

    def announcement(self, events: Sequence[Mapping[str, Any]]) -> str | None:
        """The end of a round (and of the game) in a dialog: who won what, with the yaku and
        the cards they are made of. Called after every move, so it also keeps the yaku and the
        captures it will need (a yaku is told a move before the round ends)."""
        for event in events:
            seat = event.get("seat")
            if event.get("type") == "capture" and seat in (0, 1):
                self.captured[int(seat)].update(event.get("cards", ()))
            elif event.get("type") == "yaku" and seat in (0, 1):
                self.yaku_seen[int(seat)] = event
        body = self._round_summary(events)
        if any(e.get("type") == "new_round" for e in events):
            self.yaku_seen = {}
        return body

    def _round_summary(self, events: Sequence[Mapping[str, Any]]) -> str | None:
        if not any(e.get("type") in ("round_end", "game_over") for e in events):
            return None
        _ = self._
        me = self.context.seat
        lines = []
        for event in events:
            if event.get("type") in ("round_end", "game_over", "hand_yaku", "stop"):
                text = describe_event(event, me, self.context.lang)
                if text:
                    lines.append(f"[b]{escape(text)}[/b]")
        winners = {e.get("winner") for e in events if e.get("type") == "round_end"}
        for seat in (me, 1 - me):
            made = self.yaku_seen.get(seat)
            if made is None or seat not in winners:  # the loser's yaku counted for nothing
                continue
            head = _("Your yaku: {list} (total {total}).") if seat == me else _(
                "The opponent's yaku: {list} (total {total}).")
            listed = ", ".join(f"{_(y['title'])} {y['points']}" for y in made["yaku"])
            lines += ["", escape(head.format(list=listed, total=made["total"]))]
            lines += [escape(x) for x in self._yaku_cards(seat, made["yaku"])]
        return "\n".join(lines)

    # ------------------------------------------------------------------ words
    def _yaku_cards(self, seat: int, made: Sequence[Mapping[str, Any]]) -> list[str]:
        """Each yaku made with the captured cards it is made of."""
        _ = self._
        if self.table is None or self.obs is None:
            return []
        month = month_mask(int(self.obs.get("month", 1)))
        by_id = {y.id: y for y in self.table.yaku}
        lines = []
        for entry in made:
            spec = by_id.get(entry["id"])
            cards: list[str] = []
            if spec is not None:
                pool = spec.pool | (month if spec.round_month else 0)
                cards = sorted((c for c in self.captured[seat] if pool >> INDEX[c] & 1),
                               key=INDEX.__getitem__)
            lines.append("  " + _("{title} ({points}): {cards}").format(
                title=_(entry["title"]), points=entry["points"], cards=card_names(_, cards)))
        return lines

    def _yaku_lines(self, player: Mapping[str, Any]) -> list[str]:
        _ = self._
        lines = []
        if player["yaku"]:
            made = ", ".join(f"{_(y['title'])} {y['points']}" for y in player["yaku"])
            lines.append(_("yaku: {list} — total {total}").format(list=made,
                                                                  total=player["total"]))
        for close in player.get("close", []):
            text = _("{title}: {have}/{need}").format(
                title=_(close["title"]), have=close["have"], need=close["need"])
            if close["missing"]:
                text += ", " + _("missing {cards}").format(
                    cards=card_names(_, close["missing"]))
            lines.append(_("close: {text}").format(text=text))
        return lines

    # ------------------------------------------------------------------ drawing
    def on_resize(self) -> None:
        self._draw()

    def room(self, rows: int) -> None:
        """The frontend offers ``rows`` rows: the table is laid out to fit in them (its height
        is the rows it draws; the frontend gives the rest to the choices and the story)."""
        self.rows = rows
        self._draw()

    def _draw(self) -> None:
        if self.obs is None:
            return
        width = max(20, self.scrollable_content_region.width)
        room = self.rows if self.rows is not None else self.size.height
        if self.laid_out is None or self.laid_out[:2] != (width, room):
            self.laid_out = (width, room, self._layout(width, room))
        lines = self._lines(self.obs, self.laid_out[2], width)
        self.text = "\n".join(line.plain for line in lines)
        self.body.update(Group(*lines))

    def _layout(self, width: int, room: int) -> Layout:
        """The first layout that fits in ``room`` rows, by what it shows: tiles with every
        card's full name (as wide as the whole deck needs, so that they keep their size from
        turn to turn) before tiles that share the width and cut the names; then the extras;
        then taller tiles (where a name shown needs a second line); then a blank line between
        two rows of tiles.
        Where none fits, the last one tried (compact tiles, no extras)."""
        obs = self.obs
        assert obs is not None
        theme = self.context.theme
        sake = bool(obs.get("sake_cup_is_plain", True))
        cards = (list(obs["board"]), list(obs["hand"]))
        inner = {height: full_name_width(self._, height, sake) for height in (3, 4)}
        layout = None
        for whole in (True, False):
            for extras in (True, False):
                for height, gap in ((4, 1), (4, 0), (3, 1), (3, 0)):
                    board, hand = (row_look(len(shown), width, height, inner[height], whole,
                                            theme, gap) for shown in cards)
                    if board is None or hand is None:
                        continue
                    if height == 4 and not (folds(self._, cards[0], board)
                                            or folds(self._, cards[1], hand)):
                        continue  # no name needs the fourth line
                    layout = Layout(board, hand, extras)
                    if len(self._lines(obs, layout, width)) <= room:
                        return layout
        assert layout is not None  # the cut tiles always make one
        return layout

    # ------------------------------------------------------------------ clicks
    def on_click(self, event: Click) -> None:
        """A click on a tile that is one of the choices takes it (through the frontend's
        ``choose``, which checks it); a click anywhere else does nothing."""
        action = event.style.meta.get(ACTION_KEY) if event.style else None
        choose = getattr(self.context, "choose", None)
        if isinstance(action, dict) and choose is not None:
            choose(action)

    def _lines(self, obs: Mapping[str, Any], layout: Layout, width: int) -> list[Text]:
        _ = self._
        extras = layout.extras
        me = obs["seat"]
        other = 1 - me
        sake = bool(obs.get("sake_cup_is_plain", True))
        month = obs["month"]
        dealer = _("you") if obs["dealer"] == me else _("the opponent")
        calls = [p["koikoi"] for p in obs["players"]]
        lines = [
            Text(_("Koi-Koi — round {round}/{rounds} (month {month}: {plant}) — dealer: "
                   "{dealer}").format(round=obs["round"], rounds=obs["rounds"], month=month,
                                      plant=_(PLANTS[month - 1]), dealer=dealer),
                 style="bold"),
            Text(" · ".join((
                _("Scores: {pair}").format(pair=_pair(_, me, obs["scores"])),
                *([_("Koi-koi calls: {pair}").format(pair=_pair(_, me, calls))]
                  if extras or any(calls) else []),
                _.n("Stock: {n} card", "Stock: {n} cards", obs["stock"]).format(
                    n=obs["stock"]),
                _.n("opponent's hand: {n} card", "opponent's hand: {n} cards",
                    obs["opponent_hand"]).format(n=obs["opponent_hand"])))),
        ]
        lines += self._pile(_("Opponent's captures:"), obs["players"][other], sake, extras)
        if extras or obs["players"][other]["yaku"]:
            lines += [Text("  " + x, style="red")
                      for x in self._yaku_lines(obs["players"][other])]
        if extras:
            lines.append(back_row(layout.hand, obs["opponent_hand"]))
        none = Text(_("(none)"), style="dim")
        lines.append(Text(_("Board: {cards}").format(cards="").strip(), style="bold"))
        captures = self._choices("capture")
        board = [tile_lines(_, c, layout.board, sake, mark="▲" if c in self.targets else "",
                            lit=c in self.targets, **captures.get(c, {}))
                 for c in obs["board"]]
        lines += row_of_tiles(board, width, row_gap=layout.board.row_gap) or [none]
        lines.append(Text(_("Your hand: {cards}").format(cards="").strip(), style="bold"))
        plays = self._choices("play")
        hand = [tile_lines(_, c, layout.hand, sake, mark="▶" if c == self.lit else "",
                           lit=c == self.lit, **plays.get(c, {})) for c in obs["hand"]]
        lines += row_of_tiles(hand, width, row_gap=layout.hand.row_gap) or [none]
        lines += self._pile(_("Your captures:"), obs["players"][me], sake, extras)
        if extras or obs["players"][me]["yaku"] or obs["players"][me]["close"]:
            lines += [Text("  " + x, style="green") for x in self._yaku_lines(obs["players"][me])]
        pending = obs.get("pending")
        if pending and obs.get("to_act") == me:
            lines.append(Text(_("{card} matches {a} and {b}: you choose one.").format(
                card=card_name(_, pending), a=card_name(_, obs["candidates"][0]),
                b=card_name(_, obs["candidates"][1])), style="bold"))
        return [row for line in lines for row in fold(line, width)]

    def _choices(self, key: str) -> dict[str, dict[str, Any]]:
        """The cards the legal actions of kind ``key`` (``play``, ``capture``) name: for each,
        the number of its choice and the action, as :func:`tile_lines` takes them."""
        return {str(a[key]): {"number": i, "action": a}
                for i, a in enumerate(self.legal, 1) if key in a}

    def _pile(
        self, head: str, player: Mapping[str, Any], sake: bool, names: bool
    ) -> list[Text]:
        """A captured pile grouped by kind with counts (and the names when there is room)."""
        _ = self._
        cards = list(player["captured"])
        parts = []
        named = []
        for kind, label in KIND_LABELS.items():
            group = [c for c in cards if kind in counts_as(c, sake)]
            parts.append(f"{_(label)} {len(group)}")
            if names and group:
                named.append(Text(f"    {_(label)}: {card_names(_, group)}", style="dim"))
        return [Text(f"{head} " + " · ".join(parts), style="bold"), *named]
