"""PettingZoo's own tests pass on Koi-Koi (every built-in variant), Sakura (2 to 6 players, AEC
and parallel), Nim and Goofspiel; an episode is an asobi game a person can replay."""

from __future__ import annotations

import json
import warnings
from functools import partial
from types import SimpleNamespace

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from asobi import envs  # noqa: E402
from asobi.errors import AsobiError  # noqa: E402
from asobi.play.driver import Driver  # noqa: E402
from asobi.play.records import replay  # noqa: E402
from asobi.play.session import Session  # noqa: E402

from .conftest import KOIKOI_VARIANTS  # noqa: E402


@pytest.fixture(autouse=True)
def quiet():
    # PettingZoo warns that a Dict observation (observation + action_mask) is not a Box, as
    # it does for its own card games.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.slow
@pytest.mark.parametrize("variant", KOIKOI_VARIANTS)
def test_koikoi_passes_the_api_and_seed_tests_in_every_variant(games, variant):
    env = envs.aec_env("koikoi", variant, registry=games)
    api_test(env, num_cycles=1000)
    seed_test(lambda: envs.aec_env("koikoi", variant, registry=games), num_cycles=60)
    assert env.action_space("seat_0").n == 98


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_sakura_passes_the_aec_and_parallel_tests_with_2_to_6_painters(games, players):
    make = partial(envs.aec_env, "sakura", players=players, registry=games)
    api_test(make(), num_cycles=1000)
    seed_test(make, num_cycles=30)
    parallel = partial(envs.parallel_env, "sakura", players=players, registry=games)
    parallel_api_test(parallel(), num_cycles=1000)
    parallel_seed_test(parallel, num_cycles=30)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["nim", "goofspiel"])
def test_the_test_games_pass_every_test_with_the_generic_encoding(games, name):
    make = partial(envs.aec_env, name, registry=games)
    parallel = partial(envs.parallel_env, name, registry=games)
    api_test(make(), num_cycles=1000)
    seed_test(make, num_cycles=100)
    parallel_api_test(parallel(), num_cycles=1000)
    parallel_seed_test(parallel, num_cycles=100)
    assert [part.name for part in make().encoding.parts] == ["seat", "observation"]


def test_goofspiel_passes_the_max_cycles_test(games):
    # Every seat bids in every cycle, so a cycle is one prize in both environments.
    module = SimpleNamespace(env=partial(envs.aec_env, "goofspiel", registry=games),
                             parallel_env=partial(envs.parallel_env, "goofspiel",
                                                  registry=games))
    max_cycles_test(module)


def play_out(env, choose=lambda legal: legal[-1]):
    """Play an AEC episode to the end, each seat taking ``choose`` of its legal numbers;
    return every reward given, summed per agent."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = [n for n, ok in enumerate(observation["action_mask"]) if ok]
        assert legal == sorted(info["action_numbers"])
        env.step(choose(legal))
    return totals


@pytest.mark.parametrize("name,variant,players", [
    ("koikoi", "koikoi-japan", 2), ("sakura", "standard", 3), ("goofspiel", "standard", 3),
])
def test_the_rewards_of_an_episode_add_up_to_the_final_scores(games, name, variant, players):
    env = envs.aec_env(name, variant, players=players, seed=7, registry=games)
    env.reset()
    start = env.episode.session.result()["scores"]
    totals = play_out(env)
    final = env.episode.session.result()
    assert final["finished"]
    assert [totals[f"seat_{s}"] for s in range(players)] == [
        float(end - begin) for end, begin in zip(final["scores"], start, strict=True)]


def test_the_outcome_reward_is_given_once_to_the_winner(games):
    env = envs.aec_env("nim", seed=3, reward="outcome", registry=games)
    env.reset()
    totals = play_out(env, choose=lambda legal: legal[0])
    winner = env.episode.session.result()["winner"]
    assert totals == {f"seat_{s}": (1.0 if s == winner else -1.0) for s in range(2)}


def test_an_episode_is_saved_as_a_record_that_replays_to_the_same_result(games, tmp_path):
    env = envs.aec_env("koikoi", "koikoi-japan", seed=11, registry=games)
    env.reset()
    play_out(env)
    path = tmp_path / "episode.json"
    path.write_text(json.dumps(env.record()), encoding="utf-8")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seed"] == 11
    assert replay(games, record).result() == env.episode.session.result()


def test_the_same_seed_and_actions_give_the_same_episode_and_reset_continues_the_seeds(games):
    one = envs.aec_env("sakura", players=4, seed=5, registry=games)
    two = envs.aec_env("sakura", players=4, registry=games)
    one.reset()
    two.reset(seed=5)
    play_out(one)
    play_out(two)
    assert one.record() == two.record()
    one.reset()
    two.reset()
    assert one.record()["seed"] == two.record()["seed"] != 5


def test_the_agent_to_act_follows_the_drivers_turns(games):
    # Sakura with the neutral painter fed from the players' hands: the round's chooser picks
    # twice in one decision, as every frontend plays it.
    game = games.game("sakura")
    rules = dict(game.load_variant(None).rules)
    rules["two_players"] = {"neutral_painter": "hand"}
    from asobi.variants.loader import Variant

    variant = Variant("sakura", "hand", "hand", "", rules, "test", origin="file")
    env = envs.aec_env(game, variant, players=2, seed=2, registry=games)
    env.reset()
    seen = []
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seen.append(agent)
        env.step(next(n for n, ok in enumerate(observation["action_mask"]) if ok))
    session = Session(game, variant, ["human", "human"], seed=2)
    driver = Driver(session, agents={})
    order = []
    for seat in driver.turns():
        order.append(f"seat_{seat}")
        driver.play(seat, env.record()["moves"][len(order) - 1]["action"])
    assert seen == order
    assert "seat_0" in seen


def test_an_illegal_number_is_replaced_and_flagged_or_refused(games):
    env = envs.aec_env("koikoi", seed=1, registry=games)
    env.reset()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = next(n for n, ok in enumerate(mask) if not ok)
    agent = env.agent_selection
    env.step(illegal)
    assert env.infos[agent]["illegal_action"] is True
    assert len(env.record()["moves"]) == 1
    strict = envs.aec_env("koikoi", seed=1, on_illegal="raise", registry=games)
    strict.reset()
    with pytest.raises(AsobiError, match="not legal"):
        strict.step(illegal)
    assert strict.record()["moves"] == []


def test_the_parallel_env_plays_every_bid_of_a_decision_in_one_step(games):
    env = envs.parallel_env("goofspiel", players=3, seed=4, registry=games)
    observations, infos = env.reset()
    actions = {agent: int(obs["action_mask"].argmax()) for agent, obs in observations.items()}
    _, rewards, _, _, infos = env.step(actions)
    assert len(env.record()["moves"]) == 3
    assert sum(rewards.values()) == env.episode.session.result()["rounds"][0]["prize"] or (
        env.episode.session.result()["rounds"][0]["winner"] is None)
    assert all(len(info["legal_actions"]) == 12 for info in infos.values())


def test_render_ansi_is_the_seats_text_view(games):
    env = envs.aec_env("koikoi", seed=3, render_mode="ansi", registry=games)
    env.reset()
    seat = int(env.agent_selection.rpartition("_")[2])
    game = games.game("koikoi")
    expected = game.hooks.render_text(env.episode.session.observation(seat), "en")
    assert env.render() == expected
    assert envs.aec_env("koikoi", registry=games).render_mode is None


def test_wrong_arguments_are_user_errors(games):
    with pytest.raises(AsobiError, match="played by 2 players"):
        envs.aec_env("koikoi", players=3, registry=games)
    with pytest.raises(AsobiError, match="unknown reward"):
        envs.aec_env("nim", reward="money", registry=games)
    with pytest.raises(AsobiError, match="render_mode"):
        envs.parallel_env("nim", render_mode="human", registry=games)
    with pytest.raises(AsobiError, match="unknown game"):
        envs.aec_env("chess", registry=games)
