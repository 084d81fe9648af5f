"""The ``asobi`` command line.

Every mistake a user can make ends in one clear line on stderr and exit status 2; nothing is
changed. A plugin's fault (:class:`asobi.host.faults.PluginFault`) ends in one line naming the
plugin and exit status 1, its traceback logged (``--debug`` shows it). Plugins are imported
only when a command needs them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from asobi import __version__
from asobi.cli import chooser, userconfig
from asobi.cli.play import (
    add_frontend_options,
    chosen_frontend,
    cmd_play,
    cmd_serve,
)
from asobi.errors import AsobiError
from asobi.host.faults import EXIT_FAULT, PluginFault
from asobi.host.registry import FrontendMissing, Registry, discover
from asobi.i18n import ENGLISH, LANGUAGES
from asobi.play.seeds import SEED_FORMS, nth_seed, parse_seed
from asobi.play.stopped import report
from asobi.variants import loader as variants
from asobi.variants.loader import VariantError

EXIT_USER_ERROR = 2

OWN_COMMANDS = frozenset(
    {"games", "frontends", "variants", "rules", "play", "serve", "replay", "variant", "config",
     "bench"}
)
"""Commands whose parsers are cheap to build. The others (arena, lab, new) import their
modules to add their parsers, so they are added only when the command line may need them:
for their own command, for help, or to say that a command is unknown."""


def command_word(words: Sequence[str]) -> str | None:
    """The command ``words`` run (their first word that is not an option), if any."""
    return next((w for w in words if not w.startswith("-")), None)


def loadable_frontends(reg: Registry) -> list[str]:
    """Names of the installed frontends that load (one that fails is no choice)."""
    names = []
    for name, frontend in sorted(reg.frontends().items()):
        try:
            frontend.load()
        except AsobiError:
            continue
        names.append(name)
    return names


def default_lang(settings: userconfig.Settings | None = None) -> str:
    """``--lang`` when not given: ASOBI_LANG, the user's settings, the locale, English."""
    return userconfig.default_lang(settings, os.environ)


def lang_arg(value: str) -> str:
    if value not in LANGUAGES:
        raise argparse.ArgumentTypeError(
            f"unknown language '{value}'; choose from {', '.join(LANGUAGES)}"
        )
    return value


def seed_arg(value: str) -> int:
    """``--seed`` of ``asobi play``: the forms a record holds (decimal, or 0x + hex)."""
    try:
        return parse_seed(value)
    except AsobiError as exc:
        raise argparse.ArgumentTypeError(exc.message) from None


def positive(kind: type) -> Any:
    def parse(value: str) -> Any:
        try:
            number = kind(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got '{value}'") from None
        if not number > 0 or number == float("inf"):
            raise argparse.ArgumentTypeError(f"must be a number above 0, got {value}")
        return number

    return parse


def emit_json(data: Any) -> None:
    import json  # for --json only

    print(json.dumps(data, indent=2, ensure_ascii=False))


# --------------------------------------------------------------------------- commands


def cmd_games(reg: Registry, args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = [
        {
            "name": g.name,
            "title": g.info.title,
            "players": [g.info.min_players, g.info.max_players],
            "default_variant": g.info.default_variant,
            "ai_levels": g.ai_levels(),
            "default_level": g.default_level,
            "hint_level": g.strongest_level,
            "summary": g.info.summary,
            "distribution": g.distribution,
        }
        for g in reg.games().values()
    ]
    if args.json:
        emit_json(rows)
        return 0
    if not rows:
        print("No games are installed.")
    table = []
    for row in rows:
        low, high = row["players"]
        players = ENGLISH.n("{n} player", "{n} players", high).format(
            n=low if low == high else f"{low}-{high}")
        table.append((row["name"], row["title"], players, row["summary"]))
    widths = [max(len(cells[i]) for cells in table) for i in range(3)]
    for cells, row in zip(table, rows, strict=True):
        print("  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=False)) + "  " + cells[3])
        print(f"{'':<{widths[0]}}  AI levels: {', '.join(row['ai_levels'])}")
    return 0


def cmd_frontends(reg: Registry, args: argparse.Namespace) -> int:
    rows = []
    for frontend in reg.frontends().values():
        try:
            title = str(getattr(frontend.load(), "title", ""))
        except FrontendMissing as exc:  # installed without what it needs: says what to do
            title = f"(not installed: {exc.needs})"
        except AsobiError as exc:  # a frontend that fails to load is listed with why
            title = f"(broken: {exc})"
        rows.append({"name": frontend.name, "title": title, "distribution": frontend.distribution})
    if args.json:
        emit_json(rows)
        return 0
    width = max((len(r["name"]) for r in rows), default=0)
    for row in rows:
        print(f"{row['name']:<{width}}  {row['title']}  ({row['distribution']})")
    return 0


def cmd_variants(reg: Registry, args: argparse.Namespace) -> int:
    game = reg.game(args.game)
    rows = game.variant_listing()
    if args.json:
        emit_json(rows)
        return 0
    for row in rows:
        mark = "*" if row["default"] else " "
        origin = "" if row["origin"] == "built-in" else f" [{row['origin']}]"
        if row["ok"]:
            print(f"{mark} {row['name']:<20} {row['title']}{origin}")
            if row["description"]:
                print(f"    {row['description']}")
        else:
            print(f"{mark} {row['name']:<20} (broken){origin}: {row['error'].splitlines()[0]}")
    return 0


def cmd_rules(reg: Registry, args: argparse.Namespace) -> int:
    game = reg.game(args.game)
    variant = game.load_variant(args.variant)
    print(f"{game.info.title}: {variant.title_in(args.lang)}")
    print(variant.description_in(args.lang))
    print()
    print(game.hooks.rules_text(variant.rules, args.lang))
    return 0


def cmd_variant_check(reg: Registry, args: argparse.Namespace) -> int:
    failed = 0
    for name in args.files:
        path = Path(name)
        try:
            game_name = variants.peek_game(path)
            try:
                game = reg.game(game_name)
            except AsobiError as exc:
                raise AsobiError(f"{path}:1:1: {exc}") from None
            variant = game.load_variant(str(path))
        except AsobiError as exc:
            failed += 1
            print(str(exc), file=sys.stderr)
            continue
        chain = " <- ".join(variant.chain)
        print(f"{path}: ok ({game.info.title}, variant '{variant.name}': {chain})")
    return EXIT_USER_ERROR if failed else 0


def cmd_replay(reg: Registry, args: argparse.Namespace) -> int:
    from asobi.play import records

    path = Path(args.file)
    record = records.read(path)
    session = records.replay(reg, record, base_dir=path.parent)
    return records.show(session, record, as_json=args.json)


def cmd_bench(reg: Registry, args: argparse.Namespace) -> int:
    import statistics

    from asobi.play.bench import bench_game

    game = reg.game(args.game)
    variant = game.load_variant(args.variant)
    runs = [bench_game(game, variant, args.seconds, nth_seed(args.seed, i))
            for i in range(args.repeat)]
    rates = [r["per_second"] for r in runs]
    summary = {
        "game": game.name,
        "variant": variant.name,
        "unit": runs[0]["unit"],
        "repeat": args.repeat,
        "seconds_each": args.seconds,
        "per_second_runs": [round(r, 1) for r in rates],
        "per_second_median": round(statistics.median(rates), 1),
    }
    if args.json:
        emit_json(summary)
    else:
        print(
            f"{game.info.title} ({variant.name}): median {summary['per_second_median']:,} "
            f"{summary['unit']}/s over "
            f"{ENGLISH.n('{n} run', '{n} runs', args.repeat).format(n=args.repeat)} "
            f"of {args.seconds:g}s "
            f"{summary['per_second_runs']}"
        )
    return 0


# --------------------------------------------------------------------------- parser


def build_parser(
    reg: Registry,
    chosen: tuple[str, str, Any] | None = None,
    settings: userconfig.Settings | None = None,
    interactive: bool = False,
    command: str | None = None,
) -> argparse.ArgumentParser:
    """The parser; ``settings`` give defaults; ``interactive`` (a terminal) lets ``play``
    go without a game, which then starts the chooser. ``command`` (:func:`command_word`), when
    given, spares the parsers no other command needs (see :data:`OWN_COMMANDS`)."""
    everything = command is None or command not in OWN_COMMANDS
    lang = default_lang(settings)
    parser = argparse.ArgumentParser(
        prog="asobi", description="Traditional card and board games, with plugins and house rules."
    )
    parser.add_argument("--version", action="store_true", help="show versions of asobi and plugins")
    parser.add_argument(
        "--debug", action="store_true",
        help="when a plugin fails, show its traceback here too (it is always logged)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("games", help="list installed games")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser("frontends", help="list installed frontends")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_frontends)

    p = sub.add_parser("variants", help="list a game's variants (built-in and yours)")
    p.add_argument("game")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_variants)

    p = sub.add_parser("rules", help="print the effective rules of a variant")
    p.add_argument("game")
    p.add_argument("--variant", help="variant name or path to a YAML file")
    p.add_argument("--lang", type=lang_arg, default=lang)
    p.set_defaults(run=cmd_rules)

    p = sub.add_parser("play", help="play a game (in a terminal, without GAME: choose it)")
    p.add_argument("game", nargs="?" if interactive else None)
    p.add_argument("--variant", help="variant name or path to a YAML file")
    # Loading the frontends to list them is for the help of play only.
    frontend_names = loadable_frontends(reg) if everything or command == "play" else []
    play_frontend = chosen[1] if chosen and chosen[0] == "play" else "text"
    p.add_argument(
        "--frontend",
        default=play_frontend,
        help=f"one of: {', '.join(frontend_names) or 'none installed'} "
        f"(default: {play_frontend}; see asobi config)",
    )
    p.add_argument("--players", help="seats, comma separated: human, ai:LEVEL (e.g. human,ai:hard)")
    p.add_argument(
        "--seed",
        type=seed_arg,
        help=f"seed of the shuffles, {SEED_FORMS} (shown when not given)",
    )
    p.add_argument("--lang", type=lang_arg, default=lang)
    p.add_argument("--record", help="save the game record to this file at the end")
    p.add_argument(
        "--deal",
        metavar="RECORD",
        help="play a new game on the deal of a saved record (an arena game's, say): its seed, "
        "its pinned deal and its rules, with the seats of --players (as many as the record's); "
        "not with --seed or --variant. Rules the record carries are played even when the "
        "variant of that name has changed here since (a note says so); a record that carries "
        "none is played with the variant it names, as installed now",
    )
    p.set_defaults(run=cmd_play, user_settings=settings)
    add_frontend_options(p, "play", chosen)

    p = sub.add_parser("serve", help="run a long-lived game server (default: the web frontend)")
    p.add_argument("--frontend", default="web")
    p.add_argument("--lang", type=lang_arg, default=lang)
    p.set_defaults(run=cmd_serve)
    add_frontend_options(p, "serve", chosen)

    p = sub.add_parser("replay", help="replay a record and print its result")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("variant", help="work with variant files")
    vsub = p.add_subparsers(dest="variant_command", metavar="SUBCOMMAND", required=True)
    c = vsub.add_parser("check", help="check variant files and report every problem")
    c.add_argument("files", nargs="+")
    c.set_defaults(run=cmd_variant_check)

    if everything:
        from asobi.arena.command import add_arena_command
        from asobi.lab.command import add_lab_command
        from asobi.scaffold.command import add_new_command

        add_arena_command(sub)
        add_lab_command(sub, lang_arg, lang)
        add_new_command(sub)
    userconfig.add_config_command(sub)

    p = sub.add_parser("bench", help="measure a game engine's speed (random playouts)")
    p.add_argument("game")
    p.add_argument("--variant")
    p.add_argument("--seconds", type=positive(float), default=3.0)
    p.add_argument("--repeat", type=positive(int), default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_bench)

    return parser


def print_version(reg: Registry) -> None:
    print(f"asobi {__version__}")
    for dist in reg.distributions():
        print(f"  plugin: {dist}")


def main(argv: Sequence[str] | None = None) -> int:
    said: set[str] = set()

    def warn(message: str) -> None:
        if message not in said:
            said.add(message)
            print(f"asobi: warning: {message}", file=sys.stderr)

    reg = discover(warn=warn)
    words = list(sys.argv[1:] if argv is None else argv)
    # --debug is taken wherever it stands (asobi play koikoi --debug), before the parsers.
    debug = "--debug" in words
    words = [w for w in words if w != "--debug"]
    interactive = chooser.is_terminal(sys.stdin, sys.stdout)
    if not words and interactive:
        words = ["play"]  # `asobi` alone in a terminal: choose what to play
    settings = userconfig.read_or_warn(warn) if words[:1] != ["config"] else None
    # A saved frontend is for a person at a terminal: through pipes, the text frontend plays
    # as it always did (a full-screen one would refuse).
    saved_frontend = settings if interactive else None
    try:
        chosen = chosen_frontend(reg, words, saved_frontend)
    except AsobiError as exc:
        print(f"asobi: {exc}", file=sys.stderr)
        return EXIT_USER_ERROR
    parser = build_parser(reg, chosen, settings, interactive, command_word(words))
    args = parser.parse_args(words)
    args.debug = debug
    if args.version:
        print_version(reg)
        return 0
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_USER_ERROR
    try:
        if chooser.wanted(args) and settings is not None:
            words = chooser.run(reg, settings, args, words, sys.stdin, sys.stdout, warn)
            chosen = chosen_frontend(reg, words, saved_frontend)
            args = build_parser(reg, chosen, settings, command=command_word(words)).parse_args(
                words)
            args.debug = debug
        return int(args.run(reg, args))
    except PluginFault as fault:  # a plugin's, not the user's: exit 1, the traceback logged
        report(fault, sys.stderr, debug)
        return EXIT_FAULT
    except VariantError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_USER_ERROR
    except AsobiError as exc:
        print(f"asobi: {exc}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
