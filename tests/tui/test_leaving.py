"""Leaving the table (issue 37): during a game, ``q`` (and Ctrl+Q, and a click on the keys
bar's quit) asks first in a small dialog that says the game is lost unless its record is
saved; no, Esc or ``n`` goes back to the game as it was, yes goes on to the save offer. Once
the game is over, ``q`` leaves at once."""

from __future__ import annotations

import json

import pytest

from asobi_frontends.tui.app import TableApp
from asobi_frontends.tui.screens import ConfirmScreen, SaveScreen
from support.tui import make_launch, settle

pytestmark = pytest.mark.anyio


@pytest.fixture
def nim(registry_of):
    registry = registry_of(games={"nim": "asobi_nim"})

    def build(**kwargs):
        return TableApp(make_launch(registry, "nim", "human,ai:random", seed=3, **kwargs))

    return build


def _quit_in_the_bar(app: TableApp) -> tuple[int, int]:
    """Where the keys bar shows ``q``, on the screen's last row."""
    bar = app.query_one("#keys")
    text = bar.render_line(0).text
    return text.rindex(" q ") + 1, bar.region.y


@pytest.mark.slow
async def test_q_asks_first_and_no_goes_back_to_the_game(nim):
    app = nim()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        asking, moves = app._asking, list(app.session.moves)
        for ask, stay in (("q", "n"), ("q", "escape"), ("ctrl+q", "n"),
                          (_quit_in_the_bar(app), "escape")):
            if isinstance(ask, tuple):
                await pilot.click(offset=ask)
            else:
                await pilot.press(ask)
            assert await settle(pilot, app) == "confirm", ask
            screen = app.screen
            assert isinstance(screen, ConfirmScreen) and screen.title_text == "Leave the game?"
            assert "lost unless you save its record" in screen.body
            await pilot.press(stay)
            assert await settle(pilot, app) == "turn"
            assert app._asking is asking and app.session.moves == moves and app.is_running
        await pilot.press("1")  # the game goes on
        await settle(pilot, app, answered=asking)
        assert len(app.session.moves) > len(moves)


@pytest.mark.parametrize("yes", ["y", pytest.param("enter", marks=pytest.mark.slow)])
async def test_yes_leaves_through_the_save_offer(nim, yes, tmp_path):
    app = nim()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        await pilot.press("q")
        assert await settle(pilot, app) == "confirm"
        await pilot.press(yes)
        assert await settle(pilot, app) == "save"
        assert isinstance(app.screen, SaveScreen)
        await pilot.press("escape")  # no record
        assert await settle(pilot, app) == "gone"
    assert app.return_value == 0
    assert "You left the game." in app.said


async def test_with_record_the_question_says_where_it_is_saved(nim, tmp_path):
    target = tmp_path / "left.json"
    app = nim(record=target)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        await pilot.press("q")
        assert await settle(pilot, app) == "confirm"
        assert str(target) in app.screen.body and "lost" not in app.screen.body
        await pilot.press("y")
        assert await settle(pilot, app) == "text"  # where it went, then gone
        await pilot.press("enter")
        assert await settle(pilot, app) == "gone"
    assert json.loads(target.read_text())["moves"] == app.session.moves


async def test_q_over_a_page_asks_too_and_no_goes_back_to_the_page(nim):
    app = nim()
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        await pilot.press("question_mark")
        assert await settle(pilot, app) == "text"
        keys = app.screen
        await pilot.press("q")
        assert await settle(pilot, app) == "confirm"
        await pilot.press("n")
        assert await settle(pilot, app) == "text" and app.screen is keys


async def test_once_the_game_is_over_q_leaves_at_once(nim, tmp_path):
    """Nim with --record: at the end the record is saved and the final table shown; ``q``
    there closes the table without a question."""
    target = tmp_path / "nim.json"
    app = nim(record=target)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):  # take the first pile's stones until the final table shows
            state = await settle(pilot, app)
            if state == "text" and app.flow.over:
                break
            assert state == "turn"
            await pilot.press("1")
        assert app.screen.title_text == "Game over" and target.exists()
        await pilot.press("q")
        assert await settle(pilot, app) == "gone"
    assert app.return_value == 0
    assert json.loads(target.read_text())["moves"] == app.session.moves
