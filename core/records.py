"""Reading records and replaying them (the contract is docs/records.md, format 1)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.registry import Registry
from asobi.seeds import SEED_FORMS, parse_seed, seed_problem
from asobi.session import RECORD_FORMAT, SeatSpec, Session, canonical


def read(path: Path) -> dict[str, Any]:
    """Load a record file and check its shape (not yet its moves)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise AsobiError(f"{path}: cannot read the record ({exc.strerror or exc})") from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AsobiError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    check_shape(record, str(path))
    assert isinstance(record, dict)  # check_shape refuses anything else
    return record


def check_shape(record: Any, where: str = "record") -> None:
    def bad(message: str) -> AsobiError:
        return AsobiError(f"{where}: {message}")

    if not isinstance(record, dict):
        raise bad("a record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise bad(f"unsupported record format {record.get('format')!r}; this asobi reads format 1")
    for key, kind in (("game", str), ("variant", str), ("seats", list), ("moves", list)):
        if not isinstance(record.get(key), kind):
            raise bad(f"'{key}' is missing or not a {kind.__name__}")
    if "seed" not in record:
        raise bad(f"'seed' is missing: give {SEED_FORMS}")
    problem = seed_problem(record["seed"])
    if problem is not None:
        raise bad(f"'seed' is missing or not an integer: it must be {SEED_FORMS}; {problem}")
    if "setup" in record and not isinstance(record["setup"], dict):
        raise bad("'setup' must be an object")
    for i, seat in enumerate(record["seats"]):
        if not isinstance(seat, str):
            raise bad(f"seat {i} must be a string such as 'human' or 'ai:hard'")
    for i, move in enumerate(record["moves"]):
        if not isinstance(move, dict) or set(move) != {"seat", "action"}:
            raise bad(f'move {i} is malformed: expected {{"seat": N, "action": {{...}}}}')
        if isinstance(move["seat"], bool) or not isinstance(move["seat"], int):
            raise bad(f"move {i} is malformed: 'seat' must be an integer")
        if not isinstance(move["action"], dict):
            raise bad(f"move {i} is malformed: 'action' must be an object")


def start(
    registry: Registry,
    record: Mapping[str, Any],
    base_dir: Path | None = None,
    where: str = "record",
) -> Session:
    """A fresh session set up as the record says, with no moves applied.

    ``where`` names the record (its path, say) in the error about a bad seed.
    """
    seed = parse_seed(record["seed"], where=where)
    game = registry.game(record["game"])
    variant = game.load_variant(record["variant"], base_dir=base_dir)
    seats = []
    for text in record["seats"]:
        try:
            seats.append(SeatSpec.parse(text))
        except AsobiError:
            seats.append(SeatSpec("human"))  # informational only on replay
    info = game.info
    if not info.min_players <= len(seats) <= info.max_players:
        raise AsobiError(
            f"record has {len(seats)} seats; {info.title} takes "
            f"{info.min_players} to {info.max_players}"
        )
    return Session(
        game,
        variant,
        tuple(seats),
        seed=seed,
        setup=record.get("setup"),
        variant_ref=record["variant"],
    )


def replay(
    registry: Registry,
    record: Mapping[str, Any],
    base_dir: Path | None = None,
    upto: int | None = None,
    where: str = "record",
) -> Session:
    """Replay a record's moves; an illegal or malformed move names its index and the reason."""
    session = start(registry, record, base_dir, where)
    for index, move in enumerate(record["moves"][:upto]):
        if session.finished:
            raise AsobiError(
                f"move {index} ({canonical(move['action'])}): the game was already over"
            )
        try:
            session.apply(move["seat"], move["action"])
        except AsobiError as exc:
            raise AsobiError(f"move {index} ({canonical(move['action'])}): {exc.message}") from None
    return session
