"""Koi-Koi's view for the tui frontend (``asobi_tui_view``): cards as small coloured tiles.

Textual is imported only when a view is made, so the game imports without it.
"""

from __future__ import annotations

from typing import Any


def make_view(context: Any) -> Any:
    """A new :class:`~asobi_koikoi.tuiview.table.KoikoiView`, or None without Textual."""
    try:
        from asobi_koikoi.tuiview.table import KoikoiView
    except ImportError:
        return None
    return KoikoiView(context)
