"""Text views of Koi-Koi: the terminal board, menu labels and the reasons of hints.

Everything here reads observations and rule mappings (plain data); every user-facing string
goes through the ``asobi_koikoi`` translator. Cards are shown by their names in the player's
language (names.py); ids stay in the data. The lines about events are
:mod:`asobi_koikoi.narration`, the rules page :mod:`asobi_koikoi.rulespage`; both are also
importable from here, as they were when this module held them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from asobi.contract.model import Reason
from asobi.i18n import translator

from .cards import INDEX, PLANTS, month_of
from .names import card_name, card_names, counts_as, kind_label
from .narration import describe_event
from .rulespage import rules_text
from .wording import KIND_LABELS, Tr, pair, person, tr

__all__ = [
    "KIND_LABELS", "WIDTH", "describe_action", "describe_event", "describe_reason",
    "render_text", "rules_text",
]

WIDTH = 80
"""Terminal columns the board and the hand are wrapped to."""

_tr = tr  # the name this module's helpers had before the split (tests read it)


def _columns(text: str) -> int:
    """Terminal columns of ``text`` (wide East Asian characters take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _wrapped(
    head: str, items: Sequence[str], sep: str, indent: int = 4, width: int = WIDTH
) -> list[str]:
    """``head`` then ``items`` joined by ``sep``, in lines of at most ``width`` columns that
    break only between items (continuation lines are indented; an item never splits)."""
    joiner = " " if sep.endswith(" ") else ""
    tail = sep.rstrip()
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        piece = item + (tail if i < len(items) - 1 else "")
        if i and _columns(line + joiner + piece) > width:
            lines.append(line)
            line = " " * indent + piece
        else:
            line = line + (joiner if i else "") + piece
    lines.append(line)
    return lines


def _shown(_: Tr, card: str, sake_is_plain: bool) -> str:
    """A card with its kind, as the board and the hand show it."""
    return _("{card} [{kind}]").format(card=card_name(_, card),
                                       kind=kind_label(_, card, sake_is_plain))


def _zone(_: Tr, head: str, cards: Sequence[str], sake_is_plain: bool) -> list[str]:
    """A labelled row of cards with their kinds, wrapped at :data:`WIDTH`."""
    if not cards:
        return [head.format(cards=_("(none)"))]
    prefix = head.format(cards="")
    return _wrapped(prefix, [_shown(_, c, sake_is_plain) for c in cards], _(", "))


def _by_kind(_: Tr, cards: list[str], sake_is_plain: bool) -> list[str]:
    """Captured cards by kind (the sake cup under animals and plains when it is both)."""
    lines = []
    for kind, label in KIND_LABELS.items():
        group = [c for c in cards if kind in counts_as(c, sake_is_plain)]
        if group:
            head = f"    {_(label)} ({len(group)}): "
            lines += _wrapped(head, [card_name(_, c) for c in group], _(", "), indent=8)
    return lines or ["    " + _("(none)")]


def _yaku_lines(_: Tr, player: Mapping[str, Any]) -> list[str]:
    lines = []
    if player["yaku"]:
        made = ", ".join(f"{_(y['title'])} {y['points']}" for y in player["yaku"])
        lines.append("    " + _("yaku: {list} — total {total}").format(
            list=made, total=player["total"]))
    for close in player.get("close", []):
        text = _("{title}: {have}/{need}").format(
            title=_(close["title"]), have=close["have"], need=close["need"])
        if close["missing"]:
            text += ", " + _("missing {cards}").format(cards=card_names(_, close["missing"]))
        lines.append("    " + _("close: {text}").format(text=text))
    return lines


# --------------------------------------------------------------------------- board


def render_text(obs: Mapping[str, Any], lang: str) -> str:
    """The whole table as the seat sees it."""
    _ = tr(lang)
    me = obs["seat"]
    other = 1 - me
    month = obs["month"]
    sake = bool(obs.get("sake_cup_is_plain", True))
    lines = [
        _("Koi-Koi — round {round}/{rounds} (month {month}: {plant}) — dealer: {dealer}").format(
            round=obs["round"], rounds=obs["rounds"], month=month,
            plant=_(PLANTS[month - 1]), dealer=person(_, me, obs["dealer"])),
        _("Scores: {pair}").format(pair=pair(_, me, obs["scores"])),
        _("Koi-koi calls: {pair}").format(
            pair=pair(_, me, [p["koikoi"] for p in obs["players"]])),
        " · ".join((
            _.n("Stock: {n} card", "Stock: {n} cards", obs["stock"]).format(n=obs["stock"]),
            _.n("opponent's hand: {n} card", "opponent's hand: {n} cards",
                obs["opponent_hand"]).format(n=obs["opponent_hand"]))),
        "",
        *_zone(_, _("Board: {cards}"), obs["board"], sake),
        *_zone(_, _("Your hand: {cards}"), obs["hand"], sake),
        "",
        _("Your captures:"),
        *_by_kind(_, obs["players"][me]["captured"], sake),
        *_yaku_lines(_, obs["players"][me]),
        _("Opponent's captures:"),
        *_by_kind(_, obs["players"][other]["captured"], sake),
        *_yaku_lines(_, obs["players"][other]),
        "",
        _status(_, obs),
    ]
    return "\n".join(lines)


def _status(_: Tr, obs: Mapping[str, Any]) -> str:
    me = obs["seat"]
    if obs["finished"]:
        winner = obs.get("winner")
        if winner is None:
            return _("Game over: a draw.")
        return _("Game over: you win.") if winner == me else _("Game over: the opponent wins.")
    if obs["to_act"] != me:
        return _("Waiting for the opponent.")
    phase = obs["phase"]
    if phase == "capture":
        if obs["step"] == "play":
            text = _("You played {card}; it matches {a} and {b}: choose which to capture.")
        else:
            text = _("You drew {card}; it matches {a} and {b}: choose which to capture.")
        a, b = obs["candidates"][:2]
        return text.format(card=card_name(_, obs["pending"]), a=card_name(_, a),
                           b=card_name(_, b))
    if phase == "koikoi":
        decision = obs["decision"]
        if decision["final"]:
            return _("Your yaku are worth {total}; no turn remains, so you stop and score "
                     "{points}.").format(**decision)
        return _("Your yaku are worth {total}: stop and score {points}, or call koi-koi and "
                 "play on.").format(**decision)
    return _("Your turn: play a card from your hand.")


# --------------------------------------------------------------------------- menus


def describe_action(obs: Mapping[str, Any], action: Mapping[str, Any], lang: str) -> str:
    """A menu label for ``action``."""
    _ = tr(lang)
    if "play" in action:
        card = action["play"]
        month = month_of(INDEX[card])
        matches = [c for c in obs["board"] if month_of(INDEX[c]) == month]
        name = card_name(_, card)
        if not matches:
            return _("play {card} (stays on the board)").format(card=name)
        if len(matches) == 2:
            return _("play {card} (then choose {a} or {b})").format(
                card=name, a=card_name(_, matches[0]), b=card_name(_, matches[1]))
        return _("play {card} (captures {cards})").format(card=name,
                                                          cards=card_names(_, matches))
    if "capture" in action:
        pending = obs.get("pending")
        return _("capture {card} with {pending}").format(
            card=card_name(_, action["capture"]),
            pending=card_name(_, pending) if pending else "?")
    if "koikoi" in action:
        if action["koikoi"]:
            return _("koi-koi (play on)")
        points = obs.get("decision", {}).get("points", 0)
        return _("stop and score {points}").format(points=points)
    return str(dict(action))


# --------------------------------------------------------------------------- hints


def _reason_value(_: Tr, key: str, value: Any, lang: str) -> Any:
    if isinstance(value, Reason):
        return describe_reason(value, lang)
    if key == "card" and isinstance(value, str):
        return card_name(_, value)
    if key == "cards":
        cards = value.split(",") if isinstance(value, str) else list(value)
        return card_names(_, [str(c).strip() for c in cards])
    return value


def describe_reason(reason: Reason | str, lang: str) -> str | None:
    """An AI's reason in ``lang`` with card names for the ``card``/``cards`` values (ids in
    the reason); None for plain text, which the core's default shows as it is."""
    if not isinstance(reason, Reason):
        return None
    _ = tr(lang)
    message = _(reason.text)
    if message == reason.text:  # the core's own reasons ("the only legal move"...)
        message = translator("asobi", lang)(message)
    values = {key: _reason_value(_, key, value, lang) for key, value in reason.params.items()}
    try:
        return message.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
        return str(reason)
