"""Koi-Koi scoring: what a stop is worth, how a round ends, and who won the game.

The yaku themselves are counted by the compiled yaku table (``rules.yaku``, see yaku.py); this
module turns totals into points (koi-koi steps, the doubling at a threshold, the call
multipliers), settles a round (plugin adjustments, scores, the round result, the next dealer)
and announces yaku. It never deals: :func:`settle` returns the dealer of the next round and the
caller starts it (see setup.py), so the dependencies run one way only.
"""

from __future__ import annotations

from typing import Any

from .cards import ids_of
from .rules import Rules
from .state import OVER, Events, RoundResult, State

Titles = tuple[tuple[str, ...], tuple[str, ...]]
"""The yaku titles each seat scored with in a round."""


def stop_points(rules: Rules, total: int, own_calls: int, opponent_calls: int) -> int:
    """What a stopper with yaku ``total`` scores after every bonus and multiplier."""
    value = total
    if own_calls and rules.call_steps:
        add, multiply = rules.call_steps[min(own_calls, len(rules.call_steps)) - 1]
        value = value * multiply + add
    if rules.double_at is not None and total >= rules.double_at:
        value *= rules.double_factor
    if own_calls:
        value *= rules.own_multiplier
    if opponent_calls:
        value *= rules.opponent_multiplier
    return value


def breakdown(
    rules: Rules, total: int, own_calls: int, opponent_calls: int
) -> list[dict[str, Any]]:
    """The steps of :func:`stop_points`, in order, for people: each names its ``kind``
    (``koikoi-step``, ``double``, ``own-koikoi``, ``opponent-koikoi``), its ``factor`` (and
    ``add``) and the ``value`` after it. The last value equals ``stop_points``."""
    steps: list[dict[str, Any]] = []
    value = total
    if own_calls and rules.call_steps:
        add, multiply = rules.call_steps[min(own_calls, len(rules.call_steps)) - 1]
        value = value * multiply + add
        if (add, multiply) != (0, 1):
            steps.append({"kind": "koikoi-step", "calls": own_calls, "factor": multiply,
                          "add": add, "value": value})
    if rules.double_at is not None and total >= rules.double_at and rules.double_factor != 1:
        value *= rules.double_factor
        steps.append({"kind": "double", "at": rules.double_at, "factor": rules.double_factor,
                      "value": value})
    if own_calls and rules.own_multiplier != 1:
        value *= rules.own_multiplier
        steps.append({"kind": "own-koikoi", "calls": own_calls, "factor": rules.own_multiplier,
                      "value": value})
    if opponent_calls and rules.opponent_multiplier != 1:
        value *= rules.opponent_multiplier
        steps.append({"kind": "opponent-koikoi", "calls": opponent_calls,
                      "factor": rules.opponent_multiplier, "value": value})
    return steps


def made_detail(s: State, seat: int) -> list[dict[str, Any]]:
    """The yaku ``seat``'s pile makes now, each with its points and the captured cards it uses
    (public: captured piles are seen by both seats)."""
    captured = s.captured[seat]
    by_id = {y.id: y for y in s.rules.yaku.yaku}

    def cards(y: Any) -> int:
        """The cards a yaku can use; a bonus yaku (``requires``) uses those of the yaku it
        requires."""
        mask = y.pool | y.required | (s.month_mask if y.round_month else 0)
        for other in y.requires:
            if other in by_id:
                mask |= cards(by_id[other])
        return int(mask)

    out = []
    for y, points in s.rules.yaku.made(captured, s.calls[seat], s.month_mask):
        out.append({"id": y.id, "title": y.title, "points": points,
                    "cards": ids_of(captured & cards(y))})
    return out


def game_winner(s: State) -> int | None:
    """The seat with the higher score once the game is over (None for a tie or while playing)."""
    if s.phase != OVER or s.scores[0] == s.scores[1]:
        return None
    return 0 if s.scores[0] > s.scores[1] else 1


def titles(s: State, seat: int) -> tuple[str, ...]:
    """The titles of the yaku ``seat``'s captured pile makes now."""
    made = s.rules.yaku.made(s.captured[seat], s.calls[seat], s.month_mask)
    return tuple(y.title for y, _ in made)


def yaku_event(s: State, seat: int, captured: int, made: int) -> dict[str, Any]:
    """The ``yaku`` event of a seat whose pile ``captured`` makes the yaku set ``made``."""
    table = s.rules.yaku
    listed = [
        {"id": y.id, "title": y.title, "points": p}
        for y, p in table.made(captured, s.calls[seat], s.month_mask)
    ]
    known = s.last_made[seat]
    new = [y.title for i, y in enumerate(table.yaku) if made >> i & 1 and not known >> i & 1]
    return {"type": "yaku", "seat": seat, "yaku": listed, "new": new,
            "total": sum(e["points"] for e in listed)}


def stop(s: State, seat: int, total: int, events: Events, auto: bool = False) -> int | None:
    """``seat`` stops with yaku ``total``: settle the round (see :func:`settle`). ``auto``:
    nobody chose it (no turn was left to play on); the ``stop`` event then says so."""
    points = stop_points(s.rules, total, s.calls[seat], s.calls[1 - seat])
    if events is not None:
        event: dict[str, Any] = {"type": "stop", "seat": seat, "total": total, "points": points}
        if auto:
            event["auto"] = True
        events.append(event)
    made = ((titles(s, 0), ()) if seat == 0 else ((), titles(s, 1)))
    detail = None
    if events is not None:
        detail = {"total": total,
                  "steps": breakdown(s.rules, total, s.calls[seat], s.calls[1 - seat])}
    return settle(s, seat, points, False, "stop", events, made, detail)


def exhausted(s: State, events: Events) -> int | None:
    """Both hands are empty and nobody stopped: settle by the rules' ``exhausted`` outcome."""
    rules = s.rules
    outcome = rules.exhausted
    winner: int | None = None
    points = 0
    made: Titles = ((), ())
    steps: list[dict[str, Any]] = []
    total = 0
    if outcome == "dealer":
        winner, points = s.dealer, rules.exhausted_points
    elif outcome == "higher":
        evaluate = rules.yaku.evaluate
        totals = [evaluate(s.captured[p], s.calls[p], s.month_mask)[0] for p in (0, 1)]
        if totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
            points = total = totals[winner]
            if rules.double_at is not None and points >= rules.double_at:
                points *= rules.double_factor
                if rules.double_factor != 1:
                    steps.append({"kind": "double", "at": rules.double_at,
                                  "factor": rules.double_factor, "value": points})
            made = (titles(s, 0), ()) if winner == 0 else ((), titles(s, 1))
        else:
            winner, points = s.dealer, rules.exhausted_points
    detail = {"total": total, "steps": steps}
    return settle(s, winner, points, True, "exhausted", events, made, detail)


def settle(
    s: State,
    winner: int | None,
    amount: int,
    was_exhausted: bool,
    reason: str,
    events: Events,
    made: Titles = ((), ()),
    detail: dict[str, Any] | None = None,
) -> int | None:
    """Close the round: points, plugin adjustments, scores, result, maybe the end of the game.

    ``detail`` (events only): ``total`` (the yaku total before multipliers) and ``steps`` (see
    :func:`breakdown`); the ``round_end`` event carries it with ``yaku`` (each seat's scoring
    yaku made by its pile, with points and cards) and ``adjust`` (plugin adjustments).

    Returns the dealer of the next round (``s.round`` already counts it), or None when the
    game is over.
    """
    rules = s.rules
    points = [0, 0]
    if winner is not None:
        points[winner] = amount
        if rules.zero_sum:
            points[1 - winner] = -amount
    base = points[:]
    if s.adjust is not None:
        unit = {
            "points": points[:], "winner": winner, "dealer": s.dealer,
            "exhausted": was_exhausted, "yaku": [list(made[0]), list(made[1])],
            "captured": [ids_of(s.captured[0]), ids_of(s.captured[1])], "round": s.round,
        }
        deltas = s.adjust(unit)
        points = [points[i] + int(deltas[i]) for i in (0, 1)]
    s.results.append(RoundResult(s.round, s.dealer, winner, was_exhausted,
                                 (points[0], points[1]), made, reason))
    s.scores[0] += points[0]
    s.scores[1] += points[1]
    if events is not None:
        events.append({"type": "round_end", "round": s.round, "dealer": s.dealer,
                       "winner": winner, "exhausted": was_exhausted, "reason": reason,
                       "points": points[:], "yaku": [list(made[0]), list(made[1])],
                       "scores": s.scores[:],
                       "detail": _detail(s, made, base, points, detail)})
    if s.round >= rules.rounds or (rules.end_at_zero and min(s.scores) <= 0):
        s.phase = OVER
        if events is not None:
            events.append({"type": "game_over", "scores": s.scores[:], "winner": game_winner(s)})
        return None
    s.round += 1
    if rules.next_dealer == "winner":
        return s.dealer if winner is None else winner
    if rules.next_dealer == "alternate":
        return 1 - s.dealer
    return s.dealer


def _detail(
    s: State, made: Titles, base: list[int], points: list[int], given: dict[str, Any] | None
) -> dict[str, Any]:
    """The ``detail`` of a ``round_end`` event (see :func:`settle`)."""
    detail = dict(given or {"total": 0})
    # a hand yaku is not made by the pile: the hand_yaku event before this one shows its cards
    detail["yaku"] = [made_detail(s, p) if made[p] else [] for p in (0, 1)]
    detail.setdefault("steps", [])
    detail["adjust"] = [points[0] - base[0], points[1] - base[1]]
    return detail
