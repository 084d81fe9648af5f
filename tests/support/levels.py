"""Every AI level a game lists, the searching ones on a short budget: what the conformance
kit's AI-level check needs (each level answers a legal action) without minutes of search."""

from __future__ import annotations

from asobi.host.installed import Game

SHORT = {
    "hard": "hard:0.05",
    "hard-2026": "hard-2026:0.05",
    "search": "search:0.05",
    "openspiel-ismcts": "openspiel-ismcts:20",
    "openspiel-mcts": "openspiel-mcts:20",
}
"""A short budget for each searching level of the shipped games and the core's plugins."""


def short_levels(game: Game) -> list[str]:
    """Each level ``game`` lists (none left out, so that a new level is checked too), a
    searching one with its short budget."""
    return [SHORT.get(level, level) for level in game.ai_levels()]
