"""What an OpenSpiel game must declare that asobi games do not say: whether the game draws
anything at random, and how many moves it can last.

An asobi game draws every random number from the generator ``asobi_setup`` is given
(``SetupContext.rng``: "the only source of randomness the game may use, now and later"). The
probe plays a few games with random legal moves (:func:`asobi.play.playout.playout`), handing
the game a generator that counts what is drawn from it, and notes:

* whether any number was drawn (a deal, a shuffle, a later deal): a game that drew nothing in
  any probe game is declared deterministic (OpenSpiel's ``DETERMINISTIC``);
* the number of moves of the longest probe game, from which the OpenSpiel game's
  ``max_game_length`` is derived (:attr:`Probe.length_bound`). asobi games declare no longest
  game, so this bound is learnt, not proven: :data:`LENGTH_MARGIN` times the longest random
  game seen. ``tests/envs/test_spiel_settings.py`` checks it against many more random games.

The probe plays the seeds the survey plays (:mod:`asobi.envs.survey`, 0 to 5), with moves drawn
from ``random.Random(seed)``: the answer is the same every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from asobi.contract.model import SetupContext
from asobi.envs.setting import Setting
from asobi.play.playout import playout

PROBE_GAMES = 6
"""Random games a probe plays."""
LENGTH_MARGIN = 3
"""How many times the longest probe game the derived ``max_game_length`` is."""


class Tally:
    """How many numbers the game drew. Shared, never copied, by the copies of the generator
    (a game may copy its state, generator included)."""

    def __init__(self) -> None:
        self.draws = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Tally:
        return self

    def __copy__(self) -> Tally:
        return self


class CountingRandom(random.Random):
    """A ``random.Random`` that counts the numbers drawn from it in its :class:`Tally`. Every
    method of ``random.Random`` draws through ``random`` or ``getrandbits``."""

    def __init__(self, seed: int, tally: Tally) -> None:
        self.tally = tally
        super().__init__(seed)

    def random(self) -> float:
        self.tally.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.tally.draws += 1
        return super().getrandbits(k)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self.getstate(), self.tally))


def _rebuilt(state: Any, tally: Tally) -> CountingRandom:
    twin = CountingRandom(0, tally)
    twin.setstate(state)
    return twin


@dataclass(frozen=True)
class Probe:
    """What the probe games of one setting showed."""

    draws_at_random: bool
    """Whether the game drew any random number in any probe game."""
    longest: int
    """Moves (one seat's action each) of the longest probe game."""
    games: int
    """Probe games played."""

    @property
    def length_bound(self) -> int:
        """The derived ``max_game_length``: :data:`LENGTH_MARGIN` times :attr:`longest`."""
        return max(1, LENGTH_MARGIN * self.longest)


def probe(setting: Setting, games: int = PROBE_GAMES, first: int = 0) -> Probe:
    """Play ``games`` random games of ``setting`` (seeds ``first``, ``first + 1``...) and
    tell what they showed. A game still going after :data:`asobi.play.playout.STEP_LIMIT`
    moves counts as that long."""
    hooks = setting.game.hooks
    tally = Tally()
    longest = 0
    for seed in range(first, first + games):
        state = hooks.setup(SetupContext(rules=setting.variant.rules, players=setting.players,
                                         rng=CountingRandom(seed, tally)))
        longest = max(longest, playout(hooks, state, random.Random(seed)))
    return Probe(tally.draws > 0, longest, games)
