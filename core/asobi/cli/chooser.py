"""Choosing what to play: ``asobi`` alone, or ``asobi play`` without a game, in a terminal.

It asks, in the player's language, which game, which variant, who sits in each seat (a person
or an AI level) and which frontend, each as a numbered list of what is installed with a line
on each option; Enter keeps the choice marked ``*`` (the last answers, from the user's
settings). The answers are saved as the new defaults, then the game starts exactly as the
``asobi play`` command it prints would start it. Options given on the command line are not
asked again.

The questions themselves are in :mod:`asobi.cli.questions`, imported when the chooser runs (a
command given in full never loads them).

Without a terminal (stdin and stdout not both TTYs) nothing here runs: the command line
behaves as it always did. Bad answers are refused and asked again; the end of input ends the
chooser with exit status 2, Ctrl-C with 130, and the settings stay as they were.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import IO

from asobi.cli import userconfig
from asobi.cli.userconfig import Settings, Warn
from asobi.host.registry import Registry


def is_terminal(*streams: object) -> bool:
    """Whether every stream is a terminal (a person can answer questions there)."""
    for stream in streams:
        try:
            if not stream.isatty():  # type: ignore[attr-defined]
                return False
        except (AttributeError, ValueError, OSError):  # no isatty, or a closed stream
            return False
    return True


def wanted(args: argparse.Namespace) -> bool:
    """Whether the parsed command is ``play`` without a game (only parsed so in a terminal)."""
    return getattr(args, "command", None) == "play" and getattr(args, "game", "") is None


def option_given(words: Sequence[str], option: str) -> bool:
    """Whether ``words`` hold ``option`` (``--frontend x``, ``--frontend=x``, or a prefix
    argparse would take for it, such as ``--front``)."""
    for word in words:
        if word == "--":
            return False
        name = word.split("=", 1)[0]
        if len(name) > 3 and name.startswith("--") and option.startswith(name):
            return True
    return False


def run(
    reg: Registry,
    settings: Settings,
    args: argparse.Namespace,
    words: Sequence[str],
    stdin: IO[str],
    stdout: IO[str],
    warn: Warn = userconfig.warn_stderr,
    width: int | None = None,
) -> list[str]:
    """Ask, save the answers as the user's defaults, and return the ``asobi play`` command
    line to run (the answers, then the options that were already given)."""
    import shlex
    import shutil

    from asobi.cli.questions import Prompter, choose, remember

    if width is None:
        width = shutil.get_terminal_size((80, 24)).columns
    prompter = Prompter(stdin, stdout, args.lang, width)
    choice = choose(reg, settings, args, prompter, not option_given(words, "--frontend"), warn)
    rest = list(words)
    rest.pop(rest.index("play"))
    command = choice.words() + rest
    remember(choice, prompter, warn)
    prompter.say(prompter._("Starting: {command}").format(command=shlex.join(["asobi", *command])))
    prompter.say()
    return command
