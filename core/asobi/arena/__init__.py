"""``asobi arena``: many AI games, luck cancelled where possible, and what they show.

Game-agnostic: it plays :class:`asobi.play.session.Session` games through the driver
(:class:`asobi.play.driver.Driver`, agents seeded per decision from the record) on the shared
runner (:mod:`asobi.play.runner`).

* Games are played in *blocks* sharing one deal. In a two-player game a block is a duplicate
  deal: the same cards twice, seats swapped, so each player gets both sides of them, who
  starts included. With more players a block rotates the seats through every position. A
  game that pins its deal (``asobi_pinned_setup``) deals each block's cards from the block's
  deal seed, and the records (``--records``) carry that deal; each game of a block has a seed
  of its own, and with the same player in every seat the deal is turned from game to game
  (``asobi_turned_setup``: who starts moves on), so players of the same level do not repeat
  one game with the seats permuted.
* Seeds, agents and results depend only on the options, never on the workers (local
  processes or Ray) or timing: the same options give the same numbers (except the times).
* Reported per player: games won, mean points per round and per game with a 95% confidence
  interval, and the median and 95th percentile time of the moves that offered a choice. For
  two players, the mean point difference (first player minus second) is also reported, its
  interval computed over duplicate deals, the independent unit.
"""

from __future__ import annotations

from asobi.arena.command import add_arena_command, add_runner_options, cmd_arena
from asobi.arena.plan import block_tasks, seatings
from asobi.arena.report import format_text, rich_progress, run_arena
from asobi.arena.stats import mean_ci, percentile, summarize

__all__ = [
    "add_arena_command", "add_runner_options", "block_tasks", "cmd_arena",
    "format_text", "mean_ci", "percentile", "rich_progress", "run_arena", "seatings",
    "summarize",
]
