"""The text frontend and the tui tell the same game in the same words: for one seed and the
same moves, the seats' names, the labels of the first menu, the hint for it and the final
table read the same on both screens (both put the game into words through
``asobi_frontends.terminal``)."""

from __future__ import annotations

import io
import json
import re

import pytest
from rich.text import Text

from asobi.i18n import translator
from asobi_frontends.text.loop import TextFrontend
from asobi_frontends.tui.app import TableApp
from support.tui import make_launch, play_by_keys, settle

pytestmark = pytest.mark.anyio

NUMBERED = re.compile(r"^\s*(\d+)\. ?(.*)$")
CASES = [
    # game, seats, seed, language; Nim does not tell its own end, so both show the final table
    ("koikoi", "human,ai:easy", 5, "ja"),
    ("nim", "human,ai:random", 3, "pt"),
]


def _text_screen(launch) -> list[str]:
    """What the text frontend prints when the person asks a hint, then takes choice 1 at
    every prompt (and skips the save offer)."""
    launch.stdin = io.StringIO("hint\n" + "1\n" * 300)
    launch.stdout = io.StringIO()
    assert TextFrontend().play(launch) == 0
    return [line.removeprefix("> ") for line in launch.stdout.getvalue().splitlines()]


def _first_menu(lines: list[str], heading: str) -> list[str]:
    start = lines.index(heading) + 1
    menu = []
    for line in lines[start:]:
        found = NUMBERED.match(line)
        if not found:
            break
        menu.append(found.group(2))
    return menu


@pytest.mark.slow
@pytest.mark.parametrize("game, seats, seed, lang", CASES)
async def test_both_terminal_frontends_say_the_same(registry_of, installed, tmp_path, game,
                                                    seats, seed, lang):
    registry = registry_of(games={"nim": "asobi_nim"}) if game == "nim" else installed
    record = tmp_path / "text.json"
    text = _text_screen(make_launch(registry, game, seats, seed=seed, lang=lang, record=record))
    shared = translator("asobi_frontends.terminal", lang)
    hint_start = shared("Hint: {n}. {label} — {reason}").split("{n}")[0]

    app = TableApp(make_launch(registry, game, seats, seed=seed, lang=lang))
    async with app.run_test(size=(120, 36)) as pilot:
        assert await settle(pilot, app) == "turn"
        options = [Text.from_markup(str(o.prompt)).plain
                   for o in app.query_one("#choices").options]
        status = str(app.query_one("#status").render())
        await pilot.press("h")
        for _ in range(400):
            await pilot.pause(0.05)
            if any(line.startswith(hint_start) for line in app.said):
                break
        tui_hint = next(line for line in app.said if line.startswith(hint_start))
        await play_by_keys(pilot, app)
    said = app.said

    # the seats, as the text frontend lists them at the start and the tui's status names them
    names = [line.strip() for line in text[1:1 + app.session.players]]
    assert names == [app.seat_name(s) for s in range(app.session.players)]
    assert names[0] in status
    # the first menu: the same labels, in the same order
    menu = _first_menu(text, translator("asobi_frontends.text", lang)("Your choices:"))
    assert menu and menu == [NUMBERED.match(o).group(2) for o in options]
    # the hint for it: the same line
    assert [line for line in text if line.startswith(hint_start)] == [tui_hint]
    # the same game was played, to its end
    assert app.session.finished and json.loads(record.read_text())["moves"] == app.session.moves
    if game == "nim":  # the final table: the scores and the winner, seats named as above
        final = shared("Final scores: {scores}").split("{scores}")[0]
        start = next(i for i, line in enumerate(text) if line.startswith(final))
        summary = text[start:start + 2]
        assert summary == said[-2:]
        assert names[0] in summary[0] and names[1] in summary[0]
