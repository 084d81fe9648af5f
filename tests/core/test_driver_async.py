"""The driver's face for an event loop (:meth:`Driver.play_ai_async`): the same moves as the
blocking loop, a decision the game moved past is asked again, and a session rebuilt from its
record (:meth:`Driver.resume`) is played on by the loop under way."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from asobi.play.driver import Driver
from asobi.play.session import Session
from asobi.variants import loader as variants

SEATS = ["ai:random", "ai:random"]


def _session(nim_registry: Any, seed: int = 11) -> Session:
    game = nim_registry.game("nim")
    return Session(game, variants.load(game.info), SEATS, seed=seed)


def _blocking_moves(nim_registry: Any) -> list[dict[str, Any]]:
    session = _session(nim_registry)
    Driver(session).run()
    return session.moves


def test_the_async_loop_plays_the_game_the_blocking_loop_plays(nim_registry):
    session = _session(nim_registry)
    driver = Driver(session)
    thought: list[int] = []

    async def think(decision: Callable[[], Any]) -> Any:
        thought.append(len(session.moves))
        return await asyncio.to_thread(decision)

    asyncio.run(driver.play_ai_async(think))
    assert session.finished and session.moves == _blocking_moves(nim_registry)
    assert thought == list(range(len(session.moves)))  # one decision a move, none dropped


def test_the_seats_to_act_may_come_from_the_caller_and_going_stops_the_loop(nim_registry):
    session = _session(nim_registry)
    driver = Driver(session)
    assert driver.next_ai_seat([1, 0]) == 1  # the caller's answer, the session not asked
    assert driver.next_ai_seat() == session.to_act()[0]

    async def think(decision: Callable[[], Any]) -> Any:
        return decision()

    asyncio.run(driver.play_ai_async(think, going=lambda: len(session.moves) < 3))
    assert len(session.moves) == 3


def test_a_decision_the_game_moved_past_is_asked_again(nim_registry):
    session = _session(nim_registry)
    driver = Driver(session)
    asked: list[int] = []

    async def think(decision: Callable[[], Any]) -> Any:
        action = decision()
        asked.append(len(session.moves))
        if len(asked) == 1:  # another seat's move lands while the first one is thought
            seat = session.to_act()[0]
            driver.play(seat, session.legal_actions(seat)[0])
        return action

    asyncio.run(driver.play_ai_async(think))
    assert asked[:2] == [0, 1] and session.finished


def test_a_rebuilt_session_is_played_on_by_the_loop_under_way(nim_registry):
    session = _session(nim_registry)
    driver = Driver(session)
    played: list[Session] = []

    async def think(decision: Callable[[], Any]) -> Any:
        if len(driver.session.moves) == 2 and not played:
            again = _session(nim_registry)  # the same game, rebuilt from its moves
            for move in driver.session.moves:
                again.apply(move["seat"], move["action"])
            driver.resume(again)
            played.append(again)
        return decision()

    async def play(seat: int, action: Any) -> None:
        driver.play(seat, action)

    asyncio.run(driver.play_ai_async(think, play))
    rebuilt = played[0]
    assert driver.session is rebuilt and rebuilt.finished
    assert rebuilt.moves == _blocking_moves(nim_registry)
    assert len(session.moves) == 2  # the first session was left where it was rebuilt
