"""Fixtures of the AI tests: the installed games, with their AI levels."""

from __future__ import annotations

import pytest

from asobi.host.registry import Registry, discover


@pytest.fixture
def ai_registry() -> Registry:
    """The real registry: Koi-Koi and Sakura offer their AI levels through ``asobi_agent``."""
    return discover()
