"""The state of an asobi game in OpenSpiel: a :class:`asobi.envs.world.World` behind the
``pyspiel.State`` interface.

Action ids are the numbers of :class:`asobi.envs.encoding.Encoding`; a chance node (explicit
chance only) offers the deals ``0`` to ``deals - 1``. OpenSpiel copies a state by building a new
one and deep-copying its attributes (``_world``, ``_trails``, ``_last_seen``, ``_plies``,
``_dealing``, ``_views``), and serializes it by pickling them: a game pickles as its asobi seed
and moves and is played again when read back; a world sampled from an observation
(``resample_from_infostate``) cannot be serialized.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from asobi.envs.world import Pending, World
from asobi.play.seeds import fraction_seed, spiel_deal_seed
from asobi.play.session import canonical

if TYPE_CHECKING:  # asobi.envs.spiel makes the states of its games from this module
    from asobi.envs.spiel import AsobiGame, Spec


class Deal:
    """A game of sampled chance not dealt yet. Its seed is drawn from the OpenSpiel game the
    first time the state is looked at or copied, so that the new states OpenSpiel makes only
    to copy another one into them draw nothing."""

    def __init__(self, game: AsobiGame) -> None:
        self.game = game
        self.seed: int | None = None

    def fix(self) -> int:
        if self.seed is None:
            self.seed = self.game.next_seed()
        return self.seed

    def __deepcopy__(self, memo: dict[int, Any]) -> Pending:
        return Pending(self.fix())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Pending, (self.fix(),))


class Views:
    """What each seat sees of the current position, remembered until the next move (a search
    asks for the same observation string many times). Copies start empty."""

    def __init__(self) -> None:
        self.observations: dict[int, dict[str, Any]] = {}
        self.texts: dict[int, str] = {}

    def clear(self) -> None:
        self.observations.clear()
        self.texts.clear()

    def __deepcopy__(self, memo: dict[int, Any]) -> Views:
        return Views()

    def __reduce__(self) -> tuple[Any, ...]:
        return (Views, ())


def final_returns(result: Mapping[str, Any], players: int, kind: str) -> list[float]:
    """Every seat's return at the end of a game whose asobi result is ``result``.

    ``outcome``: +1 for the winner, -1/(players - 1) for each other seat; 0 each without a
    winner (a draw, or a game stopped unfinished). ``margin``: each seat's score (``scores``
    of the result) less the mean score, the ``point_difference`` of OpenSpiel's Goofspiel; a
    game stopped unfinished returns the margin of its scores so far. Both add up to 0."""
    if kind == "margin":
        scores = [float(score) if isinstance(score, int | float) else 0.0
                  for score in list(result.get("scores") or [])[:players]]
        scores += [0.0] * (players - len(scores))
        mean = sum(scores) / players
        return [score - mean for score in scores]
    winner = result.get("winner") if result.get("finished") else None
    if winner is None:
        return [0.0] * players
    return [1.0 if seat == winner else -1.0 / (players - 1) for seat in range(players)]


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:32]


class AsobiState(pyspiel.State):  # type: ignore[misc,unused-ignore]
    """A position of an asobi game, for OpenSpiel."""

    def __init__(self, game: AsobiGame) -> None:
        super().__init__(game)
        spec = game.spec
        self._dealing = spec.deals > 0
        self._world: World | Pending | Deal | None = None if self._dealing else Deal(game)
        self._trails = [""] * spec.setting.players
        """Per seat, a digest of every view it had and every action it took, in order (the
        memory behind its information state; see :meth:`_remember`)."""
        self._last_seen = [""] * spec.setting.players
        """Per seat, the digest of the last view its trail took in."""
        self._plies = 0
        self._views = Views()

    # ------------------------------------------------------------------ helpers
    def _spec(self) -> Spec:
        spec: Spec = self.get_game().spec
        return spec

    def world(self) -> World | None:
        """The position (None before the deal of explicit chance)."""
        world = self._world
        if isinstance(world, Deal):
            world = self._world = World.start(self._spec().setting, world.fix())
        elif isinstance(world, Pending):
            world = self._world = World.replay(self._spec().setting, world)
        return world

    def observation(self, seat: int) -> dict[str, Any]:
        """``seat``'s asobi observation of the position (remembered until the next move)."""
        views = self._views
        if seat not in views.observations:
            world = self.world()
            assert world is not None
            views.observations[seat] = world.observation(seat)
        return views.observations[seat]

    def _acting(self) -> list[int]:
        world = self.world()
        return world.to_act() if world is not None else []

    def _simultaneous(self, acting: list[int]) -> bool:
        return len(acting) > 1 and self._spec().dynamics == "simultaneous"

    # ------------------------------------------------------------------ the game
    def current_player(self) -> int:
        if self._dealing:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        acting = self._acting()
        if self._simultaneous(acting):
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return acting[0]

    def is_terminal(self) -> bool:
        if self._dealing:
            return False
        return not self._acting() or self._plies >= self._spec().max_game_length

    def _legal_actions(self, player: int) -> list[int]:
        world = self.world()
        if world is None or player not in world.to_act():
            return []
        return sorted(self._spec().encoding.indices(world.legal(player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self._spec().deals
        return [(number, 1.0 / deals) for number in range(deals)]

    def _apply_action(self, action: int) -> None:
        spec = self._spec()
        self._views.clear()
        if self._dealing:
            self._world = World.start(spec.setting, spiel_deal_seed(spec.rng_seed, int(action)))
            self._dealing = False
            return
        seat = self._acting()[0]
        self._refuse_illegal({seat: int(action)})
        self._remember({seat: int(action)})
        self._play(seat, int(action))
        self._plies += 1

    def _apply_actions(self, actions: list[int]) -> None:
        acting = self._acting()
        moves = {seat: int(actions[seat]) for seat in acting}
        self._refuse_illegal(moves)
        self._remember(moves)
        for seat in acting:
            if seat in self._acting():
                self._play(seat, int(actions[seat]))
        self._plies += 1

    def _refuse_illegal(self, moves: Mapping[int, int]) -> None:
        """A ``pyspiel.SpielError`` for a number that is no legal action of its seat now,
        before anything changes."""
        for seat, number in moves.items():
            if number not in self._legal_actions(seat):
                raise pyspiel.SpielError(f"action {number} is not legal for seat {seat}")

    def _remember(self, moves: Mapping[int, int]) -> None:
        """Before a move: every seat's trail takes in its view, if it changed since the view
        the trail last took in (a seat cannot tell how many moves left its view as it was),
        then the action of each seat in ``moves``. A game without information states
        (``Spec.recall`` off: the bots' games) keeps no trails."""
        if not self._spec().recall:
            return
        for seat in range(len(self._trails)):
            seen = _digest(self.seat_text(seat))
            if seen != self._last_seen[seat]:
                self._trails[seat] = _digest(self._trails[seat], "saw", seen)
                self._last_seen[seat] = seen
            if seat in moves:
                self._trails[seat] = _digest(self._trails[seat], "did", str(moves[seat]))

    def _play(self, seat: int, number: int) -> None:
        world = self.world()
        assert world is not None
        legal = world.legal(seat)
        action = self._spec().encoding.action(number, legal)
        if action is None:
            raise pyspiel.SpielError(f"action {number} is not legal for seat {seat}")
        self._views.clear()
        world.apply(seat, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        encoding = self._spec().encoding
        if encoding.actions is None:
            world = self.world()
            legal = world.legal(player) if world is not None and player >= 0 else []
            if 0 <= action < len(legal):
                return canonical(legal[action])
        return encoding.label(int(action))

    def returns(self) -> list[float]:
        spec = self._spec()
        world = self.world()
        if world is None or not self.is_terminal():
            return [0.0] * spec.setting.players
        return final_returns(world.result(), spec.setting.players, spec.returns)

    def __str__(self) -> str:
        world = self.world()
        if world is None:
            return f"deal one of {self._spec().deals}"
        head = (f"seed {world.seed}, move {world.moves}" if world.seed is not None
                else "a world sampled from an observation")
        seats = [f"seat {seat}: {self.seat_text(seat)}"
                 for seat in range(self._spec().setting.players)]
        return "\n".join([head, *seats])

    # ------------------------------------------------------------------ what a seat sees
    def seat_tensor(self, player: int) -> Any:
        """The encoding of ``player``'s observation (None before the deal or for no seat)."""
        world = self.world() if player >= 0 else None
        if world is None:
            return None
        return self._spec().encoding.observe(self.observation(player), player)

    def seat_text(self, player: int) -> str:
        """``player``'s asobi observation as JSON."""
        world = self.world() if player >= 0 else None
        if world is None:
            return ""
        views = self._views
        if player not in views.texts:
            views.texts[player] = canonical(self.observation(player))
        return views.texts[player]

    def seat_history(self, player: int) -> str:
        """``player``'s information state: its memory (every view it had, every action it
        took), then what it sees now."""
        if player < 0:
            return ""
        return f"{self._trails[player]} {self.seat_text(player)}"

    # ------------------------------------------------------------------ search
    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AsobiState:
        """A state ``player_id`` cannot tell from this one, dealt by the game's
        ``asobi_resample`` from its observation; ``probability_sampler()`` seeds the deal."""
        draw = float(probability_sampler())
        return self.resampled(player_id, random.Random(fraction_seed(draw)))

    def resampled(self, player: int, rng: random.Random) -> AsobiState:
        """:meth:`resample_from_infostate` with the deal drawn from ``rng``."""
        twin = dealt(self.get_game(), self.observation(player), player, rng)
        twin._trails[player] = self._trails[player]
        twin._last_seen[player] = self._last_seen[player]
        twin._plies = self._plies
        return twin

    def rollout(self, rng: random.Random) -> np.ndarray[Any, np.dtype[np.float64]]:
        """Play this state to the end with random moves and return every seat's return. The
        state is spent: a search calls it on a leaf it is about to throw away."""
        world = self.world()
        assert world is not None
        spec = self._spec()
        self._views.clear()
        if not self.is_terminal():
            world.playout(rng)
        return np.asarray(final_returns(world.result(), spec.setting.players, spec.returns),
                          dtype=np.float64)


def dealt(game: AsobiGame, observation: Any, seat: int, rng: random.Random) -> AsobiState:
    """A state of ``game`` whose world the game deals from ``seat``'s ``observation``
    (``asobi_resample``) with ``rng``: a world the seat cannot tell from the one it sees."""
    setting = game.spec.setting
    world = setting.game.hooks.resample(observation, seat, setting.variant.rules,
                                        setting.players, rng)
    state: AsobiState = game.new_initial_state()
    state._dealing = False
    state._world = World.around(setting, world)
    return state
