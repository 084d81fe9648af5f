"""Screenshots of the main screens, compared with the SVGs checked in under __snapshots__/.

After a deliberate change of the table, look at the new pictures and update them with
``pytest tests/tui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

import pytest

from asobi_frontends.tui.app import TableApp
from asobi_frontends.tui.screens import ChoiceScreen
from support.tui import make_launch, settle, to_a_direction_choice


def _app(registry, game, seats="human,ai:easy", **kwargs):
    return TableApp(make_launch(registry, game, seats, **kwargs))


async def _first_turn(pilot):
    assert await settle(pilot, pilot.app) == "turn"


async def _hover_second(pilot):
    await _first_turn(pilot)
    await pilot.press("down")
    await pilot.pause()


@pytest.mark.slow
@pytest.mark.parametrize("lang, size", [("en", (80, 24)), ("ja", (80, 24)), ("pt", (130, 40)),
                                        ("it", (100, 30))])
def test_koikoi_table(installed, snap_compare, lang, size):
    app = _app(installed, "koikoi", seed=5, lang=lang)
    assert snap_compare(app, terminal_size=size, run_before=_hover_second)


@pytest.mark.slow
def test_koikoi_decision_dialog(installed, snap_compare):
    async def to_the_decision(pilot):
        for _ in range(60):
            state = await settle(pilot, pilot.app)
            if state == "choice":
                assert isinstance(pilot.app.screen, ChoiceScreen)
                return
            await pilot.press("enter" if state == "text" else "1")
        raise AssertionError("no decision")

    app = _app(installed, "koikoi", seed=19)
    assert snap_compare(app, terminal_size=(100, 30), run_before=to_the_decision)


@pytest.mark.parametrize("lang, size, theme", [
    ("en", (80, 24), "default"), ("it", (130, 40), "high-contrast"),
    ("ja", (80, 24), "monochrome"),
])
@pytest.mark.slow
def test_sakura_table(installed, snap_compare, lang, size, theme):
    app = _app(installed, "sakura", seed=2, lang=lang, theme=theme)
    assert snap_compare(app, terminal_size=size, run_before=_hover_second)


def test_generic_view_of_a_game_without_one(registry_of, snap_compare):
    registry = registry_of(games={"nim": "asobi_nim"})
    app = _app(registry, "nim", seats="human,ai:random", seed=3)
    assert snap_compare(app, terminal_size=(80, 24), run_before=_first_turn)


def test_too_small(installed, snap_compare):
    app = _app(installed, "koikoi", seed=5)
    assert snap_compare(app, terminal_size=(70, 20), run_before=_first_turn)


def test_koikoi_table_uses_the_room_of_100x30(installed, snap_compare):
    """Full card names in fewer tiles a row, where 100x30 has the height for them."""
    app = _app(installed, "koikoi", seed=5)
    assert snap_compare(app, terminal_size=(100, 30), run_before=_hover_second)


@pytest.mark.slow
def test_sakura_table_uses_the_room_of_100x30(installed, snap_compare):
    """Four players, the fourth round (seed 3): every card's two halves whole, the revealed
    cards of the last round in full, the legend."""
    async def to_the_fourth_turn(pilot):
        turns = 0
        while True:
            state = await settle(pilot, pilot.app)
            if state == "turn":
                turns += 1
                if turns == 4:
                    return
            await pilot.press("enter" if state == "text" else "1")

    app = _app(installed, "sakura", seats="human,ai:easy,ai:easy,ai:easy", seed=3)
    assert snap_compare(app, terminal_size=(100, 30), run_before=to_the_fourth_turn)


def test_sakura_choice_of_way_marks_the_path(installed, snap_compare):
    """Seed 2: card 9 lets the player move the Emperor one space either way; the question is
    over the path and the two spaces he can go to are marked (▶ forward, the highlighted
    choice, ◀ back), the choices in the list."""
    async def to_the_choice(pilot):
        await to_a_direction_choice(pilot, pilot.app, "emperor")

    app = _app(installed, "sakura", seed=2)
    assert snap_compare(app, terminal_size=(100, 30), run_before=to_the_choice)


def test_leave_the_game_dialog(installed, snap_compare):
    """``q`` during a game: the small dialog that asks first, over the table."""
    async def ask_to_leave(pilot):
        await _first_turn(pilot)
        await pilot.press("q")
        assert await settle(pilot, pilot.app) == "confirm"

    app = _app(installed, "koikoi", seed=5)
    assert snap_compare(app, terminal_size=(80, 24), run_before=ask_to_leave)
