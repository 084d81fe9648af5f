"""Planning an arena: blocks of games sharing a deal, seatings, and the games to play.

A block is one deal (drawn from the block's seed, :func:`block_seed`) played with every
seating. Each game of the block has a seed of its own (:func:`game_seed`, from the block's
seed and the game's place in the block), which seeds its session and every AI decision in it:
with the same level in every seat, the games of a block would otherwise be one game with the
players permuted. A game's seed depends on its place in the block, never on the variant, so
every variant of a lab plays the same deals with the same seeds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from asobi.play.runner import GameTask


def block_seed(seed: int, block: int) -> int:
    """The seed of block ``block``, which its deal is drawn from (stable across versions,
    workers and platforms)."""
    return (seed * 1_000_003 + block * 7_919 + 12_345) % (2**31 - 1) + 1


def game_seed(block: int, place: int) -> int:
    """The seed of the game at ``place`` (its seating) in the block whose seed is ``block``:
    53 bits of SHA-256 of both (a number a record keeps as a JSON number), so that no two
    games of a run share it by accident."""
    text = f"asobi-block-game:{block}:{place}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 11


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
    seating. The games of a block share its deal (``deal``, the block's seed); the game at
    each place has its own seed, the same in every variant."""
    tasks: list[GameTask] = []
    for block in range(blocks):
        deal = block_seed(seed, block)
        for variant in range(variants):
            for place, order in enumerate(seatings(len(players))):
                tasks.append(GameTask(
                    index=len(tasks), variant=variant,
                    seats=tuple(players[p] for p in order), seed=game_seed(deal, place),
                    block=block, order=tuple(order), deal=deal,
                ))
    return tasks
