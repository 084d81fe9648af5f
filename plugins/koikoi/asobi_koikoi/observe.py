"""What one seat may know: its observation, the game result, and worlds it cannot tell apart.

Observations are plain JSON data and never hold the opponent's hand or the stock order: only
their sizes. Captured piles, the board and every played or drawn card are public. Besides the
position, an observation carries two lists of the events this seat may see (a private event,
such as the other seat's ``deal``, is never in them):

* ``recent``: the events of the last move (from the current deal on, when that move ended a
  round), for a frontend to show what just happened;
* ``history``: the events of the round in play, from its ``new_round`` on: every play, lay,
  capture, draw, yaku, koi-koi call and stop so far, in order. It never reaches back into an
  earlier round, so it stays bounded (a round is at most eight turns a seat). The AI reads the
  opponent's past plays from it (``ai_infer``).

The plugin keeps the round's events in ``State.log`` with :func:`round_log`; a log that holds
only the last move's events (as older callers set it) gives a ``history`` equal to ``recent``.
:func:`hidden_variant` is the same rule seen from the other side: a full state in which exactly
what the seat cannot see has been redealt.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import CARD_IDS, FULL, ids_of, indexes_of
from .scoring import game_winner, stop_points
from .state import CHOOSE, DECIDE, OVER, PHASE_STEP, PHASES, State, clone, round_month
from .yaku import YakuTable


def visible(event: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` may see ``event`` (events with ``seats`` are private)."""
    seats = event.get("seats")
    return seats is None or seat in seats


def _move_start(event: dict[str, Any]) -> bool:
    """Whether ``event`` is the first event of a move (the only events a move begins with)."""
    kind = event["type"]
    if kind == "play" or kind == "koikoi":
        return True
    if kind == "capture":
        return bool(event.get("chosen"))  # a capture choice: a move of its own
    return kind == "stop" and not event.get("auto")  # a chosen stop; an automatic one is not


def _last_deal(events: list[dict[str, Any]]) -> int:
    """Index of the last ``new_round`` event of ``events`` (0 if none)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i]["type"] == "new_round":
            return i
    return 0


def round_log(log: list[dict[str, Any]], events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``State.log`` to keep after a move: the round the move began in (``log`` from its
    last ``new_round`` on) followed by the move's ``events``.

    A new list: a copy of the state made before the move keeps the log it had. An earlier round
    is dropped at the first move after it, so the log holds at most one round and one move.
    """
    kept = log[_last_deal(log):]
    kept.extend(events)
    return kept


def _starts(events: list[dict[str, Any]]) -> tuple[int, int]:
    """Where the round in play starts in ``events`` (its last ``new_round``, 0 if none) and
    where the last move's events start (the last ``new_round`` or first event of a move, 0 if
    none): one walk back from the end for both."""
    move = -1
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if event["type"] == "new_round":
            return i, i if move < 0 else move
        if move < 0 and _move_start(event):
            move = i
    return 0, max(move, 0)


def _seen(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The events of ``events`` that ``seat`` may see (:func:`visible`, inlined: an
    observation filters a round's events twice)."""
    return [e for e in events if (seats := e.get("seats")) is None or seat in seats]


def _player(table: YakuTable, captured: int, calls: int, month_mask: int,
            reachable: int) -> dict[str, Any]:
    """What everybody sees of one seat: its captured cards, koi-koi calls, yaku made and
    nearest yaku."""
    made = table.made(captured, calls, month_mask)
    return {
        "captured": ids_of(captured),
        "koikoi": calls,
        "yaku": [{"id": y.id, "title": y.title, "points": pts} for y, pts in made],
        "total": sum(pts for _, pts in made),
        "close": table.progress(captured, calls, month_mask, reachable),
    }


def observation(state: State, seat: int) -> dict[str, Any]:
    """The observation of ``seat`` (see the module docstring)."""
    rules = state.rules
    table = rules.yaku
    other = 1 - seat
    captured, calls, month = state.captured, state.calls, state.month_mask
    reachable = FULL & ~(captured[0] | captured[1])
    players = [_player(table, captured[0], calls[0], month, reachable),
               _player(table, captured[1], calls[1], month, reachable)]
    log = state.log
    deal, move = _starts(log)
    over = state.phase == OVER
    obs: dict[str, Any] = {
        "game": "koikoi",
        "seat": seat,
        "round": state.round,
        "rounds": rules.rounds,
        "month": round_month(state.round),
        "dealer": state.dealer,
        "scores": state.scores[:],
        "finished": over,
        "to_act": None if over else state.seat,
        "phase": PHASES[state.phase],
        "hand": ids_of(state.hands[seat]),
        "board": ids_of(state.board),
        "opponent_hand": state.hands[other].bit_count(),
        "sake_cup_is_plain": rules.sake_cup_is_plain,
        "stock": state.stock_left,
        "players": players,
        "recent": _seen(log[move:], seat),
        "history": _seen(log[deal:], seat),
    }
    if state.phase == CHOOSE:
        obs["pending"] = CARD_IDS[state.pending]
        obs["candidates"] = ids_of(state.candidates)
        obs["step"] = PHASE_STEP[state.step]
    elif state.phase == DECIDE:
        decider = state.seat
        total = state.last_total[decider]
        obs["decision"] = {
            "total": total,
            "points": stop_points(rules, total, state.calls[decider], state.calls[1 - decider]),
            "final": state.final,
        }
    if over:
        obs["winner"] = game_winner(state)
    return obs


def reveal(state: State) -> dict[str, list[str]] | None:
    """Every seat's hand (asobi_reveal: only for a record of a game that is over)."""
    return {str(p): ids_of(state.hands[p]) for p in (0, 1)}


def result(state: State) -> dict[str, Any]:
    """The replay-output body of records.md (the core adds ``game`` and ``variant``)."""
    over = state.phase == OVER
    return {
        "finished": over,
        "rounds": [
            {
                "dealer": r.dealer,
                "winner": r.winner,
                "exhausted": r.exhausted,
                "points": list(r.points),
                "yaku": [list(r.yaku[0]), list(r.yaku[1])],
            }
            for r in state.results
        ],
        "scores": state.scores[:],
        "winner": game_winner(state),
    }


def hidden_variant(s: State, seat: int, rng: random.Random) -> State:
    """A copy in which the opponent's hand and the stock are redealt at random.

    Everything ``seat`` can see is kept; pinned future deals are forgotten and the copy gets
    a fresh random generator seeded from ``rng``.
    """
    c = clone(s, random.Random(rng.getrandbits(64)))
    other = 1 - seat
    unknown = indexes_of(c.hands[other]) + list(c.stock[c.pos:])
    rng.shuffle(unknown)
    n = c.hands[other].bit_count()
    hand = 0
    for i in unknown[:n]:
        hand |= 1 << i
    c.hands[other] = hand
    c.stock = tuple(unknown[n:])
    c.pos = 0
    c.deals = ()
    c.next_deal = 0
    return c
