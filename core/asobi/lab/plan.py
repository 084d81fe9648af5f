"""What a lab run is: its variants, players and games, checked before anything is played.

The games of a run come in blocks (see :mod:`asobi.arena.plan`): a block is one deal, played
by every variant with every seating, each game of it with a seed of its own (the same in
every variant), so variants are compared on the same deals and players in every seat; when
every seat holds the same player, the deal is turned from game to game (who starts moves on)
so that the games of a block differ. The run's *fingerprint* covers everything that decides
its figures (game, variants and their rules, players, seed, games, and the way games are
seeded and dealt): a resume file of another run is refused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from asobi.arena.plan import block_tasks, seatings
from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry
from asobi.play.agents import make_agent
from asobi.play.session import parse_seats, rules_digest
from asobi.play.tasks import GameTask
from asobi.variants.loader import Variant

SEEDING = 3
"""How the games of a block are seeded and dealt: 3, each game its own seed and the block's
deal, turned at each place when one player sits in every seat (2, before it: the same deal
in every game, and Koi-Koi's first dealer drawn by each game; 1: every game of a block on the
block's seed, which with one AI level in every seat made the games of a block one game). Part
of the fingerprint: a resume file kept with another seeding is refused."""


@dataclass(frozen=True)
class LabPlan:
    """A checked lab run."""

    game: Game
    variants: tuple[tuple[str, Variant], ...]
    """(reference as given, loaded variant), the described variant first."""
    reference: int | None
    """Index of the variant the others are compared with (the first ``--against``)."""
    players: tuple[str, ...]
    seed: int
    games: int
    blocks: int
    tasks: tuple[GameTask, ...]

    @property
    def names(self) -> list[str]:
        return [v.name for _, v in self.variants]

    def options(self) -> dict[str, Any]:
        """Everything that decides the figures, as JSON (the resume file's header)."""
        return {
            "game": self.game.name,
            "variants": [{"name": v.name, "rules": rules_digest(v.rules)}
                         for _, v in self.variants],
            "players": list(self.players),
            "seed": self.seed,
            "games": self.games,
            "seeding": SEEDING,
        }

    def fingerprint(self) -> str:
        text = json.dumps(self.options(), sort_keys=True, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def plan_lab(
    registry: Registry, game_name: str, variant: str, against: Sequence[str],
    players: Sequence[str], games: int, seed: int = 1,
) -> LabPlan:
    """Check a lab request (AsobiError on anything wrong) and list its games."""
    game = registry.game(game_name)
    if games < 1:
        raise AsobiError(f"--games must be at least 1, got {games}")
    refs = [variant, *against]
    loaded = []
    for ref in refs:
        found = game.load_variant(ref)
        if found.game != game.name:
            raise AsobiError(
                f"variant '{ref}' is a variant of '{found.game}', not of '{game.name}': "
                "a lab compares variants of one game")
        loaded.append((ref, found))
    names = [v.name for _, v in loaded]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise AsobiError(f"variant '{twice[0]}' is given twice: compare different variants")
    specs = parse_seats(list(players), game)
    if any(s.is_human for s in specs):
        raise AsobiError("the lab plays AI seats only: give players as ai:LEVEL")
    seats = tuple(str(s) for s in specs)
    for _, found in loaded:  # unknown levels and restrictions fail here, before any game
        for seat, spec in enumerate(specs):
            assert spec.level is not None
            make_agent(game, spec.level, seat, found.rules, len(specs), seed)
    per_block = len(seatings(len(specs)))
    blocks = -(-games // per_block)
    tasks = block_tasks(seats, seed, blocks, variants=len(loaded))
    return LabPlan(game, tuple(loaded), 1 if against else None, seats, seed, games, blocks,
                   tuple(tasks))
