"""The checks of the conformance kit that look at results: public during play, shaped as
records.md says once the game is over, and the same again when the record is replayed.
"""

from __future__ import annotations

import json
import random
from typing import Any

from asobi.conformance.model import (
    AfterMove,
    Checker,
    ConformanceError,
    Event,
    Position,
    Table,
    difference,
    observations_of,
    to_json,
)
from asobi.play.replayer import ReplayError, replay_moves
from asobi.play.session import Session, canonical


class PublicResult(Checker):
    """``asobi_result`` is public during play (every third move, for one seat in turn): a
    state ``asobi_resample`` deals again for the seat from the real state has the very same
    result, and one it builds from the seat's observation alone the same running part of it
    (``finished``, ``scores``, ``winner``: such a state need not remember earlier rounds)."""

    RUNNING = ("finished", "scores", "winner")

    def position(self, pos: Position) -> AfterMove | None:
        if pos.moves % 3 != 1:
            return None
        hooks, session = self.options.game.hooks, pos.session
        real = json.loads(to_json(hooks.result(session.state), "result", pos.where))
        seat = pos.moves // 3 % session.players
        obs = json.loads(pos.observations[seat])
        world = hooks.resample(obs, seat, session.variant.rules, session.players, self.rng,
                               session.state)
        self._compare(pos, seat, "asobi_resample", real, hooks.result(world))
        if hooks.can_resample():
            world = hooks.resample(obs, seat, session.variant.rules, session.players, self.rng)
            theirs = hooks.result(world)
            self._compare(pos, seat, "asobi_resample", {k: real.get(k) for k in self.RUNNING},
                          {k: theirs.get(k) for k in self.RUNNING})
        return None

    def _compare(self, pos: Position, seat: int, hook: str, real: Any, theirs: Any) -> None:
        found = difference(real, json.loads(to_json(theirs, "result", pos.where)))
        if found is not None:
            where = found.describe("result", "the game", f"a world of {hook} for seat {seat}")
            raise ConformanceError(
                f"{pos.where}: the result depends on what seat {seat} cannot see ({where}); "
                "asobi_result must be public during play")


class ResultShape(Checker):
    """The result of a finished game has the replay-output shape of records.md."""

    def game_over(self, table: Table) -> None:
        result = table.session.result()
        where, players = table.where, table.session.players
        for key in ("game", "variant", "finished", "rounds", "scores", "winner"):
            if key not in result:
                raise ConformanceError(f"{where}: result has no '{key}'")
        if result["finished"] is not True:
            raise ConformanceError(f"{where}: over, but 'finished' is {result['finished']!r}")
        if len(result["scores"]) != players:
            raise ConformanceError(f"{where}: {len(result['scores'])} scores for {players} seats")
        winner = result["winner"]
        if winner is not None and not (isinstance(winner, int) and 0 <= winner < players):
            raise ConformanceError(f"{where}: winner {winner!r} is not a seat")
        for i, unit in enumerate(result["rounds"]):
            if len(unit.get("points", ())) != players or "winner" not in unit:
                raise ConformanceError(f"{where}: round {i} needs 'points' per seat and 'winner'")


class Replay(Checker):
    """The record of each game, through JSON, replays to the same events move by move, the
    same result and the same final observations; the first difference is shown."""

    events: list[list[Event]]

    def start(self, table: Table, rng: random.Random) -> None:
        super().start(table, rng)
        self.events = []

    def position(self, pos: Position) -> AfterMove | None:
        return lambda move: self.events.append(
            json.loads(to_json(move.events, "events", pos.where)))

    def game_over(self, table: Table) -> None:
        game, where = self.options.game, table.where
        record = json.loads(to_json(table.session.record(), "record", where))
        mine = json.loads(to_json(table.session.result(), "result", where))
        played = observations_of(table.session, where)
        again = Session(game, table.session.variant, record["seats"], seed=record["seed"],
                        setup=record.get("setup"))
        steps = replay_moves(again, record["moves"], record=record)  # the one replay path
        for index, move in enumerate(record["moves"]):
            try:
                step = next(steps)
            except ReplayError as exc:  # "move N (action): why"
                raise ConformanceError(f"{where}: replay refused {exc}") from None
            if step.skipped:
                raise ConformanceError(
                    f"{where}: asobi_upgrade_record skips move {index} "
                    f"({canonical(move['action'])}) of a record this version just wrote")
            found = difference(self.events[index],
                               json.loads(to_json(step.events, "events", where)))
            if found is not None:
                raise ConformanceError(
                    f"{where}: the replay of move {index} (seat {move['seat']} "
                    f"{canonical(move['action'])}) gave other events: "
                    + found.describe("events", "the game", "the replay"))
        found = difference(mine, json.loads(to_json(again.result(), "result", where)))
        if found is not None:
            raise ConformanceError(f"{where}: replay gave another result: "
                                   + found.describe("result", "the game", "the replay"))
        replayed = observations_of(again, where)
        for seat, (a, b) in enumerate(zip(played, replayed, strict=True)):
            found = difference(json.loads(a), json.loads(b))
            if found is not None:
                raise ConformanceError(
                    f"{where}: replay ended in another state: seat {seat}'s observation "
                    + found.describe("", "the game", "the replay"))
