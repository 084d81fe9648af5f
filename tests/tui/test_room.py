"""The Koi-Koi table uses the room a terminal gives (issue 24): at 100x30 the tiles show every
card's full name; at 80x24 the compact tiles stay."""

from __future__ import annotations

import pytest
from tuihelpers import make_launch, settle

from asobi.i18n import translator
from asobi_frontends.tui.app import TableApp
from asobi_koikoi.tuiview.tiles import short_name

pytestmark = pytest.mark.anyio


async def _table_text(installed, size: tuple[int, int]) -> tuple[str, list[str]]:
    app = TableApp(make_launch(installed, "koikoi", "human,ai:easy", seed=5))
    async with app.run_test(size=size) as pilot:
        assert await settle(pilot, app) == "turn"
        hand = list(app._menu.observation["hand"])
        return app.view.text, hand


async def test_full_names_at_100x30(installed):
    text, hand = await _table_text(installed, (100, 30))
    hand_part = text.split("Your hand:")[1].split("Your captures:")[0]
    assert "…" not in hand_part
    _ = translator("asobi_koikoi", "en")
    assert all(short_name(_, card) in hand_part for card in hand)
    assert "12 paulownia" in text


async def test_compact_tiles_at_80x24(installed):
    text, _hand = await _table_text(installed, (80, 24))
    assert "…" in text.split("Your hand:")[1]
