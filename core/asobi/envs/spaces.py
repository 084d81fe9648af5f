"""What both PettingZoo environments share: the spaces, the seeds of episodes, the agents.

Each seat is an agent named ``seat_0``, ``seat_1``... Its observation space is a ``Dict`` of
``observation`` (a float32 ``Box`` of the encoding's size) and ``action_mask`` (an int8 ``Box``
of 0 and 1, one per action number); its action space a ``Discrete`` of the action numbers.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces

from asobi.envs.encoding import Encoding
from asobi.envs.episode import Episode, check_options
from asobi.envs.setting import Setting
from asobi.errors import AsobiError
from asobi.play.seeds import new_seed, parse_seed

LIMIT = float(np.finfo(np.float32).max)
"""The bounds of the observation box: any float32 (scores and counts are not bounded)."""


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    return int(agent.rpartition("_")[2])


class Table:
    """The spaces of one setting and where its episodes' seeds come from."""

    def __init__(self, setting: Setting, encoding: Encoding, seed: int | str | None,
                 reward: str, on_illegal: str, max_cycles: int | None) -> None:
        check_options(reward, on_illegal)
        if max_cycles is not None and (isinstance(max_cycles, bool) or max_cycles < 1):
            raise AsobiError(f"max_cycles must be a whole number above 0, not {max_cycles!r}")
        self.setting = setting
        self.encoding = encoding
        self.reward = reward
        self.on_illegal = on_illegal
        self.max_cycles = max_cycles
        self.agents = [agent_name(seat) for seat in range(setting.players)]
        observation = spaces.Dict({
            "observation": spaces.Box(-LIMIT, LIMIT, (encoding.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (encoding.action_count,), np.int8),
        })
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: observation for agent in self.agents}
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Discrete(encoding.action_count) for agent in self.agents}
        self._pending = parse_seed(seed) if seed is not None else None
        self._seeds: random.Random | None = None

    def new_episode(self, seed: int | str | None) -> Episode:
        """An episode seeded with ``seed`` exactly (the seed of its asobi record). Without one:
        the environment's own seed the first time, then the next seed of the sequence the last
        seed given started, else a fresh seed from the operating system."""
        if seed is None and self._pending is not None:
            seed = self._pending
        if seed is not None:
            chosen = parse_seed(seed)
            self._seeds = random.Random(chosen)
        elif self._seeds is not None:
            chosen = self._seeds.getrandbits(63)
        else:
            chosen = new_seed()
        self._pending = None
        return Episode(self.setting, self.encoding, chosen, self.reward, self.on_illegal)

    def metadata(self) -> dict[str, Any]:
        return {
            "render_modes": ["ansi"],
            "name": f"asobi_{self.setting.game.name}_v0",
            "is_parallelizable": True,
        }
