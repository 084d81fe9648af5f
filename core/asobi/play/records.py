"""Reading records and replaying them (the contract is docs/records.md, format 1)."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

from asobi.contract.scorers import difference, scoring_problem
from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry
from asobi.i18n import ENGLISH
from asobi.play.replayer import replay_moves
from asobi.play.seeds import SEED_FORMS, parse_seed, seed_problem
from asobi.play.session import RECORD_FORMAT, SeatSpec, Session, rules_digest
from asobi.variants.limits import bounds_problem, show_path
from asobi.variants.loader import Variant, looks_like_path

DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
"""The form of ``variant_digest``: ``sha256:`` and 64 lowercase hexadecimal digits."""
MAX_RECORD_BYTES = 4 * 1024 * 1024
"""The largest record file read, in bytes (a long game's record is a few dozen KiB)."""
MAX_GAME_NAME = 64
"""The longest ``game`` a record may name (an entry point's name)."""
MAX_VARIANT_TEXT = 1000
"""The longest ``variant``: a variant's name, or the path of its file."""
MAX_SEATS = 64
"""The most ``seats`` a record may list (a game's own maximum is checked when it is set up)."""
MAX_SEAT_TEXT = 80
"""The longest text of one seat (``human``, ``ai:hard:2``)."""


def read(path: Path) -> dict[str, Any]:
    """Load a record file and check its shape (not yet its moves)."""
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise AsobiError(f"{path}: cannot read the record ({exc.strerror or exc})") from None
    if len(data) > MAX_RECORD_BYTES:
        raise AsobiError(f"{path}: the file is larger than {MAX_RECORD_BYTES // 2**20} MiB, the "
                         "most a record may be")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AsobiError(
            f"{path}: cannot read the record: it is not UTF-8 text (byte {exc.start} is "
            f"{data[exc.start]:#04x}); a record is the JSON file that --record or quit saves"
        ) from None
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise AsobiError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # a number too long, arrays nested too deep
        raise AsobiError(f"{path}: not a record asobi can read: {exc}") from None
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
    # Every field is bounded before anything uses it (a record may come from anyone).
    for key, most in (("game", MAX_GAME_NAME), ("variant", MAX_VARIANT_TEXT)):
        if not 0 < len(record[key]) <= most:
            raise bad(f"'{key}' must be a text of 1 to {most} characters")
    if len(record["seats"]) > MAX_SEATS:
        raise bad(f"'seats' lists {len(record['seats'])} seats; a record has at most {MAX_SEATS}")
    if "seed" not in record:
        raise bad(f"'seed' is missing: give {SEED_FORMS}")
    problem = seed_problem(record["seed"])
    if problem is not None:
        raise bad(f"'seed' is missing or not an integer: it must be {SEED_FORMS}; {problem}")
    if "setup" in record and not isinstance(record["setup"], dict):
        raise bad("'setup' must be an object")
    too_big = bounds_problem(record.get("setup"))
    if too_big is not None:
        raise bad(f"{show_path(too_big[0], 'setup')}: {too_big[1]}")
    if "rules" in record and not isinstance(record["rules"], dict):
        raise bad("'rules' must be an object (the variant's rules, as the game's schema says)")
    too_big = bounds_problem(record.get("rules"))  # before anything reads the rules
    if too_big is not None:
        raise bad(f"{show_path(too_big[0])}: {too_big[1]}")
    digest = record.get("variant_digest")
    if "variant_digest" in record and not (isinstance(digest, str) and DIGEST.fullmatch(digest)):
        raise bad("'variant_digest' must be 'sha256:' followed by 64 lowercase hex digits")
    if isinstance(record.get("rules"), dict) and digest is not None:
        if rules_digest(record["rules"]) != digest:
            raise bad(
                "'variant_digest' does not match the 'rules' stored in the record (were they "
                "edited?); remove 'variant_digest' to replay the rules as they are written"
            )
    if "scoring" in record:
        problem = scoring_problem(record["scoring"])
        if problem is not None:
            raise bad(problem)
    for i, seat in enumerate(record["seats"]):
        if not isinstance(seat, str) or len(seat) > MAX_SEAT_TEXT:
            raise bad(f"seat {i} must be a string such as 'human' or 'ai:hard' (at most "
                      f"{MAX_SEAT_TEXT} characters)")
    for i, move in enumerate(record["moves"]):
        if not isinstance(move, dict) or set(move) != {"seat", "action"}:
            raise bad(f'move {i} is malformed: expected {{"seat": N, "action": {{...}}}}')
        if isinstance(move["seat"], bool) or not isinstance(move["seat"], int):
            raise bad(f"move {i} is malformed: 'seat' must be an integer")
        if not isinstance(move["action"], dict):
            raise bad(f"move {i} is malformed: 'action' must be an object")
        too_big = bounds_problem(move["action"])
        if too_big is not None:
            raise bad(f"move {i}: {show_path(too_big[0], 'action')}: {too_big[1]}")


def start(
    registry: Registry,
    record: Mapping[str, Any],
    base_dir: Path | None = None,
    where: str = "record",
    *,
    variant_of: Callable[[Game, str], Variant] | None = None,
    observers: bool = False,
) -> Session:
    """A fresh session set up as the record says, with no moves applied.

    ``where`` names the record (its path, say) in the error about a bad seed. The variant the
    record names (when it does not carry its rules) is loaded by name or path, relative to
    ``base_dir``; or by ``variant_of(game, name)``, for a caller that must look only among
    some variants (a server never reads a path it was sent). ``observers``: whether the end
    of the game is told to the ``asobi_game_over`` observers; off by default, since a session
    built from a record is one being replayed (:class:`asobi.play.session.Session`).
    """
    seed = parse_seed(record["seed"], where=where)
    game = registry.game(record["game"])
    notes: list[str] = []
    if isinstance(record.get("rules"), Mapping):
        variant = stored_variant(game, record, notes)
    else:
        if variant_of is not None:
            variant = variant_of(game, record["variant"])
        else:
            variant = game.load_variant(record["variant"], base_dir=base_dir)
        digest = record.get("variant_digest")
        if digest is not None and rules_digest(variant.rules) != digest:
            notes.append(
                f"variant '{record['variant']}' has changed since this record was made, and "
                "the record does not carry its rules: replaying with the rules of today"
            )
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
    session = Session(
        game,
        variant,
        tuple(seats),
        seed=seed,
        setup=record.get("setup"),
        variant_ref=record["variant"],
        observers=observers,
    )
    session.notes.extend(notes)
    return session


def stored_variant(game: Game, record: Mapping[str, Any], notes: list[str]) -> Variant:
    """The variant whose rules the record carries (``rules``), checked by the game's schema.

    The variant the record names is looked up only by name, never as a file, and only for its
    title and to tell (in ``notes``) when the copy installed here now has other rules."""
    rules = dict(record["rules"])
    name = str(record["variant"])
    problems = game.info.schema.validate(rules)
    if problems:
        lines = [
            f"  rules.{'.'.join(str(p) for p in path)}: {message}"
            if path
            else f"  rules: {message}"
            for path, message in problems
        ]
        raise AsobiError(
            f"the rules stored in the record do not fit {game.info.title} "
            f"({len(problems)} problem{'s' if len(problems) != 1 else ''}):\n" + "\n".join(lines)
        )
    title, description = name, ""
    if looks_like_path(name):
        title = Path(name).stem or name
    else:
        try:
            installed = game.load_variant(name)
        except AsobiError:
            installed = None
        if installed is not None:
            title, description = installed.title, installed.description
            if rules_digest(installed.rules) != rules_digest(rules):
                where = "built-in" if installed.origin == "built-in" else installed.origin
                notes.append(
                    f"the {where} variant '{name}' has changed since this record was made; "
                    "replaying with the rules stored in the record"
                )
    return Variant(
        game=game.name,
        name=Path(name).stem if looks_like_path(name) else name,
        title=title,
        description=description,
        rules=rules,
        source="record",
        chain=(name,),
        origin="record",
    )


def replay(
    registry: Registry,
    record: Mapping[str, Any],
    base_dir: Path | None = None,
    upto: int | None = None,
    where: str = "record",
) -> Session:
    """Replay a record's first ``upto`` moves (all by default) through
    :func:`asobi.play.replayer.replay_moves`; an illegal or malformed move names its index and the
    reason. The ``asobi_game_over`` observers are not told: a replay is not a game played."""
    session = start(registry, record, base_dir, where)
    for _step in replay_moves(session, record["moves"], upto):
        pass
    return session


def scoring_warning(session: Session, record: Mapping[str, Any]) -> str | None:
    """How the scoring plugins the record names differ from those taking part now (one line),
    or None when they are the same."""
    return difference(record.get("scoring"), session.scoring)


def show(
    session: Session,
    record: Mapping[str, Any],
    as_json: bool = False,
    out: IO[str] | None = None,
    err: IO[str] | None = None,
) -> int:
    """Print what ``asobi replay`` prints: notes (a variant that changed) and a warning when
    the scoring plugins are not the record's on ``err``, then the result on ``out``, as JSON
    (seats counted from 0) or as text (seats counted from 1, as people count them). Returns
    the exit status (a warning does not change it)."""
    out = out or sys.stdout
    err = err or sys.stderr
    for note in session.notes:
        print(f"asobi: note: {note}", file=err)
    warning = scoring_warning(session, record)
    if warning is not None:
        print(f"asobi: warning: {warning}", file=err)
    result = session.result()
    ordered = {k: result[k] for k in ("game", "variant", "finished", "rounds", "scores", "winner")}
    if as_json:
        print(json.dumps(ordered, indent=2, ensure_ascii=False), file=out)
        return 0
    print(summary(session, record, ordered), file=out)
    return 0


def summary(session: Session, record: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """The text form of a replay's result; seats are numbered from 1."""

    def seat(index: Any) -> str:
        return "none" if index is None else f"seat {int(index) + 1}"

    count = len(record["moves"])
    moves = ENGLISH.n("{n} move", "{n} moves", count).format(n=count)
    lines = [f"{session.game.info.title} - {session.variant.title}: {moves}"]
    for i, unit in enumerate(result["rounds"], 1):
        points = ", ".join(f"{p:+d}" for p in unit["points"])
        lines.append(f"  {i:>2}. points {points}  winner {seat(unit.get('winner'))}")
    scores = ", ".join(f"{seat(i)}: {s}" for i, s in enumerate(result["scores"]))
    lines.append(
        f"scores: {scores}  winner: {seat(result['winner'])}"
        f"{'' if result['finished'] else '  (unfinished)'}"
    )
    return "\n".join(lines)
