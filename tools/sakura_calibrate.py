"""Sakura's calibration: AI games simulated through the core, and the statistics that the
standard variant's comments (``variants/asobi_variants/sakura/standard.yaml``) and the row
``sakura-calibrate`` of docs/benchmarks.md quote.

    python tools/sakura_calibrate.py --players 4 --games 1000 --seed 1

For each number of players it plays ``--games`` games with ``ai:LEVEL`` in every seat, the
way ``asobi arena`` plays its games: a :class:`asobi.play.tasks.GameTask` per game (its seed
``SEED * 100003 + g``, which seeds the deal, the session and every AI decision), played by the
arena's runner (:func:`asobi.play.runner.make_runner`, ``--workers`` processes) through a
``Session`` and its ``Driver``, with the game's lab measures read after each game (rounds and
bumps, :mod:`asobi_sakura.measures`). It prints one JSON line per number of players:
rounds per game (mean, median, min, max), bumps per painter, the winner's mean score, the
share of games each seat won and the share of draws (``tools/measure.py`` reads it).

Until December 2026 this was ``python -m asobi_sakura.calibrate``, which stepped the engine
by hand with its own seeding; the figures it gave differ in the last digits.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from asobi.host.registry import Registry, discover
from asobi.play.runner import make_runner
from asobi.play.tasks import GameTask, batches

GAME = "sakura"


def tasks(players: int, games: int, seed: int, level: str) -> list[GameTask]:
    """``games`` games of ``players`` seats of ``ai:LEVEL``, each with a seed of its own."""
    seats = (f"ai:{level}",) * players
    order = tuple(range(players))
    return [GameTask(index=g, variant=0, seats=seats, seed=seed * 100_003 + g, block=g,
                     order=order) for g in range(games)]


def play(registry: Registry, players: int, games: int, seed: int, level: str,
         variant: str | None, workers: int) -> list[dict[str, Any]]:
    """The games, played by the arena's runner, in task order, each with its lab measures."""
    loaded = registry.game(GAME).load_variant(variant)
    work = batches(registry, GAME, [(variant or loaded.name, loaded)],
                   tasks(players, games, seed, level), workers, measures=True)
    played: list[dict[str, Any]] = []
    make_runner(workers).run(registry, work, played.extend)
    return sorted(played, key=lambda game: game["index"])


def statistics_of(played: list[dict[str, Any]], players: int, level: str) -> dict[str, Any]:
    """The calibration figures of ``played`` (JSON-ready)."""
    games = len(played)
    rounds = [int(game["measures"]["rounds"][0]) for game in played]
    bumps = [total / count for game in played for total, count in (game["measures"]["bumps"],)]
    winning = [max(game["scores"]) for game in played]
    wins = [0] * players
    for game in played:
        if game["winner"] is not None:
            wins[game["winner"]] += 1
    draws = sum(1 for game in played if game["winner"] is None)
    return {
        "players": players,
        "games": games,
        "level": level,
        "rounds_mean": round(statistics.fmean(rounds), 2),
        "rounds_median": statistics.median(rounds),
        "rounds_min": min(rounds),
        "rounds_max": max(rounds),
        "bumps_per_painter": round(statistics.fmean(bumps), 2),
        "winning_score_mean": round(statistics.fmean(winning), 2),
        "seat_wins": [round(w / games, 3) for w in wins],
        "draws": round(draws / games, 3),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Simulate Sakura games between AI players.")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal", choices=("random", "easy", "normal"))
    parser.add_argument("--variant", help="variant name or file (default: standard)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games")
    args = parser.parse_args(argv)
    registry = discover()
    for players in args.players:
        played = play(registry, players, args.games, args.seed, args.level, args.variant,
                      args.workers)
        print(json.dumps(statistics_of(played, players, args.level)), flush=True)


if __name__ == "__main__":
    main()
