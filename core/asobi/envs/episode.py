"""One game played by learners: a session stepped through the driver, turned into numbers.

Both PettingZoo environments (:mod:`asobi.envs.aec`, :mod:`asobi.envs.parallel`) keep one
:class:`Episode` per game. It decides nothing itself: the game's own session checks and applies
every move (through :class:`asobi.play.driver.Driver`, as every frontend does) and the game's
:class:`~asobi.envs.encoding.Encoding` gives the numbers.

**Turns.** In the AEC environment seats act in the order :meth:`asobi.play.driver.Driver.turns`
gives (always the first seat to act): the seats that choose together (a *decision*: Sakura's
secret picks, Goofspiel's bids) one after another in seat order, each seeing only what its
observation shows, a seat that owes two choices of one decision making both before the next
seat; otherwise one seat at a time. The parallel environment plays one decision per ``step``
(one action a seat: a second choice owed by a seat is the next decision). Seats given to asobi
AI levels (``opponents``) are no agents: the driver moves them, as it moves any AI seat,
whenever they are to act.

**Rewards** (:data:`REWARDS`). ``margin`` (the default): zero-sum; a seat's rewards add up to its
final *margin*, its score (``asobi_result``'s ``scores``) less the mean of the other seats'
scores, paid as the margin changes (a Koi-Koi round when it is settled, a Sakura tree, a
Goofspiel prize). ``points``: after each move every seat's reward is the change of its own
score; a game's rewards add up to the final score less the starting score. ``outcome``: 0 until
the end, then +1 for the winner and -1/(players - 1) for each other seat (0 for all after a
draw or a truncated game). Points settled at the deal itself (a Koi-Koi hand dealt with a
yaku) are paid at the reset, measured from the scores a game starts with.

**Illegal numbers** (:data:`ON_ILLEGAL`). ``end`` (the default, as PettingZoo's classic games
do): the game stops there, the seat that sent the number gets -1 and every other seat 0,
whatever the reward; the move is not played. ``random``: a legal action drawn from the
episode's own generator is played instead. ``raise``: an :class:`asobi.errors.AsobiError`,
nothing changed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from asobi.envs.encoding import Encoding, Mask, Vector
from asobi.envs.setting import Setting
from asobi.errors import AsobiError
from asobi.play.driver import Driver
from asobi.play.seeds import illegal_move_rng
from asobi.play.session import SeatSpec, Session

REWARDS = ("margin", "points", "outcome")
ON_ILLEGAL = ("end", "random", "raise")
ILLEGAL_REWARD = -1.0
"""What the seat that sends an illegal number gets under ``on_illegal="end"``."""


def check_options(reward: str, on_illegal: str) -> None:
    """Refuse an unknown reward or illegal-number rule, naming the known ones."""
    if reward not in REWARDS:
        raise AsobiError(f"unknown reward '{reward}': use {', '.join(REWARDS)}")
    if on_illegal not in ON_ILLEGAL:
        raise AsobiError(f"unknown on_illegal '{on_illegal}': use {', '.join(ON_ILLEGAL)}")


def outcome(result: Mapping[str, Any], players: int) -> list[float]:
    """+1 for the winner, -1/(players - 1) for the others; zeros without a winner."""
    winner = result.get("winner") if result.get("finished") else None
    if winner is None:
        return [0.0] * players
    return [1.0 if seat == winner else -1.0 / (players - 1) for seat in range(players)]


def margins(scores: Sequence[float]) -> list[float]:
    """Each seat's score less the mean of the other seats' scores (they add up to zero; a
    game played alone has no one to compare with: its score then)."""
    total = float(sum(scores))
    others = len(scores) - 1
    if others == 0:
        return [float(score) for score in scores]
    return [float(score) - (total - score) / others for score in scores]


def scores_of(result: Mapping[str, Any], players: int) -> list[float]:
    """The running scores of ``result``, one number a seat (0 where the game gives none)."""
    scores = result.get("scores") or []
    numbers = [float(s) if isinstance(s, (int, float)) and not isinstance(s, bool) else 0.0
               for s in scores][:players]
    return numbers + [0.0] * (players - len(numbers))


def starting_scores(setting: Setting, tries: int = 64) -> list[float]:
    """The scores a game of ``setting`` starts with, before any point is settled: read from
    the first deal (seeds 0, 1, ...) that settles nothing (no scoring unit in ``rounds``).
    A game's starting scores come from its rules and its table, not from the deal."""
    seats = ["human"] * setting.players
    for seed in range(tries):
        session = Session(setting.game, setting.variant, seats, seed=seed, observers=False)
        result = session.result()
        if not session.finished and not result.get("rounds"):
            return scores_of(result, setting.players)
    return [0.0] * setting.players


class Episode:
    """One game: the session, whose turn it is, and the numbers of what each seat sees."""

    def __init__(self, setting: Setting, encoding: Encoding, seed: int, reward: str = "margin",
                 on_illegal: str = "end", opponents: Mapping[int, str] | None = None,
                 start: Sequence[float] | None = None) -> None:
        check_options(reward, on_illegal)
        self.setting = setting
        self.encoding = encoding
        self.players = setting.players
        self.reward = reward
        self.on_illegal = on_illegal
        opponents = dict(opponents or {})
        seats = tuple(SeatSpec("ai", opponents[seat]) if seat in opponents else SeatSpec("human")
                      for seat in range(self.players))
        self.learners = tuple(seat for seat in range(self.players) if seat not in opponents)
        """The seats played by the learner (the agents), in seat order."""
        self.session = Session(setting.game, setting.variant, seats, seed=seed,
                               variant_ref=setting.variant_ref, observers=False)
        self.driver = Driver(self.session)
        self.seed = seed
        self._rng: random.Random | None = None
        self.cycles = 0
        """Decisions finished so far (the parallel environment's steps)."""
        self.moves_by = [0] * self.players
        """The moves each seat's learner chose itself (not those played for it)."""
        self.group: list[int] = []
        """The learner seats of the current decision that have not acted yet, in order."""
        self.last_seat: int | None = None
        self.forfeit: int | None = None
        """The seat that sent an illegal number under ``on_illegal="end"``."""
        self._paid_forfeit = False
        self._paid_outcome = False
        self._legal: dict[int, list[dict[str, Any]]] = {}
        self._numbers: dict[int, list[int]] = {}
        self._now: list[int] = []
        """The seats to act in this position (asked of the game once a position)."""
        self._paid = self._values(list(start) if start is not None else
                                  [0.0] * self.players)
        self._let_opponents_move()
        self._now = self.session.to_act()
        self._advance()

    @property
    def rng(self) -> random.Random:
        """The episode's own generator of random legal moves (``on_illegal="random"``, the
        moves of a seat past ``max_cycles``), seeded from the episode's seed when first
        needed (seeding it costs more than many moves)."""
        if self._rng is None:
            self._rng = illegal_move_rng(self.seed)
        return self._rng

    # ------------------------------------------------------------------ turns
    @property
    def finished(self) -> bool:
        """Whether the game is over (played to its end, or stopped by an illegal number)."""
        return self.forfeit is not None or not self._now

    def acting(self) -> int | None:
        """The seat to act now, as the driver asks it (None once the game is over)."""
        if self.forfeit is not None:
            return None
        return self._now[0] if self._now else None

    def next_together(self) -> int | None:
        """The next learner seat of the current decision that has not acted in it yet (the
        parallel environment's order: one action a seat a decision)."""
        return self.group[0] if self.group else None

    def _advance(self) -> None:
        """Drop the seats whose turn passed; once the decision is over, count it and start
        the next one (the learner seats to act now)."""
        now = [] if self.forfeit is not None else self._now
        had = bool(self.group) or self.last_seat is not None
        self.group = [seat for seat in self.group if seat in now]
        if not self.group:
            if had:
                self.cycles += 1
            self.group = [seat for seat in now if seat in self.learners]

    def _let_opponents_move(self) -> None:
        """Let the AI seats move until a learner must act or the game ends."""
        if len(self.learners) < self.players:
            for _ in self.driver.play_ai():
                pass

    def play(self, seat: int, number: Any) -> bool:
        """Play the action numbered ``number`` for ``seat`` (whose turn it is); True when the
        number was not a legal action (see the module for what happens then)."""
        if seat != self.acting() and seat not in self.group:
            raise AsobiError(f"it is not seat {seat}'s turn (seat {self.acting()} acts now)")
        legal = self.legal(seat)
        whole = _whole(number)
        numbers = self.numbers(seat)
        action = legal[numbers.index(whole)] if whole in numbers else None
        illegal = action is None
        if action is None:
            if self.on_illegal == "raise":
                allowed = self.numbers(seat)
                raise AsobiError(f"action {number!r} is not legal for seat {seat} now; "
                                 f"legal: {allowed}")
            if self.on_illegal == "end":
                self.forfeit = seat
                self.last_seat = seat
                self._advance()
                return True
            action = legal[self.rng.randrange(len(legal))]
        self.moves_by[seat] += 1
        self._move(seat, action)
        return illegal

    def play_for(self, seat: int, rng: random.Random) -> None:
        """Play a random legal move for ``seat`` (whose turn it is), drawn from ``rng``: the
        move of a seat whose learner has no moves left (see :mod:`asobi.envs.aec`)."""
        legal = self.legal(seat)
        self._move(seat, legal[rng.randrange(len(legal))])

    def _move(self, seat: int, action: dict[str, Any]) -> None:
        self.driver.play(seat, action)
        self._legal.clear()
        self._numbers.clear()
        self.last_seat = seat
        if seat in self.group:
            self.group.remove(seat)
        self._let_opponents_move()
        self._now = self.session.to_act()
        self._advance()

    # ------------------------------------------------------------------ what seats see
    def legal(self, seat: int) -> list[dict[str, Any]]:
        """The legal actions of ``seat`` in this position (asked of the game once)."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.session.legal_actions(seat)
        return legal

    def numbers(self, seat: int) -> list[int]:
        """The action numbers of :meth:`legal`, in its order."""
        numbers = self._numbers.get(seat)
        if numbers is None:
            numbers = self._numbers[seat] = self.encoding.indices(self.legal(seat))
        return numbers

    def acts(self, seat: int, together: bool = False) -> bool:
        """Whether ``seat`` acts now (``together``: anywhere in the decision, else first)."""
        if self.forfeit is not None:
            return False
        return seat in self.group if together else seat == self.acting()

    def observe(self, seat: int, together: bool = False) -> dict[str, Vector | Mask]:
        """``{"observation": vector, "action_mask": mask}`` of ``seat`` (an empty mask when it
        does not act now; see :meth:`acts` for ``together``)."""
        vector = self.encoding.observe(self.session.observation(seat), seat)
        mask = np.zeros(self.encoding.action_count, dtype=np.int8)
        if self.acts(seat, together):
            mask[self.numbers(seat)] = 1
        return {"observation": vector, "action_mask": mask}

    def info(self, seat: int, together: bool = False) -> dict[str, Any]:
        """The seat's legal actions and their numbers when it acts now, else nothing: built
        for the seats that act only, so a step costs no other seat's legal list."""
        if not self.acts(seat, together):
            return {}
        return {"legal_actions": self.legal(seat), "action_numbers": self.numbers(seat)}

    def rewards(self) -> list[float]:
        """Every seat's reward for what happened since the last call (see the module)."""
        if self.forfeit is not None:
            if self._paid_forfeit:
                return [0.0] * self.players
            self._paid_forfeit = True
            return [ILLEGAL_REWARD if seat == self.forfeit else 0.0
                    for seat in range(self.players)]
        if self.reward == "outcome":
            if self._now or self._paid_outcome:
                return [0.0] * self.players
            self._paid_outcome = True
            return outcome(self.session.result(), self.players)
        values = self._values(scores_of(self.session.result(), self.players))
        change = [new - old for new, old in zip(values, self._paid, strict=True)]
        self._paid = values
        return change

    def _values(self, scores: list[float]) -> list[float]:
        """What the rewards pay the changes of: the margins, or the scores themselves."""
        return margins(scores) if self.reward == "margin" else scores

    def render(self, lang: str = "en") -> str:
        """The text view of the seat to act (else of the seat that moved last)."""
        seat = self.acting()
        if seat is None:
            seat = self.last_seat if self.last_seat is not None else self.learners[0]
        game = self.setting.game
        return game.hooks.render_text(self.session.observation(seat), lang)

    def record(self) -> dict[str, Any]:
        """The asobi record of the game so far (``asobi replay`` plays it again)."""
        return self.session.record()


def _whole(number: Any) -> int | None:
    """``number`` as an int (a NumPy integer or a 0-d array too), or None."""
    try:
        value = int(number)
    except (TypeError, ValueError, OverflowError):
        return None
    return value if value == number else None
