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
    vector = layout.encode({"piles": [7], "phase": "reveal", "who": None})
    described = layout.describe()
    assert described[0] == "0-1: piles[0] (present, value)"
    assert list(vector[:2]) == [1.0, 7.0] and list(vector[2:4]) == [0.0, 0.0]
    assert vector.sum() == 1.0 + 7.0 + 1.0  # piles[0], and "reveal" in the phase one-hot


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
