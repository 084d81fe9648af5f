"""``asobi arena`` on the command line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from asobi.arena.report import format_text, rich_progress, run_arena
from asobi.arena.run import without_faulty
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.host.registry import Registry


def player_list(text: str) -> list[str]:
    """``--players``: seats separated by commas; ``SEAT*N`` is N such seats (``ai:normal*4``)."""
    players: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        seat, star, count = part.rpartition("*")
        if star and count.isdigit() and seat:
            if not 1 <= int(count) <= 16:
                raise AsobiError(f"--players {part}: repeat a seat 1 to 16 times")
            players.extend([seat] * int(count))
        elif part:
            players.append(part)
    return players


def cmd_arena(registry: Registry, args: argparse.Namespace) -> int:
    """``asobi arena``: run, then print the report (text, or JSON with ``--json``)."""
    players = player_list(args.players)
    while True:
        try:
            with rich_progress(None if args.quiet else sys.stderr, args.game) as progress:
                report = run_arena(
                    registry,
                    args.game,
                    players,
                    games=args.games,
                    seed=args.seed,
                    variant=args.variant,
                    workers=args.workers,
                    progress=progress,
                    ray=args.ray,
                    records=args.records,
                )
            break
        except PluginFault as fault:  # a faulty scoring plugin: go on without it
            other = without_faulty(registry, fault)
            if other is None:
                raise
            registry = other
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(format_text(report))
    return 0


def add_runner_options(p: argparse.ArgumentParser) -> None:
    """``--workers``, ``--ray`` and ``--records``, shared by ``arena`` and ``lab``."""
    p.add_argument(
        "--workers", type=int, default=1, help="processes to spread the games over (default 1)"
    )
    p.add_argument(
        "--ray", metavar="auto|ADDRESS",
        help="play on Ray: 'auto' (the running cluster, else a local one) or a cluster address",
    )
    p.add_argument("--records", metavar="DIR", help="save every game's record in this folder")


def add_arena_command(sub: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` subcommand to the CLI's subparsers (``run`` is :func:`cmd_arena`)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "arena", help="play many AI games and compare the players"
    )
    p.add_argument("game")
    p.add_argument(
        "--players", required=True,
        help="AI seats, comma separated (e.g. ai:hard,ai:normal); SEAT*N repeats a seat",
    )
    p.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play, rounded up to whole duplicate pairs or seat rotations",
    )
    p.add_argument("--seed", type=int, default=1, help="base seed of the deals (default 1)")
    p.add_argument("--variant", help="variant name or path to a YAML file")
    add_runner_options(p)
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    p.set_defaults(run=cmd_arena)
    return p
