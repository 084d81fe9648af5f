"""``asobi play GAME --deal RECORD``: a new game on the deal of a record.

The record is read and checked as ``asobi replay`` reads it (:func:`asobi.play.records.read`, its
size bound included, and :func:`asobi.play.records.start`), and gives the new game its seed, its
pinned deal (``setup``) and its rules; the seats are the player's. The game goes through the
same :class:`asobi.play.frontend.Launch` as any other (its ``setup``), so every frontend plays that
deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry
from asobi.play import records
from asobi.variants.loader import Variant, looks_like_path


@dataclass(frozen=True)
class Deal:
    """What a new game takes from a record: its seed, its pinned deal, its rules."""

    path: Path
    seed: int
    setup: Mapping[str, Any] | None
    variant: Variant
    variant_ref: str
    """The variant as the new record names it (a path made absolute: the new record may be
    saved in another folder, and names it relative to that one)."""
    players: int
    notes: tuple[str, ...]
    """What a person should know (the variant of that name has changed since the record)."""


def read_deal(registry: Registry, path_text: str, game: Game) -> Deal:
    """The deal of the record at ``path_text``, which must be a record of ``game``; every
    problem with the file is an :class:`AsobiError` naming it, raised before anything starts."""
    path = Path(path_text)
    record = records.read(path)
    if record["game"] != game.name:
        raise AsobiError(
            f"{path}: this is a record of '{record['game']}', not of '{game.name}': "
            f"play it with asobi play {record['game']} --deal {path}"
        )
    # The record's seed, deal and rules, checked as a replay checks them (the game's own
    # setup hook reads the deal).
    checked = records.start(registry, record, base_dir=path.parent, where=str(path))
    ref = str(record["variant"])
    if looks_like_path(ref) and not Path(ref).is_absolute():
        ref = str((path.parent / ref).resolve())
    return Deal(
        path=path,
        seed=checked.seed,
        setup=checked.setup,
        variant=checked.variant,
        variant_ref=ref,
        players=len(checked.seats),
        notes=tuple(checked.notes),
    )


def fitted(seats: Sequence[str], players: int) -> list[str]:
    """Default seats (the game's or the user's) made as many as the deal's players: cut
    short, or filled with AI seats of the game's default level."""
    if len(seats) >= players:
        return list(seats[:players])
    return list(seats) + ["ai"] * (players - len(seats))


def check_players(deal: Deal, count: int) -> None:
    """Refuse ``--players`` that do not seat as many players as the deal is for."""
    if count != deal.players:
        raise AsobiError(
            f"{deal.path}: the deal is for {deal.players} players, and --players gives "
            f"{count} seats; give {deal.players}"
        )
