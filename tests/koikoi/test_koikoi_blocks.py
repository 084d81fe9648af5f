"""Koi-Koi's blocks in the arena and the lab: a duplicate gives each player the other side of
the table, its cards and the first deal; one player in every seat plays the deal from each
dealer, never the same game twice; a preset that fixes the first dealer keeps it."""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.arena.plan import block_tasks
from asobi.lab import run_lab
from asobi.play import records
from asobi.play.session import SeatSpec, Session
from asobi.play.tasks import task_setup
from support.profiles import examples

SETTINGS = settings(max_examples=examples(30), deadline=None)


def block_games(installed, variant, players, seed):
    """The two games of one block of ``variant`` with ``players``, set up as the lab sets
    them up but not played: (the task, the session) of each seating."""
    game = installed.game("koikoi")
    loaded = game.load_variant(variant)
    games = []
    for task in block_tasks(players, seed, 1):
        setup = task_setup(game, loaded.rules, task)
        specs = [SeatSpec.parse(s) for s in task.seats]
        games.append((task, Session(game, loaded, specs, seed=task.seed, setup=setup)))
    return games


def first_deal(session):
    """(dealer seat, the dealer's hand, the other seat's hand) of a game not yet played (its
    first round, or the game's only one that a hand yaku settled as it was dealt)."""
    dealer = session.observation(0)["dealer"]
    return (dealer, sorted(session.observation(dealer)["hand"]),
            sorted(session.observation(1 - dealer)["hand"]))


@SETTINGS
@given(st.sampled_from(["standard", "koikoi-japan", "italian"]), st.integers(0, 2**40))
def test_in_a_duplicate_each_player_deals_the_cards_the_other_dealt(installed, variant, seed):
    (task_a, game_a), (task_b, game_b) = block_games(
        installed, variant, ["ai:normal", "ai:easy"], seed)
    dealer_a, dealt_a, other_a = first_deal(game_a)
    dealer_b, dealt_b, other_b = first_deal(game_b)
    assert (dealt_a, other_a) == (dealt_b, other_b)  # the dealer's hand is the dealer's again
    assert dealer_a == dealer_b  # the same seat deals...
    assert task_a.order[dealer_a] != task_b.order[dealer_b]  # ...and it is the other player


@SETTINGS
@given(st.sampled_from(["standard", "koikoi-japan"]), st.integers(0, 2**40))
def test_one_player_in_every_seat_deals_from_each_side(installed, variant, seed):
    (_, game_a), (_, game_b) = block_games(installed, variant, ["ai:normal", "ai:normal"], seed)
    dealer_a, dealt_a, other_a = first_deal(game_a)
    dealer_b, dealt_b, other_b = first_deal(game_b)
    assert dealer_a != dealer_b
    assert (dealt_a, other_a) == (other_b, dealt_b)  # the same cards, the other one dealing


def test_a_preset_that_fixes_the_first_dealer_keeps_it_and_the_cards(installed, tmp_path):
    path = tmp_path / "seat-one.yaml"
    path.write_text("game: koikoi\nname: seat-one\ntitle: Seat one\ndescription: x\n"
                    "extends: standard\nrules:\n  first_dealer: seat-1\n")
    for players in (["ai:normal", "ai:easy"], ["ai:normal", "ai:normal"]):
        for seed in range(5):
            fixed = block_games(installed, str(path), players, seed)
            drawn = block_games(installed, "standard", players, seed)
            for (_, ours), (_, theirs) in zip(fixed, drawn, strict=True):
                assert "dealer" not in ours.record()["setup"]["deals"][0]
                assert first_deal(ours)[0] == 1  # the rule, in every game of the block
                ours_cards = ours.record()["setup"]["deals"]
                theirs_cards = [{k: v for k, v in d.items() if k != "dealer"}
                                for d in theirs.record()["setup"]["deals"]]
                assert ours_cards == theirs_cards  # dealt the same cards as standard


def saved_blocks(folder):
    """{block: [record of seating 01, record of seating 10]} of a lab's saved records."""
    found: dict[int, list] = {}
    for path in sorted(folder.glob("*.json")):
        block = int(re.search(r"-block(\d+)-", path.name).group(1))
        found.setdefault(block, []).append(json.loads(path.read_text()))
    return found


def test_no_block_of_one_player_in_every_seat_repeats_a_game(installed, tmp_path):
    folder = tmp_path / "records"
    report = run_lab(installed, "koikoi", "standard", ["ai:normal", "ai:normal"], games=60,
                     records=str(folder))
    assert report["blocks"] == 30
    blocks = saved_blocks(folder)
    assert len(blocks) == 30
    played = 0
    for first, second in blocks.values():
        deals = first["setup"]["deals"], second["setup"]["deals"]
        assert deals[0][0]["dealer"] != deals[1][0]["dealer"]
        assert deals[0][0]["hands"] == deals[1][0]["hands"] and deals[0][1:] == deals[1][1:]
        if first["moves"] or second["moves"]:  # a hand yaku can settle a deal before any move
            assert first["moves"] != second["moves"]
            played += 1
        for record in (first, second):  # each replays to the game the lab played
            replayed = records.replay(installed, record, base_dir=folder)
            assert replayed.moves == record["moves"] and replayed.finished
    assert played >= 25


def test_a_duplicate_of_different_players_repeats_nothing_but_the_deal(installed, tmp_path):
    folder = tmp_path / "records"
    run_lab(installed, "koikoi", "standard", ["ai:normal", "ai:easy"], games=20,
            records=str(folder))
    for first, second in saved_blocks(folder).values():
        assert first["setup"] == second["setup"] and "dealer" in first["setup"]["deals"][0]
        assert first["seats"] == list(reversed(second["seats"]))
