"""Any asobi game as a PettingZoo ``ParallelEnv``: every seat of a decision acts in one step.

Build one with :func:`asobi.envs.parallel_env`. It suits the games where seats choose together
(Sakura's secret picks, Goofspiel's bids): one ``step`` plays one decision (a *cycle* of
:mod:`asobi.envs.episode`), taking the action of every seat that must act in it, applied in
seat order, none of them seeing another's. A seat that does not act in the decision gets an
empty action mask and whatever action it sends is not used; where only one seat acts (a
Sakura direction, any turn of Koi-Koi) the step is that seat's move. Observations, rewards and
illegal numbers are those of the AEC environment.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import ParallelEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from asobi.envs.encoding import Encoding
from asobi.envs.episode import Episode
from asobi.envs.playing import PlaysAnEpisode
from asobi.envs.setting import Setting
from asobi.envs.spaces import Table, seat_of
from asobi.errors import AsobiError

Step = tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
             dict[str, Any]]


class AsobiParallel(PlaysAnEpisode, ParallelEnv):  # type: ignore[misc,unused-ignore]
    """One asobi game under one variant, a decision per step."""

    def __init__(self, setting: Setting, encoding: Encoding, seed: int | str | None = None,
                 render_mode: str | None = None, reward: str = "points",
                 on_illegal: str = "random", max_cycles: int | None = None,
                 lang: str = "en") -> None:
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
        self.agents: list[str] = []
        self.observation_spaces = self.table.observation_spaces
        self.action_spaces = self.table.action_spaces
        self.episode: Episode | None = None

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game (``seed``: its asobi seed; ``options`` are accepted and unused)
        and return every seat's observation and info."""
        self.episode = self.table.new_episode(seed)
        self.agents = list(self.possible_agents)
        episode = self.episode
        observations = {a: episode.observe(seat_of(a), together=True) for a in self.agents}
        infos = {a: episode.info(seat_of(a), together=True) for a in self.agents}
        return observations, infos

    def step(self, actions: Mapping[str, Any]) -> Step:
        """Play the current decision with ``actions`` (agent -> action number); a seat of the
        decision that sends none is treated as one that sent an illegal number."""
        episode = self._playing()
        if not self.agents:
            raise AsobiError("the game is over; call reset()")
        cycle = episode.cycles
        illegal: set[str] = set()
        while episode.cycles == cycle and not episode.finished:
            seat = episode.next_together()
            assert seat is not None
            agent = self.possible_agents[seat]
            if episode.play(seat, actions.get(agent)):
                illegal.add(agent)
        rewards = episode.rewards()
        done = episode.finished
        cut = not done and self.max_cycles is not None and episode.cycles >= self.max_cycles
        agents = self.agents
        observations = {a: episode.observe(seat_of(a), together=True) for a in agents}
        infos = {a: episode.info(seat_of(a), together=True) for a in agents}
        for agent in illegal:
            infos[agent]["illegal_action"] = True
        terminations = dict.fromkeys(agents, done)
        truncations = dict.fromkeys(agents, cut)
        reward_of = {a: rewards[seat_of(a)] for a in agents}
        if done or cut:
            self.agents = []
        return observations, reward_of, terminations, truncations, infos
