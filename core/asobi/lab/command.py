"""``asobi lab`` on the command line."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from asobi.arena.command import add_runner_options, player_list
from asobi.arena.run import without_faulty
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.host.registry import Registry
from asobi.lab.report import run_lab


@dataclass(frozen=True)
class Extra:
    """A module an option of the lab imports, and the optional dependency group bringing it."""

    module: str
    group: str
    purpose: str
    """What it is for, as the refusal says it: ``for the plots of --html``."""


def needed_extras(args: argparse.Namespace) -> list[Extra]:
    """The optional modules this run of the lab will import, from its options."""
    wanted = []
    if args.html:
        wanted.append(Extra("matplotlib", "lab", "for the plots of --html"))
    if not args.quiet:
        wanted.append(Extra("rich", "lab", "for the progress bar; --quiet runs without it"))
    if args.ray:
        wanted.append(Extra("ray", "ray", "for --ray"))
    return wanted


def check_extras(args: argparse.Namespace) -> None:
    """Refuse, before any game, a run whose options need a module that is not installed:
    one message naming every missing one and the ``pip install`` that brings them all."""
    missing = []
    for extra in needed_extras(args):
        try:
            import_module(extra.module)
        except ImportError:
            missing.append(extra)
    if missing:
        what = ", ".join(f"{e.module} ({e.purpose})" for e in missing)
        groups = ",".join(dict.fromkeys(e.group for e in missing))
        raise AsobiError(f"this lab needs what is not installed: {what}; "
                         f"install asobi with its extras: pip install 'asobi[{groups}]'")


def _kept(resume: str | None) -> int:
    """How many games the ``--resume`` file keeps: a run a plugin's fault stopped is played
    again without the plugin only if it kept no game there, played with it."""
    if resume is None:
        return 0
    try:
        data = Path(resume).read_bytes()
    except OSError:
        return 0
    return max(0, data.count(b"\n") - 1)  # the first line is the header


def cmd_lab(registry: Registry, args: argparse.Namespace) -> int:
    """Run the lab; print the table (or JSON with ``--json``); write ``--html FILE``."""
    players = player_list(args.players)
    check_extras(args)
    html = Path(args.html) if args.html else None
    while True:
        kept = _kept(args.resume)
        try:
            report = run_lab(
                registry, args.game, args.variant, players, games=args.games,
                against=args.against or (), seed=args.seed, workers=args.workers, ray=args.ray,
                records=args.records, resume=args.resume, lang=args.lang,
                progress=None if args.quiet else sys.stderr,
            )
            break
        except PluginFault as fault:  # a faulty scoring plugin: go on without it
            other = without_faulty(registry, fault) if _kept(args.resume) == kept else None
            if other is None:
                raise
            registry = other
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
    p.add_argument("--html", metavar="FILE",
                   help="write the report as one web page (needs the lab extra: matplotlib)")
    p.add_argument("--lang", type=lang_arg, default=default_lang)
    p.add_argument("--quiet", action="store_true",
                   help="no progress bar on stderr (the bar needs the lab extra: rich)")
    p.set_defaults(run=cmd_lab)
    return p
