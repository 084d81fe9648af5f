"""The tui frontend's hook for game views: declared by the frontend, answered by the games
that have a view, and open to any game (a view registered here for the Nim test plugin)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pluggy
import pytest
from textual.widgets import Static

from asobi_frontends.tui import hookspecs
from asobi_frontends.tui.app import TableApp
from asobi_frontends.tui.hookspecs import TuiView, ViewContext, tui_view
from support.tui import make_launch, settle

pytestmark = pytest.mark.anyio
hookimpl = pluggy.HookimplMarker("asobi")


def _context(**kwargs):
    return ViewContext(lang="en", seat=0, players=2, seat_names=("you", "them"), **kwargs)


def test_the_built_in_games_answer_with_their_own_views(installed):
    from asobi_koikoi.tuiview.table import KoikoiView
    from asobi_sakura.tuiview.table import SakuraView

    koikoi = tui_view(installed.game("koikoi"), _context())
    sakura = tui_view(installed.game("sakura"), _context())
    assert isinstance(koikoi, KoikoiView) and isinstance(koikoi, TuiView)
    assert isinstance(sakura, SakuraView) and isinstance(sakura, TuiView)


def test_a_game_without_a_view_answers_none(registry_of):
    registry = registry_of(games={"nim": "asobi_nim"})
    registry.extra_hookspecs.append(hookspecs)  # as the entry point would declare it
    assert tui_view(registry.game("nim"), _context()) is None


def test_the_games_import_and_answer_none_without_textual():
    code = (
        "import sys; sys.modules['textual'] = None\n"
        "from asobi_koikoi.tuiview import make_view as k\n"
        "from asobi_sakura.tuiview import make_view as s\n"
        "import asobi_koikoi.plugin, asobi_sakura.plugin\n"
        "print(k(None), s(None))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, cwd=Path(__file__).parent)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["None", "None"]


class PilesView(Static):
    """A third party's view of Nim: the piles as rows of sticks."""

    def __init__(self, context: ViewContext) -> None:
        super().__init__("")
        self.context = context
        self.hovered: list[object] = []

    def show(self, observation, legal):
        self.update("\n".join("|" * n for n in observation["piles"]))

    def hover(self, action):
        self.hovered.append(action)

    def decision(self, observation, legal):
        return None

    def play_event(self, event):
        return None

    def announcement(self, events):
        return None


class NimViews:
    @hookimpl
    def asobi_tui_view(self, context):
        return PilesView(context)


async def test_a_third_party_view_is_drawn_and_told_what_the_person_points_at(registry_of):
    registry = registry_of(games={"nim": "asobi_nim"})
    game = registry.game("nim")
    game.manager.add_hookspecs(hookspecs)
    game.manager.register(NimViews())
    app = TableApp(make_launch(registry, "nim", "human,ai:random", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        view = app.view
        assert isinstance(view, PilesView) and view.context.seat_names[0] == "Seat 1 (you)"
        assert str(view.render()) == "|||\n||||\n|||||"
        await pilot.press("down")
        assert view.hovered[-1] == {"pile": 0, "take": 2}


def test_declared_through_the_entry_point_group_the_games_load_with_it(installed):
    """With ``tui = "asobi_frontends.tui.hookspecs"`` in the group ``asobi.hookspecs`` (as
    pyproject declares it), every game's manager holds the spec from the start, the built-in
    games' implementations fit it, and a game without a view still loads."""
    from importlib.metadata import EntryPoint

    from asobi.host.registry import Registry
    from asobi_koikoi.tuiview.table import KoikoiView

    registry = Registry(
        game_entry_points=[ep for ep in installed.game_entry_points
                           if ep.name in ("koikoi", "sakura")],
        hookspec_entry_points=[
            EntryPoint("tui", "asobi_frontends.tui.hookspecs", "asobi.hookspecs")],
        warn=pytest.fail,
    )
    koikoi = registry.game("koikoi")
    assert koikoi.hook.asobi_tui_view.spec is not None
    assert isinstance(tui_view(koikoi, _context()), KoikoiView)
    assert registry.game("sakura").hook.asobi_tui_view.get_hookimpls()


class BrokenViews:
    @hookimpl
    def asobi_tui_view(self, context):
        raise KeyError("no art for this month")


async def test_a_view_hook_that_raises_gives_the_error_panel(registry_of, tmp_path):
    from asobi_frontends.tui.screens import TextScreen

    registry = registry_of(games={"nim": "asobi_nim"})
    game = registry.game("nim")
    game.manager.add_hookspecs(hookspecs)
    game.manager.register(BrokenViews())
    app = TableApp(make_launch(registry, "nim", "human,ai:random", seed=3,
                               record=tmp_path / "r.json"))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "text"
        assert isinstance(app.screen, TextScreen) and "no art for this month" in app.screen.body
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_value == 1 and (tmp_path / "r.json").is_file()


class PileButtonsView(PilesView):
    """A third party's view whose clicks choose: a click on a pile takes one stick of it
    (through ``ViewContext.choose``, the door any game's view has)."""

    DEFAULT_CSS = "PileButtonsView { height: 8; }"

    def __init__(self, context: ViewContext) -> None:
        super().__init__(context)
        self.answers: list[bool] = []

    def on_click(self, event):
        self.answers.append(self.context.choose({"pile": event.y, "take": 1}))


class NimButtons:
    @hookimpl
    def asobi_tui_view(self, context):
        return PileButtonsView(context)


async def test_a_third_party_view_chooses_a_move_with_a_click(registry_of):
    registry = registry_of(games={"nim": "asobi_nim"})
    game = registry.game("nim")
    game.manager.add_hookspecs(hookspecs)
    game.manager.register(NimButtons())
    app = TableApp(make_launch(registry, "nim", "human,ai:random", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await settle(pilot, app) == "turn"
        view = app.view
        await pilot.click(PileButtonsView, offset=(0, 5))  # below the piles: no such pile
        await pilot.pause()
        assert view.answers == [False] and app.session.moves == []
        await pilot.click(PileButtonsView, offset=(1, 1))
        await settle(pilot, app)
        assert view.answers == [False, True]
        assert app.session.moves[0] == {"seat": 0, "action": {"pile": 1, "take": 1}}
