"""Fixtures of the tui frontend's tests: a launch for an installed game, and anyio on asyncio
for the async tests that drive Textual's Pilot."""

from __future__ import annotations

import pytest

from asobi.play.frontend import Launch
from support.tui import make_launch


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def launch_for(installed):
    def build(game: str, seats: str, **kwargs: object) -> Launch:
        return make_launch(installed, game, seats, **kwargs)  # type: ignore[arg-type]

    return build
