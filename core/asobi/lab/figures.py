"""From finished lab games to figures: what each game adds to each figure, block by block.

Every figure is a ratio of sums per block (see :mod:`asobi.lab.stats`): a game adds a
``(total, count)`` to the figures it tells something about. The general figures are the same
for every game (points, duration, seats, Ludii's decisiveness, drawishness, lead changes and
balance); a game's own come from its ``asobi_lab_measures``, read on the worker.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Tallies = dict[str, dict[int, tuple[float, float]]]


@dataclass(frozen=True)
class Figure:
    """A general figure: its key, English name and unit (the core's catalogue translates them)
    and whether it is a share shown as a percentage."""

    key: str
    name: str
    unit: str
    percent: bool = False
    params: Mapping[str, str] = field(default_factory=dict)


def general_figures(players: int) -> list[Figure]:
    """The figures every game gets, in the order the reports show them."""
    return [
        Figure("points-per-game", "points scored per game (all seats)", "points"),
        Figure("points-per-round", "points scored per round (all seats)", "points"),
        Figure("rounds", "scoring rounds per game (duration)", "rounds"),
        Figure("moves", "moves per game (duration)", "moves"),
        Figure("first-player-wins", "the first player to move wins", "share of games", True),
        *[Figure(f"seat-{s + 1}-wins", "seat {seat} wins", "share of games", True,
                 {"seat": str(s + 1)}) for s in range(players)],
        Figure("balance", "balance of the seats (1 minus the gap between the best and the "
               "worst seat's win rate)", "0 to 1"),
        Figure("tie-break", "games decided by the tie-break", "share of games", True),
        Figure("draws", "drawn games (drawishness)", "share of games", True),
        Figure("settled-at", "share of the game played before the winner leads for good "
               "(decisiveness)", "share of the game", True),
        Figure("lead-changes", "lead changes per game", "lead changes"),
    ]


DISTRIBUTIONS = ("points-per-game", "points-per-round", "rounds")
"""Figures whose whole distribution the report shows."""
OBSERVED = {"points-per-game": "share of games", "points-per-round": "share of rounds",
            "rounds": "share of games"}
"""What a distribution's histogram counts, for the side of its plot."""


def leaders(rounds: Sequence[Sequence[float]], seats: int) -> list[int | None]:
    """The seat ahead after each round (None while the lead is shared)."""
    totals = [0.0] * seats
    out: list[int | None] = []
    for points in rounds:
        for s in range(seats):
            totals[s] += points[s]
        best = max(totals)
        ahead = [s for s in range(seats) if totals[s] == best]
        out.append(ahead[0] if len(ahead) == 1 else None)
    return out


def game_observations(game: Mapping[str, Any]) -> dict[str, list[float]]:
    """The general figures' observations in one game (a list per figure)."""
    rounds = game["rounds"]
    seats = len(game["seats"])
    winner = game["winner"]
    scores = game["scores"]
    gains = [float(sum(p for p in points if p > 0)) for points in rounds]
    obs: dict[str, list[float]] = {
        "points-per-game": [sum(gains)],
        "points-per-round": gains,
        "rounds": [float(len(rounds))],
        "moves": [float(game["moves"])],
        "first-player-wins": [float(winner is not None and winner == game["first"])],
        "draws": [float(winner is None)],
        "tie-break": [float(winner is not None and scores.count(max(scores)) > 1)],
    }
    for s in range(seats):
        obs[f"seat-{s + 1}-wins"] = [float(winner == s)]
    lead = leaders(rounds, seats)
    known = [x for x in lead if x is not None]
    changes = sum(1 for a, b in zip(known, known[1:], strict=False) if a != b)
    obs["lead-changes"] = [float(changes)]
    if winner is not None and rounds:
        settled = len(lead)
        while settled > 0 and lead[settled - 1] == winner:
            settled -= 1
        obs["settled-at"] = [(settled + 1) / len(rounds) if settled < len(lead) else 1.0]
    else:
        obs["settled-at"] = []
    return obs


def player_observations(
    game: Mapping[str, Any], players: int
) -> dict[str, tuple[float, float]]:
    """Each player's wins, points per game and points per round in one game, keyed
    ``player-P-wins`` and so on (P is the player's place in ``--players``)."""
    out: dict[str, tuple[float, float]] = {}
    rounds = game["rounds"]
    for p in range(players):
        seat = game["order"].index(p)
        points = float(sum(r[seat] for r in rounds))
        out[f"player-{p}-wins"] = (float(game["winner"] == seat), 1.0)
        out[f"player-{p}-game"] = (points, 1.0)
        out[f"player-{p}-round"] = (points, float(len(rounds)))
    return out


@dataclass
class VariantData:
    """What the games of one variant add up to, block by block."""

    tallies: Tallies = field(default_factory=dict)
    values: dict[str, list[float]] = field(default_factory=dict)
    seat_wins: dict[int, list[float]] = field(default_factory=dict)
    """Per block: wins of each seat and games played (for the balance)."""

    def add(self, key: str, block: int, total: float, count: float) -> None:
        per = self.tallies.get(key)
        if per is None:
            per = self.tallies[key] = {}
        old = per.get(block)
        if old is None:
            per[block] = (0.0 + total, 0.0 + count)
        else:
            per[block] = (old[0] + total, old[1] + count)

    def add_game(self, game: Mapping[str, Any], players: int) -> None:
        block = int(game["block"])
        seats = len(game["seats"])
        for key, values in game_observations(game).items():
            self.add(key, block, sum(values), float(len(values)))
            if key in DISTRIBUTIONS:
                self.values.setdefault(key, []).extend(values)
        for key, (total, count) in player_observations(game, players).items():
            self.add(key, block, total, count)
        for key, (total, count) in game.get("measures", {}).items():
            self.add(f"measure:{key}", block, total, count)
        wins = self.seat_wins.setdefault(block, [0.0] * (seats + 1))
        if game["winner"] is not None:
            wins[game["winner"]] += 1
        wins[seats] += 1


@dataclass(frozen=True)
class SeatTable:
    """The balance's input, packed for the bootstrap: each block's wins of every seat and
    games played (last) as one whole number, ``width`` bits a column, so that one sum over
    the sampled blocks adds up every column at once, exactly."""

    packed: list[int]
    columns: int
    width: int

    def totals(self, positions: Sequence[int]) -> list[int]:
        """Each column's sum over the blocks at ``positions`` (a position may repeat)."""
        total = sum(map(self.packed.__getitem__, positions))
        mask = (1 << self.width) - 1
        return [(total >> (i * self.width)) & mask for i in range(self.columns)]


def seat_table(data: VariantData, keys: Sequence[int]) -> SeatTable:
    """The :class:`SeatTable` of ``data`` over the blocks ``keys``, in that order (zeros
    for blocks not played); its fields are wide enough for any sample of ``len(keys)``."""
    wins = data.seat_wins
    columns = max((len(row) for row in wins.values()), default=1)
    rows = [[int(v) for v in wins[b]] if b in wins else [0] * columns for b in keys]
    most = max((max(row) for row in rows), default=0)
    width = max(1, (most * len(keys)).bit_length())
    packed = [sum(v << (i * width) for i, v in enumerate(row)) for row in rows]
    return SeatTable(packed, columns, width)


def balance(table: SeatTable, positions: Sequence[int]) -> float | None:
    """1 minus the gap between the best and the worst seat's win rate over the blocks at
    ``positions`` of ``table`` (a position may repeat: bootstrap samples)."""
    *seats, games = (float(total) for total in table.totals(positions))
    if games <= 0:
        return None
    rates = [won / games for won in seats]
    return 1.0 - (max(rates) - min(rates))
