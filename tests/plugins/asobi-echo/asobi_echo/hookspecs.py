"""The hook the echo frontend adds: a game may give it a banner line."""

from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("asobi")


@hookspec(firstresult=True)
def asobi_echo_banner(lang: str) -> str | None:
    """A line the echo frontend prints before the game starts, or None."""
