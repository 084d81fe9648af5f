"""Whose turn it is in an OpenSpiel state when several seats choose together: the order of
asobi's driver, and, in a world dealt for a seat from its observation, that seat's decision.

The case that broke: Sakura's ``neutral-from-hand`` rules with two players. In round 1 seat 0
picks its card and also gives the neutral painter one; the driver used to ask seat 0 for its
card, then seat 1, then seat 0 again for the neutral painter's, while the OpenSpiel state
made the first seat to act the current player. ISMCTS asked for seat 1's card searched a world
where seat 0 was to act, and answered with a card for the neutral painter. The driver now
always asks the first seat to act (seat 0 makes both its choices first), the same order as
the web server's and the OpenSpiel state's.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.profiles import examples

pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel")

from asobi.envs.bots import ISMCTS, SpielAgent  # noqa: E402
from asobi.envs.episode import outcome  # noqa: E402
from asobi.envs.spiel import Catalogue  # noqa: E402
from asobi.envs.spiel_state import dealt  # noqa: E402
from asobi.errors import AsobiError  # noqa: E402
from asobi.play.agents import RandomAgent  # noqa: E402
from asobi.play.driver import Driver  # noqa: E402
from asobi.play.seeds import spiel_deal_seed  # noqa: E402
from asobi.play.session import Session  # noqa: E402

SETTINGS = settings(max_examples=examples(8), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
SIMULTANEOUS = [("sakura", "neutral-from-hand", 2), ("sakura", "standard", 3),
                ("goofspiel", None, 2)]


@pytest.fixture(scope="module")
def catalogue(games):
    """One catalogue for the module: it remembers each game's survey and encoding."""
    return Catalogue(games)


def driven(game, variant, players, seed, moves):
    """A game played by random agents through the driver for at most ``moves`` moves; the
    session, its driver and the seat the driver asks next (None at the end)."""
    session = Session(game, variant, ["human"] * players, seed=seed)
    driver = Driver(session, {seat: RandomAgent(seed + seat) for seat in range(players)})
    turns = driver.turns()
    for _ in range(moves):
        seat = next(turns, None)
        if seat is None:
            return session, driver, None
        driver.play(seat, driver.decide(seat))
    return session, driver, next(turns, None)


def test_ismcts_plays_sakura_with_the_neutral_painter_fed_from_the_hand(games):
    game = games.game("sakura")
    variant = game.load_variant("neutral-from-hand")
    session = Session(game, variant, ["ai:random", f"ai:{ISMCTS}:8"], seed=4)
    driver = Driver(session)
    for seat in driver.turns():
        driver.play(seat, driver.decide(seat))
        if session.observation(0)["round"] > 2:
            break
    ismcts = [move["action"] for move in session.moves if move["seat"] == 1]
    # Round 1: seat 1 picked after seat 0 made both its choices; round 2: seat 1 was the
    # chooser and gave the neutral painter one of its own.
    assert sum("card" in action for action in ismcts) >= 2
    assert any("neutral" in action for action in ismcts)
    assert session.observation(0)["round"] == 3


@pytest.mark.slow
@pytest.mark.parametrize("name,variant,players", SIMULTANEOUS)
@SETTINGS
@given(seed=st.integers(0, 2**31), moves=st.integers(0, 60), draw=st.integers(0, 2**31))
def test_a_world_dealt_for_the_seat_asked_is_that_seats_decision(games, catalogue, name,
                                                                 variant, players, seed, moves,
                                                                 draw):
    game = games.game(name)
    loaded = game.load_variant(variant)
    session, _, seat = driven(game, loaded, players, seed, moves)
    if seat is None:
        return
    spiel = catalogue.load(name, {"variant": loaded.name, "players": players,
                                         "dynamics": "sequential"})
    legal = session.legal_actions(seat)
    wanted = sorted(spiel.spec.encoding.indices(legal))
    rng = random.Random(draw)
    root = dealt(spiel, session.observation(seat), seat, rng)
    assert root.current_player() == seat
    assert root.legal_actions() == wanted
    # ISMCTS deals every simulation's world from the root; each must be the same decision,
    # under the same key (the seat and its observation).
    for _ in range(3):
        world = root.resampled(seat, rng)
        assert world.current_player() == seat
        assert world.legal_actions() == wanted
        assert world.observation_string() == root.observation_string()


@pytest.mark.slow
@pytest.mark.parametrize("name,variant,players", SIMULTANEOUS)
@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_a_sequential_game_asks_the_seats_in_the_drivers_order(games, catalogue, name, variant,
                                                               players, seed):
    game = games.game(name)
    loaded = game.load_variant(variant)
    spiel = catalogue.load(name, {"variant": loaded.name, "players": players,
                                         "dynamics": "sequential", "deals": 1})
    state = spiel.new_initial_state()
    state.apply_action(0)
    session = Session(game, loaded, ["human"] * players, seed=spiel_deal_seed(0, 0))
    driver = Driver(session, {s: RandomAgent(seed + s) for s in range(players)})
    encoding = spiel.spec.encoding
    for seat in driver.turns():
        assert state.current_player() == seat
        action = driver.decide(seat)
        legal = session.legal_actions(seat)
        number = encoding.indices(legal)[legal.index(action)]
        assert number in state.legal_actions()
        driver.play(seat, action)
        state.apply_action(number)
    assert state.is_terminal()
    assert state.returns() == outcome(session.result(), players)


def test_an_agent_asked_out_of_turn_says_so(games, catalogue):
    game = games.game("koikoi")
    variant = game.load_variant(None)
    session = Session(game, variant, ["human", "human"], seed=2)
    waiting = 1 - session.to_act()[0]
    spiel = catalogue.load("koikoi", {"dynamics": "sequential"})
    agent = SpielAgent(spiel, ISMCTS, waiting, seed=5, simulations=4)
    with pytest.raises(AsobiError, match="not to act"):
        agent.decide(session.observation(waiting), session.legal_actions(session.to_act()[0]))
