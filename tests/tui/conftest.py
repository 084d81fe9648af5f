"""Fixtures of the tui frontend's tests: a launch for an installed game, and anyio on asyncio
for the async tests that drive Textual's Pilot."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tuihelpers import make_launch  # noqa: E402

from asobi.frontend import Launch  # noqa: E402


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def launch_for(installed):
    def build(game: str, seats: str, **kwargs: object) -> Launch:
        return make_launch(installed, game, seats, **kwargs)  # type: ignore[arg-type]

    return build
