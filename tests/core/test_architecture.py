"""docs/architecture.md stays true: its folders hold the packages it names, its list of the
packages of ``asobi`` is the package's own, and the top of ``asobi`` stays small enough to learn
in one sitting."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
CORE = ROOT / "core" / "asobi"
TOP_LIMIT = 15
"""Files and folders at the top of ``asobi``, ``__init__.py`` and the catalogues included."""


def _rows(heading: str) -> list[list[str]]:
    """The cells of the table under ``## heading``."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in section.splitlines()
            if line.startswith("|") and not set(line) <= set("|- ")][1:]


def _names(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def test_every_folder_holds_the_package_the_page_names():
    for folder_cell, package_cell, _what in _rows("The folders"):
        packages = _names(package_cell)
        for folder in _names(folder_cell):
            assert (ROOT / folder).is_dir(), f"docs/architecture.md names {folder}, which is gone"
            if packages and not package_cell.startswith("("):
                init = ROOT / folder / packages[0] / "__init__.py"
                assert init.is_file(), f"{folder} does not hold the package {packages[0]}"


def test_the_page_lists_exactly_the_packages_of_asobi():
    listed = {_names(row[0])[0].removeprefix("asobi.") for row in _rows("The packages of `asobi`")}
    present = {p.stem for p in CORE.glob("*.py") if p.name != "__init__.py"}
    present |= {p.name for p in CORE.iterdir() if (p / "__init__.py").is_file()}
    assert listed == present, (
        f"docs/architecture.md lists {sorted(listed - present)} that asobi lacks and lacks "
        f"{sorted(present - listed)}: keep its table of packages true")


def test_the_top_of_asobi_is_a_short_list_of_concepts():
    top = sorted(p.name for p in CORE.iterdir() if p.name != "__pycache__")
    assert len(top) <= TOP_LIMIT, f"{len(top)} entries at the top of asobi: {top}"
