"""A plugin's fault in the tui: the same outcome as in every frontend (docs/plugins.md, "When a
plugin fails"): the game stops, the panel names the plugin, the hook and what was wrong in one
line with no traceback, the record so far is kept, and the table leaves with status 1."""

from __future__ import annotations

import io
import json
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from textual import events

from asobi.host.registry import Registry
from asobi_frontends.tui.app import TableApp
from asobi_frontends.tui.screens import TextScreen
from support.tui import make_launch, settle

pytestmark = pytest.mark.anyio

FAULTY = Path(__file__).resolve().parents[1] / "plugins" / "asobi-faulty"


@pytest.mark.slow
async def test_a_failing_scoring_plugin_stops_the_table_and_is_named(monkeypatch, tmp_path):
    monkeypatch.syspath_prepend(str(FAULTY))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("ASOBI_FAULT", "adjust-raise")
    registry = Registry(
        game_entry_points=[EntryPoint("tally", "asobi_faulty.game", "asobi.games")],
        plugin_entry_points=[EntryPoint("faulty", "asobi_faulty.plugin", "asobi.plugins")],
    )
    app = TableApp(make_launch(registry, "tally", "ai:random,ai:random", seed=2))
    early = events.Key("enter", "\r")  # a key pressed before the panel appears
    async with app.run_test(size=(100, 30)) as pilot:
        assert await settle(pilot, app) == "text"
        screen = app.screen
        assert isinstance(screen, TextScreen) and screen.title_text == "Error"
        screen.post_message(early)  # reaches the panel only now, as a queued key would
        await pilot.pause()
        assert app.screen is screen  # it did not close the panel
        assert ("asobi_faulty.plugin `asobi_adjust_points` raised KeyError: 'bonus'"
                in screen.body)
        assert "Traceback" not in screen.body
        kept = list((tmp_path / "data").rglob("tally-stopped-*.json"))
        assert len(kept) == 1 and str(kept[0]) in screen.body.replace("\n", "")
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_value == 1
    err = io.StringIO()
    app.faults.print_report(err)  # what the terminal keeps once the panel is gone
    assert err.getvalue().splitlines() == [
        "asobi: the game stopped: asobi_faulty.plugin `asobi_adjust_points` raised KeyError: "
        "'bonus'",
        f"asobi: The record of the game so far is saved to {kept[0]}."]
    record = json.loads(kept[0].read_text())
    assert record["game"] == "tally" and record["moves"]
    assert list((tmp_path / "state").rglob("faults.log"))
