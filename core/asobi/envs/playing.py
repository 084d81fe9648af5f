"""What the AEC and the parallel environments share: the episode in play, its text view, its
record and nothing to close."""

from __future__ import annotations

from typing import Any

from gymnasium import logger

from asobi.envs.episode import Episode
from asobi.errors import AsobiError


class PlaysAnEpisode:
    """Mixed into both environments, before PettingZoo's base class."""

    episode: Episode | None
    render_mode: str | None
    lang: str

    def _playing(self) -> Episode:
        if self.episode is None:
            raise AsobiError("call reset() before anything else")
        return self.episode

    def render(self) -> str | None:
        """The text view of the seat to act (``render_mode="ansi"``)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; use render_mode='ansi'")
            return None
        return self._playing().render(self.lang)

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

    def record(self) -> dict[str, Any]:
        """The asobi record of the episode so far (``asobi replay`` plays it again)."""
        return self._playing().record()
