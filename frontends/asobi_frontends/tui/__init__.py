"""The ``tui`` frontend: a full-screen table in the terminal, drawn with Textual.

``asobi play GAME --frontend tui``. Every option of ``asobi play`` works (the core resolves
them into a :class:`asobi.play.frontend.Launch`); the frontend adds ``--theme`` and ``--pace``.
A game may give its own view through the hook :func:`asobi_tui_view`
(:mod:`asobi_frontends.tui.hookspecs`); any other game gets the generic view. See
``README.md`` in this folder.

This module stays light: Textual is imported only when a game is played.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from asobi.errors import AsobiError

if TYPE_CHECKING:
    from asobi.play.frontend import Launch

THEMES = ("default", "high-contrast", "monochrome")
"""The colour themes of ``--theme``; monochrome reads on a 16-colour terminal."""

DEFAULT_PACE = 0.6
"""Seconds each line of another player's move stays before the next one (Space skips)."""


def _pace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        message = f"expected seconds, for example 0.5, got '{text}'"
        raise argparse.ArgumentTypeError(message) from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"the pace is 0 to 10 seconds, got {text}")
    return value


class TuiFrontend:
    """Entry point object of the ``tui`` frontend."""

    title = "Full-screen terminal (Textual: keys and mouse, colour cards)"
    requires = ("textual",)
    """What the table imports (the extra ``tui``): the core says it is not installed without
    it (:class:`asobi.host.registry.FrontendMissing`)."""
    install = "pip install 'asobi[tui]'"

    def add_options(self, parser: argparse.ArgumentParser, command: str) -> None:
        """The options of ``asobi play --frontend tui``."""
        group = parser.add_argument_group("tui frontend")
        group.add_argument("--theme", choices=THEMES, default="default",
                           help="colours: default, high-contrast, or monochrome (16 colours)")
        group.add_argument("--pace", type=_pace, default=DEFAULT_PACE,
                           help=f"seconds between the steps of an AI move (default "
                           f"{DEFAULT_PACE}; 0: no pause; Space skips)")

    def play(self, launch: Launch) -> int:
        stdin = launch.stdin or sys.stdin
        stdout = launch.stdout or sys.stdout
        if not (stdin.isatty() and stdout.isatty()):
            raise AsobiError(
                "the tui frontend needs a terminal (stdin and stdout are not one here); "
                "use --frontend text"
            )
        try:
            from asobi_frontends.tui.app import TableApp
        except ImportError as exc:
            raise AsobiError(
                f"the tui frontend needs Textual ({exc}); install asobi[tui], or use "
                "--frontend text"
            ) from None
        from asobi.play.session import check_record_path

        if launch.record_path is not None:
            check_record_path(launch.record_path)
        app = TableApp(launch)
        app.run()
        app.faults.print_report(sys.stderr)  # what stays once the panel is gone
        return app.status


FRONTEND = TuiFrontend()

__all__ = ["DEFAULT_PACE", "FRONTEND", "THEMES", "TuiFrontend"]
