"""The conformance kit's named checks: each runs alone, a failure names its check, and a
replay that goes another way shows the first field that differs."""

from __future__ import annotations

import copy
import json
import re
import sys
import types
from dataclasses import dataclass

import pluggy
import pytest
from hypothesis import given
from hypothesis import strategies as st

from asobi import conformance
from asobi.conformance import CHECK_NAMES, ConformanceError, check_game, difference
from asobi.conformance.model import MISSING
from asobi.contract.model import GameInfo
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.variants.schema import Int, Struct

hookimpl = pluggy.HookimplMarker("asobi")


@dataclass
class Table:
    hands: list[int]
    rest: list[int]
    shown: list[int]
    """The seats that said 'show', in order; the cards are revealed when all have."""


class ToyHighCard:
    """Each seat holds one hidden card and says 'show' in turn; the highest card wins. A
    good game: the broken ones below change one hook each."""

    def __init__(self, name: str, folder) -> None:
        self.name = name
        self.folder = folder

    @hookimpl
    def asobi_game_info(self):
        return GameInfo(name=self.name, title=self.name.title(), min_players=2, max_players=4,
                        schema=Struct({"cards": Int(min=4, max=20)}), variants=self.folder)

    @hookimpl
    def asobi_setup(self, ctx):
        deck = list(range(1, ctx.rules["cards"] + 1))
        ctx.rng.shuffle(deck)
        return Table(deck[: ctx.players], deck[ctx.players:], [])

    @hookimpl
    def asobi_to_act(self, state):
        return [len(state.shown)] if len(state.shown) < len(state.hands) else []

    @hookimpl
    def asobi_legal_actions(self, state, seat):
        return [{"show": True}] if seat in self.asobi_to_act(state) else []

    @hookimpl
    def asobi_apply(self, state, seat, action):
        state.shown.append(seat)
        return [{"type": "ready", "seat": seat}]

    @hookimpl
    def asobi_observation(self, state, seat):
        over = len(state.shown) == len(state.hands)
        return {"mine": state.hands[seat], "said": len(state.shown),
                "all": list(state.hands) if over else None}

    @hookimpl
    def asobi_resample(self, seat, rng, state):
        other = copy.deepcopy(state)
        if len(other.shown) < len(other.hands):
            pool = [c for i, c in enumerate(other.hands) if i != seat] + other.rest
            rng.shuffle(pool)
            other.hands = [c if i == seat else pool.pop() for i, c in enumerate(other.hands)]
            other.rest = pool
        return other

    @hookimpl
    def asobi_result(self, state):
        players = len(state.hands)
        if len(state.shown) < players:
            return {"finished": False, "rounds": [], "scores": [0] * players, "winner": None}
        best = max(range(players), key=lambda s: state.hands[s])
        points = [int(s == best) for s in range(players)]
        return {"finished": True, "rounds": [{"points": points, "winner": best}],
                "scores": points, "winner": best}


class DriftingScores(ToyHighCard):
    """Keeps a count of its games in the plugin object and pays the winner that count: the
    replay of a record (the next game set up) scores differently."""

    setups = 0

    @hookimpl
    def asobi_setup(self, ctx):
        self.setups += 1
        return super().asobi_setup(ctx)

    @hookimpl
    def asobi_result(self, state):
        result = super().asobi_result(state)
        if result["finished"]:
            result["scores"] = [p * self.setups for p in result["scores"]]
            result["rounds"][0]["points"] = list(result["scores"])
        return result


class ChattyEvents(ToyHighCard):
    """Numbers its events with a counter kept in the plugin object: a replay's events differ."""

    said = 0

    @hookimpl
    def asobi_apply(self, state, seat, action):
        self.said += 1
        return [{**super().asobi_apply(state, seat, action)[0], "said": self.said}]


class BoastfulResult(ToyHighCard):
    """Puts every hidden card in the scores while the game is played."""

    @hookimpl
    def asobi_result(self, state):
        result = super().asobi_result(state)
        if not result["finished"]:
            result["scores"] = list(state.hands)
        return result


class SpeechlessLabels(ToyHighCard):
    """Its action labels raise."""

    @hookimpl
    def asobi_describe_action(self, observation, action, lang):
        raise KeyError("show")


@pytest.fixture
def toy(tmp_path, monkeypatch, registry_of):
    """``toy(Class, name)``: the game of a toy plugin, found through a registry."""
    module = types.ModuleType("asobi_kit_toys")
    monkeypatch.setitem(sys.modules, "asobi_kit_toys", module)

    def make(cls, name):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "standard.yaml").write_text(
            f"game: {name}\nname: standard\ntitle: Ten cards\ndescription: Cards 1 to 10.\n"
            "rules:\n  cards: 10\n",
            encoding="utf-8")
        setattr(module, name.upper(), cls(name, folder))
        return registry_of({name: f"asobi_kit_toys:{name.upper()}"}).game(name)

    return make


@pytest.fixture
def good(registry_of):
    return registry_of({"highcard": "support.toys:HIGHCARD", "nim": "asobi_nim"})


# --------------------------------------------------------------------------- running checks


@pytest.mark.parametrize("check", CHECK_NAMES)
def test_every_check_runs_alone_on_a_good_game(good, toy, check):
    """What a plugin author writes to see each check as its own test."""
    assert check_game(toy(ToyHighCard, "fair"), players=3, games=3, only=[check]) == {
        "games": 3, "steps": 9}
    check_game(good.game("highcard"), players=4, games=2, only=[check])
    check_game(good.game("nim"), players=2, games=2, expect_hidden=False, only=[check])


def test_a_check_run_alone_plays_the_very_games_of_the_whole_kit(good):
    game = good.game("highcard")
    whole = check_game(game, players=3, games=4, seed=9)
    for name in ("replay", "public-result"):
        assert check_game(game, players=3, games=4, seed=9, only=[name]) == whole


def test_only_picks_checks_by_name_and_plays_always_runs():
    assert [c.name for c in conformance.select_checks(["replay", "json"])] == [
        "plays", "json", "replay"]
    assert [c.name for c in conformance.select_checks()] == list(CHECK_NAMES)
    assert all(c.summary for c in conformance.CHECKS)
    assert len(set(CHECK_NAMES)) == len(CHECK_NAMES)


def test_an_unknown_check_is_refused_with_the_names_of_the_checks(good):
    with pytest.raises(AsobiError, match="no conformance check 'replays'; the checks are: "
                                         "plays, json, turns"):
        check_game(good.game("highcard"), only=["replays"])


def test_the_kit_plays_through_the_driver_and_replays_through_the_replayer(good, monkeypatch):
    """Games are stepped by the driver, as every frontend steps them; their records are
    replayed by asobi.play.replayer, as ``asobi replay`` and the web replay them (so a game's
    ``asobi_upgrade_record`` is checked on the records it writes)."""
    from asobi.conformance import results
    from asobi.play.driver import Driver
    from asobi.play.replayer import replay_moves

    played, replayed = [], []
    real_play = Driver.play

    def counting(self, seat, action):
        played.append(seat)
        return real_play(self, seat, action)

    def replaying(session, moves, *args, **kwargs):
        for step in replay_moves(session, moves, *args, **kwargs):
            replayed.append(step.seat)
            yield step

    monkeypatch.setattr(Driver, "play", counting)
    monkeypatch.setattr(results, "replay_moves", replaying)
    report = check_game(good.game("highcard"), players=4, games=2, only=["replay"])
    assert len(played) == len(replayed) == report["steps"] == 2 * 4
    assert played == replayed


# --------------------------------------------------------------------------- failures


def test_a_record_upgrade_that_skips_todays_moves_fails_replay(registry_of):
    forgetful = registry_of({"forgetful": "support.toys:FORGETFUL"}).game("forgetful")
    with pytest.raises(ConformanceError) as caught:
        check_game(forgetful, players=2, games=1, only=["replay"])
    assert caught.value.check == "replay"
    assert "asobi_upgrade_record skips move 0" in str(caught.value)


def test_a_failing_check_names_itself_and_says_how_to_run_it_alone(registry_of):
    leaky = registry_of({"leaky": "support.toys:LEAKY"}).game("leaky")
    with pytest.raises(ConformanceError) as caught:
        check_game(leaky, players=2, games=2)
    assert caught.value.check == "hidden-information"
    assert str(caught.value).endswith(
        "[check 'hidden-information'; run it alone with "
        "check_game(..., only=['hidden-information'])]")
    for name in CHECK_NAMES:
        if name != "hidden-information":  # the leak is invisible to every other check
            check_game(leaky, players=2, games=2, only=[name])


def test_a_replay_that_scores_differently_shows_the_first_differing_result_field(toy):
    game = toy(DriftingScores, "drift")
    with pytest.raises(ConformanceError) as caught:
        check_game(game, players=2, games=1, only=["replay"])
    assert caught.value.check == "replay"
    assert re.search(r"drift seed 0: replay gave another result: "
                     r"'result\.rounds\[0\]\.points\[[01]\]': 1 in the game, 2 in the replay",
                     str(caught.value)), str(caught.value)


def test_a_replay_with_other_events_shows_the_first_move_and_field_that_differ(toy):
    game = toy(ChattyEvents, "chatty")
    with pytest.raises(ConformanceError) as caught:
        check_game(game, players=2, games=1, only=["replay"])
    assert caught.value.message == (
        'chatty seed 0: the replay of move 0 (seat 0 {"show":true}) gave other events: '
        "'events[0].said': 1 in the game, 3 in the replay")


def test_a_result_that_shows_hidden_cards_during_play_fails_public_result(toy):
    game = toy(BoastfulResult, "boastful")
    check_game(game, players=2, games=5, only=["replay", "hidden-information"])
    with pytest.raises(ConformanceError) as caught:
        check_game(game, players=2, games=10)
    assert caught.value.check == "public-result"
    assert re.search(r"the result depends on what seat \d cannot see \('result\.scores\[\d\]': "
                     r"\d+ in the game, \d+ in a world of asobi_resample for seat \d\); "
                     r"asobi_result must be public during play", str(caught.value))


def test_a_hook_that_raises_inside_a_check_is_marked_with_the_check(toy):
    game = toy(SpeechlessLabels, "speechless")
    with pytest.raises(PluginFault) as caught:
        check_game(game, players=2, games=1)
    assert "`asobi_describe_action` raised KeyError" in str(caught.value)
    assert isinstance(caught.value.__cause__, KeyError)
    assert "(raised while the conformance check 'views' ran)" in caught.value.__notes__
    check_game(game, players=2, games=1, only=[n for n in CHECK_NAMES if n != "views"])


# --------------------------------------------------------------------------- differences

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text("ab", max_size=2),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text("xyz", max_size=1),
                                                                 inner, max_size=3),
    max_leaves=12,
)


def _at(value, steps):
    for step in steps:
        if isinstance(value, dict):
            value = value.get(step, MISSING)
        elif isinstance(value, list) and isinstance(step, int):
            value = value[step] if step < len(value) else MISSING
        else:
            return MISSING
    return value


@given(JSON, JSON)
def test_a_difference_points_at_two_values_that_differ(mine, theirs):
    found = difference(mine, theirs)
    if json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True):
        assert found is None
        return
    assert found is not None
    assert _at(mine, found.steps) == found.mine or (_at(mine, found.steps) is found.mine)
    assert _at(theirs, found.steps) == found.theirs or (_at(theirs, found.steps) is found.theirs)
    assert json.dumps(found.mine, default=repr) != json.dumps(found.theirs, default=repr) or (
        (found.mine is MISSING) != (found.theirs is MISSING))
    # the point of difference is a leaf, or a place where the two have different kinds
    assert not (isinstance(found.mine, dict) and isinstance(found.theirs, dict))
    assert not (isinstance(found.mine, list) and isinstance(found.theirs, list))


def test_a_difference_reads_as_a_key_path_and_both_values():
    found = difference({"hand": [1, 2], "n": 1}, {"hand": [1, 5], "n": 1})
    assert found is not None and found.path == "hand[1]"
    assert found.describe("obs", "A", "B") == "'obs.hand[1]': 2 in A, 5 in B"
    shorter = difference([1, 2, 3], [1, 2])
    assert shorter is not None
    assert shorter.describe("events", "the game", "the replay") == (
        "'events[2]': 3 in the game, (missing) in the replay")
    assert conformance.first_difference({"a": {"b": 1}}, {"a": {"b": 2}}) == "a.b"
    assert conformance.first_difference(1, 1) == "(the whole observation)"
