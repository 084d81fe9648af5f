"""One game played by learners: a session stepped through the driver, turned into numbers.

Both PettingZoo environments (:mod:`asobi.envs.aec`, :mod:`asobi.envs.parallel`) keep one
:class:`Episode` per game. It decides nothing itself: the game's own session checks and applies
every move (through :class:`asobi.play.driver.Driver`, as every frontend does) and the game's
:class:`~asobi.envs.encoding.Encoding` gives the numbers.

**Turns.** In the AEC environment seats act in the order :meth:`asobi.play.driver.Driver.turns`
gives (always the first seat to act): the seats that choose together (a *decision*: Sakura's
secret picks, Goofspiel's bids) one after another in seat order, each seeing only what its
observation shows, a seat that owes two choices of one decision making both before the next
seat; otherwise one seat at a time. A *cycle* is one such decision, finished: the parallel
environment plays one per ``step`` (one action a seat: a second choice owed by a seat is the
next cycle) and ``max_cycles`` counts them in both environments.

**Rewards.** ``points`` (the default): after each move, every seat's reward is the change of
its score (``asobi_result``'s ``scores``): a Koi-Koi round's points when it is settled, a
Sakura tree's tokens, a Goofspiel prize; the rewards of a whole game add up to the final score
less the starting score. ``outcome``: 0 until the end, then +1 for the winner and
-1/(players - 1) for each other seat (0 for all after a draw or a truncated game).

**Illegal numbers.** A number that is no legal action of the seat is replaced by a legal action
drawn at random from the episode's own generator (``on_illegal="random"``, the default: the
``infos`` of that seat say ``illegal_action: True``), or refused with an
:class:`asobi.errors.AsobiError` (``on_illegal="raise"``).
"""

from __future__ import annotations

from typing import Any

from asobi.envs.encoding import Encoding, Mask, Vector
from asobi.envs.setting import Setting
from asobi.errors import AsobiError
from asobi.play.driver import Driver
from asobi.play.seeds import illegal_move_rng
from asobi.play.session import SeatSpec, Session

REWARDS = ("points", "outcome")
ON_ILLEGAL = ("random", "raise")


def check_options(reward: str, on_illegal: str) -> None:
    """Refuse an unknown reward or illegal-number rule, naming the known ones."""
    if reward not in REWARDS:
        raise AsobiError(f"unknown reward '{reward}': use {' or '.join(REWARDS)}")
    if on_illegal not in ON_ILLEGAL:
        raise AsobiError(f"unknown on_illegal '{on_illegal}': use {' or '.join(ON_ILLEGAL)}")


def outcome(result: dict[str, Any], players: int) -> list[float]:
    """+1 for the winner, -1/(players - 1) for the others; zeros without a winner."""
    winner = result.get("winner") if result.get("finished") else None
    if winner is None:
        return [0.0] * players
    return [1.0 if seat == winner else -1.0 / (players - 1) for seat in range(players)]


class Episode:
    """One game: the session, whose turn it is, and the numbers of what each seat sees."""

    def __init__(self, setting: Setting, encoding: Encoding, seed: int, reward: str = "points",
                 on_illegal: str = "random") -> None:
        check_options(reward, on_illegal)
        self.setting = setting
        self.encoding = encoding
        self.players = setting.players
        self.reward = reward
        self.on_illegal = on_illegal
        self.session = Session(setting.game, setting.variant, (SeatSpec("human"),) * self.players,
                               seed=seed, variant_ref=setting.variant_ref, observers=False)
        self.driver = Driver(self.session, agents={})
        self.rng = illegal_move_rng(seed)
        self.cycles = 0
        """Decisions finished so far."""
        self.group: list[int] = []
        """The seats of the current decision that have not acted yet, in the order they act."""
        self.last_seat: int | None = None
        self._scores = self._current_scores()
        self._advance()

    # ------------------------------------------------------------------ turns
    @property
    def finished(self) -> bool:
        return self.session.finished

    def acting(self) -> int | None:
        """The seat to act now, as the driver asks it (None once the game is over)."""
        now = self.session.to_act()
        return now[0] if now else None

    def next_together(self) -> int | None:
        """The next seat of the current decision that has not acted in it yet (the parallel
        environment's order: one action a seat a cycle)."""
        return self.group[0] if self.group else None

    def _advance(self) -> None:
        """Drop the seats whose turn passed; once the decision is over, count it and start
        the next one (the seats to act now)."""
        now = self.session.to_act()
        had = bool(self.group) or self.last_seat is not None
        self.group = [seat for seat in self.group if seat in now]
        if not self.group:
            if had:
                self.cycles += 1
            self.group = list(now)

    def play(self, seat: int, number: Any) -> bool:
        """Play the action numbered ``number`` for ``seat`` (whose turn it is); True when the
        number was not a legal action and a random legal one was played instead."""
        if seat != self.acting() and seat not in self.group:
            raise AsobiError(f"it is not seat {seat}'s turn (seat {self.acting()} acts now)")
        legal = self.session.legal_actions(seat)
        whole = _whole(number)
        action = None if whole is None else self.encoding.action(whole, legal)
        illegal = action is None
        if action is None:
            if self.on_illegal == "raise":
                allowed = self.encoding.indices(legal)
                raise AsobiError(f"action {number!r} is not legal for seat {seat} now; "
                                 f"legal: {allowed}")
            action = dict(legal[self.rng.randrange(len(legal))])
        self.driver.play(seat, action)
        self.last_seat = seat
        if seat in self.group:
            self.group.remove(seat)
        self._advance()
        return illegal

    # ------------------------------------------------------------------ what seats see
    def _legal(self, seat: int, together: bool) -> list[dict[str, Any]]:
        """The seat's legal actions if it acts now (``together``: anywhere in the decision,
        else first of it), else none."""
        acts = seat in self.group if together else seat == self.acting()
        return self.session.legal_actions(seat) if acts else []

    def observe(self, seat: int, together: bool = False) -> dict[str, Vector | Mask]:
        """``{"observation": vector, "action_mask": mask}`` of ``seat`` (an empty mask when it
        does not act now; see :meth:`_legal` for ``together``)."""
        observation = self.session.observation(seat)
        return {"observation": self.encoding.observe(observation, seat),
                "action_mask": self.encoding.mask(self._legal(seat, together))}

    def info(self, seat: int, together: bool = False) -> dict[str, Any]:
        """What a learner may want besides the numbers: the asobi observation, the legal
        actions (when the seat acts now) and their numbers."""
        legal = self._legal(seat, together)
        return {
            "observation": self.session.observation(seat),
            "legal_actions": legal,
            "action_numbers": self.encoding.indices(legal),
        }

    def rewards(self) -> list[float]:
        """Every seat's reward for what happened since the last call (see the module)."""
        if self.reward == "outcome":
            return outcome(self.session.result(), self.players) if self.finished else (
                [0.0] * self.players)
        scores = self._current_scores()
        change = [float(new - old) for new, old in zip(scores, self._scores, strict=True)]
        self._scores = scores
        return change

    def _current_scores(self) -> list[int | float]:
        scores = self.session.result().get("scores") or [0] * self.players
        return [s if isinstance(s, int | float) else 0 for s in scores][:self.players] + (
            [0] * (self.players - len(scores)))

    def render(self, lang: str = "en") -> str:
        """The text view of the seat to act (else of the seat that moved last)."""
        seat = self.acting()
        if seat is None:
            seat = self.last_seat if self.last_seat is not None else 0
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
