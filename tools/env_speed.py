"""How much a PettingZoo AEC step costs against a move of the game's session, in one run.

    python tools/env_speed.py                         # Koi-Koi standard, 3 rounds of 4,000 moves
    python tools/env_speed.py sakura --players 4 --moves 3000 --rounds 5 [--json]
    python tools/env_speed.py koikoi --parts          # also where a step's time goes

The loops play random legal moves through whole games, seeds 0, 1, 2...: the *session* loop
asks the seats to act, their legal actions and applies one (the engine's own speed); the
*observed session* loop also builds the observation of the seat to act (what an asobi agent is
given before every decision); the *AEC* loop is the loop of docs/envs.md (``last()``, then
``step()`` with a legal number drawn from the mask), so a step includes the agent's
observation, its vector and mask. Each loop is timed by the processor time of this process
(``time.process_time``), not the clock, and the loops take turns, round after round, so that a
busy machine slows them alike; the medians are printed, with the cost of a step in moves of
each session loop (the ratio of the median times). ``--parts`` adds a fourth loop, the AEC loop
again with the game's observation (``Session.observation``) and its encoding
(``Encoding.observe``) timed around each call, the timer's own cost taken off: the microseconds
a step spends in each, and in the environment's own work (the rest, less a session move).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import warnings


def session_rate(setting, moves: int, observe: bool = False) -> float:
    """Moves a second of random play through the session alone (``observe``: the seat to act
    is also given its observation, as an asobi agent is before every decision)."""
    from asobi.play.session import Session

    seats = ["human"] * setting.players
    made = 0
    seed = 0
    start = time.process_time()
    while made < moves:
        session = Session(setting.game, setting.variant, seats, seed=seed, observers=False)
        rng = random.Random(seed)
        seed += 1
        while acting := session.to_act():
            if observe:
                session.observation(acting[0])
            legal = session.legal_actions(acting[0])
            session.apply(acting[0], legal[rng.randrange(len(legal))])
            made += 1
    return made / (time.process_time() - start)


def aec_loop(env, moves: int) -> tuple[int, float]:
    """Steps made (dead steps apart) and processor seconds of random legal play through the
    AEC environment, game after game until ``moves`` steps are made."""
    made = 0
    seed = 0
    start = time.process_time()
    while made < moves:
        env.reset(seed=seed)
        rng = random.Random(seed)
        seed += 1
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            made += 1
    return made, time.process_time() - start


def aec_rate(env, moves: int) -> float:
    """Steps a second of random legal play through the AEC environment (dead steps apart)."""
    made, seconds = aec_loop(env, moves)
    return made / seconds


def aec_parts(env, moves: int) -> dict[str, float]:
    """Microseconds a step of the AEC loop spends in all, in the game's observations and in
    their encoding (the terminal observation of each agent included), by processor time; the
    timer's own cost is taken off."""
    from asobi.envs.encoding import Encoding
    from asobi.play.session import Session

    clock = time.process_time
    start = clock()
    for _ in range(10000):
        clock()
    tick = (clock() - start) / 10000
    spent = {"observation": 0.0, "encoding": 0.0}
    calls = [0]

    def timed(function, part):
        def call(*args, **kwargs):
            begin = clock()
            answer = function(*args, **kwargs)
            spent[part] += clock() - begin - tick
            calls[0] += 1
            return answer
        return call

    observation, observe = Session.observation, Encoding.observe
    Session.observation = timed(observation, "observation")
    Encoding.observe = timed(observe, "encoding")
    try:
        made, seconds = aec_loop(env, moves)
    finally:
        Session.observation, Encoding.observe = observation, observe
    step = (seconds - 2 * tick * calls[0]) / made
    return {"step": step * 1e6, **{part: t / made * 1e6 for part, t in spent.items()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="koikoi")
    parser.add_argument("--variant")
    parser.add_argument("--players", type=int)
    parser.add_argument("--moves", type=int, default=4000, help="moves a round of each loop")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--parts", action="store_true",
                        help="also time the observation and the encoding inside a step")
    args = parser.parse_args(argv)
    if args.moves < 1 or args.rounds < 1:
        parser.error("--moves and --rounds must be at least 1")
    warnings.simplefilter("ignore", UserWarning)
    from asobi.envs import asobi_v0
    from asobi.envs.setting import resolve
    from asobi.errors import AsobiError

    try:
        setting = resolve(args.game, args.variant, args.players)
        env = asobi_v0.env(setting.game, setting.variant, setting.players)
    except AsobiError as exc:
        print(f"env_speed: {exc}", file=sys.stderr)
        return 2
    sessions, observed, steps, parts = [], [], [], []
    for _ in range(args.rounds):
        sessions.append(session_rate(setting, args.moves))
        observed.append(session_rate(setting, args.moves, observe=True))
        steps.append(aec_rate(env, args.moves))
        if args.parts:
            parts.append(aec_parts(env, args.moves))
    session, seen = statistics.median(sessions), statistics.median(observed)
    aec = statistics.median(steps)
    report = {"game": setting.game.name, "variant": setting.variant.name,
              "players": setting.players, "session_moves_per_second": round(session),
              "observed_moves_per_second": round(seen), "aec_steps_per_second": round(aec),
              "ratio": round(session / aec, 2), "observed_ratio": round(seen / aec, 2),
              "rounds": args.rounds, "moves": args.moves}
    if parts:
        move = 1e6 / session
        spent = {part: statistics.median(p[part] for p in parts) for part in parts[0]}
        report["step_us"] = {"move": round(move, 1), "observation": round(spent["observation"], 1),
                             "encoding": round(spent["encoding"], 1),
                             "environment": round(spent["step"] - spent["observation"]
                                                  - spent["encoding"] - move, 1),
                             "timed_step": round(spent["step"], 1)}
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['game']} {report['variant']}, {report['players']} players (medians of "
              f"{args.rounds}): session {report['session_moves_per_second']} moves/s, with "
              f"observations {report['observed_moves_per_second']} moves/s, AEC "
              f"{report['aec_steps_per_second']} steps/s: a step costs {report['ratio']} "
              f"moves, {report['observed_ratio']} observed moves")
        if parts:
            us = report["step_us"]
            print(f"a timed step, {us['timed_step']} us: a session move {us['move']}, the "
                  f"observation {us['observation']}, its encoding {us['encoding']}, the "
                  f"environment's own work {us['environment']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
