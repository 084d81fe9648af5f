"""Any asobi game as a PettingZoo ``AECEnv``: one agent acts at a time.

Build one with :func:`asobi.envs.asobi_v0.env` (wrapped in PettingZoo's
``OrderEnforcingWrapper``, as PettingZoo's own environments are) or
:func:`asobi.envs.asobi_v0.raw_env`. Agents are ``player_0``, ``player_1``...; the agent
selected is the seat whose turn it is, in the order every frontend plays the game (seats that
choose together act one after the other, each seeing only its own observation). Observations,
action numbers, rewards and illegal numbers are those of :mod:`asobi.envs.episode`; the spaces
are those of :mod:`asobi.envs.spaces`.

**A game over at the deal** (a Koi-Koi hand dealt with a yaku) is over at ``reset()``: every
agent is terminated there, its reward already paid (``last()`` gives it), and the usual loop
ends after one ``step(None)`` an agent.

**Cycles.** PettingZoo counts a cycle as one step of every agent. asobi's turns need not go
round the table (a Koi-Koi seat may capture, then choose to stop, before the other moves), so
``max_cycles`` caps each agent's own moves: an agent that has made ``max_cycles`` moves while
another has moves left is not asked again, its seat played by random legal moves (from the
episode's generator) until every agent has made its ``max_cycles``; then all are truncated at
once. Each agent acts exactly ``max_cycles`` times, as PettingZoo's ``max_cycles_test`` asks.

``env.record()`` is the asobi record of the episode so far: save it with ``json.dump`` and
``asobi replay`` gives the same result. ``state()`` is not offered: a state seen whole would
show every seat's hidden cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo.utils import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
    OrderEnforcingWrapper,
)

from asobi.envs.encoding import Encoding
from asobi.envs.episode import Episode
from asobi.envs.playing import PlaysAnEpisode
from asobi.envs.setting import Setting
from asobi.envs.spaces import Table, agent_name, check_render_mode, seat_of


class AsobiAEC(PlaysAnEpisode, AECEnv):  # type: ignore[misc,unused-ignore]
    """One asobi game under one variant, agent by agent."""

    def __init__(self, setting: Setting, encoding: Encoding, seed: int | str | None = None,
                 render_mode: str | None = None, reward: str = "margin",
                 on_illegal: str = "end", max_cycles: int | None = None, lang: str = "en",
                 opponents: Mapping[str, str] | None = None) -> None:
        super().__init__()
        check_render_mode(render_mode)
        self.table = Table(setting, encoding, seed, reward, on_illegal, max_cycles, opponents)
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
        self._seats = {agent: seat_of(agent) for agent in self.possible_agents}
        """Each agent's seat (read at every step: a dict is quicker than the name)."""
        self._names = [agent_name(seat) for seat in range(setting.players)]

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the loop
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (``seed``: its asobi seed; ``options`` are accepted and unused)."""
        episode = self.episode = self.table.new_episode(seed)
        self.agents = list(self.possible_agents)
        paid = episode.rewards()
        seats = self._seats
        self.rewards = {agent: paid[seats[agent]] for agent in self.agents}
        self._cumulative_rewards = dict(self.rewards)
        self.terminations = dict.fromkeys(self.agents, episode.finished)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: episode.info(seats[agent]) for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self._playing().acting()
        self.agent_selection = self._names[seat] if seat is not None else self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return self._playing().observe(self._seats[agent])

    def step(self, action: Any) -> None:
        """Play ``action`` (an action number) for the selected agent; ``None`` for an agent
        whose game is over, which removes it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        episode = self._playing()
        seats = self._seats
        self._cumulative_rewards[agent] = 0.0
        illegal = episode.play(seats[agent], action)
        if self.max_cycles is not None:
            self._play_spent_seats(episode)
        paid = episode.rewards()
        self.rewards = {a: paid[seats[a]] for a in self.agents}
        if episode.finished:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self._all_spent(episode):
            self.truncations = dict.fromkeys(self.agents, True)
        self.infos = {a: episode.info(seats[a]) for a in self.agents}
        if episode.forfeit is not None:
            self._say_forfeit(self.infos)
        if illegal:
            self.infos[agent]["illegal_action"] = True
        if episode.finished or self.truncations[agent]:
            self.agent_selection = self.agents[0]
        else:
            self._select()
        self._accumulate_rewards()

    # ------------------------------------------------------------------ cycles
    def _spent(self, episode: Episode, seat: int) -> bool:
        return self.max_cycles is not None and episode.moves_by[seat] >= self.max_cycles

    def _all_spent(self, episode: Episode) -> bool:
        return all(self._spent(episode, seat) for seat in episode.learners)

    def _play_spent_seats(self, episode: Episode) -> None:
        """While the seat to act has made its ``max_cycles`` moves and another agent has not,
        play that seat's moves at random (see the module)."""
        if self.max_cycles is None:
            return
        while (seat := episode.acting()) is not None and self._spent(episode, seat) and (
                not self._all_spent(episode)):
            episode.play_for(seat, episode.rng)


class OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc,unused-ignore]
    """PettingZoo's ``OrderEnforcingWrapper`` (what :func:`asobi.envs.asobi_v0.env` returns),
    its checks and its name unchanged, with what the usual loop reads at every step reached
    directly.

    The wrapper forwards every attribute it lacks through ``__getattr__``, and its ``last()``
    is ``AECEnv.last`` run on the wrapper, so a step of ``agent_iter()``, ``last()`` and
    ``step()`` read the selected agent, the agents, rewards, terminations, truncations,
    infos and the observation one forwarded attribute at a time: about a quarter of what the
    environment's own step costs. Here ``last()`` is the environment's and ``agents`` and
    ``agent_selection`` are read-only properties; before ``reset()`` each raises the
    wrapper's own error (the attribute cannot be accessed before reset)."""

    def __str__(self) -> str:
        return str(self.env)  # the wrapper's own name for itself, not a subclass's

    def _after_reset(self, name: str) -> AECEnv:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return self.env

    @property
    def agents(self) -> list[str]:
        return self._after_reset("agents").agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        return self._after_reset("agent_selection").agent_selection  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        return self._after_reset("agent_selection").last(observe)  # type: ignore[no-any-return]
