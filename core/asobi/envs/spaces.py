"""What both PettingZoo environments share: the spaces, the seeds of episodes, the agents.

Each seat a learner plays is an agent named ``player_0``, ``player_1``... (the seat's number, as
PettingZoo's classic games name theirs); seats given to asobi AI levels (``opponents``) are no
agents. An agent's observation space is a ``Dict`` of
``observation`` (a float32 ``Box`` of the encoding's size and bounds: 0 to 1 unless the game
declares other bounds) and ``action_mask`` (an int8 ``Box`` of 0 and 1, one per action number);
its action space a ``Discrete`` of the action numbers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces

from asobi.envs.encoding import Encoding
from asobi.envs.episode import Episode, check_options, starting_scores
from asobi.envs.setting import Setting
from asobi.errors import AsobiError
from asobi.play.agents import level_name
from asobi.play.playout import playout
from asobi.play.seeds import new_seed, parse_seed
from asobi.play.session import Session

PREFIX = "player_"


def agent_name(seat: int) -> str:
    return f"{PREFIX}{seat}"


def seat_of(agent: str) -> int:
    return int(agent.rpartition("_")[2])


class Table:
    """The spaces of one setting and where its episodes' seeds come from."""

    def __init__(self, setting: Setting, encoding: Encoding, seed: int | str | None,
                 reward: str, on_illegal: str, max_cycles: int | None,
                 opponents: Mapping[str, str] | None = None) -> None:
        check_options(reward, on_illegal)
        check_cycles(max_cycles)
        self.setting = setting
        self.encoding = encoding
        self.reward = reward
        self.on_illegal = on_illegal
        self.max_cycles = max_cycles
        self.opponents = read_opponents(setting, opponents)
        """The seats played by asobi AI levels: seat -> level."""
        self.agents = [agent_name(seat) for seat in range(setting.players)
                       if seat not in self.opponents]
        self.start = starting_scores(setting)
        observation = spaces.Dict({
            "observation": spaces.Box(encoding.low, encoding.high, (encoding.size,),
                                      np.float32),
            "action_mask": spaces.Box(0, 1, (encoding.action_count,), np.int8),
        })
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: observation for agent in self.agents}
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Discrete(encoding.action_count) for agent in self.agents}
        self._pending = parse_seed(seed) if seed is not None else None
        self._given: int | None = None
        """The last seed given, which starts the sequence of the seeds not given."""
        self._seeds: random.Random | None = None
        """That sequence, made when first needed (seeding a generator costs more than many
        moves, and a learner that seeds every episode never needs it)."""

    def new_episode(self, seed: int | str | None) -> Episode:
        """An episode seeded with ``seed`` exactly (the seed of its asobi record). Without one:
        the environment's own seed the first time, then the next seed of the sequence the last
        seed given started, else a fresh seed from the operating system."""
        if seed is None and self._pending is not None:
            seed = self._pending
        if seed is not None:
            chosen = self._given = parse_seed(seed)
            self._seeds = None
        elif self._given is not None:
            if self._seeds is None:
                self._seeds = random.Random(self._given)
            chosen = self._seeds.getrandbits(63)
        else:
            chosen = new_seed()
        self._pending = None
        return Episode(self.setting, self.encoding, chosen, self.reward, self.on_illegal,
                       self.opponents, self.start)

    def metadata(self) -> dict[str, Any]:
        return {
            "render_modes": list(RENDER_MODES),
            "name": f"asobi_{self.setting.game.name}_v0",
            "is_parallelizable": all_seats_act_together(self.setting),
        }


RENDER_MODES = ("human", "ansi")
"""``human``: ``render()`` prints the text view of the seat to act; ``ansi``: returns it."""


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise AsobiError(f"unknown render_mode {render_mode!r}: use "
                         f"{' or '.join(repr(m) for m in RENDER_MODES)} or None")


def check_cycles(max_cycles: int | None) -> None:
    if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(
            max_cycles, int) or max_cycles < 1):
        raise AsobiError(f"max_cycles must be a whole number above 0, not {max_cycles!r}")


def read_opponents(setting: Setting, opponents: Mapping[str, str] | None) -> dict[int, str]:
    """``{"player_1": "normal"}`` as seat -> level, checked: agents of this table, levels the
    game offers (``ai:`` in front is allowed), at least one seat left to the learner."""
    seats: dict[int, str] = {}
    game = setting.game
    names = [agent_name(seat) for seat in range(setting.players)]
    for agent, level in (opponents or {}).items():
        if agent not in names:
            raise AsobiError(f"no agent {agent!r} to give an opponent: the agents are "
                             f"{', '.join(names)}")
        if not isinstance(level, str) or not level.removeprefix("ai:"):
            raise AsobiError(f"the opponent of {agent} must be an AI level such as 'normal', "
                             f"not {level!r}")
        level = level.removeprefix("ai:")
        if level_name(level) not in game.ai_levels():
            offered = ", ".join(game.ai_levels())
            raise AsobiError(f"{game.info.title} has no AI level '{level_name(level)}'; "
                             f"available: {offered}")
        seats[seat_of(agent)] = level
    if len(seats) == setting.players:
        raise AsobiError("every seat was given an opponent: leave at least one to the learner")
    return seats


def all_seats_act_together(setting: Setting, games: int = 6) -> bool:
    """Whether every seat acts in every decision, in seat order (Goofspiel's bids), in
    ``games`` random games (:func:`asobi.play.playout.playout`): only then do the AEC agents
    step in PettingZoo's cycles, one move each, and does ``pettingzoo.utils.aec_to_parallel``
    work. Stops at the first decision of fewer seats (Koi-Koi's first move)."""
    for seed in range(games):
        session = Session(setting.game, setting.variant, ["human"] * setting.players,
                          seed=seed, observers=False)
        try:
            playout(setting.game.hooks, session.state, random.Random(seed),
                    visit=_InTurn(setting.players))
        except _Apart:
            return False
    return True


class _Apart(Exception):
    """A decision that is not every seat's, in seat order: the playout stops there."""


class _InTurn:
    """Follows a playout: each decision opens with every seat to act, and its seats then act
    one after the other in seat order."""

    def __init__(self, players: int) -> None:
        self.everyone = list(range(players))
        self.next: list[int] = []

    def __call__(self, state: Any, acting: list[int], legal: list[Any], moves: int) -> None:
        if not self.next:
            if acting != self.everyone:
                raise _Apart
            self.next = list(self.everyone)
        if acting[0] != self.next.pop(0):
            raise _Apart
