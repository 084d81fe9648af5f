"""Calibrate the Koi-Koi opponent model (``ai_infer.TEMPERATURE`` and ``SLIP``).

    .venv/bin/python tools/koikoi_infer_calibration.py --variant koikoi-japan \
        --levels normal,normal --games 150
    .venv/bin/python tools/koikoi_infer_calibration.py --variant koikoi-japan \
        --levels hard:0.05,easy --games 60

Two AI levels play the first ``--rounds`` rounds of ``--games`` games. At every card play
with a choice, the model's play scores (``ai_infer.play_scores``) of the cards in the player's
real hand are kept with the card it played. The table printed is, per level, the mean log
likelihood per play of those plays under the model, for each temperature (rows) and slip
(columns); higher is better, and uniform play is printed for scale. A good setting is close
to each level's best at once: the opponent the AI meets is not known in advance.

``--captures 0,1,1.5`` adds a dimension the model does not have yet: a preference for plays
that capture (that many points added to the score of a card that takes a board card), printed
as one table per value. Measured in koikoi-japan at today's setting (T 0.3, slip 0.1), 1.5
points explain the plays of ``card-values`` (-0.926 to -0.722 nats a play), ``normal`` (-0.785
to -0.562) and ``easy`` (-0.951 to -0.765) better: they capture when they can more often than
the scores alone say; so does ``hard:0.05`` (-1.081 to -0.966, against -1.620 for uniform
play), now that it searches its two favourite card plays (when it searched four, its plays
were far from any setting and 1.5 fitted them worse: -1.414 to -1.503). Commands:
``--levels card-values,normal --games 60 --captures 0,1,1.5,2`` and ``--levels
hard:0.05,easy --games 30 --captures 0,1,1.5,2``.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict

from asobi.contract.model import SetupContext
from asobi.variants.loader import load
from asobi_koikoi import ai, engine, observe, plugin
from asobi_koikoi.ai_eval import Model
from asobi_koikoi.ai_infer import play_scores
from asobi_koikoi.cards import CARD_MONTH_MASK, INDEX, indexes_of

TEMPERATURES = (0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 1.0, 1.5)
SLIPS = (0.0, 0.02, 0.05, 0.1, 0.2)

Sample = tuple[list[float], list[bool], int]
"""The scores of the cards of a hand, which of them capture, and the position of the one played."""


def collect(variant: str, levels: list[str], games: int, rounds: int) -> dict[str, list[Sample]]:
    """Per level, the :data:`Sample` of each play with a choice."""
    rules = load(plugin.asobi_game_info(), variant).rules
    out: dict[str, list[Sample]] = defaultdict(list)
    for game in range(games):
        ctx = SetupContext(rules=rules, players=2, rng=random.Random(1000 + game), setup=None)
        state = plugin.asobi_setup(ctx)
        model = Model.of(state.rules)
        agents = [ai.make(levels[p], p, rules, 2, 77 + game) for p in (0, 1)]
        while not state.over and state.round <= rounds:
            seat = state.seat
            legal = plugin.asobi_legal_actions(state, seat)
            agent = agents[seat]
            assert agent is not None
            action = agent.choose(observe.observation(state, seat), legal)
            if state.phase == engine.PLAY and len(legal) > 1:
                scores = play_scores(model, seat, state.board, state.captured, state.calls,
                                     state.month_mask)
                hand = indexes_of(state.hands[seat])
                takes = [bool(state.board & CARD_MONTH_MASK[c]) for c in hand]
                out[levels[seat]].append(([scores[c] for c in hand], takes,
                                          hand.index(INDEX[action["play"]])))
            plugin.asobi_apply(state, seat, action)
    return out


def log_likelihood(samples: list[Sample], temperature: float, slip: float,
                   capture: float = 0.0) -> float:
    """Mean log probability per play of the plays made, under the model (``capture``: points
    added to the score of a card that captures)."""
    total = 0.0
    for raw, takes, played in samples:
        scores = [s + capture if take else s for s, take in zip(raw, takes, strict=True)]
        top = max(scores)
        terms = [math.exp((s - top) / temperature) for s in scores]
        p = (1 - slip) * terms[played] / sum(terms) + slip / len(scores)
        total += math.log(p)
    return total / len(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="koikoi-japan")
    parser.add_argument("--levels", default="normal,normal", help="the two seats' AI levels")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2, help="rounds played of each game")
    parser.add_argument("--captures", default="0",
                        help="preferences for capturing plays to try, comma separated (points)")
    args = parser.parse_args()
    levels = args.levels.split(",")
    if len(levels) != 2:
        parser.error("--levels takes two levels, e.g. normal,hard:0.05")
    try:
        captures = [float(v) for v in args.captures.split(",")]
    except ValueError:
        parser.error(f"--captures {args.captures}: write numbers, e.g. 0,1,1.5")
    samples = collect(args.variant, levels, args.games, args.rounds)
    for level, plays in sorted(samples.items()):
        uniform = sum(-math.log(len(s)) for s, _, _ in plays) / len(plays)
        print(f"{level}: {len(plays)} plays, uniform play {uniform:.3f}")
        for capture in captures:
            if len(captures) > 1:
                print(f" capture preference {capture:g}")
            print("  T \\ slip " + " ".join(f"{s:>7}" for s in SLIPS))
            for t in TEMPERATURES:
                row = " ".join(f"{log_likelihood(plays, t, s, capture):7.3f}" for s in SLIPS)
                print(f"  {t:8} {row}")


if __name__ == "__main__":
    main()
