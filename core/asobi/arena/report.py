"""An arena from start to report: check the request, run it, summarise, and show it."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from typing import Any, TextIO

from asobi.arena.plan import block_tasks, seatings
from asobi.arena.run import Progress, records_folder, run_batches
from asobi.arena.stats import summarize
from asobi.cli.progress import bar
from asobi.errors import AsobiError
from asobi.host.registry import Registry
from asobi.play.agents import make_agent
from asobi.play.runner import make_runner
from asobi.play.session import parse_seats
from asobi.play.tasks import batches


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
    ray: str | None = None,
    records: str | None = None,
) -> dict[str, Any]:
    """Play about ``games`` games (rounded up to whole blocks) and return the statistics.

    ``players`` are seat specs (``ai:hard``, ``ai:normal:...``) in seat order of the first
    game of each block. The result is JSON-ready; see :func:`format_text`. With
    ``details``, it also lists every game (block, seed, seats, per-round points, winner).
    The games run on :mod:`asobi.play.runner`: ``workers`` local processes, or Ray with ``ray``
    (``auto`` or an address); each worker rebuilds the registry from its entry points, so
    plugin objects added by hand (``Registry.extra_plugins``) only take part in-process.
    ``records`` is a folder where every game's record is saved.
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
    folder = records_folder(records)
    tasks = block_tasks(names, seed, blocks)
    runner = make_runner(workers, ray)
    work = batches(registry, game, [(ref, loaded)], tasks, workers, records=folder)
    played: list[dict[str, Any]] = []

    def collect(batch: list[dict[str, Any]]) -> None:
        played.extend(batch)
        if progress is not None:
            progress(len(played), len(tasks))

    start = time.perf_counter()
    run_batches(registry, runner, work, [loaded.name], collect, folder)
    played.sort(key=lambda g: g["index"])
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
    if ray is not None:
        report["ray"] = ray
    if blocks * per_block != games:
        unit = ("duplicate deals come in pairs, each deal with the seats swapped"
                if len(specs) == 2 else f"each deal is played {per_block} times, seats rotated")
        report["rounded"] = (f"{games} games asked, {blocks * per_block} played: {unit}")
    if details:
        report["game_list"] = [  # as JSON has them (the runner's results hold tuples)
            {"block": g["block"], "seed": g["seed"], "deal": g["deal"], "seats": list(g["seats"]),
             "rounds": [list(r) for r in g["rounds"]], "scores": list(g["scores"]),
             "winner": g["winner"]}
            for g in played
        ]
    return report


@contextmanager
def rich_progress(stream: TextIO | None, label: str) -> Iterator[Progress | None]:
    """A :data:`Progress` drawing rich's bar (with the time left) on ``stream``; None when
    ``stream`` is None. Without rich installed, no bar."""
    if stream is None:
        yield None
        return
    with ExitStack() as stack:
        state: dict[str, Any] = {"done": 0}

        def show(done: int, total: int) -> None:
            if "advance" not in state:
                state["advance"] = stack.enter_context(bar(stream, total, label))
            state["advance"](done - state["done"])
            state["done"] = done

        yield show


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
