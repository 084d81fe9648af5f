"""Koi-Koi in the terminal table, played by keys."""

from __future__ import annotations

import io
import json

import pytest

from asobi_frontends.text.loop import TextFrontend
from asobi_frontends.tui.app import TableApp
from asobi_frontends.tui.screens import ChoiceScreen, TextScreen, numbered
from support.tui import final_table, play_by_keys, settle

pytestmark = pytest.mark.anyio


def _body(app: TableApp) -> str:
    return str(app.view.text)


@pytest.mark.slow
async def test_a_whole_round_by_keys_saves_the_same_record_as_the_text_frontend(
    launch_for, tmp_path
):
    """Seed 11, the first choice every time: the tui's record is the text frontend's."""
    tui_record = tmp_path / "tui.json"
    app = TableApp(launch_for("koikoi", "human,ai:easy", seed=11, record=tui_record))
    pages: list[str] = []
    async with app.run_test(size=(100, 30)) as pilot:
        seen = await play_by_keys(pilot, app, pages=pages)
    assert seen[-1] == "gone" and app.return_value == 0
    assert app.session.finished
    # the round's summary: the winner's yaku with the cards they are made of, and points
    result = app.session.result()
    summary = next(p for p in pages if "round 1" in p and "Points:" in p)
    for yaku in result["rounds"][0]["yaku"]:
        if yaku:
            assert f"{yaku[0]} (" in summary  # e.g. "plains (2): Pine plain 1, ..."
    assert "Final scores" in pages[-1]  # the game's end: the final table, seats named
    header, rows, total = final_table(pages[-1], 2)
    assert "Seat 1 (you)" in header and "Seat 2" in header
    assert list(rows) == ["Round 1 (month 1)"] and rows["Round 1 (month 1)"] == total
    assert total == result["scores"]
    assert f"Record saved to {tui_record}" in pages[-1]
    record = json.loads(tui_record.read_text())
    assert record["moves"] and record["seed"] == 11

    text_record = tmp_path / "text.json"
    launch = launch_for("koikoi", "human,ai:easy", seed=11, record=text_record)
    launch.stdin = io.StringIO("1\n" * 200)
    launch.stdout = io.StringIO()
    assert TextFrontend().play(launch) == 0
    assert json.loads(text_record.read_text()) == record


@pytest.mark.slow
async def test_hover_lights_the_cards_a_hand_card_would_capture(launch_for):
    app = TableApp(launch_for("koikoi", "human,ai:easy", seed=5))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot, app) == "turn"
        view = app.view
        legal = app._asking[1]
        obs = app.session.observation(0)
        months = {c: c.split("-")[0] for c in obs["board"]}
        for index, action in enumerate(legal):
            plant = action["play"].split("-")[0]
            app.query_one("#choices").highlighted = index
            await pilot.pause()
            assert view.lit == action["play"]
            assert view.targets == {c for c, p in months.items() if p == plant}
        capturing = next(i for i, a in enumerate(legal) if view_targets(obs, a))
        app.query_one("#choices").highlighted = capturing
        await pilot.pause()
        assert "▲" in _body(app)  # the lit board cards carry a mark


def view_targets(obs, action):
    plant = action["play"].split("-")[0]
    return [c for c in obs["board"] if c.startswith(plant + "-")]


@pytest.mark.slow
async def test_the_koikoi_call_is_a_dialog_with_the_stop_value_and_the_threats(launch_for):
    """Seed 19: the human makes a yaku; the decision comes as a dialog with what stopping is
    worth, the yaku, and the opponent's threats; Esc goes back to the table and the dialog
    comes back."""
    app = TableApp(launch_for("koikoi", "human,ai:easy", seed=19))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(60):
            state = await settle(pilot, app)
            if state == "choice":
                break
            await pilot.press("enter" if state == "text" else "1")
        else:
            raise AssertionError("no koi-koi decision in this deal")
        screen = app.screen
        assert isinstance(screen, ChoiceScreen)
        body = screen.body
        obs = app.session.observation(0)
        assert obs["phase"] == "koikoi"
        assert f"stop and score {obs['decision']['points']}" in body
        assert "Opponent's threats:" in body
        assert "red poetry ribbons: 2/3, missing Pine ribbon (poetry)" in body
        for yaku in obs["players"][0]["yaku"]:
            assert yaku["title"] in body
        assert [a for a in screen.choices] == [app.label(0, a) for a in app._asking[1]]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")  # Esc on the table asks again
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        moves = len(app.session.moves)
        await pilot.press("2")
        await pilot.pause()
        assert len(app.session.moves) > moves


@pytest.mark.slow
async def test_a_hint_names_a_legal_choice_and_highlights_it(launch_for):
    app = TableApp(launch_for("koikoi", "human,ai:easy", seed=5))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot, app) == "turn"
        await pilot.press("h")
        for _ in range(200):
            await pilot.pause(0.05)
            lines = app.said
            if any(line.startswith("Hint: ") for line in lines):
                break
        hint = next(line for line in lines if line.startswith("Hint: "))
        number = int(hint.split(".")[0].removeprefix("Hint: "))
        labels = [app.label(0, a) for a in app._asking[1]]
        assert hint.startswith(f"Hint: {number}. {labels[number - 1]}")
        assert app.query_one("#choices").highlighted == number - 1
        assert app.session.moves[-1]["seat"] == 1  # the hint did not play


@pytest.mark.slow
async def test_rules_and_help_pages_open_and_close(launch_for):
    app = TableApp(launch_for("koikoi", "human,ai:easy", seed=5, lang="it"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        rules = app.hooks.rules_text(app.session.variant.rules, "it")
        assert app.screen.body == rules
        await pilot.press("escape")
        await pilot.press("question_mark")
        await pilot.pause()
        assert "suggerimento" in app.screen.body
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is app.main_screen


@pytest.mark.slow
async def test_the_language_switches_with_l_and_the_table_follows(launch_for):
    app = TableApp(launch_for("koikoi", "human,ai:easy", seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        assert "Your hand" in _body(app)
        for lang, hand in (("pt", "Sua mão"), ("it", "La tua mano"), ("ja", "手札")):
            await pilot.press("l")
            await pilot.pause()
            assert app.lang == lang
            assert hand in _body(app), lang
            first = str(app.query_one("#choices").get_option_at_index(0).prompt)
            assert first == numbered(1, app.label(0, app._asking[1][0]))
        assert app.query_one("#choices").border_title == "あなたの選択肢"
        await pilot.press("l")
        await pilot.pause()
        assert app.lang == "en" and "Your hand" in _body(app)
        await pilot.press("1")  # still plays
        await pilot.pause()
        assert app.session.moves[-1]["seat"] == 0 or len(app.session.moves) > 1


async def test_the_table_shows_ones_own_move_while_the_story_tells_it(launch_for):
    """A long pace: while the lines of one's own move are told, the table already shows the
    card gone from the hand (it used to wait for the story to end)."""
    app = TableApp(launch_for("koikoi", "human,ai:easy", seed=5))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot, app) == "turn"
        app.tabletop.pace = 5.0  # from one's own first move on
        played = app._asking[1][0]["play"]
        assert played in app.view.obs["hand"]
        await pilot.press("1")
        await pilot.pause(0.3)
        assert app._asking is None and app.said  # still telling, a line at a time
        assert played not in app.view.obs["hand"]  # the table drawn as the move left it
