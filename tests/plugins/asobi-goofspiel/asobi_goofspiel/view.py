"""Goofspiel as text: the table for a terminal, a label per bid, a line per event, the rules.

Views read observations, events and the rules mapping (plain JSON data), never the state.
Every sentence goes through ``_``, so that ``locale/<lang>.yaml`` can translate it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from asobi.i18n import translator

Tr = Callable[[str], str]


def _tr(lang: str) -> Tr:
    return translator("asobi_goofspiel", lang)


def cards_text(cards: list[int], _: Tr) -> str:
    return " ".join(str(card) for card in cards) if cards else _("none")


def seat_name(seat: int, me: int | None, _: Tr) -> str:
    return _("you") if seat == me else _("seat {n}").format(n=seat + 1)


def round_text(unit: Mapping[str, Any], me: int | None, _: Tr) -> str:
    """``prize 7, bids you 5, seat 2 9: seat 2 takes 7``."""
    bids = ", ".join(f"{seat_name(s, me, _)} {bid}" for s, bid in enumerate(unit["bids"]))
    winner = unit["winner"]
    if winner is None:  # a tie (and `me` is None for a watcher: no seat is "you" then)
        shared = max(unit["points"]) > 0
        outcome = _("a tie: the prize is shared") if shared else _("a tie: nobody takes it")
    elif winner == me:
        outcome = _("you take {points}").format(points=unit["points"][winner])
    else:
        outcome = _("{who} takes {points}").format(
            who=seat_name(winner, me, _), points=unit["points"][winner]
        )
    return _("prize {prize}, bids {bids}: {outcome}").format(
        prize=unit["prize"], bids=bids, outcome=outcome
    )


def render(obs: Mapping[str, Any], lang: str) -> str:
    _ = _tr(lang)
    me = obs["seat"]
    lines = []
    if obs["prize"] is not None:
        lines.append(_("Prize: {card}").format(card=obs["prize"]))
    lines.append(_("Prizes face down: {cards}").format(cards=cards_text(obs["prizes_left"], _)))
    scores = ", ".join(f"{seat_name(s, me, _)} {n}" for s, n in enumerate(obs["scores"]))
    lines.append(_("Scores: {scores}").format(scores=scores))
    for seat, cards in enumerate(obs["unshown"]):
        if seat != me:
            doing = _("a card face down") if obs["face_down"][seat] else _("choosing")
            lines.append(
                _("Cards of {who}: {cards} ({doing})").format(
                    who=seat_name(seat, me, _), cards=cards_text(cards, _), doing=doing
                )
            )
    if obs["rounds"]:
        last = round_text(obs["rounds"][-1], me, _)
        lines.append(_("Last round: {text}").format(text=last))
    if obs["bid"] is not None:
        lines.append(_("Your bid: {card}").format(card=obs["bid"]))
    lines.append(_("Your cards: {cards}").format(cards=cards_text(obs["hand"], _)))
    return "\n".join(lines)


def action_label(action: Mapping[str, Any], lang: str) -> str:
    _ = _tr(lang)
    return _("Bid {card}").format(card=action["bid"])


def event_text(event: Mapping[str, Any], seat: int | None, lang: str) -> str | None:
    _ = _tr(lang)
    if event["type"] == "bid":
        if event["seat"] == seat:
            return _("You lay a card face down.")
        return _("Seat {n} lays a card face down.").format(n=event["seat"] + 1)
    if event["type"] == "reveal":
        return _("Revealed: {text}.").format(text=round_text(event, seat, _))
    if event["type"] == "prize":
        return _("The next prize is {card}.").format(card=event["card"])
    return None  # "end": every frontend announces the result itself


def rules_text(rules: Mapping[str, Any], lang: str) -> str:
    _ = _tr(lang)
    cards = rules["cards"]
    tie = {
        "discard": _("When the highest cards tie, nobody takes the prize."),
        "split": _("When the highest cards tie, they share the prize, rounded down."),
    }[rules["tie"]]
    return "\n".join([
        _("Every player holds the cards 1 to {cards}; prize cards 1 to {cards} are shuffled "
          "face down.").format(cards=cards),
        _("Each round the top prize is turned up and every player lays one card face down; "
          "then all are revealed together."),
        _("The highest card takes the prize and scores its number. Played cards are gone."),
        tie,
        _("After {cards} rounds the highest score wins.").format(cards=cards),
    ])
