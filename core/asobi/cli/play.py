"""``asobi play`` and ``asobi serve``: choosing a frontend, its own options, and starting it.

The frontend is chosen before the command line is read in full (``--frontend``, or the
command's default), so that it can add options of its own with ``add_options(parser,
command)``, the way a pytest plugin adds its own; their values reach it in
``Launch.options`` (``play``) or the options mapping (``serve``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from asobi.cli import userconfig
from asobi.errors import AsobiError
from asobi.host.faults import EXIT_FAULT, PluginFault
from asobi.host.registry import Registry
from asobi.play.stopped import fault_record_path, report
from asobi.variants import loader as variants

if TYPE_CHECKING:
    from asobi.host.registry import Game
    from asobi.play.deal import Deal
    from asobi.play.frontend import Launch
    from asobi.play.session import Session


def cmd_play(reg: Registry, args: argparse.Namespace) -> int:
    from asobi.play.frontend import Launch
    from asobi.play.session import check_record_path, parse_seats

    game = reg.game(args.game)
    settings = getattr(args, "user_settings", None)  # the user's defaults, below the options
    frontend = args.frontend_object
    deal = dealt(reg, args, game)
    variant_spec = args.variant
    if variant_spec is None and settings is not None and deal is None:
        variant_spec = userconfig.usable(reg, settings, f"{game.name}.variant")
    variant = deal.variant if deal is not None else game.load_variant(variant_spec)
    players = args.players
    if players is None and settings is not None:
        players = userconfig.usable(reg, settings, f"{game.name}.players")
    default = (list(game.info.default_players)
               or ["human"] + ["ai:random"] * (game.info.min_players - 1))
    if deal is not None and args.players is None:
        # the saved or default seats, as many as the deal's players
        from asobi.play.deal import fitted

        if players is None or len(parse_seats(players, game)) != deal.players:
            players = fitted(default, deal.players)
    seats = parse_seats(default if players is None else players, game)
    if deal is not None:
        from asobi.play.deal import check_players

        check_players(deal, len(seats))
    if args.record:
        check_record_path(args.record)
    common: dict[str, Any] = {
        "registry": reg, "game": game, "variant": variant, "seats": seats, "lang": args.lang,
        "record_path": Path(args.record) if args.record else None,
        "options": frontend_options(args),
    }
    launch: Launch
    if deal is not None:
        launch = Launch(**common, seed=deal.seed, variant_ref=deal.variant_ref,
                        setup=deal.setup)
    else:
        launch = Launch(
            **common,
            seed=args.seed,
            variant_ref=str(Path(variant_spec).resolve())
            if variant_spec and variants.looks_like_path(variant_spec)
            else variant.name,
        )
    # Build the agents now, so an unknown AI level fails before the frontend starts (dict():
    # agents may be built when looked up).
    dict(launch.agents(launch.new_session(seed=1)))
    launch.sessions.clear()  # that session only tried the seats; the game is the frontend's
    for note in deal.notes if deal is not None else ():
        print(f"asobi: note: {note}", file=sys.stderr)
    try:
        return int(frontend.play(launch) or 0)
    except PluginFault as fault:
        return stopped(fault, launch, debug=bool(getattr(args, "debug", False)))


def dealt(reg: Registry, args: argparse.Namespace, game: Game) -> Deal | None:
    """The deal of ``--deal RECORD``, checked, or None without it. The record decides the
    seed and the rules, so ``--seed`` and ``--variant`` are refused beside it, not guessed."""
    path = getattr(args, "deal", None)
    if path is None:
        return None
    given = [name for name, value in (("--seed", args.seed), ("--variant", args.variant))
             if value is not None]
    if given:
        raise AsobiError(
            f"--deal takes the seed, the deal and the rules from the record: leave out "
            f"{' and '.join(given)}"
        )
    from asobi.play.deal import read_deal

    return read_deal(reg, path, game)


def stopped(fault: PluginFault, launch: Launch, debug: bool = False,
            err: IO[str] | None = None) -> int:
    """A plugin's fault stopped the game of ``launch``, in whichever frontend let it through:
    say so in one line, keep the record of the game so far (``--record``, else a new file in
    the user's data folder) and where the traceback went; the exit status is 1."""
    session = launch.session
    notes = (["the game had not begun: there is no record to keep"] if session is None
             else [keep_record(session, launch.record_path)])
    report(fault, err or sys.stderr, debug, prefix="the game stopped: ", notes=notes)
    return EXIT_FAULT


def keep_record(session: Session, path: Path | None) -> str:
    """Save the record of a game a fault stopped, where the user asked (``path``), else (or
    when that fails) in the data folder; the sentence that tells where, or why not."""
    problems = []
    for target in ([path] if path is not None else []) + [None]:
        try:
            where = target if target is not None else fault_record_path(session.game.name)
            session.save(where)
        except (AsobiError, OSError) as exc:
            problems.append(str(exc))
            continue
        return f"the record of the game so far is saved to {where}"
    return "the record of the game could not be saved: " + "; ".join(problems)


def cmd_serve(reg: Registry, args: argparse.Namespace) -> int:
    frontend = args.frontend_object
    if not hasattr(frontend, "serve"):
        raise AsobiError(f"the '{args.frontend}' frontend plays in place and cannot serve")
    options = {**frontend_options(args), "lang": args.lang}
    return int(frontend.serve(reg, options) or 0)


def frontend_options(args: argparse.Namespace) -> dict[str, Any]:
    """The values of the options the chosen frontend added (``add_options``)."""
    return {name: getattr(args, name) for name in getattr(args, "frontend_dests", ())}


FRONTEND_COMMANDS = {"play": "text", "serve": "web"}
"""Commands that run a frontend, and the frontend each uses by default."""


def chosen_frontend(
    reg: Registry, argv: Sequence[str], settings: userconfig.Settings | None = None
) -> tuple[str, str, Any] | None:
    """(command, frontend name, loaded frontend) when ``argv`` runs a frontend, read before
    the full parse so that the frontend can add its own options (the way pytest plugins add
    theirs). ``play`` without ``--frontend`` takes the user's setting, when it still works."""
    words = [w for w in argv if not w.startswith("-")]
    command = words[0] if words else None
    if command not in FRONTEND_COMMANDS:
        return None
    name = FRONTEND_COMMANDS[command]
    if command == "play" and settings is not None and not any(
        w == "--frontend" or w.startswith("--frontend=") for w in argv
    ):
        name = userconfig.usable(reg, settings, "frontend") or name
    for i, word in enumerate(argv):
        if word == "--frontend" and i + 1 < len(argv):
            name = argv[i + 1]
        elif word.startswith("--frontend="):
            name = word.split("=", 1)[1]
    frontend = reg.frontend(name).load()
    if command == "serve" and not callable(getattr(frontend, "serve", None)):
        # Said before the full parse: the serving options such a frontend lacks (--port...)
        # would otherwise hide this behind "unrecognized arguments".
        raise AsobiError(f"the '{name}' frontend plays in place and cannot serve")
    return command, name, frontend


def add_frontend_options(
    parser: argparse.ArgumentParser, command: str, chosen: tuple[str, str, Any] | None
) -> None:
    if chosen is None or chosen[0] != command:
        return
    frontend = chosen[2]
    before = {action.dest for action in parser._actions}
    adder = getattr(frontend, "add_options", None)
    if callable(adder):
        adder(parser, command)
    added = [a.dest for a in parser._actions if a.dest not in before]
    parser.set_defaults(frontend_object=frontend, frontend_dests=added)
