"""The narration of Koi-Koi: one line for each event, told to a seat or to an onlooker.

A seat hears about its own acts as "you" and about the other player's as "the opponent"; an
onlooker (``seat`` None) hears both seats named. Events that need no line give ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.contract.model import ScoreRow

from .names import card_name, card_names
from .state import round_month
from .wording import pair, person, seat_label, tr


def _by(seat: int | None, actor: Any, mine: str, theirs: str, onlooker: str) -> str:
    """The sentence about an act of ``actor``: told to its doer (``mine``), to the other
    player (``theirs``), or to an onlooker of a game without people (``seat`` None), whose
    sentence names the actor as ``{who}``."""
    if seat is None:
        return onlooker
    return mine if actor == seat else theirs


def describe_event(event: Mapping[str, Any], seat: int | None, lang: str) -> str | None:
    """One line about ``event`` for ``seat`` (None for events that need no line); ``seat``
    None is an onlooker, for whom both seats are named."""
    _ = tr(lang)
    kind = event["type"]
    who = event.get("seat")
    mine = who == seat
    actor = seat_label(_, who) if isinstance(who, int) else ""
    if kind == "new_round":
        text = _("Round {round}/{rounds} (month {month}); dealer: {dealer}. Board: {board}.")
        return text.format(
            round=event["round"], rounds=event["rounds"], month=event["month"],
            dealer=person(_, seat, event["dealer"]), board=card_names(_, event["board"]))
    if kind == "deal":
        if not mine:
            return None
        return _("Your hand: {cards}.").format(cards=card_names(_, event["hand"]))
    if kind == "redeal":
        reasons = {
            "board-four-of-month": _("four cards of one month on the board"),
            "board-four-pairs": _("four pairs on the board"),
            "hand-four-of-month": _("four cards of one month in a hand"),
            "hand-four-pairs": _("four pairs in a hand"),
            "hand-yaku-both": _("both players hold a hand yaku"),
        }
        return _("Redeal: {reason}.").format(reason=reasons.get(event["reason"], event["reason"]))
    if kind == "hand_yaku":
        text = _by(seat, who, _("You show {yaku} ({cards}) and win {points}."),
                   _("The opponent shows {yaku} ({cards}) and wins {points}."),
                   _("{who} shows {yaku} ({cards}) and wins {points}."))
        return text.format(yaku=_(event["yaku"]), cards=card_names(_, event["cards"]),
                           points=event["points"], who=actor)
    if kind == "play":
        text = _by(seat, who, _("You play {card}."), _("The opponent plays {card}."),
                   _("{who} plays {card}."))
        return text.format(card=card_name(_, event["card"]), who=actor)
    if kind == "draw":
        text = _by(seat, who, _("You draw {card}."), _("The opponent draws {card}."),
                   _("{who} draws {card}."))
        return text.format(card=card_name(_, event["card"]), who=actor)
    if kind == "lay":
        return _("{card} stays on the board.").format(card=card_name(_, event["card"]))
    if kind == "choose":
        text = _by(seat, who, _("{card} matches {a} and {b}: you choose one."),
                   _("{card} matches {a} and {b}: the opponent chooses one."),
                   _("{card} matches {a} and {b}: {who} chooses one."))
        a, b = event["candidates"][:2]
        return text.format(card=card_name(_, event["card"]), a=card_name(_, a),
                           b=card_name(_, b), who=actor)
    if kind == "capture":
        text = _by(seat, who, _("You capture {cards}."), _("The opponent captures {cards}."),
                   _("{who} captures {cards}."))
        return text.format(cards=card_names(_, event["cards"]), who=actor)
    if kind == "yaku":
        made = ", ".join(f"{_(y['title'])} {y['points']}" for y in event["yaku"])
        text = _by(seat, who, _("Your yaku: {list} (total {total})."),
                   _("The opponent's yaku: {list} (total {total})."),
                   _("Yaku of {who}: {list} (total {total})."))
        return text.format(list=made, total=event["total"], who=actor)
    if kind == "koikoi":
        text = _by(seat, who, _("You call koi-koi!"), _("The opponent calls koi-koi!"),
                   _("{who} calls koi-koi!"))
        return text.format(who=actor)
    if kind == "stop":
        if event.get("auto"):
            text = _by(seat, who, _("No turn remains: you stop and score {points}."),
                       _("No turn remains: the opponent stops and scores {points}."),
                       _("No turn remains: {who} stops and scores {points}."))
        else:
            text = _by(seat, who, _("You stop and score {points}."),
                       _("The opponent stops and scores {points}."),
                       _("{who} stops and scores {points}."))
        return text.format(points=event["points"], who=actor)
    if kind == "round_end":
        if event["winner"] is None:
            head = _("Round {round} ends in a draw.")
        else:
            head = _by(seat, event["winner"], _("You win round {round}."),
                       _("The opponent wins round {round}."), _("{who} wins round {round}."))
        if event["exhausted"]:
            head += " " + _("(No cards left.)")
        tail = _("Points: {points}. Scores: {scores}.").format(
            points=pair(_, seat, [_signed(p) for p in event["points"]]),
            scores=pair(_, seat, event["scores"]))
        return head.format(round=event["round"], who=person(_, seat, event["winner"])) + " " + tail
    if kind == "game_over":
        winner = event["winner"]
        if winner is None:
            head = _("Game over: a draw.")
        else:
            head = _by(seat, winner, _("Game over: you win."), _("Game over: the opponent wins."),
                       _("Game over: {who} wins.")).format(who=person(_, seat, winner))
        return head + " " + _("Final scores: {scores}.").format(
            scores=pair(_, seat, event["scores"]))
    return None


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def score_rows(result: Mapping[str, Any], lang: str) -> list[ScoreRow]:
    """The rows of the final table (``asobi_score_rows``): the points each seat started
    with (where the variant gives some), then each round by its month; they add up to the
    scores."""
    _ = tr(lang)
    rounds = result["rounds"]
    scores = [int(s) for s in result["scores"]]
    played = [sum(int(r["points"][s]) for r in rounds) for s in range(len(scores))]
    start = tuple(score - gained for score, gained in zip(scores, played, strict=True))
    rows = [ScoreRow(_("Starting points"), start)] if any(start) else []
    rows += [ScoreRow(_("Round {round} (month {month})").format(round=i, month=round_month(i)),
                      tuple(int(p) for p in r["points"])) for i, r in enumerate(rounds, 1)]
    return rows
