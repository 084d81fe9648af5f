"""``asobi lab`` on the command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from asobi.arena.command import add_runner_options, player_list
from asobi.lab.report import run_lab
from asobi.registry import Registry


def cmd_lab(registry: Registry, args: argparse.Namespace) -> int:
    """Run the lab; print the table (or JSON with ``--json``); write ``--html FILE``."""
    players = player_list(args.players)
    html = Path(args.html) if args.html else None
    if html is not None:
        from asobi.lab.html import render  # refuses now, before any game, without matplotlib

        del render
    report = run_lab(
        registry, args.game, args.variant, players, games=args.games,
        against=args.against or (), seed=args.seed, workers=args.workers, ray=args.ray,
        records=args.records, resume=args.resume, lang=args.lang,
        progress=None if args.quiet else sys.stderr,
    )
    if html is not None:
        from asobi.lab.html import write_html

        write_html(report, html, args.lang)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        from asobi.lab.text import format_report

        print(format_report(report, args.lang))
    return 0


def add_lab_command(sub: Any, lang_arg: Any, default_lang: str) -> argparse.ArgumentParser:
    """Add the ``lab`` subcommand to the CLI's subparsers (``run`` is :func:`cmd_lab`)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "lab", help="measure what a variant does to a game, against other variants"
    )
    p.add_argument("game")
    p.add_argument("--variant", required=True, help="the variant to describe (name or file)")
    p.add_argument("--against", nargs="+", metavar="VARIANT",
                   help="variants to compare with; differences are taken from the first")
    p.add_argument(
        "--players", required=True,
        help="AI seats, comma separated; SEAT*N repeats a seat; LEVEL/RESTRICTION keeps a level "
        "from one kind of choice (e.g. ai:normal,ai:normal/no-koikoi or ai:normal*4)",
    )
    p.add_argument("--games", type=int, default=200,
                   help="games per variant, rounded up to whole blocks of seats (default 200)")
    p.add_argument("--seed", type=int, default=1, help="base seed of the deals (default 1)")
    add_runner_options(p)
    p.add_argument("--resume", metavar="FILE",
                   help="keep finished games in FILE and go on from the games it holds")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--html", metavar="FILE", help="write the report as one web page")
    p.add_argument("--lang", type=lang_arg, default=default_lang)
    p.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    p.set_defaults(run=cmd_lab)
    return p
