"""``asobi arena`` with the Koi-Koi hard AI changed in one respect, to screen an idea before
building it: every ``ai:hard`` (and ``ai:hard-2026``) seat of the run gets the change.

    python tools/hard_variant_arena.py --set width=8 --set trust=0 -- \\
        koikoi --variant koikoi-japan --players ai:hard:0.1,ai:card-values --games 200 --seed 2026

``--set NAME=VALUE`` changes a keyword of ``asobi_koikoi.search.HardAgent`` (lower case:
``width``, ``trust``, ``infer``, ``for_game``) or a constant of ``asobi_koikoi.search`` (upper
case: ``NOISE``, ``EXPOSE``, ``POINTS_SHARE``...); values are read as JSON (``0.5``, ``false``).
Everything after ``--`` is given to ``asobi arena``. The run plays in this process (no
``--workers``: other processes would not see the change).
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from typing import Any, NoReturn

from asobi.cli import main
from asobi_koikoi import ai, search

KEYWORDS = set(inspect.signature(search.HardAgent).parameters) - {"rules", "seed"}


def refuse(message: str) -> NoReturn:
    """A mistake in the command: said on one line, exit status 2."""
    print(f"hard_variant_arena: {message}", file=sys.stderr)
    raise SystemExit(2)


def changes(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            refuse(f"--set {pair}: write NAME=VALUE")
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError as exc:
            refuse(f"--set {pair}: the value is not JSON ({exc.msg})")
        if name.isupper() and not hasattr(search, name):
            refuse(f"--set {pair}: asobi_koikoi.search has no constant {name}")
        if not name.isupper() and name not in KEYWORDS:
            refuse(f"--set {pair}: HardAgent takes {', '.join(sorted(KEYWORDS))}")
    return out


def run(changed: dict[str, Any], arena: list[str]) -> int:
    if any(word == "--workers" or word.startswith("--workers=") for word in arena):
        refuse("--workers: the change lives in this process only")
    keywords = {k: v for k, v in changed.items() if not k.isupper()}
    for name, value in changed.items():
        if name.isupper():
            setattr(search, name, value)

    class Changed(search.HardAgent):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **{**kwargs, **keywords})

    ai.HardAgent = Changed  # type: ignore[misc]
    return main(["arena", *arena])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("arena", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    words = args.arena[1:] if args.arena[:1] == ["--"] else args.arena
    sys.exit(run(changes(args.set), words))
