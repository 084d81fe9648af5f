"""The hooks, the views, the agents and the variant schema, as a user meets them."""

from __future__ import annotations

import copy
import random

import pytest

from asobi.contract.model import SetupContext
from asobi_sakura import ai, engine, plugin, view
from asobi_sakura.rules import SCHEMA

from .conftest import place, rules_with


def _ctx(mapping, players, seed=1, setup=None):
    return SetupContext(rules=mapping, players=players, rng=random.Random(seed), setup=setup)


# ---------------------------------------------------------------------- identity and schema


def test_game_info_describes_sakura():
    info = plugin.asobi_game_info()
    assert (info.name, info.title, info.min_players, info.max_players) == (
        "sakura", "Sakura", 2, 6)
    assert info.default_variant == "standard"
    assert info.default_players == ("human", "ai:normal", "ai:normal")
    assert info.ai_levels == ("random", "easy", "normal", "hard")
    assert (info.variants / "standard.yaml").is_file()
    assert info.schema is SCHEMA


def test_every_game_hook_is_implemented():
    names = {
        "asobi_game_info", "asobi_setup", "asobi_to_act", "asobi_legal_actions", "asobi_apply",
        "asobi_observation", "asobi_resample", "asobi_result", "asobi_render_text",
        "asobi_describe_action", "asobi_describe_event", "asobi_rules_text", "asobi_bench",
        "asobi_agent",
    }
    for name in names:
        assert callable(getattr(plugin, name)), name


@pytest.mark.parametrize(
    "change,fragment",
    [
        (lambda m: m["deck"][3].update(n=1), "card number 1 is already used"),
        (lambda m: m["deck"][0].update(garden="emperor-fly"), "unknown garden action"),
        (lambda m: m["deck"][0].pop("steps", None) or m["deck"][0].update(painter="forward"),
         "needs 'steps'"),
        (lambda m: m["garden"].update(path=["plain", "torii", "tree"]), "start with the gate"),
        (lambda m: m["garden"].update(path=["gate", "torii", "3 plain"]), "must be a cherry tree"),
        (lambda m: m["garden"].update(path=["gate", "torii", "three plain", "tree"]),
         "space kind"),
        (lambda m: m["two_players"].update(neutral_painter="ghost"), "neutral painter mode"),
        (lambda m: m.update(deck=m["deck"][:30]), "at least 36 cards"),
    ],
)
def test_schema_explains_mistakes_in_a_variant(mapping, change, fragment):
    assert SCHEMA.validate(mapping) == []
    broken = copy.deepcopy(mapping)
    change(broken)
    messages = " | ".join(message for _path, message in SCHEMA.validate(broken))
    assert fragment in messages


# ---------------------------------------------------------------------- a game through hooks


def test_game_through_the_hooks_reports_a_result(mapping):
    state = plugin.asobi_setup(_ctx(mapping, 4, seed=3))
    rng = random.Random(4)
    steps = 0
    while seats := plugin.asobi_to_act(state):
        seat = seats[0]
        legal = plugin.asobi_legal_actions(state, seat)
        events = plugin.asobi_apply(state, seat, rng.choice(legal))
        assert all("type" in e and e["players"] == 4 for e in events)
        steps += 1
    result = plugin.asobi_result(state)
    assert result["finished"] is True
    assert len(result["rounds"]) == 3
    for entry in result["rounds"]:
        assert set(entry) == {"tree", "points", "winner"} and len(entry["points"]) == 4
    assert result["scores"] == state.tokens[:4]
    assert result["winner"] in range(4)
    assert max(result["scores"]) == result["scores"][result["winner"]]


def test_setup_with_a_malformed_deck_is_a_user_error(mapping):
    from asobi.errors import AsobiError

    with pytest.raises(AsobiError, match="setup.deck"):
        plugin.asobi_setup(_ctx(mapping, 3, setup={"deck": [1, 2, 3]}))


def test_adjust_points_is_applied_from_the_supply(mapping):
    calls = []

    def bonus(unit):
        calls.append(dict(unit))
        return [1] + [0] * (len(unit["points"]) - 1)

    ctx = SetupContext(rules=mapping, players=3, rng=random.Random(1), adjust_points=bonus)
    state = plugin.asobi_setup(ctx)
    rng = random.Random(2)
    while seats := plugin.asobi_to_act(state):
        plugin.asobi_apply(state, seats[0], rng.choice(plugin.asobi_legal_actions(state, seats[0])))
    assert len(calls) == 3 and all(len(c["points"]) == 3 for c in calls)
    result = plugin.asobi_result(state)
    assert [r["points"][0] for r in result["rounds"]] == [c["points"][0] + 1 for c in calls]
    assert sum(state.tokens) + state.supply == 80


# ---------------------------------------------------------------------- views


def _mid_game_observation(mapping, players=4, seat=0):
    state = plugin.asobi_setup(_ctx(mapping, players, seed=11))
    state.emperor, state.painters = 12, [0, 0, 9, 7, 3, 1][:players]
    state.painters[0] = 0
    return state, plugin.asobi_observation(state, seat)


def test_text_view_draws_the_garden_hand_and_tokens(mapping):
    state, obs = _mid_game_observation(mapping)
    text = plugin.asobi_render_text(obs, "en")
    line = text.splitlines()[1]
    cells = line.split(" ")
    assert cells[0] == "G(12)"  # painters 1 and 2 wait at the gate
    assert cells[12] == "E" and cells[9] == "3" and cells[7] == "4" and cells[14] == "*"
    assert cells[4] == "=" and cells[5] == "T"
    for number in state.hands[0]:
        assert f"{number:>2}: " in text
    assert "Tokens: Seat 1 (you) 5, Seat 2 5" in text
    assert "Waiting for a card from" in text
    for other in state.hands[1:]:
        for number in other:
            assert f"{number:>2}: " not in text.split("Your hand:")[1] or number in state.hands[0]


def test_text_view_in_portuguese(mapping):
    _state, obs = _mid_game_observation(mapping)
    english = plugin.asobi_render_text(obs, "en")
    portuguese = plugin.asobi_render_text(obs, "pt")
    assert portuguese != english
    assert "Sua mão:" in portuguese and "Imperador" in portuguese


def test_describe_actions_and_events_in_words(mapping):
    state, obs = _mid_game_observation(mapping)
    labels = [plugin.asobi_describe_action(obs, a, "en") for a in
              plugin.asobi_legal_actions(state, 0)]
    assert all(label.startswith("Play ") for label in labels)
    assert len(set(labels)) == 5
    event = {"type": "bump", "painter": 2, "tokens": 1, "to": 6, "players": 4}
    assert plugin.asobi_describe_event(event, 0, "en") == (
        "Seat 3 bumps into the Emperor, loses 1 token and steps back to space 6.")
    private = {"type": "draw", "seat": 1, "cards": [7], "seats": [1], "players": 4}
    assert plugin.asobi_describe_event(private, 0, "en") is None
    assert "7" in plugin.asobi_describe_event(private, 1, "en")


def test_choice_actions_are_described_with_the_cards_amount(trules):
    state = place(trules, 3, emperor=15, painters=[0, 4, 6], hands=[[30], [31], [6]])
    for seat, card in ((0, 30), (1, 31), (2, 6)):
        engine.apply(state, seat, {"card": card})
    obs = engine.observation(state, 2)
    labels = [view.describe_action(obs, a, "en") for a in engine.legal_actions(state, 2)]
    assert labels == ["Your painter 3 forward", "Your painter 3 back"]
    assert "must choose which way" in view.render(obs, "en")


def test_rules_text_lists_layout_deck_and_scoring(mapping):
    text = plugin.asobi_rules_text(mapping, "en")
    assert "35 spaces" in text and "43 spaces" in text
    assert "14, 24, 34" in text
    assert "3 / 2 / 1 / 1" in text and "gets 4" in text
    counts = [int(line.split(" x ")[0]) for line in text.splitlines() if " x " in line]
    assert sum(counts) == 120  # every card counted once by garden, once by painter action
    assert plugin.asobi_rules_text(mapping, "pt") != text


# ---------------------------------------------------------------------- agents


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_agents_choose_legal_moves_reproducibly(mapping, level):
    def play(seed):
        state = plugin.asobi_setup(_ctx(mapping, 3, seed=5))
        agents = [plugin.asobi_agent(level, s, mapping, 3, seed + s) for s in range(3)]
        moves = []
        while seats := plugin.asobi_to_act(state):
            seat = seats[0]
            legal = plugin.asobi_legal_actions(state, seat)
            obs = plugin.asobi_observation(state, seat)
            action, reason = agents[seat].explain(obs, legal)
            assert action in legal and reason
            moves.append(action)
            plugin.asobi_apply(state, seat, action)
        return moves

    assert play(1) == play(1)


def test_unknown_level_is_not_offered(mapping):
    assert plugin.asobi_agent("genius", 0, mapping, 3, 1) is None


def test_normal_agent_does_not_walk_into_the_emperor():
    rules = rules_with()
    # Emperor two spaces ahead of painter 0: Emperor back 1 + painter forward 3 bumps him;
    # Emperor forward 2 + jump (the closest painter does not move) is safe.
    bump = next(c.number for c in rules.cards[1:]
                if c.garden == "emperor-back" and c.painter == "forward" and c.steps == 3)
    safe = next(c.number for c in rules.cards[1:]
                if c.garden == "emperor-forward" and c.move == 2 and c.painter == "jump")
    state = place(rules, 3, emperor=12, painters=[10, 3, 2], hands=[[bump, safe], [], []])
    state.refill = False
    agent = ai.make_agent("normal", 0, rules, 3, seed=1)
    obs = engine.observation(state, 0)
    choice = agent.choose(obs, engine.legal_actions(state, 0))
    assert choice == {"card": safe}


def test_normal_agent_prefers_leading_when_the_emperor_reaches_a_tree():
    rules = rules_with()
    forward2 = [c.number for c in rules.cards[1:]
                if c.garden == "emperor-forward" and c.move == 2 and c.painter == "forward"
                and c.steps == 2]
    back = [c.number for c in rules.cards[1:]
            if c.garden == "emperor-back" and c.painter == "forward" and c.steps == 3]
    state = place(rules, 3, emperor=12, painters=[6, 9, 8], hands=[[forward2[0], back[0]], [], []])
    agent = ai.make_agent("normal", 0, rules, 3, seed=2)
    choice = agent.choose(engine.observation(state, 0), engine.legal_actions(state, 0))
    assert choice == {"card": forward2[0]}


def test_bench_reports_games_per_second(mapping):
    report = plugin.asobi_bench(mapping, 0.2, 1)
    assert report["unit"] == "games" and report["count"] >= 1
    assert report["per_second"] > 0 and report["seconds"] >= 0.2
