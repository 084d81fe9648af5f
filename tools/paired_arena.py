"""Two arena runs on the same deals, compared game by game (a paired comparison).

    asobi arena koikoi --variant koikoi-japan --players ai:hard:1,ai:card-values \\
        --games 400 --seed 2026 --records runs/hard1
    asobi arena koikoi --variant koikoi-japan --players ai:hard,ai:card-values \\
        --games 400 --seed 2026 --records runs/hard
    python tools/paired_arena.py runs/hard1 runs/hard [--json]

Two two-player runs with the same game, variant, seed and number of games, and the same second
player, deal the same cards in the same seats: game N of one run and game N of the other differ
only in the first player. Each run's own figure (the first player's points minus the second's,
a game, with its 95% interval) is what ``asobi arena`` prints; the paired figure is the mean of
(run B's difference minus run A's) over the duplicate blocks, with its interval. The luck of
the deal partly cancels out of it (the two levels' own random draws differ, so their games
part ways after a few moves): its interval is narrower than the two runs' intervals combined,
but not than one run's own (400 games of koikoi-japan: +-2.3 against +-3.4 combined and +-2.4
each; docs/benchmarks.md, the yardstick table).

Each record is replayed (``asobi replay``) to read its points; a folder whose records are
missing, or do not match the other's deals, is refused with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from asobi.arena.stats import mean_ci
from asobi.errors import AsobiError
from asobi.host.registry import discover
from asobi.play import records

NAME_END = re.compile(r"-block(?P<block>\d+)-seats(?P<order>\d+)$")
"""How a record's file name ends: its duplicate block and the seat of each player."""


def read_run(folder: Path) -> dict[str, dict[str, Any]]:
    """Per record file name: the block, the seating, the seats, the first player's points
    minus the second's, and who won (the first player, the second, or None)."""
    files = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if not files:
        raise AsobiError(f"{folder}: no arena records (asobi arena ... --records {folder})")
    registry = discover()
    games: dict[str, dict[str, Any]] = {}
    for path in files:
        # the block and seating that asobi.arena.run.record_name ends the file name with (a
        # variant's name may hold "-block" or "seats" too, so only the end is read)
        named = NAME_END.search(path.stem)
        if named is None:
            raise AsobiError(f"{path}: not named as asobi arena --records names its records")
        order = [int(c) for c in named["order"]]
        if len(order) != 2:
            raise AsobiError(f"{path}: a paired comparison takes two-player runs")
        record = records.read(path)
        session = records.replay(registry, record, path.parent, where=str(path))
        result = session.result()
        first = order.index(0)  # the seat of the run's first player
        points = [sum(unit["points"][seat] for unit in result["rounds"]) for seat in (0, 1)]
        winner = result["winner"]
        games[path.name] = {
            "block": int(named["block"]),
            "seed": record["seed"],
            "players": [record["seats"][first], record["seats"][1 - first]],
            "difference": points[first] - points[1 - first],
            "won": None if winner is None else order[winner],
        }
    return games


def per_block(games: dict[str, dict[str, Any]]) -> dict[int, float]:
    """The mean difference of each duplicate block's games (the unit that is independent)."""
    blocks: dict[int, list[float]] = {}
    for game in games.values():
        blocks.setdefault(game["block"], []).append(float(game["difference"]))
    return {k: sum(v) / len(v) for k, v in blocks.items()}


def summary(games: dict[str, dict[str, Any]]) -> dict[str, Any]:
    won = [g["won"] for g in games.values()]
    return {
        "players": next(iter(games.values()))["players"],
        "games": len(games),
        "won": won.count(0), "lost": won.count(1), "drawn": won.count(None),
        "difference": mean_ci(list(per_block(games).values())),
    }


def compare(a: dict[str, dict[str, Any]], b: dict[str, dict[str, Any]]) -> dict[str, Any]:
    if sorted(a) != sorted(b):
        raise AsobiError("the two runs did not play the same games (same game, variant, seed, "
                         "number of games and seat order are needed)")
    for name in a:
        if a[name]["seed"] != b[name]["seed"] or a[name]["players"][1] != b[name]["players"][1]:
            raise AsobiError(f"{name}: the two runs dealt other cards, or to another second "
                             "player, in this game")
    blocks_a, blocks_b = per_block(a), per_block(b)
    paired = [blocks_b[k] - blocks_a[k] for k in sorted(blocks_a)]
    return {"a": summary(a), "b": summary(b), "b_minus_a": mean_ci(paired)}


def text(report: dict[str, Any]) -> str:
    def line(label: str, run: dict[str, Any]) -> str:
        d = run["difference"]
        return (f"{label}: {run['players'][0]} against {run['players'][1]}, {run['games']} games"
                f": won {run['won']}, lost {run['lost']}, drawn {run['drawn']}; "
                f"{d['mean']:+.2f} +- {d['ci95']:.2f} points a game")

    d = report["b_minus_a"]
    return "\n".join([
        line("A", report["a"]), line("B", report["b"]),
        f"B - A, paired over {d['n']} duplicate blocks: {d['mean']:+.2f} +- {d['ci95']:.2f} "
        f"points a game (95% interval {d['low']:+.2f} to {d['high']:+.2f})",
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=Path, help="the records of run A (asobi arena --records)")
    parser.add_argument("b", type=Path, help="the records of run B, on the same deals")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        report = compare(read_run(args.a), read_run(args.b))
    except AsobiError as exc:
        print(f"paired_arena: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
