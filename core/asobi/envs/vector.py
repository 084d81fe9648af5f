"""Many games of one setting in one process, stepped together: batched observations and masks
for self-play and for training against asobi's AI levels.

:class:`VectorEnv` keeps ``num_envs`` games (each an :class:`asobi.envs.episode.Episode`, the
game the PettingZoo environments play) and steps them together, one move in each: the move of
the seat to act there, whichever seat that is. It is built the way Gymnasium's vector
environments are (``num_envs``, ``single_observation_space``, ``single_action_space``, one
``reset`` and one ``step`` of arrays), for games of several seats:

* an observation is ``{"observation": (num_envs, size) float32, "action_mask": (num_envs,
  actions) int8}``, row ``i`` the view of the seat to act in game ``i``, which ``infos["seat"]``
  names; a learner playing every seat (self-play) reads the row as that seat's;
* ``step(actions)`` plays ``actions[i]`` (an action number) in game ``i``; the rewards are
  ``(num_envs, players)``, what each seat was paid by that move (the reward of the PettingZoo
  environments, zero-sum margins by default; an illegal number ends the game with -1 for its
  sender, as there);
* a game that ends is dealt again at once (Gymnasium's *same-step* autoreset):
  ``terminated[i]`` says the move ended game ``i``, its rewards are the last of that game, and
  row ``i`` of the observation is the first view of the next game;
* points a deal settles in a game that goes on are paid with that game's first move; a deal
  that ends the game before any decision (a Koi-Koi hand dealt with a yaku) has nothing
  to learn from: it is dealt again from the next seed, and counted in ``dealt_over``, its
  points paid to nobody.

Seats given to asobi's AI levels (``opponents={"player_1": "normal"}``) are moved inside the
games, as in the PettingZoo environments; the rows are then always the learner's seats. Game
``k`` (counting from 0 in the order they are dealt) is seeded
:func:`asobi.play.seeds.vector_game_seed` of the environment's seed and ``k``, so the same seed
and the same actions give the same games; :meth:`VectorEnv.record` is the asobi record of the
game in a slot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from asobi.envs.encoding import Encoding
from asobi.envs.episode import Episode
from asobi.envs.setting import Setting
from asobi.envs.spaces import Table
from asobi.errors import AsobiError
from asobi.play.seeds import new_seed, parse_seed, vector_game_seed

Batch = dict[str, np.ndarray[Any, Any]]


class VectorEnv:
    """``num_envs`` games of one setting stepped together (see the module)."""

    def __init__(self, setting: Setting, encoding: Encoding, num_envs: int,
                 seed: int | str | None = None, reward: str = "margin",
                 on_illegal: str = "end", opponents: Mapping[str, str] | None = None) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise AsobiError(f"num_envs must be a whole number above 0, not {num_envs!r}")
        self.table = Table(setting, encoding, None, reward, on_illegal, None, opponents)
        self.setting = setting
        self.encoding = encoding
        self.num_envs = num_envs
        self.players = setting.players
        agent = self.table.agents[0]
        self.single_observation_space: spaces.Space[Any] = self.table.observation_spaces[agent]
        self.single_action_space: spaces.Space[Any] = self.table.action_spaces[agent]
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(np.tile(encoding.low, (num_envs, 1)),
                                      np.tile(encoding.high, (num_envs, 1)),
                                      (num_envs, encoding.size), np.float32),
            "action_mask": spaces.Box(0, 1, (num_envs, encoding.action_count), np.int8),
        })
        self.action_space = spaces.MultiDiscrete([encoding.action_count] * num_envs)
        self._seed = parse_seed(seed) if seed is not None else None
        self._dealt = 0
        self.dealt_over = 0
        """Games over at their deal, dealt again (see the module)."""
        self.episodes: list[Episode] = []
        self._owed = np.zeros((num_envs, self.players), np.float32)
        """Points a game's deal settled (paid with the game's first move)."""

    # ------------------------------------------------------------------ the loop
    def reset(self, seed: int | str | None = None) -> tuple[Batch, dict[str, Any]]:
        """Deal ``num_envs`` new games (``seed``: the environment's seed from now on; none
        keeps the one given before, else a fresh one) and return their first views."""
        if seed is not None:
            self._seed = parse_seed(seed)
        if self._seed is None:
            self._seed = new_seed()
        self._dealt = 0
        self.dealt_over = 0
        self.episodes = [self._deal(slot) for slot in range(self.num_envs)]
        return self._views(), self._infos()

    def step(self, actions: Sequence[int] | np.ndarray[Any, Any]
             ) -> tuple[Batch, np.ndarray[Any, Any], np.ndarray[Any, Any],
                        np.ndarray[Any, Any], dict[str, Any]]:
        """Play ``actions[i]`` for the seat to act in game ``i``; return the views, the
        rewards of every seat ``(num_envs, players)``, ``terminated`` and ``truncated``
        ``(num_envs,)`` and the infos (see the module)."""
        if not self.episodes:
            raise AsobiError("call reset() before step()")
        if len(actions) != self.num_envs:
            raise AsobiError(f"step() takes one action a game: {self.num_envs}, "
                             f"not {len(actions)}")
        rewards = np.zeros((self.num_envs, self.players), np.float32)
        terminated = np.zeros(self.num_envs, bool)
        illegal = np.zeros(self.num_envs, bool)
        for slot, (episode, action) in enumerate(zip(self.episodes, actions, strict=True)):
            seat = episode.acting()
            assert seat is not None  # a game in a slot always waits for a move
            illegal[slot] = episode.play(seat, action)
            rewards[slot] = self._owed[slot] + episode.rewards()
            self._owed[slot] = 0.0
            if episode.finished:
                terminated[slot] = True
                self.episodes[slot] = self._deal(slot)
        infos = self._infos()
        infos["illegal"] = illegal
        return (self._views(), rewards, terminated, np.zeros(self.num_envs, bool), infos)

    def record(self, slot: int) -> dict[str, Any]:
        """The asobi record of the game now in ``slot`` (``asobi replay`` plays it again)."""
        return self.episodes[slot].record()

    def close(self) -> None:
        """Nothing to release: the games live in memory."""

    # ------------------------------------------------------------------ inside
    def _deal(self, slot: int) -> Episode:
        """The next game with a decision to make for ``slot`` (a game over at its deal is
        dealt again); what its deal settled is owed to the slot's next step."""
        assert self._seed is not None
        while True:
            episode = self.table.new_episode(vector_game_seed(self._seed, self._dealt))
            self._dealt += 1
            if not episode.finished:
                self._owed[slot] = episode.rewards()
                return episode
            self.dealt_over += 1

    def _views(self) -> Batch:
        encoding = self.encoding
        observations = np.empty((self.num_envs, encoding.size), np.float32)
        masks = np.zeros((self.num_envs, encoding.action_count), np.int8)
        for slot, episode in enumerate(self.episodes):
            seat = episode.acting()
            assert seat is not None
            observations[slot] = encoding.observe(episode.session.observation(seat), seat)
            masks[slot, episode.numbers(seat)] = 1
        return {"observation": observations, "action_mask": masks}

    def _infos(self) -> dict[str, Any]:
        return {"seat": np.array([episode.acting() for episode in self.episodes], np.int64),
                "dealt_over": self.dealt_over}
