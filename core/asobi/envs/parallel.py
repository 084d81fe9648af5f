"""Any asobi game as a PettingZoo ``ParallelEnv``: every seat of a decision acts in one step.

Build one with :func:`asobi.envs.asobi_v0.parallel_env`. It suits the games where seats choose
together (Sakura's secret picks, Goofspiel's bids): one ``step`` plays one decision (see
:mod:`asobi.envs.episode`), taking the action of every agent that must act in it, applied in
seat order, none of them seeing another's. An agent that does not act in the decision gets an
empty action mask and whatever action it sends is not used; where only one seat acts (a
Sakura direction, any turn of Koi-Koi) the step is that seat's move. ``max_cycles`` counts
steps. Observations, rewards and illegal numbers are those of the AEC environment.

A game over at the deal (a Koi-Koi hand dealt with a yaku) gives every agent an empty mask at
``reset()``; the first ``step`` (whatever its actions) pays the deal's rewards and terminates
every agent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import ParallelEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from asobi.envs.encoding import Encoding
from asobi.envs.episode import Episode
from asobi.envs.playing import PlaysAnEpisode
from asobi.envs.setting import Setting
from asobi.envs.spaces import Table, agent_name, check_render_mode, seat_of
from asobi.errors import AsobiError

Step = tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
             dict[str, Any]]


class AsobiParallel(PlaysAnEpisode, ParallelEnv):  # type: ignore[misc,unused-ignore]
    """One asobi game under one variant, a decision per step."""

    def __init__(self, setting: Setting, encoding: Encoding, seed: int | str | None = None,
                 render_mode: str | None = None, reward: str = "margin",
                 on_illegal: str = "end", max_cycles: int | None = None, lang: str = "en",
                 opponents: Mapping[str, str] | None = None) -> None:
        check_render_mode(render_mode)
        self.table = Table(setting, encoding, seed, reward, on_illegal, max_cycles, opponents)
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
        self.steps = 0
        """Steps since the reset (what ``max_cycles`` counts)."""
        self._owed: list[float] = []
        """Rewards settled at the deal, paid by the first step."""

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game (``seed``: its asobi seed; ``options`` are accepted and unused)
        and return every agent's observation and info."""
        episode = self.episode = self.table.new_episode(seed)
        self.agents = list(self.possible_agents)
        self.steps = 0
        self._owed = episode.rewards()
        observations = {a: episode.observe(seat_of(a), together=True) for a in self.agents}
        infos = {a: episode.info(seat_of(a), together=True) for a in self.agents}
        return observations, infos

    def step(self, actions: Mapping[str, Any]) -> Step:
        """Play the current decision with ``actions`` (agent -> action number); an agent of the
        decision that sends none is treated as one that sent an illegal number."""
        episode = self._playing()
        if not self.agents:
            raise AsobiError("the game is over; call reset()")
        illegal: set[str] = set()
        if not episode.finished:
            cycle = episode.cycles
            while episode.cycles == cycle and not episode.finished:
                seat = episode.next_together()
                assert seat is not None
                agent = agent_name(seat)
                if episode.play(seat, actions.get(agent)):
                    illegal.add(agent)
        self.steps += 1
        paid = [owed + now for owed, now in zip(self._owed, episode.rewards(), strict=True)]
        self._owed = [0.0] * len(paid)
        done = episode.finished
        cut = not done and self.max_cycles is not None and self.steps >= self.max_cycles
        agents = self.agents
        observations = {a: episode.observe(seat_of(a), together=True) for a in agents}
        infos = {a: episode.info(seat_of(a), together=True) for a in agents}
        self._say_forfeit(infos)
        for agent in illegal:
            infos[agent]["illegal_action"] = True
        terminations = dict.fromkeys(agents, done)
        truncations = dict.fromkeys(agents, cut)
        rewards = {a: paid[seat_of(a)] for a in agents}
        if done or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos
