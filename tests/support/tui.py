"""Helpers of the tui tests: a launch as ``asobi play`` builds it, and playing a table by keys
(wait for the table to need a key, then press it)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from asobi.host.registry import Registry
from asobi.play.frontend import Launch
from asobi.play.session import parse_seats
from asobi_frontends.tui.app import TableApp
from asobi_frontends.tui.screens import ChoiceScreen, ConfirmScreen, SaveScreen, TextScreen


def make_launch(
    registry: Registry,
    game: str,
    seats: str,
    seed: int = 7,
    lang: str = "en",
    record: Path | None = None,
    variant: str | None = None,
    **options: object,
) -> Launch:
    """The launch of ``asobi play GAME --frontend tui`` with these options (no pause)."""
    found = registry.game(game)
    return Launch(
        registry=registry,
        game=found,
        variant=found.load_variant(variant),
        seats=parse_seats(seats, found),
        lang=lang,
        seed=seed,
        record_path=record,
        options={"theme": "default", "pace": 0.0, **options},
    )


WAIT = 30.0
"""Seconds a test waits for the AI or a dialog before it fails."""


async def settle(pilot: Pilot[int], app: TableApp, answered: object = None) -> str:
    """Wait until the table needs the person: ``turn`` (choices listed), ``choice`` (a
    question in a dialog), ``confirm`` (a yes-or-no question), ``text`` (a page to close),
    ``save`` (the save offer) or ``gone`` (the app has exited). ``answered``: the question
    (``app._asking``) a click or a key has just answered; its turn does not count, however
    slowly the app takes the answer in."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        await pilot.pause()
        if app.return_value is not None or not app.is_running:
            return "gone"
        screen = app.screen
        if isinstance(screen, ChoiceScreen):
            return "choice"
        if isinstance(screen, ConfirmScreen):
            return "confirm"
        if isinstance(screen, SaveScreen):
            return "save"
        if isinstance(screen, TextScreen):
            return "text"
        if app._asking is not None and app._asking is not answered \
                and not app._asking[2].done():
            await steady(pilot, app)
            return "turn"
    raise AssertionError(f"the table did not ask for anything in {WAIT} s")


async def steady(pilot: Pilot[int], app: TableApp) -> None:
    """Pause until two pauses in a row find every widget of the screen where it was, the
    game's view given its width: the tabletop gives the table the rows it measured, so one
    layout may follow another, and a busy machine can be a pause behind (a test reading the
    table or clicking on it then would meet the layout before)."""
    def places() -> tuple[object, ...]:
        return tuple(widget.region for widget in app.screen.query("*"))

    def drawn() -> bool:  # (a terminal too small for the table shows no table)
        return app.view is None or app.view.region.width > 0 or app.screen.has_class(
            "-toosmall")

    await pilot.pause()
    before = places()
    for _ in range(40):
        await pilot.pause()
        if (now := places()) == before and drawn():
            return
        before = now
    raise AssertionError("the table's layout did not settle")


async def play_by_keys(
    pilot: Pilot[int],
    app: TableApp,
    pick: Callable[[TableApp], list[str]] | None = None,
    save: str | None = None,
    limit: int = 400,
    pages: list[str] | None = None,
) -> list[str]:
    """Answer every question with keys until the save offer (then type ``save`` and Enter,
    or Esc without a name) and the app exits. ``pick(app)`` gives the keys of a turn (default:
    ``1``). Returns the kinds of stops met, in order; the text of every page read (and of
    every question) goes to ``pages``."""
    seen: list[str] = []
    for _ in range(limit):
        state = await settle(pilot, app)
        screen = app.screen
        seen.append(state)
        if state == "gone":
            return seen
        if pages is not None and state in ("text", "choice", "save"):
            pages.append(screen.body)
        if state == "turn":
            await pilot.press(*(pick(app) if pick else ["1"]))
        elif state == "choice":
            await pilot.press("1")
        elif state == "text":
            await pilot.press("enter")
        elif state == "save":
            if save:
                screen.query_one(Input).value = save
                await pilot.press("enter")
            else:
                await pilot.press("escape")
    raise AssertionError(f"the game did not end in {limit} answers")


async def to_a_direction_choice(pilot: Pilot[int], app: TableApp, key: str) -> None:
    """Play cards whose half lets their player choose (``key``: ``emperor``, the Emperor's
    way; ``direction``, the painter's) until the seat is asked that choice."""
    kind = {"emperor": "garden", "direction": "painter"}[key]
    for _ in range(80):
        state = await settle(pilot, app)
        if state == "turn" and key in app._asking[1][0]:
            return
        keys = ["enter"]
        if state == "turn":
            hand = {c["number"]: c for c in app.session.observation(0)["hand"]}
            keys = [next((str(i) for i, a in enumerate(app._asking[1], 1)
                          if hand.get(a.get("card"), {}).get(kind, "").endswith("either")), "1")]
        await pilot.press(*keys)
    raise AssertionError(f"never asked for a {key} choice")


def final_table(page: str, seats: int) -> tuple[str, dict[str, list[int]], list[int]]:
    """The final table of a "Game over" page: its header line, each row's label and numbers
    (one per seat, the last ``seats`` cells of the line), and the totals (the "Total" row)."""
    lines = page.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(" "))  # the header
    rows: dict[str, list[int]] = {}
    for line in lines[start + 1:]:
        cells = line.split()
        label = " ".join(cells[:-seats])
        numbers = [int(cell) for cell in cells[-seats:]]
        if label == "Total":
            return lines[start], rows, numbers
        rows[label] = numbers
    raise AssertionError(f"no Total row in {page!r}")
