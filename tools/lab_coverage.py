"""How often the balance lab's intervals cover the truth, measured on real games.

    .venv/bin/python tools/lab_coverage.py koikoi --variant sake-and-blossom --against standard \
        --players 'ai:random*2' --blocks 50 --runs 30 --resume /tmp/koikoi-coverage.jsonl
    .venv/bin/python tools/lab_coverage.py sakura --variant tuned --against standard \
        --players 'ai:random*6' --blocks 20 --runs 30

One lab of ``blocks x runs`` blocks is played (kept in ``--resume FILE`` when given, so a
second call only reports), then cut into ``runs`` labs of ``blocks`` blocks each. Each small
lab's report is checked against the *truth*, the same figure over the other ``runs - 1``
labs together (so the truth never includes the games it judges): does each interval cover
it, is a ``*`` of the right sign, and does a figure said to have no variation really have
none. The tables printed (markdown) are docs/lab.md's "Measured coverage".

The truth is itself estimated, from ``runs - 1`` times the games: with 30 runs its error adds
about 2% to an interval's, so a perfect 95% interval shows about 94.5% here.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from asobi.arena.command import player_list
from asobi.arena.plan import seatings
from asobi.host.registry import discover
from asobi.lab.figures import VariantData
from asobi.lab.plan import LabPlan, plan_lab
from asobi.lab.report import build_report, run_lab
from asobi.lab.resume import read_games

Sums = dict[str, list[float]]
"""Per tally key: total and count over some blocks."""


def tally_sums(data: VariantData, blocks: Sequence[int]) -> Sums:
    """Each tally's (total, count) summed over ``blocks``."""
    out: Sums = {}
    for key, per in data.tallies.items():
        total = count = 0.0
        for b in blocks:
            y, n = per.get(b, (0.0, 0.0))
            total += y
            count += n
        out[key] = [total, count]
    return out


def truth_of(key: str, whole: Sums, part: Sums) -> float | None:
    """The ratio of ``key`` over the blocks in ``whole`` but not in ``part``."""
    total = whole.get(key, [0.0, 0.0])[0] - part.get(key, [0.0, 0.0])[0]
    count = whole.get(key, [0.0, 0.0])[1] - part.get(key, [0.0, 0.0])[1]
    return total / count if count > 0 else None


def tally_key(item: Mapping[str, Any]) -> str:
    return item["key"] if item["kind"] == "general" else f"measure:{item['key']}"


def kind_of(item: Mapping[str, Any], truth: float) -> str:
    """The row of the table a figure's interval counts in."""
    if item["key"] == "balance":
        return "balance of the seats"
    if item["key"].startswith("seat-"):
        return "a seat's share of wins"
    if item["percent"]:
        if truth < 0.01 or truth > 0.99:
            return "share under 1% (or over 99%)"
        return "share of 1% to 5%" if truth < 0.05 or truth > 0.95 else "share of 5% to 95%"
    return "count, mean or ratio"


class Score:
    """The tallies of the check: coverage per kind and per figure, stars, statements."""

    def __init__(self) -> None:
        self.kinds: dict[str, list[bool]] = defaultdict(list)
        self.figures: dict[str, list[bool]] = defaultdict(list)
        self.stars: list[bool] = []      # a * of the right sign
        self.said_constant: list[bool] = []  # "no variation": was the truth that value?
        self.bounds: list[bool] = []     # was an interval given at all (else a statement)

    def check(self, kind: str, figure: str, e: Mapping[str, Any], truth: float) -> None:
        if e.get("value") is None:
            return
        if e.get("low") is None or e.get("high") is None:
            self.bounds.append(False)
            if e.get("no_variation"):
                self.said_constant.append(abs(e["value"] - truth) <= 1e-6)  # JSON rounding
            return
        self.bounds.append(True)
        hit = e["low"] - 1e-9 <= truth <= e["high"] + 1e-9
        self.kinds[kind].append(hit)
        self.figures[figure].append(hit)

    def star(self, e: Mapping[str, Any], truth: float) -> None:
        if e.get("star") and e.get("value") is not None and truth != 0:
            self.stars.append((e["value"] > 0) == (truth > 0))


def chunk_games(games: Sequence[dict[str, Any]], first: int, blocks: int,
                per_block: int) -> list[dict[str, Any]]:
    """The games of blocks ``first`` to ``first + blocks - 1``, as a lab of their own."""
    out = []
    for g in games:
        b = g["block"] - first
        if 0 <= b < blocks:
            out.append({**g, "block": b, "index": b * per_block + g["index"] % per_block})
    return out


def measure(plan: LabPlan, games: Sequence[dict[str, Any]], blocks: int, runs: int) -> Score:
    """Cut ``games`` into ``runs`` labs of ``blocks`` blocks and score every interval."""
    n = len(plan.players)
    data = [VariantData() for _ in plan.variants]
    for g in games:
        data[g["variant"]].add_game(g, n)
    everything = range(plan.blocks)
    whole = [tally_sums(d, everything) for d in data]
    per_block = len(plan.tasks) // plan.blocks
    small = replace(plan, blocks=blocks, games=blocks * len(seatings(n)),
                    tasks=plan.tasks[:blocks * per_block])
    names = plan.names
    ref = plan.reference
    score = Score()
    for run in range(runs):
        part_blocks = range(run * blocks, (run + 1) * blocks)
        part = [tally_sums(d, part_blocks) for d in data]
        report = build_report(small, chunk_games(games, run * blocks, blocks, per_block), "en")
        for item in report["figures"]:
            truths = [truth_of_item(item, whole[v], part[v], n) for v in range(len(data))]
            for v, name in enumerate(names):
                if truths[v] is not None:
                    score.check(kind_of(item, truths[v]), item["name"], item["by_variant"][name],
                                truths[v])
            for v, name in enumerate(names):
                d = (item.get("difference") or {}).get(name)
                if d is None or ref is None or truths[v] is None or truths[ref] is None:
                    continue
                true_d = truths[v] - truths[ref]
                kind = ("difference of the balance" if item["key"] == "balance"
                        else "difference of shares" if item["percent"]
                        else "difference of counts, means, ratios")
                score.check(kind, f"{item['name']} (difference)", d, true_d)
                score.star(d, true_d)
    return score


def truth_of_item(item: Mapping[str, Any], whole: Sums, part: Sums, seats: int) -> float | None:
    if item["key"] != "balance":
        return truth_of(tally_key(item), whole, part)
    rates = [truth_of(f"seat-{s + 1}-wins", whole, part) for s in range(seats)]
    if any(r is None for r in rates):
        return None
    known = [r for r in rates if r is not None]
    return 1.0 - (max(known) - min(known))


def table(score: Score) -> list[str]:
    lines = ["| kind of figure | covered | intervals |", "|---|---|---|"]
    for kind, hits in sorted(score.kinds.items()):
        lines.append(f"| {kind} | {sum(hits) / len(hits):.1%} | {len(hits)} |")
    if score.stars:
        wrong = len(score.stars) - sum(score.stars)
        lines.append(f"| `*` of the wrong sign | {wrong} of {len(score.stars)} | |")
    said = score.said_constant
    if said:
        lines.append(f"| \"no variation\" said, truth the same value | {sum(said)} of "
                     f"{len(said)} | |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--variant", required=True)
    parser.add_argument("--against", nargs="+", default=[])
    parser.add_argument("--players", required=True)
    parser.add_argument("--blocks", type=int, default=50, help="blocks in each small lab")
    parser.add_argument("--runs", type=int, default=30, help="small labs (at least 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--resume", metavar="FILE", help="keep the games in FILE")
    parser.add_argument("--figures", action="store_true",
                        help="also the coverage of every figure (worst first)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.runs < 2 or args.blocks < 2:
        parser.error("--runs and --blocks must be at least 2")
    registry = discover()
    players = player_list(args.players)
    n = len(players)
    games = args.blocks * args.runs * len(seatings(n))
    with tempfile.TemporaryDirectory() as scratch:
        path = args.resume or str(Path(scratch) / "games.jsonl")
        run_lab(registry, args.game, args.variant, players, games, against=args.against,
                seed=args.seed, workers=args.workers, resume=path, progress=sys.stderr)
        plan = plan_lab(registry, args.game, args.variant, args.against, players, games,
                        args.seed)
        played = read_games(Path(path), plan)
    score = measure(plan, played, args.blocks, args.runs)
    if args.json:
        print(json.dumps({
            "kinds": {k: [sum(v), len(v)] for k, v in score.kinds.items()},
            "figures": {k: [sum(v), len(v)] for k, v in score.figures.items()},
            "stars": [sum(score.stars), len(score.stars)],
            "no_variation": [sum(score.said_constant), len(score.said_constant)],
        }, indent=1))
        return 0
    print(f"{args.game} {args.variant} against {', '.join(args.against) or '-'}, "
          f"{args.players}: {args.runs} labs of {args.blocks} blocks")
    print("\n".join(table(score)))
    if args.figures:
        rows = sorted(score.figures.items(), key=lambda kv: sum(kv[1]) / len(kv[1]))
        print("\n| figure | covered | intervals |\n|---|---|---|")
        for name, hits in rows:
            print(f"| {name} | {sum(hits) / len(hits):.1%} | {len(hits)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
