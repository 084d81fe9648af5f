"""Which game, variant and number of players an environment plays: read from what a user typed.

``asobi.envs.asobi_v0.env("koikoi", variant="koikoi-japan")`` and
``pyspiel.load_game("python_asobi_sakura(players=4)")`` both name a game as a person would on the
command line; :func:`resolve` turns that into a :class:`Setting`, with the same errors as the
command line (an unknown game, a variant that does not exist, a number of players the game
does not allow).
"""

from __future__ import annotations

from dataclasses import dataclass

from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry, discover
from asobi.variants.loader import Variant


@dataclass(frozen=True)
class Setting:
    """A game, the variant it is played by, and how many seats it has."""

    game: Game
    variant: Variant
    players: int
    variant_ref: str
    """How the variant was named (a name, or a path), as records write it."""


def default_players(game: Game) -> int:
    """The number of seats of a game when none is asked for: its default table, else its
    fewest players."""
    seats = len(game.info.default_players)
    info = game.info
    return seats if info.min_players <= seats <= info.max_players else info.min_players


def resolve(
    game: str | Game,
    variant: str | Variant | None = None,
    players: int | None = None,
    registry: Registry | None = None,
) -> Setting:
    """The setting of ``game`` (a name, or a game of a registry) under ``variant`` (a name,
    a path, a loaded variant, or None for the game's default) with ``players`` seats (None:
    :func:`default_players`). Names are looked up in ``registry`` (default: what is
    installed)."""
    if isinstance(game, str):
        game = (registry or discover()).game(game)
    if isinstance(variant, Variant):
        if variant.game != game.name:
            raise AsobiError(f"the variant '{variant.name}' is a variant of {variant.game}, "
                             f"not of {game.info.title}")
        loaded, ref = variant, variant.name
    else:
        loaded = game.load_variant(variant)
        ref = variant or loaded.name
    count = default_players(game) if players is None else players
    info = game.info
    if isinstance(count, bool) or not isinstance(count, int) or not (
            info.min_players <= count <= info.max_players):
        span = (str(info.min_players) if info.min_players == info.max_players
                else f"{info.min_players} to {info.max_players}")
        raise AsobiError(f"{info.title} is played by {span} players, not {count!r}")
    return Setting(game, loaded, count, ref)
