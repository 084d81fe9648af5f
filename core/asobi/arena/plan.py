"""Planning an arena: blocks of games sharing a deal, seatings, and the games to play.

A block is one deal (drawn from the block's seed, :func:`asobi.play.seeds.block_seed`) played
with every seating. Each game of the block has a seed of its own
(:func:`asobi.play.seeds.game_seed`, from the block's seed and the game's place in the block),
which seeds its session and every AI decision in it: with the same level in every seat, the
games of a block would otherwise be one game with the players permuted. A game's seed depends
on its place in the block, never on the variant, so every variant of a lab plays the same deals
with the same seeds.

With different players a block is a duplicate: every game of it gets the same pinned deal
(who starts included), so each player plays every seat's side of it. With the same player in
every seat, moving the players changes nothing, and a level that decides without chance would
play one game over: the game at place ``k`` then gets the deal with who starts turned ``k``
seats on (the game's ``asobi_turned_setup``), so the block holds a game from each start.
"""

from __future__ import annotations

from collections.abc import Sequence

from asobi.play.seeds import block_seed, game_seed
from asobi.play.tasks import GameTask

__all__ = ["block_tasks", "seatings"]


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
    seating. The games of a block share its deal (``deal``, the block's seed), turned at each
    place when one player sits in every seat (``turn``); the game at each place has its own
    seed, the same in every variant."""
    one_player = len(set(players)) == 1
    tasks: list[GameTask] = []
    for block in range(blocks):
        deal = block_seed(seed, block)
        for variant in range(variants):
            for place, order in enumerate(seatings(len(players))):
                tasks.append(GameTask(
                    index=len(tasks), variant=variant,
                    seats=tuple(players[p] for p in order), seed=game_seed(deal, place),
                    block=block, order=tuple(order), deal=deal,
                    turn=place if one_player else 0,
                ))
    return tasks
