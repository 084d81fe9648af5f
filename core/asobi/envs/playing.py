"""What the AEC and the parallel environments share: the episode in play, its text view, its
record and nothing to close."""

from __future__ import annotations

from typing import Any

from gymnasium import logger

from asobi.envs.episode import Episode
from asobi.envs.spaces import agent_name, seat_of
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
        """The text view of the seat to act, in ``lang``: printed (``render_mode="human"``)
        or returned (``"ansi"``)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; use render_mode='ansi' "
                        "or 'human'")
            return None
        text = self._playing().render(self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _say_forfeit(self, infos: dict[str, dict[str, Any]]) -> None:
        """After an illegal number ended the game, say so in every agent's info."""
        seat = self._playing().forfeit
        if seat is None:
            return
        for info in infos.values():
            info["illegal_action_by"] = agent_name(seat)
            info["reason"] = f"{agent_name(seat)} sent an illegal action: the game ended there"

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""

    def record(self) -> dict[str, Any]:
        """The asobi record of the episode so far (``asobi replay`` plays it again)."""
        return self._playing().record()

    def asobi_observation(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat sees now, as the game describes it (``asobi_observation``):
        the dict the numbers of its observation are made from."""
        return self._playing().session.observation(seat_of(agent))
