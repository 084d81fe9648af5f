"""The core's game-independent ``ai:search`` plays Sakura through ``asobi_resample`` alone."""

from __future__ import annotations

import pytest

from asobi.arena import run_arena
from asobi.registry import discover


@pytest.mark.slow
def test_search_plays_sakura_and_beats_random_play():
    registry = discover()
    assert "search" in registry.game("sakura").ai_levels()
    report = run_arena(registry, "sakura", ["ai:search:0.1", "ai:random"], games=6, seed=11)
    search = report["players"][0]
    assert search["games"] == 6
    assert search["wins"] >= 5, report
