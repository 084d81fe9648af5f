"""Any asobi game as a PettingZoo ``AECEnv``: one seat acts at a time.

Build one with :func:`asobi.envs.aec_env`. Agents are ``seat_0``, ``seat_1``...; the agent
selected is the seat whose turn it is, in the order every frontend plays the game (seats that
choose together act one after the other, each seeing only its own observation). Observations,
action numbers, rewards and the handling of illegal numbers are those of
:mod:`asobi.envs.episode`; the spaces are those of :mod:`asobi.envs.spaces`.

``env.record()`` is the asobi record of the episode so far: save it with ``json.dump`` and
``asobi replay`` gives the same result. ``state()`` is not offered: a state seen whole would
show every seat's hidden cards.
"""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from asobi.envs.encoding import Encoding
from asobi.envs.episode import Episode
from asobi.envs.playing import PlaysAnEpisode
from asobi.envs.setting import Setting
from asobi.envs.spaces import Table, agent_name, seat_of
from asobi.errors import AsobiError


class AsobiAEC(PlaysAnEpisode, AECEnv):  # type: ignore[misc,unused-ignore]
    """One asobi game under one variant, agent by agent."""

    def __init__(self, setting: Setting, encoding: Encoding, seed: int | str | None = None,
                 render_mode: str | None = None, reward: str = "points",
                 on_illegal: str = "random", max_cycles: int | None = None,
                 lang: str = "en") -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise AsobiError(f"unknown render_mode {render_mode!r}: use 'ansi' or None")
        self.table = Table(setting, encoding, seed, reward, on_illegal, max_cycles)
        self.setting = setting
        self.encoding = encoding
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.lang = lang
        self.metadata = self.table.metadata()
        self.possible_agents = list(self.table.agents)
        self.observation_spaces = self.table.observation_spaces
        self.action_spaces = self.table.action_spaces
        self.episode: Episode | None = None

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the loop
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (``seed``: its asobi seed; ``options`` are accepted and unused)."""
        self.episode = self.table.new_episode(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: self.episode.info(seat_of(agent)) for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self._playing().acting()
        self.agent_selection = agent_name(seat) if seat is not None else self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self._playing().observe(seat_of(agent))

    def step(self, action: Any) -> None:
        """Play ``action`` (an action number) for the selected agent; ``None`` for an agent
        whose game is over, which removes it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self._playing()
        self._cumulative_rewards[agent] = 0.0
        illegal = episode.play(seat_of(agent), action)
        rewards = episode.rewards()
        self.rewards = {a: rewards[seat_of(a)] for a in self.agents}
        self.infos = {a: episode.info(seat_of(a)) for a in self.agents}
        if illegal:
            self.infos[agent]["illegal_action"] = True
        if episode.finished:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and episode.cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        if episode.finished or any(self.truncations.values()):
            self.agent_selection = self.agents[0]
        else:
            self._select()
        self._accumulate_rewards()
