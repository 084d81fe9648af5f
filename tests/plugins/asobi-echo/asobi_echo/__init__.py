"""``echo``: the smallest frontend that uses every door a frontend has.

It adds its own command-line options (``--prefix``, ``--quiet-ai``) and its own hook
(``asobi_echo_banner``, declared in :mod:`asobi_echo.hookspecs` through the entry-point group
``asobi.hookspecs``). It prints every line with the prefix, reads the number of a choice for
each human seat from standard input, and lets the core's driver move the AI seats.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from asobi.play.driver import Driver


class EchoFrontend:
    title = "Echo (a test frontend: numbered choices, every line prefixed)"

    def add_options(self, parser: argparse.ArgumentParser, command: str) -> None:
        group = parser.add_argument_group("echo frontend")
        group.add_argument("--prefix", default="|", help="put this before every line")
        group.add_argument("--quiet-ai", action="store_true", help="do not show AI moves")

    def play(self, launch: Any) -> int:
        out = launch.stdout or sys.stdout
        inp = launch.stdin or sys.stdin
        prefix = launch.options["prefix"]
        hooks = launch.game.hooks

        def say(text: str) -> None:
            for line in text.splitlines() or [""]:
                print(f"{prefix} {line}", file=out, flush=True)

        banner = getattr(launch.game.hook, "asobi_echo_banner", None)
        if banner is not None and banner.spec is not None:
            line = banner(lang=launch.lang)
            if line:
                say(line)
        session = launch.new_session()
        driver = Driver(session, launch.agents(session))
        while not session.finished:
            for seat, action in driver.play_ai():
                if not launch.options["quiet_ai"]:
                    obs = session.observation(seat)
                    say(f"seat {seat + 1}: {hooks.describe_action(obs, action, launch.lang)}")
            if session.finished:
                break
            seat = session.to_act()[0]
            obs = session.observation(seat)
            say(hooks.render_text(obs, launch.lang))
            legal = session.legal_actions(seat)
            for number, action in enumerate(legal, 1):
                say(f"{number}. {hooks.describe_action(obs, action, launch.lang)}")
            answer = inp.readline()
            if not answer:
                say("end of input: the game is left unfinished")
                return 2
            text = answer.strip()
            if not text.isdigit() or not 1 <= int(text) <= len(legal):
                say(f"'{text}' is not a choice; type 1 to {len(legal)}")
                continue
            driver.play(seat, legal[int(text) - 1])
        say(f"game over: {session.result()['scores']}")
        return 0


FRONTEND = EchoFrontend()
