"""Koi-Koi, Sakura, Nim and Goofspiel registered as Python OpenSpiel games: explicit deals that
serialize, the dynamics and information of each game, observers and resampled worlds that show
a seat its own view only. OpenSpiel's random simulation test runs on every setting in
``test_spiel_settings.py``."""

from __future__ import annotations

import math
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.profiles import examples

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel")

import numpy as np  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from asobi.envs.openspiel import register  # noqa: E402
from asobi.envs.spiel_probe import LENGTH_MARGIN  # noqa: E402
from asobi.errors import AsobiError  # noqa: E402

SAMPLED = pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
INFO_STATE = pyspiel.IIGObservationType(perfect_recall=True)


@pytest.fixture(scope="module")
def names(games):
    return register(games)


def sim(text, sims=1):
    """OpenSpiel's random simulation test; serialization is checked wherever OpenSpiel can
    serialize the game (explicit chance: a sampled-chance game would need its generator)."""
    game = pyspiel.load_game(text)
    serialize = game.get_type().chance_mode != SAMPLED
    pyspiel.random_sim_test(game, num_sims=sims, serialize=serialize, verbose=False)
    return game


def test_every_game_of_the_registry_is_registered(names):
    assert names == ["python_asobi_goofspiel", "python_asobi_koikoi", "python_asobi_nim",
                     "python_asobi_sakura"]
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.slow
def test_koikoi_with_explicit_deals_serializes_and_replays(names):
    game = sim("python_asobi_koikoi(variant=koikoi-japan,deals=3)", sims=2)
    assert game.max_chance_outcomes() == 3
    state = game.new_initial_state()
    assert state.is_chance_node() and [p for _, p in state.chance_outcomes()] == [1 / 3] * 3
    state.apply_action(1)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_the_dynamics_chance_and_information_follow_the_game(names):
    kinds = pyspiel.GameType
    nim = pyspiel.load_game("python_asobi_nim")
    goofspiel = pyspiel.load_game("python_asobi_goofspiel")
    koikoi = pyspiel.load_game("python_asobi_koikoi")
    assert nim.get_type().information == kinds.Information.PERFECT_INFORMATION
    assert nim.get_type().dynamics == kinds.Dynamics.SEQUENTIAL
    # Nim draws nothing at random; the card games deal.
    assert nim.get_type().chance_mode == kinds.ChanceMode.DETERMINISTIC
    assert goofspiel.get_type().chance_mode == kinds.ChanceMode.SAMPLED_STOCHASTIC
    assert pyspiel.load_game("python_asobi_nim(deals=2)").get_type().chance_mode == (
        kinds.ChanceMode.EXPLICIT_STOCHASTIC)
    assert goofspiel.get_type().dynamics == kinds.Dynamics.SIMULTANEOUS
    assert koikoi.get_type().information == kinds.Information.IMPERFECT_INFORMATION
    assert koikoi.num_distinct_actions() == 98
    sakura = pyspiel.load_game("python_asobi_sakura(players=5)")
    assert sakura.get_type().dynamics == kinds.Dynamics.SIMULTANEOUS
    assert sakura.num_players() == 5
    state = goofspiel.new_initial_state()
    assert state.is_simultaneous_node()
    state.apply_actions([0, 12])
    assert len(state.history()) == 2


def test_a_game_is_registered_with_the_type_it_loads_with(names):
    registered = {kind.short_name: kind for kind in pyspiel.registered_games()}
    for name in names:
        loaded = pyspiel.load_game(name).get_type()
        kind = registered[name]
        assert (kind.dynamics, kind.chance_mode, kind.information, kind.utility) == (
            loaded.dynamics, loaded.chance_mode, loaded.information, loaded.utility), name
    assert registered["python_asobi_sakura"].dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert registered["python_asobi_nim"].chance_mode == (
        pyspiel.GameType.ChanceMode.DETERMINISTIC)


def test_a_deterministic_game_serializes_without_deals(names):
    sim("python_asobi_nim(players=3)", sims=2)


def play_out(state, rng):
    """Random moves to the end of the game."""
    game = state.get_game()
    while not state.is_terminal():
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p) or [0])
                                 for p in range(game.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("text", ["python_asobi_koikoi(variant=koikoi-japan)",
                                  "python_asobi_sakura(players=3)",
                                  "python_asobi_goofspiel(players=3)"])
def test_the_returns_are_the_outcome_or_the_margin_of_points(names, text):
    outcome = pyspiel.load_game(text)
    margin = pyspiel.load_game(text.replace(")", ",returns=margin)"))
    assert (outcome.min_utility(), outcome.max_utility()) == (
        -1.0 / (outcome.num_players() - 1), 1.0)
    assert (margin.min_utility(), margin.max_utility()) == (-math.inf, math.inf)
    for seed in range(3):
        # The same deal (both games deal from rng_seed 0) played the same way.
        plain = play_out(outcome.new_initial_state(), random.Random(seed))
        points = play_out(margin.new_initial_state(), random.Random(seed))
        result = points.world().result()
        assert plain.world().result() == result and result["finished"]
        mean = sum(result["scores"]) / len(result["scores"])
        assert points.returns() == pytest.approx([score - mean for score in result["scores"]])
        assert sum(points.returns()) == pytest.approx(0.0)
        players = outcome.num_players()
        assert plain.returns() == ([0.0] * players if result["winner"] is None else [
            1.0 if seat == result["winner"] else -1.0 / (players - 1) for seat in range(players)])
    pyspiel.random_sim_test(margin, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("text", ["python_asobi_koikoi", "python_asobi_sakura(players=4)",
                                  "python_asobi_goofspiel", "python_asobi_nim"])
def test_the_observers_give_the_states_tensors_and_strings(names, text):
    game = pyspiel.load_game(text)
    observation = make_observation(game)
    info_state = make_observation(game, INFO_STATE)
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal():
            break
        for player in range(game.num_players()):
            observation.set_from(state, player)
            info_state.set_from(state, player)
            assert np.array_equal(observation.tensor, state.observation_tensor(player))
            assert observation.string_from(state, player) == state.observation_string(player)
            assert info_state.string_from(state, player) == state.information_state_string(
                player)
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p) or [0])
                                 for p in range(game.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert set(observation.dict) == {part.name for part in game.spec.encoding.parts}
    # An information state is a string: no tensor is offered, none is advertised.
    assert info_state.tensor is None and info_state.dict == {}
    assert not game.get_type().provides_information_state_tensor
    assert game.get_type().provides_information_state_string
    with pytest.raises(ValueError, match="own view"):
        make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def test_a_game_stops_unfinished_at_its_length(names):
    # By default, the longest of the probe's random games times the margin.
    default = pyspiel.load_game("python_asobi_koikoi(variant=koikoi-japan)")
    assert default.max_game_length() == LENGTH_MARGIN * default.spec.probe.longest > 100
    for returns in ("outcome", "margin"):
        game = pyspiel.load_game(
            f"python_asobi_koikoi(variant=koikoi-japan,max_game_length=40,returns={returns})")
        assert game.max_game_length() == 40
        state = play_out(game.new_initial_state(), random.Random(3))
        result = state.world().result()
        assert len(state.history()) == 40 and not result["finished"]
        scores = result["scores"]
        assert state.returns() == ([0.0, 0.0] if returns == "outcome" else
                                   [(scores[0] - scores[1]) / 2, (scores[1] - scores[0]) / 2])


def test_an_information_state_remembers_what_the_seat_saw_and_did(names):
    # Nim from 3-4-5: (take 1 from pile 0, then 1 from pile 1) and the same moves the other
    # way round reach the same piles, so the same observations; each seat saw and did
    # different things on the way.
    game = pyspiel.load_game("python_asobi_nim")

    def walk(order):
        state = game.new_initial_state()
        for pile in order:
            legal = state.legal_actions()
            labels = [state.action_to_string(state.current_player(), a) for a in legal]
            state.apply_action(legal[labels.index(f'{{"pile":{pile},"take":1}}')])
        return state

    one, other = walk([0, 1]), walk([1, 0])
    for seat in (0, 1):
        assert one.observation_string(seat) == other.observation_string(seat)
        assert one.information_state_string(seat) != other.information_state_string(seat)
    # A seat's memory is its own: the same views and actions give the same string.
    assert walk([0, 1]).information_state_string(0) == one.information_state_string(0)
    # A number that is no legal action is refused before anything changes, memory included.
    before = one.information_state_string(0)
    with pytest.raises(pyspiel.SpielError, match="not legal"):
        one.apply_action(game.num_distinct_actions() + 5)
    assert one.information_state_string(0) == before and len(one.history()) == 2


@pytest.mark.parametrize("text", ["python_asobi_koikoi(variant=koikoi-japan)",
                                  "python_asobi_sakura(players=3,dynamics=sequential)",
                                  "python_asobi_goofspiel(dynamics=sequential)"])
@settings(max_examples=examples(6), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), moves=st.integers(0, 30))
def test_a_resampled_world_looks_the_same_to_the_seat(names, text, seed, moves):
    game = pyspiel.load_game(text)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    if state.is_terminal():
        return
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        world = state.resample_from_infostate(player, sampler)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.information_state_string(player) == state.information_state_string(
            player)
        assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("text,words", [
    ("python_asobi_koikoi(variant=no-such-variant)", "no-such-variant"),
    ("python_asobi_nim(dynamics=sideways)", "dynamics must be one of auto"),
    ("python_asobi_nim(returns=points)", "returns must be one of outcome, margin"),
    ("python_asobi_nim(players=7)", "Nim is played by 2 to 3 players, not 7"),
    ("python_asobi_nim(deals=-1)", "deals must be a whole number of at least 0"),
    ("python_asobi_nim(max_game_length=-5)", "max_game_length must be a whole number"),
])
def test_a_game_that_cannot_be_made_says_why(names, text, words):
    # OpenSpiel refuses what it can itself (an unknown parameter, a wrong type) with a
    # SpielError; asobi's refusals are SpielErrors too, and AsobiErrors, naming the game.
    with pytest.raises(pyspiel.SpielError, match=words) as refused:
        pyspiel.load_game(text)
    assert isinstance(refused.value, AsobiError)
    assert str(refused.value).startswith(text.partition("(")[0] + ": ")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'speed'"):
        pyspiel.load_game("python_asobi_nim(speed=2)")
