"""CPU time per move of an AI level, for a machine shared with other work.

    .venv/bin/python tools/ai_move_times.py koikoi ai:hard --against ai:normal --games 6
    .venv/bin/python tools/ai_move_times.py sakura ai:hard --against ai:normal*3 --games 3

``asobi arena`` reports wall-clock move times, which grow with whatever else the machine runs.
This plays a few games (seats rotated, the game's default variant unless ``--variant``) and
times every decision of the level with more than one legal move in the CPU time of its own
thread (``time.thread_time``): what a move costs the machine, close to its wall time when a
core is free. It prints the median, the 95th percentile and the slowest, in milliseconds.
The decisions themselves never read a clock; only this script does. ``--json`` prints the same
figures as one JSON object (what tools/measure.py reads).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from asobi.arena.command import player_list
from asobi.errors import AsobiError
from asobi.host.registry import discover
from asobi.play.driver import Driver
from asobi.play.session import Session


def decision_times(game: str, level: str, others: list[str], games: int, variant: str | None,
                   seed: int) -> list[float]:
    """Seconds of thread CPU time of each decision of ``level`` (more than one legal move)."""
    found = discover().game(game)
    rules = found.load_variant(variant)
    seats = [level, *others]
    spent: list[float] = []
    for number in range(games):
        turn = number % len(seats)
        order = seats[turn:] + seats[:turn]  # the level takes every seat in turn
        mine = order.index(level)
        session = Session(found, rules, order, seed=seed + number)
        driver = Driver(session)
        while not session.finished:
            seat = session.to_act()[0]
            think = driver.thinker(seat)
            start = time.thread_time()
            action = think()
            if seat == mine and len(session.legal_actions(seat)) > 1:
                spent.append(time.thread_time() - start)
            session.apply(seat, action)
    return spent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("level", help="the level to time, e.g. ai:hard")
    parser.add_argument("--against", default="ai:normal", help="the other seats (SEAT*N)")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        others = [str(p) for p in player_list(args.against)]
        spent = decision_times(args.game, args.level, others, args.games, args.variant,
                               args.seed)
    except AsobiError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not spent:
        print("no decision with a choice was timed")
        return 0
    ms = sorted(1000.0 * s for s in spent)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    if args.json:
        print(json.dumps({"game": args.game, "level": args.level, "moves": len(ms),
                          "p50_ms": round(statistics.median(ms), 1), "p95_ms": round(p95, 1),
                          "max_ms": round(ms[-1], 1)}))
        return 0
    print(f"{args.level} in {args.game}: {len(ms)} moves, CPU ms per move: "
          f"p50 {statistics.median(ms):.0f}, p95 {p95:.0f}, max {ms[-1]:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
