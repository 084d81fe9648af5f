"""``asobi arena``: many AI games, luck cancelled where possible, and what they show.

Game-agnostic: it drives :class:`asobi.session.Session` with agents from
:func:`asobi.agents.make_agent`, like any frontend.

* Games are played in *blocks* sharing one game seed. In a two-player game a block is a
  duplicate deal: the same seed twice, seats swapped, so each player gets both sides of the
  same cards. With more players a block rotates the seats through every position.
* Seeds, agents and results depend only on the options, never on ``workers`` or timing: the
  same options give the same numbers (except the move times).
* Reported per player: games won, mean points per round and per game with a 95% confidence
  interval, and the median and 95th percentile time of the moves that offered a choice. For
  two players, the mean point difference (first player minus second) is also reported, its
  interval computed over duplicate deals, the independent unit.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import EntryPoint
from typing import Any, TextIO

from asobi.agents import make_agent
from asobi.driver import Driver
from asobi.errors import AsobiError
from asobi.registry import Registry
from asobi.session import SeatSpec, Session, parse_seats

Z95 = 1.959964
Progress = Callable[[int, int], None]
"""``progress(done, total)``, called with games done after each finished block."""


# --------------------------------------------------------------------------- plan


def block_seed(seed: int, block: int) -> int:
    """The game seed of block ``block`` (stable across versions, workers and platforms)."""
    return (seed * 1_000_003 + block * 7_919 + 12_345) % (2**31 - 1) + 1


def seatings(players: int) -> list[list[int]]:
    """Which player sits in each seat, for each game of a block.

    Two players: ``[[0, 1], [1, 0]]`` (the duplicate pair). N players: N rotations, so that
    every player sits once in every seat.
    """
    return [[(seat + shift) % players for seat in range(players)] for shift in range(players)]


@dataclass(frozen=True)
class Task:
    """Blocks for one worker call (plain data: it crosses process boundaries)."""

    games: tuple[tuple[str, str, str], ...]
    """Game entry points as (name, value, group)."""
    plugins: tuple[tuple[str, str, str], ...]
    game: str
    variant: str
    players: tuple[str, ...]
    seed: int
    blocks: tuple[int, ...]


def _registry_of(task: Task) -> Registry:
    return Registry(
        game_entry_points=[EntryPoint(*ep) for ep in task.games],
        plugin_entry_points=[EntryPoint(*ep) for ep in task.plugins],
    )


def _entry_points(eps: Sequence[EntryPoint]) -> tuple[tuple[str, str, str], ...]:
    return tuple((ep.name, ep.value, ep.group) for ep in eps)


# --------------------------------------------------------------------------- playing


def play_game(
    registry: Registry, game_name: str, variant: str, seats: Sequence[str], seed: int
) -> dict[str, Any]:
    """Play one game between AI seats; return its result and each seat's move times."""
    game = registry.game(game_name)
    loaded = game.load_variant(variant)
    specs = tuple(SeatSpec.parse(s) for s in seats)
    session = Session(game, loaded, specs, seed=seed)
    agents = []
    for seat, spec in enumerate(specs):
        if spec.is_human or spec.level is None:
            raise AsobiError(f"the arena plays AI seats only, not '{spec}'")
        agents.append(
            make_agent(game, spec.level, seat, loaded.rules, len(specs), session.seed)
        )
    driver = Driver(session, dict(enumerate(agents)), clock=time.perf_counter)
    result = driver.run()
    times = driver.times
    return {
        "seats": list(seats),
        "seed": seed,
        "rounds": [list(r["points"]) for r in result["rounds"]],
        "scores": list(result["scores"]),
        "winner": result["winner"],
        "times": times,
    }


def play_task(registry: Registry, task: Task) -> list[dict[str, Any]]:
    """Play every game of the task's blocks with ``registry``."""
    n = len(task.players)
    out = []
    for block in task.blocks:
        seed = block_seed(task.seed, block)
        for order in seatings(n):
            seats = [task.players[p] for p in order]
            game = play_game(registry, task.game, task.variant, seats, seed)
            game["block"] = block
            game["order"] = order
            out.append(game)
    return out


def play_blocks(task: Task) -> list[dict[str, Any]]:
    """Worker entry point (top level, so spawn can find it): rebuild the registry, play."""
    return play_task(_registry_of(task), task)


def _tasks(
    registry: Registry, game: str, variant: str, players: Sequence[str], seed: int,
    blocks: int, workers: int,
) -> list[Task]:
    per_task = max(1, min(8, blocks // max(1, workers * 8)))
    base = {
        "games": _entry_points(registry.game_entry_points),
        "plugins": _entry_points(registry.plugin_entry_points),
        "game": game,
        "variant": variant,
        "players": tuple(players),
        "seed": seed,
    }
    return [
        Task(blocks=tuple(range(start, min(blocks, start + per_task))), **base)
        for start in range(0, blocks, per_task)
    ]


def _run_tasks(
    registry: Registry, tasks: list[Task], workers: int, total: int, progress: Progress | None
) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = []
    done = 0

    def tick(batch: list[dict[str, Any]]) -> None:
        nonlocal done
        games.extend(batch)
        done += len(batch)
        if progress is not None:
            progress(done, total)

    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:  # in-process: the caller's registry (it may hold extra plugins)
            tick(play_task(registry, task))
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(processes=min(workers, len(tasks))) as pool:
            for batch in pool.imap_unordered(play_blocks, tasks):
                tick(batch)
    games.sort(key=lambda g: (g["block"], g["order"]))
    return games


# --------------------------------------------------------------------------- statistics


def mean_ci(values: Sequence[float]) -> dict[str, float | int]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": 0.0, "ci95": 0.0, "low": 0.0, "high": 0.0}
    mean = math.fsum(values) / n
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return {"n": n, "mean": mean, "ci95": half, "low": mean - half, "high": mean + half}


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) with linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def summarize(games: Sequence[dict[str, Any]], players: Sequence[str]) -> dict[str, Any]:
    """Per-player statistics of finished arena games (see the module docstring)."""
    n = len(players)
    per: list[dict[str, list[float]]] = [
        {"round": [], "game": [], "times": []} for _ in range(n)
    ]
    wins = [0] * n
    draws = 0
    blocks: dict[int, list[float]] = {}
    block_rounds: dict[int, list[float]] = {}
    for g in games:
        order = g["order"]
        for seat, player in enumerate(order):
            points = [r[seat] for r in g["rounds"]]
            per[player]["round"].extend(points)
            per[player]["game"].append(float(sum(points)))
            per[player]["times"].extend(g["times"][seat])
        if g["winner"] is None:
            draws += 1
        else:
            wins[order[g["winner"]]] += 1
        if n == 2:
            first = order.index(0)
            diff = sum(r[first] - r[1 - first] for r in g["rounds"])
            blocks.setdefault(g["block"], []).append(float(diff))
            block_rounds.setdefault(g["block"], []).append(float(len(g["rounds"])))
    rows = []
    for p, name in enumerate(players):
        times = per[p]["times"]
        rows.append(
            {
                "player": name,
                "position": p,
                "games": len(per[p]["game"]),
                "wins": wins[p],
                "win_rate": wins[p] / len(games) if games else 0.0,
                "points_per_round": mean_ci(per[p]["round"]),
                "points_per_game": mean_ci(per[p]["game"]),
                "moves_timed": len(times),
                "move_ms_median": 1000 * percentile(times, 0.5),
                "move_ms_p95": 1000 * percentile(times, 0.95),
            }
        )
    out: dict[str, Any] = {"games": len(games), "draws": draws, "players": rows}
    if n == 2 and blocks:
        keys = sorted(blocks)
        per_game = [sum(blocks[k]) / len(blocks[k]) for k in keys]
        per_round = [sum(blocks[k]) / max(1.0, sum(block_rounds[k])) for k in keys]
        out["difference"] = {
            "of": f"{players[0]} minus {players[1]}",
            "deals": len(keys),
            "per_game": mean_ci(per_game),
            "per_round": mean_ci(per_round),
        }
    return out


# --------------------------------------------------------------------------- entry


def run_arena(
    registry: Registry,
    game: str,
    players: Sequence[str],
    games: int,
    seed: int = 1,
    variant: str | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    details: bool = False,
) -> dict[str, Any]:
    """Play about ``games`` games (rounded up to whole blocks) and return the statistics.

    ``players`` are seat specs (``ai:hard``, ``ai:normal:...``) in seat order of the first
    game of each block. The result is JSON-ready; see :func:`format_text`. With
    ``details``, it also lists every game (block, seed, seats, per-round points, winner).
    With ``workers`` > 1 each process rebuilds the registry from its entry points, so
    plugin objects added by hand (``Registry.extra_plugins``) only take part in-process.
    """
    found = registry.game(game)
    specs = parse_seats(list(players), found)
    if any(s.is_human for s in specs):
        raise AsobiError("the arena plays AI seats only: give players as ai:LEVEL")
    if games < 1:
        raise AsobiError("--games must be at least 1")
    if workers < 1:
        raise AsobiError("--workers must be at least 1")
    loaded = found.load_variant(variant)
    ref = variant if variant is not None else loaded.name
    names = [str(s) for s in specs]
    for seat, spec in enumerate(specs):  # unknown levels fail here, before any worker starts
        assert spec.level is not None
        make_agent(found, spec.level, seat, loaded.rules, len(specs), seed)
    per_block = len(seatings(len(specs)))
    blocks = -(-games // per_block)
    tasks = _tasks(registry, game, ref, names, seed, blocks, workers)
    start = time.perf_counter()
    played = _run_tasks(registry, tasks, workers, blocks * per_block, progress)
    summary = summarize(played, names)
    report: dict[str, Any] = {
        "game": game,
        "variant": loaded.name,
        "players": names,
        "seed": seed,
        "blocks": blocks,
        "pairing": "duplicate deals (seats swapped)" if len(specs) == 2 else "seats rotated",
        "workers": workers,
        "seconds": round(time.perf_counter() - start, 1),
        **summary,
    }
    if details:
        report["game_list"] = [
            {k: g[k] for k in ("block", "seed", "seats", "rounds", "scores", "winner")}
            for g in played
        ]
    return report


def text_progress(stream: TextIO = sys.stderr, width: int = 30) -> Progress:
    """A progress bar on ``stream`` (carriage returns; a newline when done)."""
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        filled = width * done // max(1, total)
        elapsed = time.perf_counter() - started
        eta = elapsed / done * (total - done) if done else 0.0
        stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games"
            f"  {elapsed:5.0f}s elapsed, ~{eta:.0f}s left "
        )
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def _interval(stats: dict[str, Any], digits: int = 2) -> str:
    return f"{stats['mean']:+.{digits}f} ± {stats['ci95']:.{digits}f}"


def format_text(report: dict[str, Any]) -> str:
    """The arena report as a few lines of text."""
    lines = [
        f"{report['game']} ({report['variant']}): {report['games']} games, "
        f"{report['blocks']} blocks, {report['pairing']}, seed {report['seed']}, "
        f"{report['seconds']}s",
        f"{'player':<16} {'wins':>11} {'points/round (95% CI)':>22} "
        f"{'points/game (95% CI)':>22} {'move ms p50':>11} {'p95':>8}",
    ]
    for row in report["players"]:
        label = f"{row['position'] + 1}. {row['player']}"
        wins = f"{row['wins']} ({100 * row['win_rate']:.1f}%)"
        lines.append(
            f"{label:<16} {wins:>11} {_interval(row['points_per_round']):>22} "
            f"{_interval(row['points_per_game']):>22} {row['move_ms_median']:>11.1f} "
            f"{row['move_ms_p95']:>8.1f}"
        )
    if report.get("draws"):
        lines.append(f"draws: {report['draws']}")
    diff = report.get("difference")
    if diff:
        lines.append(
            f"difference {diff['of']} over {diff['deals']} duplicate deals: "
            f"per game {_interval(diff['per_game'])}, per round {_interval(diff['per_round'])}"
        )
    return "\n".join(lines)


# --------------------------------------------------------------------------- command line


def cmd_arena(registry: Registry, args: argparse.Namespace) -> int:
    """``asobi arena``: run, then print the report (text, or JSON with ``--json``)."""
    players = [p for p in args.players.split(",") if p.strip()]
    report = run_arena(
        registry,
        args.game,
        players,
        games=args.games,
        seed=args.seed,
        variant=args.variant,
        workers=args.workers,
        progress=None if args.quiet else text_progress(sys.stderr),
    )
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(format_text(report))
    return 0


def add_arena_command(sub: Any) -> argparse.ArgumentParser:
    """Add the ``arena`` subcommand to the CLI's subparsers (``run`` is :func:`cmd_arena`)."""
    p: argparse.ArgumentParser = sub.add_parser(
        "arena", help="play many AI games and compare the players"
    )
    p.add_argument("game")
    p.add_argument(
        "--players", required=True, help="AI seats, comma separated (e.g. ai:hard,ai:normal)"
    )
    p.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play, rounded up to whole duplicate pairs or seat rotations",
    )
    p.add_argument("--seed", type=int, default=1, help="base seed of the deals (default 1)")
    p.add_argument("--variant", help="variant name or path to a YAML file")
    p.add_argument(
        "--workers", type=int, default=1, help="processes to spread the games over (default 1)"
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    p.set_defaults(run=cmd_arena)
    return p
