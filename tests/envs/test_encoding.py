"""The numbers a learner gets: the games' own encodings, the generic one, and what they hide."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.profiles import examples

pytest.importorskip("numpy")

import numpy as np  # noqa: E402
import pluggy  # noqa: E402

from asobi.envs.encoding import Encoding  # noqa: E402
from asobi.envs.flatten import MAX_CATEGORIES, Layout  # noqa: E402
from asobi.envs.setting import resolve  # noqa: E402
from asobi.errors import AsobiError  # noqa: E402
from asobi.host.faults import PluginFault  # noqa: E402
from asobi.host.registry import Registry  # noqa: E402
from asobi.play.session import Session  # noqa: E402
from asobi_koikoi.cards import CARD_IDS  # noqa: E402


def encoding_of(games, name, variant=None, players=None):
    setting = resolve(name, variant, players, games)
    return setting, Encoding.of(setting.game, setting.variant, setting.players)


def random_position(setting, seed, moves):
    """A session of ``setting`` after up to ``moves`` random moves."""
    session = Session(setting.game, setting.variant, ["human"] * setting.players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        acting = session.to_act()
        if not acting:
            break
        legal = session.legal_actions(acting[0])
        session.apply(acting[0], rng.choice(legal))
    return session


@pytest.mark.slow
@pytest.mark.parametrize("name,players", [("koikoi", 2), ("sakura", 2), ("sakura", 5),
                                          ("goofspiel", 3)])
@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_a_seats_numbers_are_the_same_in_every_world_it_cannot_tell_apart(
        games, name, players, seed, moves):
    setting, encoding = encoding_of(games, name, players=players)
    session = random_position(setting, seed, moves)
    hooks = setting.game.hooks
    rng = random.Random(seed)
    for seat in range(players):
        mine = encoding.observe(session.observation(seat), seat)
        for _ in range(3):
            twin = hooks.hidden_variant(session.state, seat, rng)
            assert np.array_equal(encoding.observe(hooks.observation(twin, seat), seat), mine)
            world = hooks.resample(session.observation(seat), seat, setting.variant.rules,
                                   players, rng)
            assert np.array_equal(encoding.observe(hooks.observation(world, seat), seat), mine)


def test_koikoi_planes_show_the_hand_board_piles_and_unseen_cards(games):
    setting, encoding = encoding_of(games, "koikoi")
    session = random_position(setting, 3, 5)
    seat = session.to_act()[0]
    observation = session.observation(seat)
    planes = encoding.split(encoding.observe(observation, seat))["cards"]

    def cards(plane):
        return {CARD_IDS[i] for i, on in enumerate(planes[plane]) if on}

    assert cards(0) == set(observation["hand"])
    assert cards(1) == set(observation["board"])
    assert cards(2) == set(observation["players"][seat]["captured"])
    assert cards(3) == set(observation["players"][1 - seat]["captured"])
    unseen = cards(4)
    assert len(unseen) == observation["opponent_hand"] + observation["stock"]
    assert not unseen & (cards(0) | cards(1) | cards(2) | cards(3))
    assert encoding.split(encoding.observe(observation, seat))["state"].shape == (37,)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_sakuras_declared_actions_number_every_legal_action(games, players):
    setting, encoding = encoding_of(games, "sakura", players=players)
    session = random_position(setting, players, 60)
    rng = random.Random(players)
    for _ in range(80):
        acting = session.to_act()
        if not acting:
            break
        legal = session.legal_actions(acting[0])
        numbers = encoding.indices(legal)
        assert [encoding.action(n, legal) for n in numbers] == legal
        session.apply(acting[0], rng.choice(legal))
    deck = len(setting.variant.rules["deck"])
    assert encoding.action_count == 2 * deck + 4


def test_the_generic_layout_keeps_numbers_and_short_lists_of_texts():
    observations = [{"piles": [3, 4], "phase": "bid", "who": None, "name": f"n{i}"}
                    for i in range(MAX_CATEGORIES + 1)]
    observations.append({"piles": [1, 2, 5], "phase": "reveal", "who": 1})
    layout = Layout.learn(observations)
    kept = {slot.path for slot in layout.slots}
    assert ("piles", 2) in kept and ("phase",) in kept and ("who",) in kept
    assert ("name",) not in kept  # more texts than a one-hot takes
    vector = layout.encode({"piles": [2], "phase": "reveal", "who": None})
    described = layout.describe()
    assert described[0] == "0-1: piles[0] (present, value: 1 to 3 as 0 to 1)"
    assert list(vector[:2]) == [1.0, 0.5] and list(vector[2:4]) == [0.0, 0.0]
    assert vector.sum() == 1.0 + 0.5 + 1.0  # piles[0], and "reveal" in the phase one-hot
    beyond = layout.encode({"piles": [7, 0]})   # outside what was seen: clipped
    assert list(beyond[:4]) == [1.0, 1.0, 1.0, 0.0]


def test_the_generic_action_numbers_refuse_a_longer_list_than_they_number(games):
    setting = resolve("nim", None, None, games)
    encoding = Encoding.of(setting.game, setting.variant, setting.players, max_actions=2)
    legal = [{"pile": 0, "take": n} for n in (1, 2, 3)]
    with pytest.raises(AsobiError, match="max_actions=3"):
        encoding.mask(legal)


hookimpl = pluggy.HookimplMarker("asobi")


class WrongTensor:
    """Nim answering the encoding hook with the wrong shape after the first observation."""

    @hookimpl(optionalhook=True)
    def asobi_observation_tensor(self, observation, rules, players):
        return {"piles": list(observation["piles"][:1] if sum(observation["piles"]) < 12
                              else observation["piles"])}


def test_a_game_whose_parts_change_shape_is_a_plugin_fault(games, monkeypatch):
    import asobi_nim

    monkeypatch.setattr(asobi_nim, "asobi_observation_tensor",
                        WrongTensor().asobi_observation_tensor, raising=False)
    from importlib.metadata import EntryPoint

    from asobi.envs import hookspecs

    registry = Registry(game_entry_points=[EntryPoint("nim", "asobi_nim", "asobi.games")],
                        extra_hookspecs=[hookspecs])
    setting = resolve("nim", None, None, registry)
    encoding = Encoding.of(setting.game, setting.variant, setting.players)
    assert encoding.declared and encoding.parts[0].shape == (3,)
    session = random_position(setting, 1, 1)
    with pytest.raises(PluginFault, match="asobi_observation_tensor.*expected"):
        encoding.observe(session.observation(0), 0)


BOUNDED = [("koikoi", "standard", 2), ("koikoi", "koikoi-japan", 2), ("koikoi", "nintendo", 2),
           ("sakura", "standard", 2), ("sakura", "neutral-from-hand", 2),
           ("sakura", "tuned", 5), ("nim", "standard", 3), ("goofspiel", "standard", 2)]
"""Settings whose random episodes must stay inside the declared observation space: both
games' own encodings (one and many rounds, a neutral painter, wide bridges) and the generic
one."""


@pytest.mark.parametrize("name,variant,players", BOUNDED)
def test_every_observation_of_random_episodes_lies_within_the_declared_space(
        games, name, variant, players):
    from asobi.envs import asobi_v0

    env = asobi_v0.env(name, variant, players, seed=21, registry=games)
    space = env.observation_space(env.possible_agents[0])
    low, high = space["observation"].low, space["observation"].high
    assert np.isfinite(low).all() and np.isfinite(high).all()
    seen = 0
    for episode in range(2 if name in ("koikoi", "sakura") else 6):
        env.reset(seed=episode)
        rng = random.Random(episode)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            for each in env.possible_agents:   # every seat, not only the one to act
                assert env.observation_space(each).contains(env.observe(each))
            seen += 1
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(list(np.flatnonzero(observation["action_mask"]))))
    assert seen > 20


def test_the_games_own_encodings_declare_their_bounds(games):
    _, koikoi = encoding_of(games, "koikoi", "koikoi-japan")
    state = koikoi.split(koikoi.low)["state"]
    assert list(np.flatnonzero(state < 0)) == [22, 23]          # the scores, -1 to 1
    assert (koikoi.high == 1).all() and koikoi.low.min() == -1
    _, sakura = encoding_of(games, "sakura", players=4)
    assert (sakura.low == 0).all() and (sakura.high == 1).all()
    setting, nim = encoding_of(games, "nim")
    assert not nim.declared and (nim.low == 0).all() and (nim.high == 1).all()
    session = random_position(setting, 2, 1)
    vector = nim.observe(session.observation(0), 0)
    piles = session.observation(0)["piles"]
    values = nim.split(vector)["observation"]
    # piles[i] is (present, value), the value scaled by the range random games showed there
    slots = [slot for slot in nim.layout.slots if slot.path[0] == "piles"]
    assert [slot.path for slot in slots] == [("piles", 0), ("piles", 1), ("piles", 2)]
    assert [slot.low + slot.span for slot in slots] == [3, 4, 5]
    assert [values[slot.offset + 1] for slot in slots] == pytest.approx(
        [(p - slot.low) / slot.span for p, slot in zip(piles, slots, strict=True)])


class DeclaredPiles:
    """Nim with an encoding of its own: its piles as they are, bounded by the largest pile."""

    def __init__(self, bounds):
        self.bounds = bounds

    @hookimpl(optionalhook=True)
    def asobi_observation_tensor(self, observation, rules, players):
        return {"piles": [float(p) for p in observation["piles"]],
                "turn": [float(observation["turn"] == s) for s in range(players)]}

    @hookimpl(optionalhook=True)
    def asobi_observation_bounds(self, rules, players):
        return self.bounds


def nim_declaring(monkeypatch, bounds):
    from importlib.metadata import EntryPoint

    import asobi_nim
    from asobi.envs import hookspecs

    plugin = DeclaredPiles(bounds)
    monkeypatch.setattr(asobi_nim, "asobi_observation_tensor", plugin.asobi_observation_tensor,
                        raising=False)
    monkeypatch.setattr(asobi_nim, "asobi_observation_bounds", plugin.asobi_observation_bounds,
                        raising=False)
    registry = Registry(game_entry_points=[EntryPoint("nim", "asobi_nim", "asobi.games")],
                        extra_hookspecs=[hookspecs])
    return resolve("nim", None, None, registry)


def test_a_game_declares_the_bounds_of_its_parts_and_a_number_outside_is_its_fault(
        monkeypatch):
    setting = nim_declaring(monkeypatch, {"piles": (0, [3, 4, 5])})
    encoding = Encoding.of(setting.game, setting.variant, setting.players)
    assert list(encoding.high) == [3, 4, 5, 1, 1] and list(encoding.low) == [0] * 5
    session = random_position(setting, 1, 0)
    assert list(encoding.observe(session.observation(0), 0)) == [3, 4, 5, 1, 0]
    tight = nim_declaring(monkeypatch, {"piles": (0, 4)})
    encoding = Encoding.of(tight.game, tight.variant, tight.players)
    with pytest.raises(PluginFault, match=r"5.0 at piles\[2\], outside its bounds 0.0 to 4.0"):
        encoding.observe(random_position(tight, 1, 0).observation(0), 0)


@pytest.mark.parametrize("bounds,problem", [
    ({"stones": (0, 9)}, "no part of the observation"),
    ({"piles": (9, 0)}, "low no higher than high"),
    ({"piles": (0, [1, 2])}, "numbers of its shape"),
    ({"piles": 5}, "expected \\(low, high\\)"),
])
def test_wrong_bounds_are_a_fault_of_the_game(monkeypatch, bounds, problem):
    setting = nim_declaring(monkeypatch, bounds)
    with pytest.raises(PluginFault, match=problem):
        Encoding.of(setting.game, setting.variant, setting.players)
