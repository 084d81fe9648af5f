"""asobi's own test run walks into this folder without this package installed; its tests then
wait for tests/core/test_scaffold.py, which installs it with pip and runs them."""

from importlib.metadata import PackageNotFoundError, distribution

try:
    distribution("asobi-goofspiel-old")
except PackageNotFoundError:
    collect_ignore = ["tests"]
