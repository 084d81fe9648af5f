"""Sakura's view for the tui frontend (``asobi_tui_view``): the garden path, tokens, hand.

Textual is imported only when a view is made, so the game imports without it.
"""

from __future__ import annotations

from typing import Any


def make_view(context: Any) -> Any:
    """A new :class:`~asobi_sakura.tuiview.table.SakuraView`, or None without Textual."""
    try:
        from asobi_sakura.tuiview.table import SakuraView
    except ImportError:
        return None
    return SakuraView(context)
