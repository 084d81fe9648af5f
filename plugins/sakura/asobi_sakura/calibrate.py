"""Simulation and benchmark: reproducible figures for the variant file and ``asobi bench``.

    python -m asobi_sakura.calibrate --players 4 --games 1000 --seed 1

plays AI games straight through the engine (no session) and prints the statistics the
standard variant's comments quote.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Mapping
from importlib import resources
from typing import Any

import yaml

from asobi_sakura import turn
from asobi_sakura.ai import SakuraAgent, make_agent
from asobi_sakura.observe import observation
from asobi_sakura.rules import Rules, compile_rules
from asobi_sakura.scoring import scores, winner_of
from asobi_sakura.setup import new_game
from asobi_sakura.state import State


def standard_rules() -> Mapping[str, Any]:
    """The ``rules`` mapping of the built-in standard variant."""
    text = (resources.files("asobi_variants") / "sakura" / "standard.yaml").read_text("utf-8")
    return yaml.safe_load(text)["rules"]


def play_game(
    rules: Rules, players: int, seed: int, level: str = "normal"
) -> State:
    """One game between AI players of ``level`` (``random`` allowed), seeded."""
    rng = random.Random(seed)
    state = new_game(rules, players, rng)
    agents: list[SakuraAgent | None] = [
        make_agent(level, seat, rules, players, seed * 31 + seat) for seat in range(players)
    ]
    while True:
        seats = turn.to_act(state)
        if not seats:
            return state
        seat = seats[0]
        legal = turn.legal_actions(state, seat)
        agent = agents[seat]
        if agent is None:
            action = rng.choice(legal)
        else:
            action = agent.choose(observation(state, seat), legal)
        turn.apply(state, seat, action)


def simulate(
    players: int,
    games: int,
    seed: int,
    level: str = "normal",
    rules: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return their statistics (JSON-ready)."""
    compiled = compile_rules(rules if rules is not None else standard_rules())
    rounds: list[int] = []
    bumps: list[float] = []
    winning: list[int] = []
    wins = [0] * players
    draws = 0
    for g in range(games):
        state = play_game(compiled, players, seed * 100_003 + g, level)
        rounds.append(state.round)
        bumps.append(sum(state.bumps) / len(state.bumps))
        winner = winner_of(state)
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
        winning.append(max(scores(state)))
    return {
        "players": players,
        "games": games,
        "level": level,
        "rounds_mean": round(statistics.fmean(rounds), 2),
        "rounds_median": statistics.median(rounds),
        "rounds_min": min(rounds),
        "rounds_max": max(rounds),
        "bumps_per_painter": round(statistics.fmean(bumps), 2),
        "winning_score_mean": round(statistics.fmean(winning), 2),
        "seat_wins": [round(w / games, 3) for w in wins],
        "draws": round(draws / games, 3),
    }


def bench(rules: Mapping[str, Any], seconds: float, seed: int, players: int = 4) -> dict[str, Any]:
    """Random games per second through the engine directly."""
    compiled = compile_rules(rules)
    count = 0
    rounds = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = play_game(compiled, players, seed + count, level="random")
        count += 1
        rounds += state.round
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "unit": "games",
        "count": count,
        "seconds": round(elapsed, 3),
        "per_second": round(count / elapsed, 1),
        "players": players,
        "rounds_per_game": round(rounds / count, 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Simulate Sakura games between AI players.")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal", choices=("random", "easy", "normal"))
    args = parser.parse_args(argv)
    for players in args.players:
        print(json.dumps(simulate(players, args.games, args.seed, args.level)), flush=True)


if __name__ == "__main__":
    main()
