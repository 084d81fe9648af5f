"""What the test suites share: hypothesis profiles, the browser and live servers of the web
tests, the terminal UI's launches, and the one virtual environment that installs asobi and the
test plugins with pip. The suite puts ``tests/`` on the path (``pythonpath`` in pyproject.toml),
so a test imports these as ``from support.web import LiveServer``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def run_folder(factory: pytest.TempPathFactory) -> Path:
    """The temporary folder every process of this test run shares: pytest's base folder, or
    under xdist the folder each worker's own base folder is in."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
