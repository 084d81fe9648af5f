"""What the test suites share: hypothesis profiles, the browser and live servers of the web
tests, the terminal UI's launches, and the one virtual environment that installs asobi and the
test plugins with pip. The suite puts ``tests/`` on the path (``pythonpath`` in pyproject.toml),
so a test imports these as ``from support.web import LiveServer``."""
