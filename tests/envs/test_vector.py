"""The vector environment: many games stepped together, each the game the AEC environment
plays, with batched views, every seat's rewards and games dealt again as they end."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402

from asobi.envs import asobi_v0  # noqa: E402
from asobi.errors import AsobiError  # noqa: E402
from asobi.play.records import replay  # noqa: E402
from asobi.play.seeds import vector_game_seed  # noqa: E402


def random_actions(observations, rng):
    return [rng.choice(list(np.flatnonzero(mask))) for mask in observations["action_mask"]]


def test_a_batch_holds_the_view_and_legal_numbers_of_the_seat_to_act_in_each_game(games):
    venv = asobi_v0.vector_env("sakura", 5, players=3, seed=1, registry=games)
    observations, infos = venv.reset()
    assert observations["observation"].shape == (5, venv.encoding.size)
    assert observations["action_mask"].shape == (5, venv.encoding.action_count)
    assert venv.observation_space.contains(observations)
    rng = random.Random(1)
    for _ in range(30):
        for slot, seat in enumerate(infos["seat"]):
            episode = venv.episodes[slot]
            assert seat == episode.acting()
            view = venv.encoding.observe(episode.session.observation(int(seat)), int(seat))
            assert np.array_equal(observations["observation"][slot], view)
            assert sorted(np.flatnonzero(observations["action_mask"][slot])) == sorted(
                episode.numbers(int(seat)))
        observations, rewards, terminated, truncated, infos = venv.step(
            random_actions(observations, rng))
        assert rewards.shape == (5, 3) and not truncated.any()
        assert np.allclose(rewards.sum(axis=1), 0.0, atol=1e-5)     # zero-sum margins


def test_a_game_of_a_slot_is_the_game_the_aec_environment_plays_with_the_same_seed(games):
    venv = asobi_v0.vector_env("koikoi", 1, variant="koikoi-japan", seed=3, registry=games)
    observations, infos = venv.reset()
    rng = random.Random(3)
    actions, paid = [], np.zeros(2)
    while True:
        action = random_actions(observations, rng)
        actions.append((infos["seat"][0], action[0]))
        observations, rewards, terminated, _, infos = venv.step(action)
        paid += rewards[0]
        if terminated[0]:
            break
    env = asobi_v0.env("koikoi", "koikoi-japan", seed=vector_game_seed(3, 0), registry=games)
    env.reset()
    totals = dict.fromkeys(env.possible_agents, 0.0)
    moves = iter(actions)
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seat, action = next(moves)
        assert agent == f"player_{seat}"
        env.step(action)
    assert list(paid) == pytest.approx([totals["player_0"], totals["player_1"]])
    assert env.unwrapped.episode.session.finished and next(moves, None) is None
    assert replay(games, env.record()).result() == env.unwrapped.episode.session.result()
    assert venv.record(0)["seed"] == vector_game_seed(3, 1)      # the next game, dealt at once


def test_the_same_seed_and_actions_give_the_same_games(games):
    runs = []
    for _ in range(2):
        venv = asobi_v0.vector_env("koikoi", 3, seed=8, registry=games)
        observations, _ = venv.reset()
        rng = random.Random(8)
        seen = []
        for _ in range(40):
            observations, rewards, terminated, _, _ = venv.step(random_actions(observations, rng))
            seen.append((observations["observation"].copy(), rewards.copy(), terminated.copy()))
        runs.append(seen)
    for one, two in zip(*runs, strict=True):
        assert all(np.array_equal(a, b) for a, b in zip(one, two, strict=True))
    assert any(terminated.any() for _, _, terminated in runs[0])


def test_with_an_ai_opponent_every_row_is_the_learners_seat(games):
    venv = asobi_v0.vector_env("koikoi", 4, seed=2, opponents={"player_1": "random"},
                               registry=games)
    observations, infos = venv.reset()
    rng = random.Random(2)
    ended = 0
    for _ in range(40):
        assert list(infos["seat"]) == [0, 0, 0, 0]
        observations, rewards, terminated, _, infos = venv.step(
            random_actions(observations, rng))
        ended += int(terminated.sum())
    assert ended > 0


def test_wrong_uses_are_user_errors(games):
    with pytest.raises(AsobiError, match="num_envs"):
        asobi_v0.vector_env("nim", 0, registry=games)
    venv = asobi_v0.vector_env("nim", 2, seed=1, registry=games)
    with pytest.raises(AsobiError, match="reset"):
        venv.step([0, 0])
    _, infos = venv.reset()
    with pytest.raises(AsobiError, match="one action a game: 2, not 3"):
        venv.step([0, 0, 0])
    sender = infos["seat"][0]
    _, rewards, terminated, _, infos = venv.step([99, 0])     # 99 is no legal number
    assert infos["illegal"][0] and terminated[0] and not infos["illegal"][1]
    assert rewards[0][sender] == -1.0 and rewards[0].sum() == -1.0
