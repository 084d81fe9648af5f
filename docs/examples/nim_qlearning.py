"""Train Nim players with OpenSpiel's tabular Q-learning, then measure them with asobi's arena.

The worked example of ``docs/envs.md``::

    pip install 'asobi[openspiel]'
    python docs/examples/nim_qlearning.py --seconds 60 --games 100

1. registers the installed asobi games with OpenSpiel (``asobi.envs.openspiel``) and loads
   ``python_asobi_nim``;
2. trains two ``QLearner`` agents (one per seat) against each other on OpenSpiel's
   ``rl_environment`` for ``--seconds`` seconds, keyed by the observation tensor of
   ``asobi.envs`` (the generic encoding: Nim declares none);
3. writes the greedy policy as asobi sees it, every observation the learners met mapped to the
   action they would take (``--out``, default ``nim-policy.json``);
4. plugs it in as ``ai:qlearned`` (the plugin package ``docs/examples/asobi-nim-qlearned``)
   and plays ``asobi arena`` against ``ai:random`` and ``ai:search``, printing the reports.

Nim is the game of asobi's test package ``tests/plugins/asobi-nim``: where it is not installed,
the script takes it from this checkout. Install both packages to use the level anywhere::

    pip install -e tests/plugins/asobi-nim -e docs/examples/asobi-nim-qlearned
    ASOBI_NIM_POLICY=nim-policy.json asobi arena nim --players ai:qlearned,ai:random --games 200
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import deque
from dataclasses import replace
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CHECKOUT_NIM = HERE.parent.parent / "tests" / "plugins" / "asobi-nim"
PLUGIN_DIR = HERE / "asobi-nim-qlearned"


def registry_with_nim(plugins: list[Any]) -> Any:
    """The installed games, Nim among them (from this checkout if it is not installed), the
    encoding hooks declared and ``plugins`` added by hand."""
    from asobi.envs import hookspecs
    from asobi.host.registry import discover

    installed = discover()
    points = list(installed.game_entry_points)
    if not any(ep.name == "nim" for ep in points):
        sys.path.insert(0, str(CHECKOUT_NIM))
        points.append(EntryPoint("nim", "asobi_nim", "asobi.games"))
    return replace(installed, game_entry_points=points, extra_hookspecs=[hookspecs],
                   extra_plugins=plugins)


def train(game: Any, seconds: float, seed: int) -> list[Any]:
    """Two Q-learners, one per seat, trained against each other for ``seconds``."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    env = rl_environment.Environment(game, observation_type=rl_environment.ObservationType
                                     .OBSERVATION)
    env.seed(seed)
    actions = env.action_spec()["num_actions"]
    learners = [tabular_qlearner.QLearner(player_id=seat, num_actions=actions)
                for seat in range(game.num_players())]
    deadline = time.perf_counter() + seconds
    episodes = 0
    while time.perf_counter() < deadline:
        step = env.reset()
        while not step.last():
            seat = step.observations["current_player"]
            step = env.step([learners[seat].step(step).action])
        for learner in learners:
            learner.step(step)
        episodes += 1
    print(f"trained {episodes} episodes in {seconds:g} s", file=sys.stderr)
    return learners


def greedy_policy(game: Any, learners: list[Any]) -> dict[str, Any]:
    """Every observation reachable from the start that a learner has values for, mapped to its
    best action (as the asobi action dict)."""
    from asobi.play.session import canonical

    policy: dict[str, Any] = {}
    seen: set[str] = set()
    todo = deque([game.new_initial_state()])
    while todo:
        state = todo.popleft()
        if state.is_terminal():
            continue
        seat = state.current_player()
        text = state.observation_string(seat)
        if text in seen:
            continue
        seen.add(text)
        legal = state.legal_actions()
        values = learners[seat]._q_values.get(str(state.observation_tensor(seat)))
        if values:
            best = max(legal, key=lambda a: values[a])
            action = game.spec.encoding.action(best, state.world().legal(seat))
            policy[text] = action
        for action in legal:
            todo.append(state.child(action))
    assert all(text == canonical(json.loads(text)) for text in policy)
    return policy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="training time")
    parser.add_argument("--games", type=int, default=100, help="arena games per opponent")
    parser.add_argument("--out", default="nim-policy.json", help="where to write the policy")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    import pyspiel

    sys.path.insert(0, str(PLUGIN_DIR))
    from asobi_nim_qlearned import QLearnedLevel

    from asobi.arena.report import format_text, run_arena
    from asobi.envs.openspiel import register

    level = QLearnedLevel(args.out)
    registry = registry_with_nim([level])
    register(registry)
    game = pyspiel.load_game("python_asobi_nim")
    learners = train(game, args.seconds, args.seed)
    policy = greedy_policy(game, learners)
    Path(args.out).write_text(json.dumps({"game": "nim", "policy": policy}, indent=1) + "\n",
                              encoding="utf-8")
    print(f"wrote {len(policy)} positions to {args.out}", file=sys.stderr)
    for opponent in ("ai:random", "ai:search"):
        report = run_arena(registry, "nim", ["ai:qlearned", opponent], games=args.games,
                           seed=args.seed)
        print(format_text(report))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
