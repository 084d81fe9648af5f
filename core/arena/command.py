"""``asobi arena`` on the command line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from asobi.arena.report import format_text, run_arena, text_progress
from asobi.registry import Registry


def cmd_arena(registry: Registry, args: argparse.Namespace) -> int:
    """``asobi arena``: run, then print the report (text, or JSON with ``--json``)."""
    players = [p for p in args.players.split(",") if p.strip()]
    report = run_arena(
        registry,
        args.game,
        players,
        games=args.games,
        seed=args.seed,
        variant=args.variant,
        workers=args.workers,
        progress=None if args.quiet else text_progress(sys.stderr),
    )
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(format_text(report))
    return 0


def add_arena_command(sub: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` subcommand to the CLI's subparsers (``run`` is :func:`cmd_arena`)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "arena", help="play many AI games and compare the players"
    )
    p.add_argument("game")
    p.add_argument(
        "--players", required=True, help="AI seats, comma separated (e.g. ai:hard,ai:normal)"
    )
    p.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play, rounded up to whole duplicate pairs or seat rotations",
    )
    p.add_argument("--seed", type=int, default=1, help="base seed of the deals (default 1)")
    p.add_argument("--variant", help="variant name or path to a YAML file")
    p.add_argument(
        "--workers", type=int, default=1, help="processes to spread the games over (default 1)"
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    p.set_defaults(run=cmd_arena)
    return p
