"""A linear softmax policy learns Koi-Koi against asobi's ``ai:normal``, with REINFORCE, in NumPy.

    python docs/examples/koikoi_reinforce.py --games 30000 --seed 1 --plot curve.png

The learner plays seat 0 of ``koikoi`` (variant ``standard``, one deal a game) in a vector
environment (``asobi_v0.vector_env``) of ``--envs`` games at once, ``ai:normal`` playing seat 1
inside every game. Its policy is a softmax over the 98 action numbers of a linear function of
the 517 numbers of the seat's observation (weights start at zero: a uniform random choice among
the legal actions), masked to the legal actions. After each game, every choice the learner
made in it is pushed towards (or away from) the action taken in proportion to the game's
return less a running mean of returns (REINFORCE with a baseline); the return is the game's
margin (the learner's points less the opponent's), the environment's default reward. Adam
takes the steps.

Every ``--block`` games the script prints the block's win rate and mean margin (the policy as
it played while learning, sampling its moves). At the start and at the end it also plays
``--eval`` games on held-out seeds, the same deals both times: the uniform random policy
before, the learnt policy after (sampling, and greedy: the most likely legal action). The
figures go to ``--out`` as JSON, and to ``--plot`` as a PNG when matplotlib is installed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np


@dataclass
class Policy:
    """Softmax over the legal action numbers of ``features @ weights`` (a bias included)."""

    weights: np.ndarray
    moments: tuple[np.ndarray, np.ndarray] = field(init=False)
    updates: int = 0

    def __post_init__(self) -> None:
        self.moments = (np.zeros_like(self.weights), np.zeros_like(self.weights))

    @classmethod
    def zeros(cls, size: int, actions: int) -> Policy:
        return cls(np.zeros((size + 1, actions)))

    def probabilities(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        inputs = np.hstack([observations, np.ones((len(observations), 1), np.float32)])
        logits = inputs @ self.weights
        logits = np.where(masks > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        odds = np.exp(logits)
        return odds / odds.sum(axis=1, keepdims=True)

    def choose(self, observations: np.ndarray, masks: np.ndarray, rng: np.random.Generator,
               greedy: bool = False) -> np.ndarray:
        chances = self.probabilities(observations, masks)
        if greedy:
            return chances.argmax(axis=1)
        picks = (chances.cumsum(axis=1) > rng.random((len(chances), 1))).argmax(axis=1)
        return np.where(masks[np.arange(len(masks)), picks] > 0, picks, chances.argmax(axis=1))

    def learn(self, observations: np.ndarray, masks: np.ndarray, actions: np.ndarray,
              advantages: np.ndarray, rate: float) -> None:
        """One Adam step up the REINFORCE gradient of the choices given (one row each)."""
        inputs = np.hstack([observations, np.ones((len(observations), 1), np.float32)])
        push = -self.probabilities(observations, masks)
        push[np.arange(len(actions)), actions] += 1.0
        gradient = inputs.T @ (push * advantages[:, None]) / len(actions)
        first, second = self.moments
        first *= 0.9
        first += 0.1 * gradient
        second *= 0.999
        second += 0.001 * gradient**2
        self.updates += 1
        scale = rate * math.sqrt(1 - 0.999**self.updates) / (1 - 0.9**self.updates)
        self.weights += scale * first / (np.sqrt(second) + 1e-8)


def environment(envs: int, seed: int, variant: str) -> Any:
    from asobi.envs import asobi_v0

    return asobi_v0.vector_env("koikoi", envs, variant=variant, seed=seed,
                               opponents={"player_1": "normal"})


def evaluate(policy: Policy | None, games: int, envs: int, seed: int, variant: str,
             greedy: bool = False) -> dict[str, float]:
    """``games`` games on the deals of ``seed``: ``policy`` (None: uniform random) against
    ``ai:normal``; the win rate and the mean margin with its standard error."""
    venv = environment(envs, seed, variant)
    observations, _ = venv.reset()
    rng = np.random.default_rng(seed)
    running = np.zeros(envs)
    margins: list[float] = []
    while len(margins) < games:
        masks = observations["action_mask"]
        if policy is None:
            actions = [rng.choice(np.flatnonzero(mask)) for mask in masks]
        else:
            actions = policy.choose(observations["observation"], masks, rng, greedy)
        observations, rewards, terminated, _, _ = venv.step(actions)
        running += rewards[:, 0]
        for slot in np.flatnonzero(terminated):
            margins.append(float(running[slot]))
            running[slot] = 0.0
    return summary(margins[:games])


def summary(margins: list[float]) -> dict[str, float]:
    values = np.array(margins)
    return {"games": len(values), "win_rate": float((values > 0).mean()),
            "draw_rate": float((values == 0).mean()), "mean_margin": float(values.mean()),
            "margin_se": float(values.std(ddof=1) / math.sqrt(len(values)))}


def train(args: argparse.Namespace) -> dict[str, Any]:
    venv = environment(args.envs, args.seed, args.variant)
    policy = Policy.zeros(venv.encoding.size, venv.encoding.action_count)
    rng = np.random.default_rng(args.seed)
    observations, _ = venv.reset()
    trails: list[list[tuple[np.ndarray, np.ndarray, int]]] = [[] for _ in range(args.envs)]
    running = np.zeros(args.envs)
    baseline = 0.0
    batch: list[tuple[np.ndarray, np.ndarray, int, float]] = []
    blocks, block = [], []
    played = 0
    while played < args.games:
        masks = observations["action_mask"]
        actions = policy.choose(observations["observation"], masks, rng)
        for slot, action in enumerate(actions):
            trails[slot].append((observations["observation"][slot], masks[slot], int(action)))
        observations, rewards, terminated, _, _ = venv.step(actions)
        running += rewards[:, 0]
        for slot in np.flatnonzero(terminated):
            margin = float(running[slot])
            advantage = (margin - baseline) / args.scale
            baseline += 0.01 * (margin - baseline)
            batch.extend((x, m, a, advantage) for x, m, a in trails[slot])
            trails[slot], running[slot] = [], 0.0
            block.append(margin)
            played += 1
            if len(block) == args.block:
                blocks.append(summary(block))
                done = blocks[-1]
                print(f"games {played:6d}: win rate {done['win_rate']:.3f}, mean margin "
                      f"{done['mean_margin']:+.2f} ± {done['margin_se']:.2f}", flush=True)
                block = []
        if len(batch) >= args.batch:
            xs, ms, acts, advs = zip(*batch, strict=True)
            policy.learn(np.array(xs), np.array(ms), np.array(acts), np.array(advs),
                         args.rate)
            batch = []
    return {"policy": policy, "blocks": blocks, "dealt_over": venv.dealt_over}


def plot(report: dict[str, Any], path: Path) -> bool:
    """Draw the learning curve to ``path``; False when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    blocks = report["blocks"]
    ends = [report["block"] * (i + 1) for i in range(len(blocks))]
    figure, (wins, margin) = plt.subplots(1, 2, figsize=(10, 3.6))
    wins.plot(ends, [b["win_rate"] for b in blocks], marker="o", label="learner (sampling)")
    for key, label, style in (("before", "uniform random", ":"),
                              ("after_greedy", "learnt, greedy", "--")):
        wins.axhline(report[key]["win_rate"], linestyle=style, color="grey", label=label)
        margin.axhline(report[key]["mean_margin"], linestyle=style, color="grey", label=label)
    wins.set(xlabel="games played", ylabel="win rate against ai:normal", ylim=(0, 1))
    margin.errorbar(ends, [b["mean_margin"] for b in blocks],
                    yerr=[1.96 * b["margin_se"] for b in blocks], marker="o",
                    label="learner (sampling), 95% CI")
    margin.set(xlabel="games played", ylabel="mean margin (points)")
    margin.axhline(0, color="black", linewidth=0.5)
    wins.legend(fontsize=8)
    margin.legend(fontsize=8)
    figure.suptitle(f"REINFORCE, linear softmax, Koi-Koi {report['variant']} against "
                    f"ai:normal (seed {report['seed']})", fontsize=10)
    figure.tight_layout()
    figure.savefig(path, dpi=90)
    plt.close(figure)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30000, help="games to train on")
    parser.add_argument("--block", type=int, default=2000, help="games a point of the curve")
    parser.add_argument("--eval", type=int, default=2000, help="held-out games before, after")
    parser.add_argument("--envs", type=int, default=32, help="games played at once")
    parser.add_argument("--batch", type=int, default=512, help="choices a learning step")
    parser.add_argument("--rate", type=float, default=0.01, help="Adam's step size")
    parser.add_argument("--scale", type=float, default=5.0, help="points a unit of return")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write the figures as JSON here")
    parser.add_argument("--plot", type=Path, help="draw the learning curve (PNG) here")
    args = parser.parse_args(argv)
    if min(args.games, args.block, args.eval, args.envs, args.batch) < 1:
        parser.error("--games, --block, --eval, --envs and --batch must be at least 1")
    warnings.simplefilter("ignore", UserWarning)
    held_out = args.seed + 1_000_000
    start = time.process_time()
    before = evaluate(None, args.eval, args.envs, held_out, args.variant)
    print(f"before: uniform random wins {before['win_rate']:.3f}, mean margin "
          f"{before['mean_margin']:+.2f} ± {before['margin_se']:.2f}", flush=True)
    trained = train(args)
    policy = trained["policy"]
    after = evaluate(policy, args.eval, args.envs, held_out, args.variant)
    greedy = evaluate(policy, args.eval, args.envs, held_out, args.variant, greedy=True)
    for name, figures in (("after, sampling", after), ("after, greedy", greedy)):
        print(f"{name}: wins {figures['win_rate']:.3f}, mean margin "
              f"{figures['mean_margin']:+.2f} ± {figures['margin_se']:.2f}")
    report = {"variant": args.variant, "seed": args.seed, "games": args.games,
              "block": args.block, "envs": args.envs, "batch": args.batch, "rate": args.rate,
              "scale": args.scale, "held_out_seed": held_out, "before": before,
              "after_sampling": after, "after_greedy": greedy, "blocks": trained["blocks"],
              "dealt_over": trained["dealt_over"],
              "cpu_seconds": round(time.process_time() - start, 1)}
    print(f"processor time {report['cpu_seconds']} s")
    if args.out:
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if args.plot and not plot(report, args.plot):
        print("matplotlib is not installed: no plot drawn", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
