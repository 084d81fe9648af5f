"""``by_players``: rule values that differ with the number of players, laid over the others
(hands of 6 and a shorter garden for two players, say), and the built-in ``tuned`` variant
that uses it."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi import conformance
from asobi.errors import AsobiError
from asobi.host import registry
from asobi.play import records
from asobi.play.driver import Driver
from asobi.play.session import Session, rules_digest
from asobi_sakura import engine
from asobi_sakura.rules import SCHEMA, compile_rules, mapping_for_players
from support.levels import short_levels
from support.profiles import examples

SHORT_PATH = ["gate", "3 plain", "bridge", "torii", "6 plain", "tree", "3 plain", "bridge",
              "3 plain", "tree", "2 plain", "bridge", "1 plain", "bridge", "2 plain", "tree"]


def _with(mapping, by_players):
    data = copy.deepcopy(mapping)
    data["by_players"] = by_players
    return data


def _problems(mapping, by_players):
    return {".".join(str(p) for p in path): message
            for path, message in SCHEMA.validate(_with(mapping, by_players))}


@pytest.fixture(scope="module")
def game():
    return registry.discover().game("sakura")


@pytest.fixture(scope="module")
def tuned(game):
    return game.load_variant("tuned")


# ---------------------------------------------------------------------- the rule mechanism


def test_two_players_get_their_own_hand_and_garden_the_others_keep_the_standard(mapping):
    data = _with(mapping, {"two": {"hand_size": 6, "garden": {"path": SHORT_PATH}}})
    assert SCHEMA.validate(data) == []
    rules = compile_rules(data)
    two = engine.new_game(rules, 2, random.Random(3))
    assert [len(hand) for hand in two.hands] == [6, 6]
    assert two.garden.trees == (12, 20, 28)  # the bridges keep their standard size
    four = engine.new_game(rules, 4, random.Random(3))
    standard = engine.new_game(compile_rules(mapping), 4, random.Random(3))
    assert [len(hand) for hand in four.hands] == [5, 5, 5, 5]
    assert four.garden == standard.garden and four.hands == standard.hands


def test_a_mapping_given_in_part_keeps_the_standard_values_it_leaves_out(mapping):
    rules = compile_rules(_with(mapping, {"five": {"tokens": {"start": 3},
                                                   "scoring": {"places_many": [4, 2, 1, 1]}}}))
    five = rules.for_players(5)
    assert (five.start_tokens, five.total_tokens, five.bump_loss) == (3, 80, 1)
    assert rules.tree_places(5, last_tree=False) == (4, 2, 1, 1)
    assert rules.tree_places(5, last_tree=True) == (4, 2, 1, 1)  # last_tree_first stays 4
    assert rules.tree_places(6, last_tree=False) == (3, 2, 1, 1)
    state = engine.new_game(rules, 5, random.Random(1))
    assert state.tokens == [3] * 5 and state.supply == 80 - 15


def test_a_bump_sends_back_as_far_as_the_number_of_players_says(mapping):
    rules = compile_rules(_with(mapping, {"three": {"bump_back": 5}}))
    assert rules.for_players(3).bump_back == 5 and rules.for_players(4).bump_back == 3
    card = next(c.number for c in rules.cards[1:]
                if c.garden == "emperor-back" and c.painter == "forward" and c.steps == 3)
    landed = {}
    for name, players in (("three", 3), ("four", 4)):
        # seat 0 walks 3 forward from 10 into the Emperor, who first stepped back to 11
        state = engine.position(rules, players, emperor=12, painters=[10, 2, 1, 0][:players])
        events: list[dict] = []
        engine.play_round(state, [(card, 0)], events)
        assert [e["painter"] for e in events if e["type"] == "bump"] == [0]
        landed[name] = state.painters[0]
    assert landed == {"three": 11 - 5, "four": 11 - 3}


@pytest.mark.parametrize(
    "by_players,where,fragment",
    [
        ({"seven": {"hand_size": 4}}, "by_players.seven", "unknown number of players 'seven'"),
        ({2: {"hand_size": 4}}, "by_players.2", "expected one of two, three, four"),
        ({"two": {"deck": []}}, "by_players.two.deck", "'deck' cannot vary with the number"),
        ({"two": {"many_players": 3}}, "by_players.two.many_players", "cannot vary"),
        ({"two": {"two_players": {"neutral_painter": "hand"}}},
         "by_players.two.two_players", "set it outside by_players"),
        ({"two": {"hand_sise": 6}}, "by_players.two.hand_sise", "did you mean 'hand_size'"),
        ({"two": {"hand_size": "six"}}, "by_players.two.hand_size", "expected an integer"),
        ({"two": {"hand_size": 12}}, "by_players.two.hand_size", "out of range"),
        ({"two": {}}, "by_players.two", "set at least one rule value"),
        ({"two": 6}, "by_players.two", "expected a mapping of rule values"),
        ({"two": {"scoring": {"places": []}}}, "by_players.two.scoring.places",
         "at least one place must score"),
        ({"two": {"garden": {"path": ["gate", "torii", "3 plain"]}}},
         "by_players.two.garden.path.2", "the last space of the path must be a cherry tree"),
        ({"six": {"tokens": {"start": 20}}}, "by_players.six.tokens.total",
         "must cover 6 painters starting with 20"),
        ({"six": {"garden": {"bridge_spaces_many": 0}}},
         "by_players.six.garden.bridge_spaces_many", "out of range"),
    ],
)
def test_bad_values_are_refused_naming_the_number_of_players(mapping, by_players, where,
                                                              fragment):
    problems = _problems(mapping, by_players)
    assert where in problems, problems
    assert fragment in problems[where]
    assert len(problems) == 1, problems  # told once, not again for the merged rules


def test_a_file_with_a_bad_value_is_one_clear_message(game, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(
        "game: sakura\nname: broken\ntitle: Broken\ndescription: x\nextends: standard\n"
        "rules:\n  by_players:\n    two:\n      deck: []\n", encoding="utf-8")
    with pytest.raises(AsobiError) as info:
        game.load_variant(str(path))
    assert "broken.yaml:9" in str(info.value)
    assert "'deck' cannot vary with the number of players" in str(info.value)
    cli = Path(sys.executable).with_name("asobi")
    done = subprocess.run([str(cli), "rules", "sakura", "--variant", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "cannot vary with the number of players" in done.stderr


# ---------------------------------------------------------------------- the tuned variant


def test_tuned_variant_sets_two_five_and_six_players_only(tuned, mapping):
    assert {k: v for k, v in tuned.rules.items() if k != "by_players"} == mapping
    rules = compile_rules(tuned.rules)
    assert rules.for_players(2).hand_size == 6 and len(rules.garden(2).kinds) == 29
    assert rules.for_players(5).hand_size == rules.for_players(6).hand_size == 4
    assert (rules.for_players(5).bump_back, rules.for_players(6).bump_back) == (3, 1)
    assert rules.for_players(3) is rules and rules.for_players(4) is rules


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 2**32))
def test_tuned_games_of_three_or_four_are_standard_games(game, tuned, players, seed):
    seats = ["ai:easy"] * players
    mine = Session(game, tuned, seats, seed=seed)
    theirs = Session(game, game.load_variant("standard"), seats, seed=seed)
    Driver(mine).run()
    Driver(theirs).run()
    assert engine.result(mine.state) == engine.result(theirs.state)


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 5, 6]), data=st.data())
def test_tuned_games_deal_and_refill_their_own_hand_size(tuned, players, data):
    """Moves drawn at random: at every pick all hands hold the number's hand size."""
    rules = compile_rules(tuned.rules)
    size = rules.for_players(players).hand_size
    state = engine.new_game(rules, players, random.Random(data.draw(st.integers(0, 999))))
    picks = 0
    while state.phase != engine.OVER:
        if state.phase == engine.PICK and all(p is None for p in state.picks):
            assert [len(hand) for hand in state.hands] == [size] * players
            picks += 1
        seat = engine.to_act(state)[0]
        engine.apply(state, seat, data.draw(st.sampled_from(engine.legal_actions(state, seat))))
    assert picks == state.round and len(state.rounds) == 3


def test_a_record_of_the_tuned_file_carries_its_rules_and_replays(game, tuned):
    """A variant played from a file travels in the record as JSON (keys as text)."""
    rules = json.loads(json.dumps(tuned.rules))
    assert SCHEMA.validate(rules) == [] and rules_digest(rules) == rules_digest(tuned.rules)
    compiled = compile_rules(rules)
    state = engine.new_game(compiled, 2, random.Random(5))
    deck = list(reversed(state.deck))
    record = {"format": 1, "game": "sakura", "variant": "tuned.yaml", "rules": rules,
              "seed": 5, "seats": ["ai:easy", "ai:easy"],
              "setup": {"deck": [n for hand in state.hands for n in hand] + deck},
              "moves": []}
    again = records.replay(registry.discover(), record).state
    assert again.hands == state.hands and again.garden == state.garden


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 6])
def test_tuned_variant_passes_the_conformance_kit(game, tuned, players):
    """Views, events, agents and resampled worlds all follow the number's own rules."""
    conformance.check_game(game, variant=tuned, players=players, games=1,
                           levels=short_levels(game))


def test_the_rules_of_one_number_of_players_as_a_mapping(tuned, mapping):
    two = mapping_for_players(tuned.rules, 2)
    assert "by_players" not in two and two["hand_size"] == 6
    assert two["garden"]["bridge_spaces_many"] == mapping["garden"]["bridge_spaces_many"]
    assert mapping_for_players(tuned.rules, 4) == mapping


def test_standard_values_too_big_are_told_for_the_most_players_they_serve(mapping):
    data = _with(mapping, {"six": {"tokens": {"start": 5}}})
    data["tokens"]["start"] = 17  # 5 painters x 17 = 85 > 80; six players start with 5
    problems = {".".join(map(str, p)): m for p, m in SCHEMA.validate(data)}
    assert problems == {"tokens.total": "the token total must cover 5 painters starting with "
                                        "17 each"}
