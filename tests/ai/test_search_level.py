"""The core's game-independent ``ai:search`` plays Sakura through ``asobi_resample`` alone."""

from __future__ import annotations

import pytest

from asobi.arena import run_arena
from asobi.host.registry import discover


@pytest.mark.slow
@pytest.mark.stats
def test_search_plays_sakura_and_beats_random_play():
    registry = discover()
    assert "search" in registry.game("sakura").ai_levels()
    report = run_arena(registry, "sakura", ["ai:search:0.04", "ai:random"], games=8, seed=12)
    search = report["players"][0]
    assert search["games"] == 8
    # Random play against random play wins 7 or more of 8 one time in 28; search wins 8.
    assert search["wins"] >= 7, report
