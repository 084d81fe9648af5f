"""What an arena's games show: means with 95% intervals, percentiles, per-player summaries."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

Z95 = 1.959964


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
