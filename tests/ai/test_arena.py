"""The arena: duplicate deals, reproducible figures, and the confidence-interval arithmetic."""

from __future__ import annotations

import math

import pytest

from asobi.arena import format_text, mean_ci, percentile, run_arena, seatings
from asobi.errors import AsobiError
from asobi.play.seeds import block_seed


def test_two_players_play_each_deal_twice_with_seats_swapped(ai_registry):
    report = run_arena(ai_registry, "koikoi", ["ai:easy", "ai:random"], games=6, seed=3,
                       details=True)
    games = report["game_list"]
    assert report["games"] == 6 and report["blocks"] == 3
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert first["deal"] == second["deal"] and first["seed"] != second["seed"]
        assert first["seats"] == ["ai:easy", "ai:random"]
        assert second["seats"] == ["ai:random", "ai:easy"]
    assert len({g["deal"] for g in games}) == 3
    # the same deal, the same cards: the first round's dealer and points mirror the pair
    easy = report["players"][0]
    assert easy["games"] == 6 and easy["player"] == "ai:easy"


@pytest.mark.slow
def test_figures_follow_from_the_games(ai_registry):
    report = run_arena(ai_registry, "koikoi", ["ai:normal", "ai:easy"], games=8, seed=5,
                       variant="koikoi-japan", details=True)
    games = report["game_list"]
    per_player = {"ai:normal": [], "ai:easy": []}
    rounds = {"ai:normal": [], "ai:easy": []}
    wins = {"ai:normal": 0, "ai:easy": 0}
    diffs = []
    for first, second in zip(games[::2], games[1::2], strict=True):
        pair = 0.0
        for g in (first, second):
            for seat, name in enumerate(g["seats"]):
                points = [r[seat] for r in g["rounds"]]
                per_player[name].append(sum(points))
                rounds[name].extend(points)
                sign = 1 if name == "ai:normal" else -1
                pair += sign * sum(points)
            if g["winner"] is not None:
                wins[g["seats"][g["winner"]]] += 1
        diffs.append(pair / 2)
    normal = report["players"][0]
    assert normal["wins"] == wins["ai:normal"]
    assert report["players"][1]["wins"] == wins["ai:easy"]
    assert normal["points_per_game"]["mean"] == pytest.approx(
        sum(per_player["ai:normal"]) / 8)
    assert normal["points_per_round"]["n"] == len(rounds["ai:normal"])
    diff = report["difference"]["per_game"]
    assert diff["n"] == 4
    assert diff["mean"] == pytest.approx(sum(diffs) / 4)
    # zero-sum preset: each game's points cancel out
    assert all(sum(sum(r) for r in g["rounds"]) == 0 for g in games)
    text = format_text(report)
    assert "ai:normal" in text and "duplicate deals" in text


@pytest.mark.slow
def test_same_options_same_numbers_in_one_or_two_processes(ai_registry):
    def numbers(workers):
        report = run_arena(ai_registry, "koikoi", ["ai:normal", "ai:random"], games=12, seed=9,
                           workers=workers)
        return [
            (row["wins"], row["points_per_round"], row["points_per_game"])
            for row in report["players"]
        ], report["difference"]

    one = numbers(1)
    assert numbers(1) == one
    assert numbers(2) == one


def test_progress_is_reported(ai_registry):
    seen = []
    run_arena(ai_registry, "koikoi", ["ai:random", "ai:random"], games=4, seed=1,
              progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (4, 4)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_mean_and_interval_arithmetic():
    stats = mean_ci([1.0, 2.0, 3.0, 4.0])
    sd = math.sqrt(sum((x - 2.5) ** 2 for x in (1, 2, 3, 4)) / 3)
    assert stats["mean"] == 2.5
    assert stats["ci95"] == pytest.approx(1.959964 * sd / 2)
    assert stats["low"] < 2.5 < stats["high"]
    assert mean_ci([])["n"] == 0
    assert percentile([5, 1, 3], 0.5) == 3
    assert percentile([0, 10], 0.95) == pytest.approx(9.5)


def test_seats_rotate_for_more_players_and_seeds_are_stable():
    assert seatings(2) == [[0, 1], [1, 0]]
    rotations = seatings(4)
    assert len(rotations) == 4
    for seat in range(4):
        assert sorted(r[seat] for r in rotations) == [0, 1, 2, 3]
    assert block_seed(1, 0) == block_seed(1, 0) != block_seed(1, 1)


def test_bad_arena_options_are_user_errors(ai_registry):
    with pytest.raises(AsobiError, match="AI seats"):
        run_arena(ai_registry, "koikoi", ["human", "ai:easy"], games=2)
    with pytest.raises(AsobiError, match="played by 2 players"):
        run_arena(ai_registry, "koikoi", ["ai:easy"], games=2)
    with pytest.raises(AsobiError, match="no AI level"):
        run_arena(ai_registry, "koikoi", ["ai:genius", "ai:easy"], games=2)
    with pytest.raises(AsobiError, match="games"):
        run_arena(ai_registry, "koikoi", ["ai:easy", "ai:easy"], games=0)


def test_arena_command_line(ai_registry, capsys):
    import argparse
    import json

    from asobi.arena import add_arena_command

    parser = argparse.ArgumentParser(prog="asobi")
    add_arena_command(parser.add_subparsers())
    args = parser.parse_args(["arena", "koikoi", "--players", "ai:easy,ai:random", "--games",
                              "4", "--seed", "2", "--variant", "koikoi-japan", "--json"])
    assert args.run(ai_registry, args) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["variant"] == "koikoi-japan" and report["games"] == 4
    assert "4/4 games" in err  # the progress bar
    args = parser.parse_args(["arena", "koikoi", "--players", "ai:easy,ai:random", "--games",
                              "2", "--quiet"])
    assert args.run(ai_registry, args) == 0
    out, err = capsys.readouterr()
    assert "difference ai:easy minus ai:random" in out and err == ""


def test_the_arena_says_how_it_rounded_the_number_of_games(installed):
    from asobi.arena import format_text, run_arena

    report = run_arena(installed, "koikoi", ["ai:random", "ai:easy"], games=3, seed=1)
    assert report["games"] == 4 and report["games_asked"] == 3
    assert "3 games asked, 4 played: duplicate deals come in pairs" in format_text(report)
    exact = run_arena(installed, "koikoi", ["ai:random", "ai:easy"], games=2, seed=1)
    assert "rounded" not in exact and "asked" not in format_text(exact)
