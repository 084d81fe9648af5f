"""Rewrite the generated hook reference of docs/plugins.md (``python tools/update_hookdoc.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

from asobi.contract.hookdoc import BEGIN, END, reference

DOC = Path(__file__).resolve().parent.parent / "docs" / "plugins.md"


def main() -> int:
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END) + 1
    DOC.write_text(text[:start] + reference() + text[end:], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
