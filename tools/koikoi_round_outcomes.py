"""Measure how rounds end in the built-in Koi-Koi variants and write the plugin's data file.

    python tools/koikoi_round_outcomes.py [--rounds 10000] [--workers 1] [--check]

For every built-in variant of more than one round, the ``normal`` AI plays ``--rounds``
rounds against itself from the fixed seed of ``asobi_koikoi.ai_rounds`` (see that module for
why ``normal`` rather than the hard AI's playout policy), and the table of how they ended (the
dealer or the other seat won, and for how many points; or nobody) is written to
``plugins/koikoi/asobi_koikoi/data/round_outcomes.json`` under the fingerprint of the variant's
round rules. Variants whose rounds play alike share one table. The hard AI reads the file to value
the end of a round for the whole game (``asobi_koikoi.ai_game``).

The output is a function of the rules, ``--rounds`` and the seed: running it again on the same
tree writes the same file, whatever ``--workers``. ``--check`` writes nothing and fails when a
built-in variant has no table under its current fingerprint (a change of the rules' fields or
of a variant file calls for a new measurement).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from asobi.variants.loader import load
from asobi_koikoi import ai_rounds, plugin
from asobi_koikoi.rules import Rules, compile_rules

DATA = (Path(__file__).resolve().parent.parent / "plugins" / "koikoi" / "asobi_koikoi" / "data"
        / ai_rounds.DATA_FILE)
DEFAULT_ROUNDS = 10_000


def multi_round_variants() -> dict[str, Rules]:
    """The compiled rules of every built-in variant of more than one round, by name."""
    info = plugin.asobi_game_info()
    out = {}
    names = sorted(f.name[:-5] for f in info.variants.iterdir() if f.name.endswith(".yaml"))
    for name in names:
        rules = compile_rules(load(info, name).rules)
        if rules.rounds > 1:
            out[name] = rules
    return out


def _measure(job: tuple[str, int]) -> tuple[list[list[Any]], float]:
    name, rounds = job
    start = time.perf_counter()
    table = ai_rounds.measure(multi_round_variants()[name], rounds)
    return table.as_data(), time.perf_counter() - start


def build(rounds: int, workers: int) -> dict[str, Any]:
    """The data file's content: one table per distinct fingerprint."""
    by_key: dict[str, list[str]] = {}
    for name, rules in multi_round_variants().items():
        by_key.setdefault(ai_rounds.fingerprint(rules), []).append(name)
    jobs = [(names[0], rounds) for names in by_key.values()]
    with ProcessPoolExecutor(max_workers=max(1, workers)) as pool:
        results = list(pool.map(_measure, jobs))
    tables = {}
    for (key, names), (outcomes, seconds) in zip(by_key.items(), results, strict=True):
        print(f"{', '.join(names)}: {rounds} rounds in {seconds:.0f} s", file=sys.stderr)
        tables[key] = {"variants": names, "rounds": rounds, "outcomes": outcomes}
    return {
        "about": "How rounds end under each built-in Koi-Koi variant of more than one round: "
        "[who won (dealer, other, nobody), the winner's points, rounds], seen from the "
        "dealer, by the fingerprint of the round rules (asobi_koikoi.ai_rounds.fingerprint). "
        "Written by tools/koikoi_round_outcomes.py; do not edit.",
        "policy": "normal against normal",
        "seed": ai_rounds.SEED,
        "tables": tables,
    }


def dumped(data: dict[str, Any]) -> str:
    """The data file's text: indented, one outcome row a line."""
    text = json.dumps(data, indent=1)
    return re.sub(r"\[\s+(\"\w+\"),\s+(\d+),\s+(\d+)\s+\]", r"[\1, \2, \3]", text) + "\n"


def missing() -> list[str]:
    """Built-in multi-round variants without a shipped table under their fingerprint."""
    tables = ai_rounds.read_tables(DATA.read_text(encoding="utf-8")) if DATA.exists() else {}
    return [name for name, rules in multi_round_variants().items()
            if ai_rounds.fingerprint(rules) not in tables]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS,
                        help=f"rounds played per table (default {DEFAULT_ROUNDS})")
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail when a built-in variant has no table")
    args = parser.parse_args(argv)
    if args.check:
        absent = missing()
        for name in absent:
            print(f"{name}: no table in {DATA}; run this tool", file=sys.stderr)
        return 1 if absent else 0
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    data = build(args.rounds, args.workers)
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(dumped(data), encoding="utf-8")
    print(f"wrote {DATA}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
