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

from asobi.arena.command import add_arena_command, cmd_arena
from asobi.arena.plan import Task, block_seed, seatings
from asobi.arena.report import format_text, run_arena, text_progress
from asobi.arena.run import play_blocks, play_game, play_task
from asobi.arena.stats import mean_ci, percentile, summarize

__all__ = [
    "Task", "add_arena_command", "block_seed", "cmd_arena", "format_text", "mean_ci",
    "percentile", "play_blocks", "play_game", "play_task", "run_arena", "seatings",
    "summarize", "text_progress",
]
