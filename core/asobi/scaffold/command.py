"""``asobi new`` on the command line: ``game NAME``, ``variant GAME NAME``, ``frontend NAME``."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path
from typing import Any

from asobi.host.registry import Registry

from .packages import new_frontend, new_game, new_pack, package_files
from .variant import new_variant


def _created(target: Path) -> None:
    files = package_files(target)
    print(f"Created {target}{'/' if target.is_dir() else ''} with {len(files)} files:")
    for name in files:
        print(f"  {name}")


def cmd_new(registry: Registry, args: argparse.Namespace) -> int:
    """``asobi new``: write the package or file, then say what to do next."""
    folder = Path(args.dir)
    if args.new_kind == "variant":
        path = new_variant(registry, args.game, args.name, folder)
        quoted = shlex.quote(str(path))
        print(f"Created {path}, a variant of {args.game} that plays like its parent so far.")
        print("Next:")
        print(f"  asobi variant check {quoted}")
        print(f"  asobi rules {args.game} --variant {quoted}")
        print(f"  asobi play {args.game} --variant {quoted}")
        return 0
    if args.new_kind == "pack":
        target = new_pack(args.name, args.game, registry, folder)
    else:
        make = new_game if args.new_kind == "game" else new_frontend
        target = make(args.name, folder, registry)
    _created(target)
    here = shlex.quote(str(target))
    print("Next:")
    print(f"  pip install -e {here}'[test]'     # register it with asobi")
    print(f"  pytest {here}")
    if args.new_kind == "game":
        print(f"  asobi play {args.name}")
    elif args.new_kind == "pack":
        print(f"  asobi variants {args.game}")
    else:
        print(f"  asobi play koikoi --frontend {args.name}")
    return 0


def add_new_command(sub: Any) -> argparse.ArgumentParser:
    """Add the ``new`` subcommand to the CLI's subparsers (``run`` is :func:`cmd_new`)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "new", help="start a game, a house-rule variant or a frontend of your own"
    )
    kinds = p.add_subparsers(dest="new_kind", metavar="KIND", required=True)
    where = "the folder to write into (default: the current folder)"
    game = kinds.add_parser("game", help="a game plugin package, asobi-NAME/")
    game.add_argument("name", help="the game's id: lowercase letters, digits, underscores")
    game.add_argument("--dir", default=".", help=where)
    variant = kinds.add_parser(
        "variant", help="a house-rule file NAME.yaml extending a game's default variant"
    )
    variant.add_argument("game", help="an installed game (asobi games)")
    variant.add_argument("name", help="the variant's name: lowercase letters, digits, dashes")
    variant.add_argument("--dir", default=".", help=where)
    pack = kinds.add_parser(
        "pack", help="a house-rule pack asobi-NAME/: variants to install and share")
    pack.add_argument("name", help="the pack's name: lowercase letters, digits, underscores")
    pack.add_argument("game", help="the game of its first variant (asobi games)")
    pack.add_argument("--dir", default=".", help=where)
    frontend = kinds.add_parser("frontend", help="a frontend plugin package, asobi-NAME/")
    frontend.add_argument("name", help="the frontend's name: lowercase letters, digits, "
                          "underscores")
    frontend.add_argument("--dir", default=".", help=where)
    p.set_defaults(run=cmd_new)
    return p
