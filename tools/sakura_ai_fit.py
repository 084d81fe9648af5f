"""Fitting the hard Sakura AI's win model (:data:`asobi_sakura.ai_eval.WEIGHTS`) on self-play.

    python tools/sakura_ai_fit.py --players 2 3 4 5 6 --games 300 --seed 1

plays games between normal players of the standard variant through the core (a
:class:`asobi.play.session.Session` with ``ai:normal`` in every seat, stepped by its
:class:`asobi.play.driver.Driver`), notes the features of every seat
(:func:`asobi_sakura.ai_eval.features`, read from the session's state) at the start of every
round together with who won the game in the end, and fits, for each number of trees left, the
weights of a conditional logit: a seat's chance to win is ``exp(w . x_seat)`` over the sum for
all seats. It prints the weights to put in ai_eval.py and the fit's log-likelihood per position
against the even chance (every seat ``1 / players``). Games that end in a draw are left out.

The weights now in ai_eval.py were fitted with this script's earlier form,
``python -m asobi_sakura.ai_fit``, which stepped the engine by hand with its own seeding: the
same games played through the driver are other games, and give weights a little different.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence

from asobi.host.registry import Game, discover
from asobi.play.driver import Driver
from asobi.play.session import Session
from asobi.variants.loader import Variant
from asobi_sakura.ai_eval import FEATURES, features
from asobi_sakura.scoring import winner_of
from asobi_sakura.state import PICK, State

Sample = tuple[list[tuple[float, ...]], int]
"""One position: the features of every seat, and the seat that went on to win."""


def play_and_note(
    game: Game, variant: Variant, players: int, seed: int
) -> dict[int, list[Sample]]:
    """One game between normal players, seeded with ``seed``; its positions at the start of
    each round, by trees left to score (empty if the game ended in a draw)."""
    session = Session(game, variant, ["ai:normal"] * players, seed=seed)
    driver = Driver(session)
    noted: list[tuple[int, list[tuple[float, ...]]]] = []
    last_round = 0
    for seat in driver.turns():
        state: State = session.state
        if state.phase == PICK and state.round != last_round:
            last_round = state.round
            left = sum(1 for done in state.scored if not done)
            noted.append((left, features(state)))
        driver.play(seat, driver.decide(seat))
    winner = winner_of(session.state)
    found: dict[int, list[Sample]] = {}
    if winner is None:
        return found
    for left, rows in noted:
        found.setdefault(left, []).append((rows, winner))
    return found


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix . x = vector`` (small, symmetric positive definite) by elimination."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def log_likelihood(samples: Sequence[Sample], weights: Sequence[float]) -> float:
    """Sum over the positions of the log of the chance the model gave the real winner."""
    total = 0.0
    for rows, winner in samples:
        u = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
        top = max(u)
        total += u[winner] - top - math.log(sum(math.exp(v - top) for v in u))
    return total


def fit(samples: Sequence[Sample], ridge: float = 1e-3, steps: int = 30) -> list[float]:
    """Weights of the conditional logit that make the real winners most likely (Newton's
    method, with a small ridge that keeps it stable)."""
    size = len(FEATURES)
    w = [0.0] * size
    for _ in range(steps):
        grad = [-ridge * x for x in w]
        hess = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for rows, winner in samples:
            u = [sum(a * x for a, x in zip(w, row, strict=True)) for row in rows]
            top = max(u)
            e = [math.exp(v - top) for v in u]
            total = sum(e)
            p = [v / total for v in e]
            mean = [sum(p[s] * rows[s][i] for s in range(len(rows))) for i in range(size)]
            for i in range(size):
                grad[i] += rows[winner][i] - mean[i]
                for j in range(size):
                    second = sum(p[s] * rows[s][i] * rows[s][j] for s in range(len(rows)))
                    hess[i][j] += second - mean[i] * mean[j]
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(b) for b in step) < 1e-6:
            break
    return w


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Fit the hard Sakura AI's win model.")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--games", type=int, default=300, help="games per number of players")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = discover().game("sakura")
    variant = game.load_variant("standard")
    by_left: dict[int, list[Sample]] = {}
    for players in args.players:
        for g in range(args.games):
            seed = args.seed * 1_000_003 + players * 10_007 + g
            found = play_and_note(game, variant, players, seed)
            for left, samples in found.items():
                by_left.setdefault(left, []).extend(samples)
    weights: dict[int, list[float]] = {}
    for left in sorted(by_left, reverse=True):
        samples = by_left[left]
        weights[left] = [round(x, 3) for x in fit(samples)]
        even = sum(-math.log(len(rows)) for rows, _ in samples)
        report = {
            "trees_left": left,
            "positions": len(samples),
            "log_likelihood_per_position": round(
                log_likelihood(samples, weights[left]) / len(samples), 4),
            "even_chance_per_position": round(even / len(samples), 4),
            "weights": dict(zip(FEATURES, weights[left], strict=True)),
        }
        print(json.dumps(report), flush=True)
    print("WEIGHTS = {")
    for left in sorted(weights, reverse=True):
        print(f"    {left}: {tuple(weights[left])},")
    print("}")


if __name__ == "__main__":
    main()
