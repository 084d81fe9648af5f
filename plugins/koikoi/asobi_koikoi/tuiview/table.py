"""The Koi-Koi table in the terminal: board, hand, both piles, yaku panel, and the dialogs.

A :class:`KoikoiView` is the widget the tui frontend shows for one seat (see
``asobi_frontends.tui.hookspecs.TuiView``). It only draws: the frontend lists the legal moves
and applies the one chosen. The numbers on the tiles are the numbers of the choices, and a
click on such a tile is passed on to the frontend (``ViewContext.choose``) as that choice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.text import Text
from textual.containers import VerticalScroll
from textual.events import Click
from textual.widgets import Static

from asobi.i18n import Translator, translator
from asobi_koikoi.cards import INDEX, PLANTS, month_mask, month_of
from asobi_koikoi.names import card_name, card_names, counts_as
from asobi_koikoi.rules import compile_rules
from asobi_koikoi.tuiview.tiles import (
    ACTION_KEY,
    Look,
    back_row,
    full_name_width,
    row_of_tiles,
    tile_lines,
)
from asobi_koikoi.view import KIND_LABELS, describe_event

ROOMY = (80, 22)
"""From this width and height (in cells) of the view, tiles are taller and piles show names."""


def _rows(lines: Sequence[Text], width: int) -> int:
    """The rows ``lines`` take in a view ``width`` cells wide (a longer line wraps)."""
    return sum(max(1, -(-line.cell_len // width)) for line in lines)


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

    def compose(self) -> Any:
        yield self.body

    # ------------------------------------------------------------------ TuiView
    def show(self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> None:
        self.obs = observation
        self.legal = list(legal)
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

    def _draw(self) -> None:
        if self.obs is None:
            return
        width = max(20, self.scrollable_content_region.width)
        roomy = width >= ROOMY[0] and self.size.height >= ROOMY[1]
        look = self._look(width, roomy)
        lines = self._lines(self.obs, look, width, roomy)
        self.text = "\n".join(line.plain for line in lines)
        self.body.update(Group(*lines))

    def _look(self, width: int, roomy: bool) -> Look:
        """The tiles the view has room for: wide enough for every card's full name (any card:
        the tiles keep their size from turn to turn), as many a row as that width allows, when
        the view's height holds the rows they make; taller tiles (names over two lines) first
        where the view is roomy, and a blank line between two rows of tiles where it fits.
        Else the compact tiles, eight a row, names cut."""
        obs = self.obs
        assert obs is not None
        theme = self.context.theme
        sake = bool(obs.get("sake_cup_is_plain", True))
        for height, gap in ((4, 1), (4, 0), (3, 1), (3, 0)) if roomy else ((3, 1), (3, 0)):
            inner = full_name_width(self._, height, sake)
            per_row = next((n for n in range(8, 2, -1) if (width + 1) // n - 1 >= inner + 2),
                           None)
            if per_row is None:
                continue
            look = Look(width=min((width + 1) // per_row - 1, inner + 4), height=height,
                        theme=theme, row_gap=gap)
            if _rows(self._lines(obs, look, width, roomy), width) <= self.size.height:
                return look
        return Look(width=max(9, min(13, (width + 1) // 8 - 1)), height=4 if roomy else 3,
                    theme=theme)

    # ------------------------------------------------------------------ clicks
    def on_click(self, event: Click) -> None:
        """A click on a tile that is one of the choices takes it (through the frontend's
        ``choose``, which checks it); a click anywhere else does nothing."""
        action = event.style.meta.get(ACTION_KEY) if event.style else None
        choose = getattr(self.context, "choose", None)
        if isinstance(action, dict) and choose is not None:
            choose(action)

    def _lines(
        self, obs: Mapping[str, Any], look: Look, width: int, roomy: bool
    ) -> list[Text]:
        _ = self._
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
                  if roomy or any(calls) else []),
                _.n("Stock: {n} card", "Stock: {n} cards", obs["stock"]).format(
                    n=obs["stock"]),
                _.n("opponent's hand: {n} card", "opponent's hand: {n} cards",
                    obs["opponent_hand"]).format(n=obs["opponent_hand"])))),
        ]
        lines += self._pile(_("Opponent's captures:"), obs["players"][other], sake, roomy)
        if roomy or obs["players"][other]["yaku"]:
            lines += [Text("  " + x, style="red")
                      for x in self._yaku_lines(obs["players"][other])]
        if roomy:
            lines.append(back_row(look, obs["opponent_hand"]))
        none = Text(_("(none)"), style="dim")
        lines.append(Text(_("Board: {cards}").format(cards="").strip(), style="bold"))
        captures = self._choices("capture")
        board = [tile_lines(_, c, look, sake, mark="▲" if c in self.targets else "",
                            lit=c in self.targets, **captures.get(c, {}))
                 for c in obs["board"]]
        lines += row_of_tiles(board, width, row_gap=look.row_gap) or [none]
        lines.append(Text(_("Your hand: {cards}").format(cards="").strip(), style="bold"))
        plays = self._choices("play")
        hand = [tile_lines(_, c, look, sake, mark="▶" if c == self.lit else "",
                           lit=c == self.lit, **plays.get(c, {})) for c in obs["hand"]]
        lines += row_of_tiles(hand, width, row_gap=look.row_gap) or [none]
        lines += self._pile(_("Your captures:"), obs["players"][me], sake, roomy)
        if roomy or obs["players"][me]["yaku"] or obs["players"][me]["close"]:
            lines += [Text("  " + x, style="green") for x in self._yaku_lines(obs["players"][me])]
        pending = obs.get("pending")
        if pending and obs.get("to_act") == me:
            lines.append(Text(_("{card} matches {a} and {b}: you choose one.").format(
                card=card_name(_, pending), a=card_name(_, obs["candidates"][0]),
                b=card_name(_, obs["candidates"][1])), style="bold"))
        return lines

    def _choices(self, key: str) -> dict[str, dict[str, Any]]:
        """The cards the legal actions of kind ``key`` (``play``, ``capture``) name: for each,
        the number of its choice and the action, as :func:`tile_lines` takes them."""
        return {str(a[key]): {"number": i, "action": a}
                for i, a in enumerate(self.legal, 1) if key in a}

    def _pile(
        self, head: str, player: Mapping[str, Any], sake: bool, roomy: bool
    ) -> list[Text]:
        """A captured pile grouped by kind with counts (and the names when there is room)."""
        _ = self._
        cards = list(player["captured"])
        parts = []
        named = []
        for kind, label in KIND_LABELS.items():
            group = [c for c in cards if kind in counts_as(c, sake)]
            parts.append(f"{_(label)} {len(group)}")
            if roomy and group:
                named.append(Text(f"    {_(label)}: {card_names(_, group)}", style="dim"))
        return [Text(f"{head} " + " · ".join(parts), style="bold"), *named]
