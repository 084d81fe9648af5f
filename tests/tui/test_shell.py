"""The table's shell with any game: the generic view (the Nim test plugin), sizes, keys,
themes, the save offer, the error panel and the refusal without a terminal."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from textual.widgets import Input

from asobi.errors import AsobiError
from asobi_frontends.tui import FRONTEND
from asobi_frontends.tui.app import TableApp
from asobi_frontends.tui.generic import GenericView
from asobi_frontends.tui.screens import SaveScreen, TextScreen
from support.tui import make_launch, play_by_keys, settle

pytestmark = pytest.mark.anyio


@pytest.fixture
def nim_launch(registry_of):
    registry = registry_of(games={"nim": "asobi_nim"})

    def build(**kwargs):
        return make_launch(registry, "nim", "human,ai:random", **kwargs)

    return build


@pytest.mark.slow
async def test_a_game_without_a_view_is_played_in_the_generic_view(nim_launch, tmp_path):
    app = TableApp(nim_launch(seed=3, record=tmp_path / "nim.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        view = app.view
        assert isinstance(view, GenericView)  # drawn by the game's text view
        assert view.text == "pile 1: ooo  pile 2: oooo  pile 3: ooooo"
        assert "pile 1: ooo" in "".join(view.body.render_line(0).text)  # on screen
        options = [str(o.prompt) for o in app.query_one("#choices").options]
        assert options[0] == "1. " + app.label(0, {"pile": 0, "take": 1})
        await pilot.press("down", "down", "enter")  # the third choice: take 3 from pile 1
        await settle(pilot, app)
        assert app.session.moves[0] == {"seat": 0, "action": {"pile": 0, "take": 3}}
        assert view.text.startswith("pile 1: -")  # the view follows the game
        seen = await play_by_keys(pilot, app)
    assert seen[-2:] == ["text", "gone"]  # the final table, then the record saved by --record
    assert json.loads((tmp_path / "nim.json").read_text())["moves"] == app.session.moves


@pytest.mark.slow
async def test_a_key_that_is_no_choice_changes_nothing(nim_launch):
    app = TableApp(nim_launch(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        await pilot.press("0", "x", "escape", "left", "right", "space")
        await pilot.pause()
        assert app.session.moves == [] and app._asking is not None
        await pilot.press("9")
        await settle(pilot, app)
        assert app.session.moves[0]["action"] == {"pile": 2, "take": 3}


@pytest.mark.slow
async def test_too_small_says_the_size_needed_and_recovers(nim_launch):
    app = TableApp(nim_launch(seed=3))
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, app)
        message = app.query_one("#toosmall")
        assert message.display and not app.query_one("#main").display
        assert "80x24" in str(message.render()) and "60x20" in str(message.render())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not message.display and app.query_one("#main").display
        assert app.main_screen.has_class("-compact")
        await pilot.resize_terminal(140, 40)
        await pilot.pause()
        assert not app.main_screen.has_class("-compact")
        assert app.query_one("#choices").region.x > 0  # the choices beside the game
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.main_screen.has_class("-compact")
        assert app.query_one("#choices").region.x == 0  # below it
        await pilot.press("1")  # still playable
        await settle(pilot, app)
        assert len(app.session.moves) >= 1


@pytest.mark.slow
async def test_quit_offers_to_save_and_saves_under_the_name_typed(nim_launch, tmp_path):
    app = TableApp(nim_launch(seed=3))
    target = tmp_path / "left.json"
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        await pilot.press("1")
        await settle(pilot, app)
        await pilot.press("q")
        assert await settle(pilot, app) == "confirm"  # the game is in progress: asked first
        await pilot.press("y")
        assert await settle(pilot, app) == "save"
        assert isinstance(app.screen, SaveScreen)
        # one account of the keys, below the field: the question does not give another
        assert app.screen.prompt == "Save a record of this game? Type a file name:"
        assert app.screen.keys == "Enter: save · Esc: skip"
        app.screen.query_one(Input).value = str(tmp_path / "nowhere" / "x.json")
        await pilot.press("enter")
        assert await settle(pilot, app) == "save"  # no such folder: asked again, with why
        assert "no such folder" in app.screen.body or "No such file" in app.screen.body
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_value == 0
    record = json.loads(target.read_text())
    assert record["moves"] == app.session.moves and len(record["moves"]) >= 2


async def test_a_fault_in_a_game_hook_shows_an_error_panel_and_saves_the_record(
    nim_launch, tmp_path, monkeypatch
):
    launch = nim_launch(seed=3, record=tmp_path / "crash.json")
    hooks = launch.game.hooks

    def broken(event, seat, lang):
        raise ZeroDivisionError("the game's describe_event broke")

    app = TableApp(launch)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        monkeypatch.setattr(hooks, "describe_event", broken)
        await pilot.press("1")
        assert await settle(pilot, app) == "text"
        screen = app.screen
        assert isinstance(screen, TextScreen) and screen.title_text == "Error"
        assert "ZeroDivisionError: the game's describe_event broke" in screen.body
        assert str(tmp_path / "crash.json") in screen.body
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_value == 1
    saved = json.loads((tmp_path / "crash.json").read_text())
    assert saved["moves"][0] == {"seat": 0, "action": {"pile": 0, "take": 1}}


@pytest.mark.slow
async def test_the_ai_thinks_in_a_worker_with_a_thinking_mark(nim_launch, monkeypatch):
    app = TableApp(nim_launch(seed=3))
    decide = app.driver.decide

    def slow(seat):
        time.sleep(0.4)
        return decide(seat)

    monkeypatch.setattr(app.driver, "decide", slow)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        await pilot.press("1")
        await pilot.pause(0.1)
        status = str(app.query_one("#status").render())
        assert "Seat 2 (AI, random) is thinking…" in status
        assert app.is_running  # the screen keeps answering: help opens while it thinks
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        await pilot.press("escape")
        assert await settle(pilot, app) == "turn"
        assert "thinking" not in str(app.query_one("#status").render())


@pytest.mark.parametrize("theme, textual_theme", [
    ("default", "asobi-default"), ("high-contrast", "asobi-high-contrast"),
    ("monochrome", "ansi-dark"),
])
async def test_themes(nim_launch, theme, textual_theme):
    app = TableApp(nim_launch(seed=3, theme=theme))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert app.theme == textual_theme


def test_the_options_of_the_frontend():
    parser = argparse.ArgumentParser()
    FRONTEND.add_options(parser, "play")
    args = parser.parse_args(["--theme", "monochrome", "--pace", "0"])
    assert (args.theme, args.pace) == ("monochrome", 0.0)
    for bad in (["--theme", "pink"], ["--pace", "-1"], ["--pace", "soon"]):
        with pytest.raises(SystemExit):
            parser.parse_args(bad)


def test_without_a_terminal_it_says_to_use_the_text_frontend(nim_launch):
    launch = nim_launch(seed=3)
    launch.stdin, launch.stdout = io.StringIO(""), io.StringIO()
    with pytest.raises(AsobiError, match="use --frontend text"):
        FRONTEND.play(launch)


def test_the_command_without_a_terminal_exits_2(tmp_path):
    asobi = Path(sys.executable).parent / "asobi"
    out = subprocess.run(
        [str(asobi), "play", "koikoi", "--frontend", "tui", "--theme", "monochrome"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )
    assert out.returncode == 2
    assert "--frontend text" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.slow
async def test_the_pause_after_a_move_is_skipped_with_space(nim_launch):
    """With a long pace, each told line waits; Space lets the table go on at once."""
    app = TableApp(nim_launch(seed=3, pace=5.0))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        await pilot.press("1")
        await pilot.pause(0.6)
        assert app._asking is None  # still telling the moves, one line at a time
        start = time.monotonic()
        while app._asking is None or app._asking[2].done():
            await pilot.press("space")
            await pilot.pause(0.05)
            assert time.monotonic() - start < 4, "the pause was not skipped"
        assert len(app.session.moves) == 2


async def test_two_people_at_one_table_take_turns_each_with_their_own_view(registry_of):
    registry = registry_of(games={"nim": "asobi_nim"})
    app = TableApp(make_launch(registry, "nim", "human,human", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        assert app._asking[0] == 0 and app.view.context.seat == 0
        await pilot.press("1")
        assert await settle(pilot, app) == "text"  # the table is hidden while it changes hands
        assert not app.query_one("#main").display and "Hand the keyboard to Seat 2" in \
            app.screen.body
        await pilot.press("enter")
        assert await settle(pilot, app) == "turn"
        assert app.query_one("#main").display
        assert app._asking[0] == 1 and app.view.context.seat == 1
        assert "--- Seat 2 to play ---" in app.said
        assert "Seat 2 to play" in str(app.query_one("#status").render())


@pytest.mark.slow
async def test_a_click_on_a_choice_takes_it(nim_launch):
    app = TableApp(nim_launch(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        choices = app.query_one("#choices")
        await pilot.click(choices, offset=(4, 2))  # the second option (a border row above)
        await settle(pilot, app)
        assert app.session.moves[0] == {"seat": 0, "action": {"pile": 0, "take": 2}}
