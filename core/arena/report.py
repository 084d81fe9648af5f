"""An arena from start to report: check the request, run it, summarise, and show it."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from asobi.agents import make_agent
from asobi.arena.plan import seatings, tasks_for
from asobi.arena.run import Progress, run_tasks
from asobi.arena.stats import summarize
from asobi.errors import AsobiError
from asobi.registry import Registry
from asobi.session import parse_seats


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
    tasks = tasks_for(registry, game, ref, names, seed, blocks, workers)
    start = time.perf_counter()
    played = run_tasks(registry, tasks, workers, blocks * per_block, progress)
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
        "games_asked": games,
        **summary,
    }
    if blocks * per_block != games:
        unit = ("duplicate deals come in pairs, each deal with the seats swapped"
                if len(specs) == 2 else f"each deal is played {per_block} times, seats rotated")
        report["rounded"] = (f"{games} games asked, {blocks * per_block} played: {unit}")
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
    labels = [f"{row['position'] + 1}. {row['player']}" for row in report["players"]]
    width = max([len("player"), *map(len, labels)])
    lines = [
        f"{report['game']} ({report['variant']}): {report['games']} games, "
        f"{report['blocks']} blocks, {report['pairing']}, seed {report['seed']}, "
        f"{report['seconds']}s",
        *([f"({report['rounded']})"] if report.get("rounded") else []),
        f"{'player':<{width}} {'wins':>13} {'points/round (95% CI)':>22} "
        f"{'points/game (95% CI)':>22} {'move ms p50':>11} {'p95':>8}",
    ]
    for label, row in zip(labels, report["players"], strict=True):
        wins = f"{row['wins']} ({100 * row['win_rate']:.1f}%)"
        lines.append(
            f"{label:<{width}} {wins:>13} {_interval(row['points_per_round']):>22} "
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
