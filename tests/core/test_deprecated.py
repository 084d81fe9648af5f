"""Older hook names keep working (asobi.host.deprecated): a game written for an earlier asobi loads
with one warning line per older hook, plays, passes the conformance kit and replays its
records; a record upgrade (``asobi_upgrade_record``) is applied in the one replayer."""

from __future__ import annotations

import copy
import json
import random
import sys
import types
from pathlib import Path

import pluggy
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.conformance import check_game
from asobi.host.faults import PluginFault
from asobi.play import records
from asobi.play.agents import make_agent
from asobi.play.replayer import replay_moves
from asobi.play.session import Session
from asobi.variants.loader import load
from asobi_frontends.web import hookspecs as web_hookspecs
from support.profiles import examples
from support.toys import HighCard

hookimpl = pluggy.HookimplMarker("asobi")

ROOT = Path(__file__).resolve().parents[2]
OLD = ROOT / "tests" / "plugins" / "asobi-goofspiel-2026"
OLD_RECORDS = sorted((OLD / "records").glob("*.json"))


class OldHighCard(HighCard):
    """High card as an older game wrote it: the re-deal under its older name, a move older
    versions asked for (a 'shout' after each 'show') skipped by the older per-move hook, and
    the replay viewer's hook declared without ``optionalhook``."""

    asobi_resample = None  # the older game has no asobi_resample: not a hook here

    def __init__(self, fail: bool = False) -> None:
        super().__init__()
        self.fail = fail

    @hookimpl
    def asobi_hidden_variant(self, state, seat, rng):
        if self.fail:
            raise ZeroDivisionError("the old deal broke")
        other = copy.deepcopy(state)
        if other.shown[0] is None:
            pool = [c for i, c in enumerate(other.hands) if i != seat] + other.rest
            rng.shuffle(pool)
            for i in range(len(other.hands)):
                if i != seat:
                    other.hands[i] = pool.pop()
            other.rest = pool
        return other

    @hookimpl
    def asobi_obsolete_move(self, state, seat, action):
        return dict(action) == {"shout": True} and seat not in state.to_act

    @hookimpl
    def asobi_reveal(self, state):
        return {str(seat): [card] for seat, card in enumerate(state.hands)}


class BothNames(HighCard):
    """Implements the new asobi_resample (taking state) and still the older name."""

    @hookimpl
    def asobi_hidden_variant(self, state, seat, rng):
        raise AssertionError("an older hook that is no longer called was called")


class Renamer(HighCard):
    """A new version that renamed its action: older records said {"reveal": true}."""

    def __init__(self, answer=None) -> None:
        super().__init__()
        self.answer = answer

    @hookimpl
    def asobi_upgrade_record(self, record, state):
        if self.answer is not None:
            return self.answer
        moves = record["moves"]
        if not any("reveal" in move["action"] for move in moves):
            return None
        return [{"seat": m["seat"], "action": {"show": True}} if "reveal" in m["action"] else m
                for m in moves]


@pytest.fixture
def game_of(monkeypatch, registry_of):
    """``game_of(plugin, warnings)``: the game of a toy plugin found through a registry."""
    module = types.ModuleType("asobi_old_toys")
    monkeypatch.setitem(sys.modules, "asobi_old_toys", module)

    def make(plugin, warnings=None):
        module.GAME = plugin
        return registry_of({"highcard": "asobi_old_toys:GAME"}, warnings=warnings)

    return make


@pytest.fixture
def old_goofspiel(monkeypatch, registry_of):
    """A registry holding the older Goofspiel (its package imported from its folder)."""
    monkeypatch.syspath_prepend(str(OLD))
    warnings: list[str] = []
    registry = registry_of({"goofspiel-old": "asobi_goofspiel_old"}, warnings=warnings)
    yield registry, warnings
    for name in [m for m in sys.modules if m.split(".")[0] == "asobi_goofspiel_old"]:
        del sys.modules[name]


def shout_record(registry, seed: int) -> dict:
    """A record of high card as the older version wrote it: a 'shout' after every 'show'."""
    game = registry.game("highcard")
    session = Session(game, load(game.info), ["human", "human"], seed=seed)
    moves = []
    while not session.finished:
        seat = session.to_act()[0]
        session.apply(seat, {"show": True})
        moves += [{"seat": seat, "action": {"show": True}},
                  {"seat": seat, "action": {"shout": True}}]
    return {**session.record(), "moves": moves, "expected": session.result()}


# --------------------------------------------------------------------------- an older game


def test_an_older_game_loads_with_one_warning_line_per_older_hook(game_of):
    warnings: list[str] = []
    registry = game_of(OldHighCard(), warnings)
    assert registry.game("highcard").name == "highcard"
    registry.without("plugin:nothing").games()
    assert warnings == [
        "game 'highcard' from asobi_old_toys:GAME implements `asobi_hidden_variant`, an older "
        "name of `asobi_resample`: it still works, but implement `asobi_resample`, which is "
        "given the real state as `state`",
        "game 'highcard' from asobi_old_toys:GAME implements `asobi_obsolete_move`, an older "
        "name of `asobi_upgrade_record`: it still works, but implement "
        "`asobi_upgrade_record`, asked once per record replayed",
    ]


def test_an_older_game_passes_the_kit_through_its_older_hook(game_of):
    game = game_of(OldHighCard()).game("highcard")
    assert game.hooks.redeal_hook() == "asobi_hidden_variant"
    assert not game.hooks.can_resample() and "search" not in game.ai_levels()
    check_game(game, players=3, games=4)


def test_a_fault_of_an_older_hook_names_that_hook_and_the_game(game_of):
    game = game_of(OldHighCard(fail=True)).game("highcard")
    session = Session(game, load(game.info), ["human", "human"], seed=1)
    with pytest.raises(PluginFault) as caught:
        game.hooks.hidden_variant(session.state, 0, random.Random(1))
    assert str(caught.value) == ("asobi_old_toys:GAME `asobi_hidden_variant` raised "
                                 "ZeroDivisionError: the old deal broke")
    assert caught.value.plugin == "game:highcard"
    with pytest.raises(PluginFault, match="`asobi_hidden_variant` raised") as caught:
        check_game(game, players=2, games=1, only=["hidden-information"])
    assert "(raised while the conformance check 'hidden-information' ran)" in \
        caught.value.__notes__


def test_an_older_games_obsolete_moves_are_skipped_in_place(game_of):
    registry = game_of(OldHighCard())
    record = shout_record(registry, seed=5)
    session = records.start(registry, record)
    steps = list(replay_moves(session, record["moves"], choices=True))
    assert [s.index for s in steps] == list(range(len(record["moves"])))
    assert [s.skipped for s in steps] == [False, True] * (len(record["moves"]) // 2)
    assert all(s.events == [] and s.choice is None for s in steps if s.skipped)
    assert session.result() == record["expected"]
    assert records.replay(registry, record, upto=3).moves == record["moves"][:3:2]


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**64), players=st.integers(2, 4), data=st.data())
def test_an_obsolete_move_anywhere_in_a_record_changes_nothing_of_its_game(
        game_of, seed, players, data):
    registry = game_of(OldHighCard())
    game = registry.game("highcard")
    session = Session(game, load(game.info), ["human"] * players, seed=seed)
    while not session.finished:
        session.apply(session.to_act()[0], {"show": True})
    clean = session.record()
    moves = list(clean["moves"])
    shouts = data.draw(st.lists(st.integers(1, len(moves)), max_size=4), label="after")
    for at in sorted(shouts, reverse=True):  # a shout right after a seat has shown
        moves.insert(at, {"seat": moves[at - 1]["seat"], "action": {"shout": True}})
    replayed = records.replay(registry, {**clean, "moves": moves})
    assert replayed.result() == session.result()
    assert replayed.record()["moves"] == clean["moves"]


def test_an_older_games_reveal_waits_for_the_web_frontends_specifications(game_of):
    warnings: list[str] = []
    game = game_of(OldHighCard(), warnings).game("highcard")  # no asobi.hookspecs modules
    assert not any("breaks the hook contract" in w for w in warnings)
    session = Session(game, load(game.info), ["human", "human"], seed=2)
    assert game.hooks.reveal(session.state) is None  # nobody declared the hook yet
    hands = web_hookspecs.reveal(game, session.state)
    assert hands == {"0": [session.state.hands[0]], "1": [session.state.hands[1]]}
    assert game.hooks.reveal(session.state) == hands


def test_a_hook_nobody_declared_still_breaks_the_contract(registry_of):
    warnings: list[str] = []
    assert registry_of({"broken": "support.toys:BROKEN"}, warnings=warnings).games() == {}
    assert "unknown hook 'asobi_no_such_hook'" in warnings[0]


def test_an_older_name_beside_its_replacement_is_no_longer_called(game_of):
    warnings: list[str] = []
    game = game_of(BothNames(), warnings).game("highcard")
    assert warnings == [
        "game 'highcard' from asobi_old_toys:GAME implements `asobi_hidden_variant`, an older "
        "name that is no longer called: its `asobi_resample` takes its place; remove it"]
    check_game(game, players=2, games=2, only=["hidden-information"])


def test_a_caller_of_the_older_name_is_answered_through_the_new_hook(installed):
    game = installed.game("sakura")
    session = Session(game, game.load_variant("standard"), ["human"] * 4, seed=8)
    for seat in range(4):
        other = game.hook.asobi_hidden_variant(state=session.state, seat=seat,
                                               rng=random.Random(seat))
        assert other is not session.state
        assert game.hooks.observation(other, seat) == session.observation(seat)


# --------------------------------------------------------------------------- record upgrades


def test_an_upgrade_rewrites_a_records_moves_in_place(game_of):
    registry = game_of(Renamer())
    game = registry.game("highcard")
    session = Session(game, load(game.info), ["human", "human"], seed=4)
    while not session.finished:
        session.apply(session.to_act()[0], {"show": True})
    old = {**session.record(), "moves": [{**m, "action": {"reveal": True}}
                                         for m in session.record()["moves"]]}
    replayed = records.start(registry, old)
    steps = list(replay_moves(replayed, old["moves"]))
    assert [(s.index, s.action, s.skipped) for s in steps] == [
        (0, {"show": True}, False), (1, {"show": True}, False)]
    assert replayed.result() == session.result()
    assert replayed.record()["moves"] == session.record()["moves"]


@pytest.mark.parametrize("answer", [[None], [{"seat": "0", "action": {}}, None], "moves"])
def test_an_upgrade_of_the_wrong_shape_is_a_fault_of_the_game(game_of, answer):
    record = shout_record(game_of(HighCard()), seed=3)
    record["moves"] = record["moves"][::2]
    registry = game_of(Renamer(answer))
    with pytest.raises(PluginFault, match=r"^asobi_old_toys:GAME `asobi_upgrade_record` "
                                          r"returned .*, expected a list of 2 moves"):
        records.replay(registry, record)


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 2**64), choices=st.lists(st.integers(0, 30), min_size=300,
                                                    max_size=300))
def test_koikoi_upgrades_no_record_it_writes_today(installed, seed, choices):
    game = installed.game("koikoi")
    session = Session(game, game.load_variant("standard"), ["human", "human"], seed=seed)
    for pick in choices:
        if session.finished:
            break
        seat = session.to_act()[0]
        legal = session.legal_actions(seat)
        session.apply(seat, legal[pick % len(legal)])
    fresh = records.start(installed, session.record())
    assert game.hooks.upgrade_record(session.record(), fresh.state) is None


# --------------------------------------------------------------------------- Goofspiel of 2026


def test_the_older_goofspiel_warns_once_and_keeps_its_search_level(old_goofspiel):
    registry, warnings = old_goofspiel
    game = registry.game("goofspiel-old")
    assert len(warnings) == 1 and "`asobi_hidden_variant`" in warnings[0]
    assert "\n" not in warnings[0] and warnings[0].startswith("game 'goofspiel-old' from ")
    assert game.ai_levels() == ["random", "search"] and game.hooks.can_resample()
    session = Session(game, load(game.info), ["human", "ai:search"], seed=9)
    seat = session.to_act()[0]
    agent = make_agent(game, "search:0.1", seat, session.variant.rules, 2, 9)
    assert agent.choose(session.observation(seat), session.legal_actions(seat)) in \
        session.legal_actions(seat)


@pytest.mark.slow
def test_the_older_goofspiel_passes_the_conformance_kit(old_goofspiel):
    registry, _warnings = old_goofspiel
    game = registry.game("goofspiel-old")
    check_game(game, players=2, games=4)
    check_game(game, variant="split", players=3, games=2)


@pytest.mark.parametrize("path", OLD_RECORDS, ids=[p.stem for p in OLD_RECORDS])
def test_the_older_goofspiels_records_replay_to_their_results(old_goofspiel, path):
    registry, _warnings = old_goofspiel
    record = json.loads(path.read_text(encoding="utf-8"))
    replayed = records.replay(registry, record)
    assert replayed.result() == record["expected"]
    assert replayed.record()["moves"] == record["moves"]
