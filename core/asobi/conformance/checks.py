"""The checks of the conformance kit that look at positions and moves while a game is played,
each a :class:`~asobi.conformance.model.Checker`.

The checks of results and replays are :mod:`asobi.conformance.results`;
:data:`asobi.conformance.CHECKS` names them all, in the order the kit runs them.
"""

from __future__ import annotations

import json
from typing import Any

from asobi.conformance.model import (
    AfterMove,
    Checker,
    ConformanceError,
    Move,
    Position,
    Table,
    first_difference,
    observations_of,
    to_json,
)
from asobi.errors import AsobiError
from asobi.play.agents import make_agent
from asobi.play.session import canonical, visible_events


class Plays(Checker):
    """The kit can play the game: every game ends, and a seat to act can act."""

    def position(self, pos: Position) -> AfterMove | None:
        if pos.moves >= self.options.max_steps:
            raise ConformanceError(
                f"{pos.where}: the game did not end in {self.options.max_steps} actions")
        if not pos.legal:
            raise ConformanceError(f"{pos.where}: seat {pos.seat} must act but has no legal action")
        return None


class PlainJson(Checker):
    """Observations, legal actions, events, results and records are plain JSON."""

    def position(self, pos: Position) -> AfterMove | None:
        pos.observations  # noqa: B018 (serialising them is the check)
        to_json(pos.legal, "legal actions", pos.where)

        def after(move: Move) -> None:
            to_json(move.events, "events", pos.where)

        return after

    def game_over(self, table: Table) -> None:
        to_json(table.session.result(), "result", table.where)
        to_json(table.session.record(), "record", table.where)


class Turns(Checker):
    """Seats to act come in ascending order; a seat not to act has no legal action."""

    def position(self, pos: Position) -> AfterMove | None:
        to_act = pos.session.to_act()
        if sorted(set(to_act)) != list(to_act):
            raise ConformanceError(f"{pos.where}: asobi_to_act must list seats in ascending order")
        for idle in range(pos.session.players):
            if idle not in to_act and pos.session.legal_actions(idle):
                raise ConformanceError(f"{pos.where}: seat {idle} is not to act but has legal "
                                       "actions")
        return None


class Refusals(Checker):
    """Illegal actions are refused and leave every observation as it was (every 7th move)."""

    def position(self, pos: Position) -> AfterMove | None:
        if pos.moves % 7:
            return None
        session, seat = pos.session, pos.seat
        before = pos.observations
        moves = len(session.moves)
        attempts: list[tuple[int, Any]] = [
            (seat, {"no-such-action": True}), (seat, "not an object"), (seat, {}),
            (-1, pos.legal[0]),
        ]
        idle = [s for s in range(session.players) if s not in session.to_act()]
        if idle:
            attempts.append((idle[0], pos.legal[0]))
        for who, action in attempts:
            try:
                pos.table.driver.play(who, action)
            except AsobiError:
                pass
            else:
                raise ConformanceError(
                    f"{pos.where}: illegal action {action!r} by seat {who} was accepted")
            if observations_of(session, pos.where) != before or len(session.moves) != moves:
                raise ConformanceError(f"{pos.where}: a refused action {action!r} changed the game")
        return None


class HiddenInformation(Checker):
    """A state ``asobi_resample`` deals again for a seat from the real state gives it the same
    observation; over the run, the re-deal must change what some other seat sees (unless the
    game says it hides nothing, ``expect_hidden=False``)."""

    hidden_seen = False

    def position(self, pos: Position) -> AfterMove | None:
        hooks, session = self.options.game.hooks, pos.session
        observations = pos.observations
        hook = "asobi_resample"
        for seat in range(session.players):
            other = redeal(pos, seat, self.rng)
            if other is None:
                raise ConformanceError(f"{pos.where}: {hook} returned nothing")
            seen = to_json(hooks.observation(other, seat), "observation", pos.where)
            if seen != observations[seat]:
                key = first_difference(json.loads(observations[seat]), json.loads(seen))
                raise ConformanceError(
                    f"{pos.where}: seat {seat}'s observation changes when only what it cannot "
                    f"see changes: '{key}' reveals hidden information")
            if observations_of(session, pos.where) != observations:
                raise ConformanceError(f"{pos.where}: {hook} changed the state")
            if not self.hidden_seen:
                self.hidden_seen = any(
                    to_json(hooks.observation(other, o), "observation", pos.where)
                    != observations[o] for o in range(session.players) if o != seat)
        return None

    def close(self) -> None:
        if self.options.expect_hidden and not self.hidden_seen:
            raise ConformanceError(
                f"{self.options.game.name}: asobi_resample never "
                "changed anything another seat sees; it must re-deal the hidden information")


def redeal(pos: Position, seat: int, rng: Any) -> Any:
    """The real state dealt again for ``seat`` (``asobi_resample`` given the state)."""
    session = pos.session
    return session.game.hooks.resample(json.loads(pos.observations[seat]), seat,
                                       session.variant.rules, session.players, rng,
                                       session.state)


class EventsLeak(Checker):
    """In a world a seat cannot tell from the real one (dealt again for it just before the
    move), the same move that leaves the seat the same observation must show it the same
    events: an event that reveals what others cannot see names its ``seats``."""

    def position(self, pos: Position) -> AfterMove | None:
        if pos.moves > 2 and pos.moves % 5 != 2:
            return None
        hooks, session = self.options.game.hooks, pos.session
        worlds = [redeal(pos, viewer, self.rng) for viewer in range(session.players)]

        def after(move: Move) -> None:
            for viewer, world in enumerate(worlds):
                legal = [canonical(a) for a in hooks.legal_actions(world, move.seat)]
                if canonical(move.action) not in legal:
                    continue
                theirs = hooks.apply(world, move.seat, move.action)
                if hooks.observation(world, viewer) != session.observation(viewer):
                    continue
                mine = to_json(visible_events(move.events, viewer), "events", pos.where)
                other = to_json(visible_events(theirs, viewer), "events", pos.where)
                if mine != other:
                    raise ConformanceError(
                        f"{pos.where}: seat {viewer} is shown events that depend on what it "
                        f"cannot see ({mine[:200]}); give such events a 'seats' list")

        return after


class Views(Checker):
    """The view hooks answer text: the text view and a label for every legal action (every
    7th move), and a line or ``None`` for every event a seat may see (every move). An answer
    of another type is a plugin fault naming the hook (:mod:`asobi.host.manager`)."""

    def position(self, pos: Position) -> AfterMove | None:
        hooks = self.options.game.hooks
        if pos.moves % 7 == 0:
            obs = pos.session.observation(pos.seat)
            hooks.render_text(obs, "en")
            for action in pos.legal:
                if not hooks.describe_action(obs, action, "en"):
                    raise ConformanceError(f"{pos.where}: no label for {canonical(action)}")

        def after(move: Move) -> None:
            for viewer in range(pos.session.players):
                for event in visible_events(move.events, viewer):
                    hooks.describe_event(event, viewer, "en")

        return after


class AiLevels(Checker):
    """Every AI level answers with one of the legal actions (twice in each of the first two
    games)."""

    def position(self, pos: Position) -> AfterMove | None:
        if pos.table.number >= 2 or pos.moves not in (0, 8):
            return None
        session = pos.session
        obs = json.loads(pos.observations[pos.seat])
        keys = {canonical(a) for a in pos.legal}
        for level in self.options.levels:
            agent = make_agent(self.options.game, level, pos.seat, session.variant.rules,
                               session.players, pos.table.seed)
            choice = agent.choose(obs, pos.legal)
            if not isinstance(choice, dict) or canonical(choice) not in keys:
                raise ConformanceError(
                    f"{pos.where}: ai:{level} chose {choice!r}, not a legal action")
        return None


class Resample(Checker):
    """A state ``asobi_resample`` builds from a seat's observation alone gives the seat that
    very observation and can be played on (every third move; a game that deals again only
    from a state, :meth:`~asobi.host.gamehooks.GameHooks.can_resample`, passes)."""

    def position(self, pos: Position) -> AfterMove | None:
        hooks = self.options.game.hooks
        if pos.moves % 3 or not hooks.can_resample():
            return None
        session = pos.session
        for seat in range(session.players):
            obs = json.loads(pos.observations[seat])
            world = hooks.resample(obs, seat, session.variant.rules, session.players, self.rng)
            seen = to_json(hooks.observation(world, seat), "observation", pos.where)
            if seen != pos.observations[seat]:
                key = first_difference(obs, json.loads(seen))
                raise ConformanceError(f"{pos.where}: asobi_resample for seat {seat} gives "
                                       f"another observation ('{key}')")
            for other in hooks.to_act(world):
                if not hooks.legal_actions(world, other):
                    raise ConformanceError(f"{pos.where}: in a resampled state seat {other} "
                                           "must act but has no legal action")
        return None
