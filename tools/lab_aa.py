"""The lab's A/A test: how often a report stars a difference where every true difference is zero.

    .venv/bin/python tools/lab_aa.py --labs 100 --blocks 100       # Koi-Koi, ai:random*2
    .venv/bin/python tools/lab_aa.py koikoi --variant standard --players 'ai:random*2' \
        --labs 100 --blocks 100 --resume /tmp/aa.jsonl --json

One lab of one variant is played with ``2 x labs x blocks`` blocks (kept in ``--resume FILE``
when given, so that a second call only reports). It is cut into ``labs`` A/A labs: in each,
``blocks`` blocks are read as the variant and the next ``blocks`` as a copy of it under
another name, on independent deals. Every difference such a report gives is truly zero, so
any ``*`` is a false one: the report controls them when at most 5% of the labs show one
(``labs_with_a_star``). Also printed: how many differences each report holds, how many were
starred in all, and how many would have been starred by their intervals alone (without the
correction for the many differences of a report).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from asobi.arena.command import player_list
from asobi.arena.plan import seatings
from asobi.host.registry import discover
from asobi.lab.plan import LabPlan, plan_lab
from asobi.lab.report import build_report, differences, run_lab
from asobi.lab.resume import read_games

COPY = """game: {game}
name: {name}-again
title: The same rules under another name
description: The A/A test's copy of {name}, for tools/lab_aa.py.
extends: {name}
rules: {{}}
"""


def aa_games(games: Sequence[Mapping[str, Any]], lab: int, blocks: int,
             per_block: int) -> list[dict[str, Any]]:
    """The games of A/A lab ``lab``: its first ``blocks`` blocks as variant 0, the next as
    variant 1, each renumbered from block 0."""
    out = []
    start = 2 * lab * blocks
    for g in games:
        b = g["block"] - start
        if 0 <= b < 2 * blocks:
            variant, block = divmod(b, blocks)
            out.append({**g, "variant": variant, "block": block,
                        "index": (variant * blocks + block) * per_block
                        + g["index"] % per_block})
    out.sort(key=lambda g: g["index"])
    return out


def aa_plan(registry: Any, game: str, variant: str, players: Sequence[str], blocks: int,
            folder: Path) -> LabPlan:
    """The plan of one A/A lab: ``variant`` against a copy of itself under another name."""
    copy = folder / f"{variant}-again.yaml"
    copy.write_text(COPY.format(game=game, name=variant), encoding="utf-8")
    games = blocks * len(seatings(len(players)))
    return plan_lab(registry, game, variant, [str(copy)], players, games)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="koikoi")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--players", default="ai:random*2")
    parser.add_argument("--labs", type=int, default=100)
    parser.add_argument("--blocks", type=int, default=100, help="blocks in each A/A lab")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--resume", metavar="FILE", help="keep the games in FILE")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.labs < 1 or args.blocks < 2:
        parser.error("--labs must be at least 1 and --blocks at least 2")
    registry = discover()
    players = player_list(args.players)
    per_block = len(seatings(len(players)))
    total = 2 * args.labs * args.blocks * per_block
    with tempfile.TemporaryDirectory() as scratch:
        path = args.resume or str(Path(scratch) / "games.jsonl")
        run_lab(registry, args.game, args.variant, players, total, seed=args.seed,
                workers=args.workers, resume=path,
                progress=None if args.json else sys.stderr)
        whole = plan_lab(registry, args.game, args.variant, [], players, total, args.seed)
        played = read_games(Path(path), whole)
        plan = aa_plan(registry, args.game, args.variant, players, args.blocks, Path(scratch))
        starred = labs_starred = by_interval = labs_by_interval = compared = 0
        for lab in range(args.labs):
            report = build_report(plan, aa_games(played, lab, args.blocks, per_block), "en")
            found = differences(report["figures"], report["restricted"])
            compared = len(found)
            stars = sum(1 for d in found if d.get("star"))
            clear = sum(1 for d in found if d.get("clear_of_zero"))
            starred += stars
            by_interval += clear
            labs_starred += stars > 0
            labs_by_interval += clear > 0
    result = {"labs": args.labs, "blocks": args.blocks, "differences": compared,
              "labs_with_a_star": labs_starred, "stars": starred,
              "labs_with_an_interval_clear_of_zero": labs_by_interval,
              "intervals_clear_of_zero": by_interval}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"{args.game} {args.variant}, {args.players}: {args.labs} A/A labs of "
              f"{args.blocks} blocks, {compared} differences each")
        print(f"labs with a *: {labs_starred} of {args.labs} ({starred} stars in all)")
        print(f"labs with an interval clear of zero: {labs_by_interval} ({by_interval} "
              "intervals in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
