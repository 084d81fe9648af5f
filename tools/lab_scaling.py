"""How the lab scales with its workers, measured on this machine the way the README reports it.

    .venv/bin/python tools/lab_scaling.py                       # 1 and 2 workers, 5 rounds
    .venv/bin/python tools/lab_scaling.py --workers 1 2 4 --repeat 3 --games 30000
    .venv/bin/python tools/lab_scaling.py --ray                 # adds --workers 2 --ray auto

Each round runs ``asobi lab koikoi --variant standard --players ai:random*2 --games N
--quiet --json`` once per setting, one after the other, so that every setting meets the same
moments of a shared, noisy machine. The lab's own ``run`` section gives the time spent playing
and the whole run (playing and the report); this prints, for each setting, the median games
per second of both and the speed-up over the first setting: the ratio of the medians, and the
median of each round's own ratio (the figure least moved by a slow moment); with ``--json``, the
same figures as one JSON object (what tools/measure.py reads).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from lab_reports import asobi_command  # this script's neighbour in tools/

ROOT = Path(__file__).resolve().parent.parent


def one_run(games: int, workers: int, ray: bool, players: str) -> dict[str, Any]:
    command = [*asobi_command(), "lab", "koikoi", "--variant", "standard", "--players", players,
               "--games", str(games), "--workers", str(workers), "--quiet", "--json"]
    if ray:
        command += ["--ray", "auto"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    if done.returncode != 0:
        sys.exit(f"lab_scaling: {' '.join(command)} failed:\n{done.stderr.strip()}")
    run: dict[str, Any] = json.loads(done.stdout)["run"]
    seconds = run["play_seconds"] + run["report_seconds"]  # 1/100 s, finer than "seconds"
    if seconds <= 0 or not run["games_per_second"]:
        print(f"lab_scaling: {games} games took too little time to measure; give more --games",
              file=sys.stderr)
        raise SystemExit(2)
    return {"play": run["games_per_second"], "whole": games / seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000, help="games per run (10000)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2],
                        help="the worker counts to compare, the first as the base (1 2)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds of runs (5)")
    parser.add_argument("--ray", action="store_true",
                        help="also run on a local Ray of the last worker count")
    parser.add_argument("--players", default="ai:random*2", help="the seats (ai:random*2)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1 or min(args.workers) < 1:
        parser.error("--games, --repeat and --workers must be at least 1")
    settings = [(w, False) for w in args.workers] + ([(args.workers[-1], True)] if args.ray
                                                     else [])
    runs: dict[tuple[int, bool], list[dict[str, Any]]] = {s: [] for s in settings}
    for r in range(args.repeat):
        for setting in settings:
            got = one_run(args.games, setting[0], setting[1], args.players)
            runs[setting].append(got)
            name = f"{setting[0]} worker(s)" + (" on Ray" if setting[1] else "")
            print(f"round {r + 1}: {name}: {got['play']:.0f} games/s playing, "
                  f"{got['whole']:.0f} in all", file=sys.stderr, flush=True)
    base = runs[settings[0]]
    figures: list[dict[str, Any]] = []
    for setting in settings:
        mine = runs[setting]
        row: dict[str, Any] = {"workers": setting[0], "ray": setting[1]}
        for what in ("play", "whole"):
            median = statistics.median(m[what] for m in mine)
            row[what] = median
            row[f"{what}_x"] = median / statistics.median(b[what] for b in base)
            row[f"{what}_x_round"] = statistics.median(
                m[what] / b[what] for m, b in zip(mine, base, strict=True))
        figures.append(row)
    if args.json:
        print(json.dumps({"games": args.games, "players": args.players, "repeat": args.repeat,
                          "settings": [{k: round(v, 3) if isinstance(v, float) else v
                                        for k, v in row.items()} for row in figures]}))
        return 0
    print(f"{args.games} games of {args.players}, Koi-Koi standard, medians of {args.repeat}")
    print(f"{'setting':<22}{'playing':>10}{'x':>7}{'x/round':>9}{'whole':>10}{'x':>7}"
          f"{'x/round':>9}")
    for row in figures:
        name = f"--workers {row['workers']}" + (" --ray" if row["ray"] else "")
        print(name.ljust(22) + "".join(
            f"{row[what]:>10.0f}{row[what + '_x']:>6.2f}x{row[what + '_x_round']:>8.2f}x"
            for what in ("play", "whole")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
