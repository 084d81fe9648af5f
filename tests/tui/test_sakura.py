"""Sakura in the terminal table, played by keys."""

from __future__ import annotations

import json

import pytest

from asobi_frontends.tui.app import TableApp
from asobi_frontends.tui.screens import ChoiceScreen
from support.tui import final_table, play_by_keys, settle

pytestmark = pytest.mark.anyio


@pytest.mark.slow
async def test_a_whole_two_player_game_by_keys(launch_for, tmp_path):
    """The game ends, the trees were announced in a dialog, the final table names the seats
    and its rows (the starting tokens, each tree, the bumps) add up to the scores, and the
    record saved by name at the offer holds every move."""
    app = TableApp(launch_for("sakura", "human,ai:easy", seed=2))
    path = tmp_path / "game.json"
    pages: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        seen = await play_by_keys(pilot, app, save=str(path), pages=pages)
    assert seen[-1] == "gone" and app.return_value == 0
    assert app.session.finished
    assert "text" in seen  # the trees scored and the end were told in a dialog
    assert any("cherry tree" in line for line in app.said)
    header, rows, total = final_table(pages[-1], 2)
    assert "Seat 1 (you)" in header and "Seat 2" in header
    assert list(rows)[0] == "Starting tokens" and list(rows)[-1] == "Lost in bumps"
    assert [label.split(" (")[0] for label in list(rows)[1:-1]] == ["Tree 1", "Tree 2",
                                                                     "Tree 3"]
    assert [sum(column) for column in zip(*rows.values(), strict=True)] == total
    assert total == app.session.result()["scores"]
    record = json.loads(path.read_text())
    assert record["moves"] == app.session.moves


async def test_the_neutral_painter_from_the_hand_is_given_by_keys(launch_for):
    """In the two-player mode where the players take turns giving the neutral painter a card,
    the human's turn to give comes as choices to give a card, and the keys give it."""
    app = TableApp(launch_for("sakura", "human,ai:easy", seed=2, variant="neutral-from-hand"))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            state = await settle(pilot, app)
            if state == "turn" and "neutral" in app._asking[1][0]:
                break
            await pilot.press("1" if state in ("turn", "choice") else "enter")
        else:
            raise AssertionError("the human never gave the neutral painter a card")
        labels = [str(o.prompt) for o in app.query_one("#choices").options]
        assert labels[0].startswith("1. Give the neutral painter")
        await pilot.press("1")
        await settle(pilot, app)
        assert any("neutral" in m["action"] for m in app.session.moves if m["seat"] == 0)


@pytest.mark.slow
async def test_the_emperor_choice_is_in_the_list_and_the_pieces_walk_step_by_step(launch_for):
    """A card that lets the player move the Emperor either way asks in the list of choices,
    the view saying so over the path (no dialog hides it); while the round resolves, the
    view follows each event before the next one is told."""
    app = TableApp(launch_for("sakura", "human,ai:easy", seed=2, pace=0.001))
    steps: list[int] = []
    async with app.run_test(size=(100, 30)) as pilot:
        view = app.view
        original = view.play_event

        def follow(event):
            original(event)
            if event.get("type") == "emperor":
                steps.append(view.emperor)
                assert f"{view.emperor}" and view.text  # drawn at once

        view.play_event = follow

        def either(app_):
            hand = {c["number"]: c for c in app_.session.observation(0)["hand"]}
            for i, action in enumerate(app_._asking[1], 1):
                card = hand.get(action.get("card"))
                if card and card["garden"] == "emperor-either":
                    return [str(i)]
            return ["1"]

        for _ in range(80):
            state = await settle(pilot, app)
            assert state != "choice"
            if state == "turn" and "emperor" in app._asking[1][0]:
                break
            await pilot.press(*(either(app) if state == "turn" else ["enter"]))
        else:
            raise AssertionError("never asked where the Emperor goes")
        assert not isinstance(app.screen, ChoiceScreen)
        assert "must choose where the Emperor goes" in app.view.text
        labels = [str(o.prompt) for o in app.query_one("#choices").options]
        assert labels == ["1. Emperor 1 forward", "2. Emperor 1 back"]
        await pilot.press("2")  # back
        await settle(pilot, app)
        assert {"emperor": "back"} in [m["action"] for m in app.session.moves if m["seat"] == 0]
    assert steps  # the Emperor walked event by event
