"""Planning an arena: blocks of games sharing a seed, seatings, and the games to play."""

from __future__ import annotations

from collections.abc import Sequence

from asobi.runner import GameTask


def block_seed(seed: int, block: int) -> int:
    """The game seed of block ``block`` (stable across versions, workers and platforms)."""
    return (seed * 1_000_003 + block * 7_919 + 12_345) % (2**31 - 1) + 1


def seatings(players: int) -> list[list[int]]:
    """Which player sits in each seat, for each game of a block.

    Two players: ``[[0, 1], [1, 0]]`` (the duplicate pair). N players: N rotations, so that
    every player sits once in every seat.
    """
    return [[(seat + shift) % players for seat in range(players)] for shift in range(players)]


def block_tasks(
    players: Sequence[str], seed: int, blocks: int, variants: int = 1
) -> list[GameTask]:
    """Every game of ``blocks`` blocks, block by block: each variant (in order) with each
    seating. The games of a block share its seed, whatever the variant."""
    tasks: list[GameTask] = []
    for block in range(blocks):
        game_seed = block_seed(seed, block)
        for variant in range(variants):
            for order in seatings(len(players)):
                tasks.append(GameTask(
                    index=len(tasks), variant=variant,
                    seats=tuple(players[p] for p in order), seed=game_seed, block=block,
                    order=tuple(order),
                ))
    return tasks
