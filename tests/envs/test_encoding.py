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

from asobi.envs.encoding import Encoding, action_key  # noqa: E402
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


def koikoi_numbers(observation):
    """Koi-Koi's two parts read from the tables of docs/envs.md, one number at a time."""
    seat = observation["seat"]
    me, them = observation["players"][seat], observation["players"][1 - seat]

    def plane(cards):
        return [1.0 if card in cards else 0.0 for card in CARD_IDS]

    seen = (set(observation["hand"]) | set(observation["board"]) | set(me["captured"])
            | set(them["captured"]) | {observation.get("pending")})
    moved = set()
    for event in observation["recent"]:
        if event["type"] in ("play", "draw", "lay", "capture"):
            moved |= {event["card"], *event.get("cards", ())}

    def missing(player):
        return player["close"][0]["missing"] if player["close"] else []

    cards = [plane(observation["hand"]), plane(observation["board"]), plane(me["captured"]),
             plane(them["captured"]), plane(set(CARD_IDS) - seen),
             plane({observation.get("pending")}), plane(observation.get("candidates", [])),
             plane(moved), plane(missing(me)), plane(missing(them))]

    def squash(points):
        return points / (abs(points) + 10)

    decision = observation.get("decision", {})
    winner = observation.get("winner")
    state = [observation["phase"] == phase for phase in ("play", "capture", "koikoi", "over")]
    state += [observation.get("step") == step for step in ("play", "draw")]
    state += [observation["to_act"] == seat, observation["dealer"] == seat,
              min(observation["round"] / 12, 1.0), min(observation["rounds"] / 12, 1.0)]
    state += [observation["month"] == month for month in range(1, 13)]
    state += [squash(observation["scores"][seat]), squash(observation["scores"][1 - seat]),
              min(me["koikoi"] / 8, 1.0), min(them["koikoi"] / 8, 1.0),
              squash(me["total"]), squash(them["total"]),
              squash(decision.get("total", 0)), squash(decision.get("points", 0)),
              decision.get("final", False), min(observation["stock"] / 24, 1.0),
              min(observation["opponent_hand"] / 8, 1.0), observation["sake_cup_is_plain"],
              observation["finished"], winner == seat, winner not in (None, seat)]
    return {"cards": np.array(cards, np.float32), "state": np.array(state, np.float32)}


def positions(session, moves, seed):
    """``session`` now and after each of up to ``moves`` random moves."""
    rng = random.Random(seed)
    yield session
    for _ in range(moves):
        acting = session.to_act()
        if not acting:
            return
        session.apply(acting[0], rng.choice(session.legal_actions(acting[0])))
        yield session


@pytest.mark.parametrize("variant", ["standard", "koikoi-japan"])
@settings(max_examples=examples(6), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_koikois_numbers_are_those_the_docs_describe(games, variant, seed):
    setting, encoding = encoding_of(games, "koikoi", variant)
    session = Session(setting.game, setting.variant, ["human"] * 2, seed=seed)
    phases = set()
    for position in positions(session, 200, seed):  # a whole game: every phase
        for seat in (0, 1):
            observation = position.observation(seat)
            phases.add(observation["phase"])
            parts = encoding.split(encoding.observe(observation, seat))
            expected = koikoi_numbers(observation)
            for name in ("cards", "state"):
                assert np.array_equal(parts[name], expected[name]), name
    assert "over" in phases


def sakura_numbers(observation, deck, hand, players):
    """Sakura's parts read from the module docstring of asobi_sakura.encoding, part by part."""
    from asobi_sakura.cards import GARDEN_KINDS, PAINTER_KINDS
    from asobi_sakura.garden import SPACE_KINDS

    seat, spaces = observation["seat"], observation["spaces"]
    order = [(seat + k) % players for k in range(players)]
    if observation["neutral"] is not None:
        order.append(observation["neutral"])
    length = len(spaces)

    def squash(count, half):
        return count / (count + half) if count > 0 else 0.0

    def cards(numbers):
        return [1.0 if n + 1 in numbers else 0.0 for n in range(deck)]

    def own(pick):
        return cards({pick["number"]} if pick else set())

    plays = observation["plays"] or []
    shown = {p["card"]["number"] for p in plays}
    mine = {c["number"] for c in observation["hand"]}
    picks = {p["number"] for p in (observation["my_pick"], observation["my_neutral_pick"]) if p}
    known = mine | shown | set(observation["discard"]) | picks
    tokens = observation["tokens"]
    total = sum(tokens[p] for p in order) + observation["supply"] or 1.0
    rows = []
    for card in sorted(observation["hand"], key=lambda c: c["number"])[:hand]:
        rows.append([1.0, card["number"] / deck]
                    + [float(card["garden"] == kind) for kind in GARDEN_KINDS]
                    + [squash(card["move"], 2)]
                    + [float(card["painter"] == kind) for kind in PAINTER_KINDS]
                    + [squash(card["steps"], 2)])
    rows += [[0.0] * 13] * (hand - len(rows))
    pending = observation["pending"]
    picked = observation["picked"]
    state = [float(observation["phase"] == phase) for phase in ("pick", "choose", "over")]
    state += [squash(observation["round"], 10),
              float(observation["plays_round"] == observation["round"]),
              observation["deck"] / deck]
    state += [observation["hand_sizes"][s] / hand for s in order[:players]]
    state += [float(observation["neutral_chooser"] == seat),
              observation["start_tokens"] / total]
    return {
        "garden": [[float(kind == k) for kind in spaces] for k in SPACE_KINDS],
        "emperor": [float(i == observation["emperor"]) for i in range(length)],
        "painters": [[float(i == observation["painters"][p]) for i in range(length)]
                     for p in order],
        "trees": [float(done) for done in observation["scored"]],
        "tokens": [tokens[p] / total for p in order] + [observation["supply"] / total],
        "bumps": [squash(observation["bumps"][p], 2) for p in order],
        "hand": cards(mine),
        "hand_cards": rows,
        "my_pick": own(observation["my_pick"]),
        "my_neutral_pick": own(observation["my_neutral_pick"]),
        "picked": [float(picked[s]) for s in order[:players]]
        + [float(observation["neutral_picked"])],
        "plays": [cards({q["card"]["number"] for q in plays if q["painter"] == p})
                  for p in order],
        "play_status": [cards({q["card"]["number"] for q in plays if q["status"] == status})
                        for status in ("waiting", "current", "resolved", "discarded")],
        "discard": cards(set(observation["discard"])),
        "unseen": [0.0 if n + 1 in known else 1.0 for n in range(deck)],
        "pending": [float(bool(pending) and pending["kind"] == "emperor"),
                    float(bool(pending) and pending["kind"] != "emperor"),
                    float(bool(pending) and pending["seat"] == seat), float(bool(pending))],
        "state": state,
    }


@pytest.mark.parametrize("variant,players", [("standard", 2), ("standard", 4),
                                             ("neutral-from-hand", 2), ("tuned", 6)])
@settings(max_examples=examples(4), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 240))
def test_sakuras_numbers_are_those_its_encoding_describes(games, variant, players, seed,
                                                          moves):
    from asobi_sakura.encoding import hand_size

    setting, encoding = encoding_of(games, "sakura", variant, players)
    rules = setting.variant.rules
    deck, hand = len(rules["deck"]), hand_size(rules, players)
    for position in positions(random_position(setting, seed, moves), 12, seed):
        for seat in range(players):
            observation = position.observation(seat)
            parts = encoding.split(encoding.observe(observation, seat))
            for name, numbers in sakura_numbers(observation, deck, hand, players).items():
                assert np.array_equal(parts[name], np.array(numbers, np.float32)), name


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


OUTSIDE_OR_NOT = [-2.0, -1.0, -0.5, -1e-7, 0.0, 0.5, 1.0, 1.0000001, 2.0, float("nan"),
                  float("inf"), float("-inf")]


@pytest.mark.parametrize("name,variant,players", [("koikoi", "koikoi-japan", 2),
                                                  ("sakura", "standard", 4)])
@settings(max_examples=examples(15), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_bounds_refuse_exactly_the_numbers_outside_them(games, name, variant, players,
                                                            data):
    setting, encoding = encoding_of(games, name, variant, players)
    session = random_position(setting, data.draw(st.integers(0, 2**32)), 30)
    observed = encoding.observe(session.observation(0), 0)
    below_zero = [int(i) for i in np.flatnonzero(encoding.low < 0)]  # Koi-Koi's scores
    places = st.integers(0, encoding.size - 1)
    if below_zero:
        places = st.one_of(places, st.sampled_from(below_zero))
    changes = st.lists(st.tuples(places, st.sampled_from(OUTSIDE_OR_NOT)), max_size=3)
    for _ in range(8):
        vector = observed.copy()
        for place, value in data.draw(changes):
            vector[place] = value
        inside = bool(((vector >= encoding.low) & (vector <= encoding.high)).all())
        assert encoding.within(vector) == inside
    with pytest.raises(ValueError):  # the bounds the quick test was made from stay as they are
        encoding.low[0] = 5


def test_actions_are_told_apart_as_their_json_tells_them_apart():
    actions = [{"take": 1}, {"take": 1.0}, {"take": True}, {"take": [1, 2]}, {"take": [2, 1]},
               {"take": {"stones": 1}}, {"pile": 0, "take": 1}, {"pile": 0, "take": [1]}]
    keys = [action_key(action) for action in actions]
    assert len(set(keys)) == len(actions)  # every key can be looked up, none the same
    assert action_key({"take": [1, 2]}) == action_key({"take": [1, 2]})
    assert action_key({"take": 1, "pile": 0}) == action_key({"pile": 0, "take": 1})
