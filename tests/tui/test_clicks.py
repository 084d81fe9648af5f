"""A click on a card of the game's view takes the choice it stands for (issue 24): a Koi-Koi
hand card plays it, a board candidate captures it, a Sakura hand card is played or given to
the neutral painter; a click on anything that is not a choice changes nothing, and the keys
keep working after it."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from asobi_frontends.tui.app import TableApp
from asobi_koikoi.tuiview.tiles import ACTION_KEY as KOIKOI_KEY
from asobi_sakura.tuiview.tiles import ACTION_KEY as SAKURA_KEY
from support.tui import make_launch, settle, to_a_direction_choice

pytestmark = pytest.mark.anyio


def cells_of(app: TableApp, key: str) -> dict[str, tuple[int, int]]:
    """Where on the screen each clickable tile is: the action a tile takes (as text) -> the
    middle cell of the tile's first line, found in the styles the screen shows."""
    found: dict[str, list[tuple[int, int]]] = {}
    width, height = app.size
    for y in range(height):
        for x in range(width):
            action = app.screen.get_style_at(x, y).meta.get(key)
            if action is not None:
                found.setdefault(repr(action), []).append((x, y))
    out = {}
    for action, cells in found.items():
        top = min(y for _x, y in cells)
        row = [x for x, y in cells if y == top]
        out[action] = (row[len(row) // 2], top)
    return out


async def click_at(pilot, where: tuple[int, int]) -> None:
    await pilot.click(offset=where)
    await pilot.pause()


def moves_of(app: TableApp, seat: int) -> list[dict]:
    return [m["action"] for m in app.session.moves if m["seat"] == seat]


@pytest.mark.slow
@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_click_on_a_hand_card_plays_it(installed, size):
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=5))
    async with app.run_test(size=size) as pilot:
        assert await settle(pilot, app) == "turn"
        legal = app._asking[1]
        cells = cells_of(app, KOIKOI_KEY)
        assert sorted(cells) == sorted(repr(a) for a in legal)  # every hand card, no other
        chosen = legal[3]
        await click_at(pilot, cells[repr(chosen)])
        await settle(pilot, app)
        assert moves_of(app, 0)[0] == chosen
        assert any(chosen["play"].split("-")[0] in line.lower() for line in app.said)


@pytest.mark.slow
async def test_a_click_on_what_is_not_a_choice_changes_nothing(installed):
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=5))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot, app) == "turn"
        moves, asking = len(app.session.moves), app._asking
        text = app.view.text.splitlines()
        board_row = next(i for i, line in enumerate(text) if line.startswith("Board")) + 1
        for where in [(3, board_row + 1), (2, 1), (50, 0), (2, text.index("Your hand:"))]:
            await click_at(pilot, (where[0], where[1] + 1))  # the view is below the status
        assert len(app.session.moves) == moves and app._asking is asking
        assert isinstance(app.focused, OptionList)  # the keys still move in the choices
        await pilot.press("down", "enter")
        await settle(pilot, app)
        assert moves_of(app, 0)[0] == asking[1][1]


@pytest.mark.slow
async def test_in_the_capture_phase_a_click_on_a_board_candidate_captures_it(installed):
    """Seed 6: the wisteria in the hand matches two wisteria on the board."""
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=6))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot, app) == "turn"
        asked = app._asking
        await click_at(pilot, cells_of(app, KOIKOI_KEY)[repr({"play": "wisteria-plain-1"})])
        assert await settle(pilot, app, answered=asked) == "turn"
        assert app._menu.observation["phase"] == "capture"
        cells = cells_of(app, KOIKOI_KEY)
        assert sorted(cells) == sorted(repr({"capture": c})
                                       for c in ("wisteria-cuckoo", "wisteria-plain-2"))
        await click_at(pilot, cells[repr({"capture": "wisteria-cuckoo"})])
        await settle(pilot, app)
        assert moves_of(app, 0)[:2] == [{"play": "wisteria-plain-1"},
                                        {"capture": "wisteria-cuckoo"}]


@pytest.mark.slow
@pytest.mark.parametrize("seats", ["human,ai:easy", "human,ai:easy,ai:easy,ai:easy"])
async def test_a_click_on_a_sakura_hand_card_plays_it(installed, seats):
    app = TableApp(make_launch(installed, "sakura", seats, seed=2))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot, app) == "turn"
        cells = cells_of(app, SAKURA_KEY)
        assert sorted(cells) == sorted(repr(a) for a in app._asking[1])
        await click_at(pilot, cells[repr({"card": 16})])
        await settle(pilot, app)
        assert moves_of(app, 0)[0] == {"card": 16}


@pytest.mark.slow
async def test_a_click_gives_a_sakura_card_to_the_neutral_painter(installed):
    """Two players, the neutral painter fed from the hand: after the seat's own card, the
    tiles of the hand give one to the neutral painter."""
    app = TableApp(make_launch(installed, "sakura", "human,ai:easy", seed=2,
                               variant="neutral-from-hand"))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(10):
            assert await settle(pilot, app) == "turn"
            cells = cells_of(app, SAKURA_KEY)
            assert sorted(cells) == sorted(repr(a) for a in app._asking[1])
            chosen = app._asking[1][-1]
            await click_at(pilot, cells[repr(chosen)])
            await settle(pilot, app)
            assert moves_of(app, 0)[-1] == chosen
            if "neutral" in chosen:
                return
    raise AssertionError("never asked for the neutral painter's card")


async def test_choose_takes_only_a_legal_action_of_the_seat_asked(installed):
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=5))
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot, app) == "turn"
        legal = app._asking[1]
        choose = app.view.context.choose
        other = app._view_context(1).choose
        for wrong in ({"play": "no-such-card"}, {"capture": legal[0]["play"]}, None, 7,
                      "play", {"play": ["not", "hashable"]}):
            assert choose(wrong) is False
        assert other(legal[0]) is False  # not the seat asked
        assert app.session.moves == [] or all(m["seat"] == 1 for m in app.session.moves)
        assert choose(dict(legal[2])) is True
        await settle(pilot, app)
        assert moves_of(app, 0)[0] == legal[2]


def path_cell(app: TableApp, space: int) -> tuple[int, int]:
    """Where space ``space`` of the Sakura path is on the screen: its glyph on the path's
    line (two cells a space at 100 columns, as the ruler under it counts)."""
    lines = app.view.text.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("G "))
    assert lines[row + 1].startswith("0         5")  # two cells a space
    return app.view.region.x + 2 * space, app.view.region.y + row


@pytest.mark.parametrize("seed, key, chosen, mover", [
    (2, "emperor", "back", "The Emperor walks"), (2, "emperor", "forward", "The Emperor walks"),
    (1, "direction", "forward", "Seat 1 (you) moves"), (1, "direction", "back", None),
])
@pytest.mark.slow
async def test_a_click_on_a_marked_space_of_the_path_takes_that_way(
    installed, seed, key, chosen, mover
):
    """A card that lets the player choose the Emperor's or the painter's way: the choice is
    in the list, the space each way leads to is marked on the path, and a click on that
    space takes that way; the piece goes there. (Seed 1: back from the gate leaves the
    painter there: the gate is the marked space.)"""
    app = TableApp(make_launch(installed, "sakura", "human,ai:easy", seed=seed))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_a_direction_choice(pilot, app, key)
        legal = app._asking[1]
        assert sorted(cells_of(app, SAKURA_KEY)) == sorted(repr(a) for a in legal)
        assert "must choose" in app.view.text and "Click a marked space" in app.view.text
        marked = {place.action[key]: space for space, place in app.view.places.items()}
        assert set(marked) == {"forward", "back"} and marked["forward"] > marked["back"]
        start = app.session.observation(0)["emperor" if key == "emperor" else "painters"]
        told = len(app.said)
        await click_at(pilot, path_cell(app, marked[chosen]))
        await settle(pilot, app)
        assert moves_of(app, 0)[-1] == {key: chosen}
        story = app.said[told:]
        assert f"Seat 1 (you) chooses {chosen}." in story
        if mover is not None:
            assert any(line.startswith(mover) and f"to space {marked[chosen]}." in line
                       for line in story), story
        else:
            assert start[0] == marked[chosen] == 0


@pytest.mark.slow
async def test_a_click_on_the_path_away_from_the_marked_spaces_changes_nothing(installed):
    app = TableApp(make_launch(installed, "sakura", "human,ai:easy", seed=2))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_a_direction_choice(pilot, app, "emperor")
        moves, asking = len(app.session.moves), app._asking
        obs = app.session.observation(0)
        marked = set(app.view.places)
        plain = [s for s in range(len(obs["spaces"])) if s not in marked]
        x, y = path_cell(app, plain[-1])
        for where in [path_cell(app, s) for s in (plain[-1], obs["emperor"], obs["painters"][0])] \
                + [(x, y - 1), (x, y + 1), path_cell(app, 0)]:
            await click_at(pilot, where)
        hand_row = app.view.text.splitlines().index("Your hand:")
        await click_at(pilot, (5, app.view.region.y + hand_row + 2))  # a card: not a choice now
        assert len(app.session.moves) == moves and app._asking is asking
        assert app.session.observation(0)["emperor"] == obs["emperor"]
        await pilot.press("2")  # the keys still choose
        await settle(pilot, app)
        assert moves_of(app, 0)[-1] == {"emperor": "back"}
