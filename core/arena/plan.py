"""Planning an arena: blocks of games sharing a seed, seatings, and tasks for workers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import EntryPoint

from asobi.registry import Registry


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


def registry_of(task: Task) -> Registry:
    return Registry(
        game_entry_points=[EntryPoint(*ep) for ep in task.games],
        plugin_entry_points=[EntryPoint(*ep) for ep in task.plugins],
    )


def entry_points_of(eps: Sequence[EntryPoint]) -> tuple[tuple[str, str, str], ...]:
    return tuple((ep.name, ep.value, ep.group) for ep in eps)


def tasks_for(
    registry: Registry, game: str, variant: str, players: Sequence[str], seed: int,
    blocks: int, workers: int,
) -> list[Task]:
    """The blocks, cut into tasks small enough to keep ``workers`` processes busy."""
    per_task = max(1, min(8, blocks // max(1, workers * 8)))
    games = entry_points_of(registry.game_entry_points)
    plugins = entry_points_of(registry.plugin_entry_points)
    return [
        Task(games, plugins, game, variant, tuple(players), seed,
             blocks=tuple(range(start, min(blocks, start + per_task))))
        for start in range(0, blocks, per_task)
    ]
