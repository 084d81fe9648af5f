"""What a player reads: seats named as the rest of asobi names them, sentences that start
with a capital, counts in real singular and plural forms (0, 1 and 2) in every language, and
an end summary whose rows add up to the final scores."""

from __future__ import annotations

import random
import re

import pytest

from asobi.contract.model import SetupContext
from asobi_sakura import engine, plugin, view

from .conftest import place, rules_with

LANGS = ["en", "pt", "it", "ja"]


def _bump(tokens: int, lang: str, painter: int = 1, players: int = 3) -> str:
    event = {"type": "bump", "painter": painter, "tokens": tokens, "to": 6, "players": players}
    return plugin.asobi_describe_event(event, 0, lang)


def test_bumps_say_no_token_one_token_and_tokens():
    assert _bump(0, "en") == (
        "Seat 2 bumps into the Emperor, has no token to lose and steps back to space 6.")
    assert _bump(1, "en") == (
        "Seat 2 bumps into the Emperor, loses 1 token and steps back to space 6.")
    assert _bump(2, "en") == (
        "Seat 2 bumps into the Emperor, loses 2 tokens and steps back to space 6.")


@pytest.mark.parametrize("lang", LANGS[1:])
def test_bumps_are_translated_for_zero_one_and_two(lang):
    texts = [_bump(n, lang) for n in (0, 1, 2)]
    assert len(set(texts)) == 3
    for n, text in enumerate(texts):
        assert text != _bump(n, "en")
        assert "(s)" not in text and "/i" not in text
    assert "1" in texts[1] and "2" in texts[2]
    assert "0" not in texts[0].replace("6", "")


@pytest.mark.parametrize("lang", LANGS)
def test_the_neutral_painter_starts_a_sentence_with_a_capital(lang):
    moves = {"type": "painter", "painter": 2, "from": 3, "to": 5, "players": 2}
    text = plugin.asobi_describe_event(moves, 0, lang)
    assert text[0] == text[0].upper()
    bump = _bump(1, lang, painter=2, players=2)
    assert bump[0] == bump[0].upper() and bump != _bump(1, lang, painter=1, players=2)
    if lang == "en":
        assert text == "The neutral painter moves from space 3 to space 5."
        shown = {"type": "reveal", "cards": [{"card": 4, "painter": 2}], "players": 2}
        assert "(the neutral painter)" in plugin.asobi_describe_event(shown, 0, "en")


def _hand_mode_waiting(waiting: int, lang: str) -> str:
    """Two players, ``hand`` neutral mode, round 1 (seat 0 gives the neutral painter its
    card): ``waiting`` seats still have to pick their own card."""
    rules = rules_with(two_players={"neutral_painter": "hand"})
    state = place(rules, 2, emperor=5, painters=[0, 0, 0],
                  hands=[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])
    if waiting < 2:
        engine.apply(state, 1, {"card": 6})
    if waiting < 1:
        engine.apply(state, 0, {"card": 1})
    assert sum(p is None for p in state.picks) == waiting
    return view.render(engine.observation(state, 0), lang).splitlines()[-1]


def test_waiting_line_for_two_one_and_no_seat_left_to_pick():
    assert _hand_mode_waiting(2, "en") == (
        "Waiting for a card from: Seat 1 (you), Seat 2 "
        "(Seat 1 (you) gives the neutral painter its card this round)")
    assert _hand_mode_waiting(1, "en") == (
        "Waiting for a card from: Seat 1 (you) "
        "(Seat 1 (you) gives the neutral painter its card this round)")
    assert _hand_mode_waiting(0, "en") == (
        "Waiting for Seat 1 (you) to give the neutral painter its card.")


@pytest.mark.parametrize("lang", LANGS[1:])
def test_waiting_lines_are_translated(lang):
    for waiting in (0, 1, 2):
        text = _hand_mode_waiting(waiting, lang)
        assert text != _hand_mode_waiting(waiting, "en")
        assert ":  " not in text and ": (" not in text and "：（" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_says_the_bump_loss_in_the_right_number(mapping, lang):
    texts = []
    for loss in (0, 1, 2):
        mapping["tokens"]["bump_loss"] = loss
        texts.append(plugin.asobi_rules_text(mapping, lang))
    assert len(set(texts)) == 3
    assert all("{" not in text for text in texts)
    if lang == "en":
        assert "loses no token but goes 3 empty spaces" in texts[0]
        assert "loses 1 token and goes 3 empty spaces" in texts[1]
        assert "loses 2 tokens and goes 3 empty spaces" in texts[2]


def test_rules_text_says_how_gate_ties_score(mapping):
    assert "take no place" in plugin.asobi_rules_text(mapping, "en")
    mapping["scoring"]["gate_ties"] = "shared"
    assert "each take the place they tie for" in plugin.asobi_rules_text(mapping, "en")


# ---------------------------------------------------------------------- the end summary


def _finished_game(mapping, players, seed):
    ctx = SetupContext(rules=mapping, players=players, rng=random.Random(seed), setup=None)
    state = plugin.asobi_setup(ctx)
    rng = random.Random(seed + 1)
    events = []
    while seats := plugin.asobi_to_act(state):
        seat = seats[0]
        events.extend(plugin.asobi_apply(state, seat, rng.choice(
            plugin.asobi_legal_actions(state, seat))))
    return state, events


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 8), (6, 2)])
def test_end_summary_rows_add_up_to_the_final_scores(mapping, players, seed):
    state, events = _finished_game(mapping, players, seed)
    obs = engine.observation(state, 0)
    rows = view.tally(obs["start_tokens"], obs["trees"], obs["rounds"], obs["tokens"][:players])
    kinds = [row[0] for row in rows]
    assert kinds == ["start", "tree", "tree", "tree", "bumps", "total"]
    lost = [0] * players
    for event in events:
        if event["type"] == "bump" and event["painter"] < players:
            lost[event["painter"]] += event["tokens"]
    assert rows[-2][3] == [-n for n in lost]  # the bump row is what the bumps really cost
    for seat in range(players):
        assert sum(row[3][seat] for row in rows[:-1]) == rows[-1][3][seat]
    assert rows[-1][3] == plugin.asobi_result(state)["scores"]
    assert [row[2] for row in rows[1:4]] == [r_space for r_space in state.trees]


def test_end_summary_table_in_the_text_view(mapping):
    state, _events = _finished_game(mapping, 3, 5)
    text = view.render(engine.observation(state, 0), "en")
    table = text.split("The game is over.\n")[1].splitlines()
    assert table[0] == "Tokens, tree by tree"
    assert table[1].split() == ["Seat", "1", "(you)", "Seat", "2", "Seat", "3"]
    labels = [re.split(r"\s{2,}", line.strip())[0] for line in table[2:]]
    assert labels == ["Starting tokens", "Tree 1 (space 14)", "Tree 2 (space 24)",
                      "Tree 3 (space 34)", "Lost in bumps", "Final score"]
    assert "Round" not in "\n".join(table)
    for seat in range(3):
        column = [int(line.split()[-3 + seat]) for line in table[2:]]
        assert sum(column[:-1]) == column[-1] == state.tokens[seat]
    widths = {len(line) for line in table[1:]}
    assert len(widths) == 1  # the columns line up


@pytest.mark.parametrize("lang", LANGS)
def test_game_over_event_sums_up_each_seat(mapping, lang):
    state, events = _finished_game(mapping, 3, 5)
    over = next(e for e in events if e["type"] == "game_over")
    text = plugin.asobi_describe_event(over, 0, lang)
    lines = text.split("\n")
    assert len(lines) == 4
    for seat, line in enumerate(lines[1:]):
        assert line.startswith("  ")
        assert str(state.tokens[seat]) in line
    if lang == "en":
        rounds = state.rounds
        for seat, line in enumerate(lines[1:]):
            gains = ", ".join(f"{r['points'][seat]:+d}".replace("+0", "0")
                              + f" at tree {r['tree']}" for r in rounds)
            assert f": 5 to start, {gains}; " in line
            assert line.endswith(f"; {state.tokens[seat]} in all.")
    else:
        assert text != plugin.asobi_describe_event(over, 0, "en")


def test_end_summary_in_japanese_lines_up_wide_characters(mapping):
    state, _events = _finished_game(mapping, 3, 5)
    text = view.render(engine.observation(state, 0), "ja")
    table = text.splitlines()[-7:]
    assert len({view._width(line) for line in table[1:]}) == 1


def test_replay_output_keeps_its_shape(mapping):
    state, _events = _finished_game(mapping, 4, 8)
    result = plugin.asobi_result(state)
    assert set(result) == {"finished", "rounds", "scores", "winner"}
    assert all(set(r) == {"tree", "points", "winner"} for r in result["rounds"])
