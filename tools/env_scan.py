"""Deal many episodes of every setting of the PettingZoo environments and check each reset.

    python tools/env_scan.py                    # 2,000 seeds of every installed setting
    python tools/env_scan.py --seeds 500 --test-games   # with Nim and Goofspiel (tests/plugins)

A *setting* is a game, one of its variants and a number of players it allows. For each seed the
scan resets an AEC and a parallel environment and checks what a learner's loop relies on:

* a game still going: no agent terminated, the selected agent has a legal action (its mask is
  not empty) and its info lists the same numbers;
* a game over at the deal (a Koi-Koi hand dealt with a yaku): every agent terminated at once,
  the rewards paid (they add up to zero, the default reward being zero-sum, and not all are
  zero when points were scored), the docs' loop ends after one ``step(None)`` an agent; the
  parallel environment's first step pays the same rewards and leaves no agent.

Prints one line per setting (seeds, episodes over at the deal, problems) and exits 1 when any
episode is broken, 2 on a mistake in the arguments.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def every_setting(registry, names=None) -> Iterator[tuple[str, str, int]]:
    """(game, variant, players) of every game of ``registry`` (or of ``names``)."""
    for name in names or registry.games():
        game = registry.game(name)
        for variant in game.variant_names():
            for players in range(game.info.min_players, game.info.max_players + 1):
                yield name, variant, players


def check_reset(aec, parallel, seed: int) -> list[str]:
    """What is wrong with the episodes ``aec`` and ``parallel`` deal from ``seed``."""
    problems = []
    aec.reset(seed=seed)
    over = aec.unwrapped.episode.finished
    if not over:
        agent = aec.agent_selection
        observation, _, terminated, truncated, info = aec.last()
        legal = sorted(int(n) for n in observation["action_mask"].nonzero()[0])
        if terminated or truncated or any(aec.terminations.values()):
            problems.append("a game still going has a terminated agent")
        if not legal:
            problems.append(f"{agent} is selected with no legal action")
        if sorted(info.get("action_numbers", [])) != legal:
            problems.append(f"{agent}'s info and mask disagree")
    else:
        if not all(aec.terminations.values()):
            problems.append("a game over at the deal leaves agents not terminated")
        paid = dict(aec._cumulative_rewards)
        if abs(sum(paid.values())) > 1e-9:
            problems.append(f"the rewards of the deal do not add up to zero: {paid}")
        steps = 0
        for _ in aec.agent_iter(4 * len(aec.possible_agents)):
            _, reward, terminated, _, _ = aec.last()
            if not terminated:
                problems.append("an agent of a finished game is not terminated")
                break
            aec.step(None)
            steps += 1
        if aec.agents:
            problems.append("the loop of a game over at the deal does not end")
        observations, _ = parallel.reset(seed=seed)
        if any(o["action_mask"].any() for o in observations.values()):
            problems.append("the parallel env offers a move in a finished game")
        _, rewards, terminations, _, _ = parallel.step({})
        if rewards != paid or not all(terminations.values()) or parallel.agents:
            problems.append(f"the parallel env's first step pays {rewards}, not {paid}")
    return problems


def scan(registry, game: str, variant: str, players: int, seeds: int,
         first: int = 0) -> tuple[int, list[str]]:
    """(episodes over at the deal, problems) of ``seeds`` resets of one setting, from seed
    ``first`` on."""
    from asobi.envs import asobi_v0

    aec = asobi_v0.env(game, variant, players, registry=registry)
    parallel = asobi_v0.parallel_env(game, variant, players, registry=registry)
    over = 0
    problems = []
    for seed in range(first, first + seeds):
        found = check_reset(aec, parallel, seed)
        over += aec.unwrapped.episode.finished
        problems += [f"seed {seed}: {p}" for p in found]
    return over, problems


def registry_of(test_games: bool):
    from asobi.host.registry import discover

    if not test_games:
        return discover()
    sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "plugins" / "asobi-nim"),
                    str(ROOT / "tests" / "plugins" / "asobi-goofspiel")]
    from envs.conftest import build_registry

    return build_registry()[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=2000, help="seeds per setting (0, 1, ...)")
    parser.add_argument("--test-games", action="store_true",
                        help="add Nim and Goofspiel, the test packages of tests/plugins")
    parser.add_argument("games", nargs="*", help="only these games")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    warnings.simplefilter("ignore", UserWarning)
    registry = registry_of(args.test_games)
    broken = 0
    start = time.perf_counter()
    for game, variant, players in every_setting(registry, args.games or None):
        over, problems = scan(registry, game, variant, players, args.seeds)
        broken += len(problems)
        print(f"{game} {variant} {players} players: {args.seeds} seeds, {over} over at the "
              f"deal, {len(problems)} broken", flush=True)
        for problem in problems[:5]:
            print(f"  {problem}")
    print(f"{broken} broken episodes ({time.perf_counter() - start:.0f} s)")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
