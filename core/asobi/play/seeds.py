"""Seeds: how they are drawn, derived, written down and read back (docs/records.md, "seed").

Inside the program a seed is always a Python ``int`` fed to ``random.Random``. People and
records see it in one text form: plain decimal while it is below 2**53 (every JSON reader keeps
such numbers exact), otherwise ``0x`` followed by lowercase hex digits. Fresh seeds carry 128 bits
from the operating system's secure source, so a hand and the board do not give the deal away.

Every seed the program derives from another (an agent's, a block's, a deal's...) is derived
here, by one small function each, so that the same seed gives the same game in every runner,
frontend and environment. Their arithmetic is frozen: records, arena and lab reports depend on
it bit for bit. Any new derivation uses one scheme, :func:`hashed_seed`: the first 64 bits
(big-endian) of the SHA-256 of a text ``"asobi-PURPOSE:PART:PART..."`` naming its purpose and
its inputs, shortened to 53 bits when the seed goes into a record as a JSON number.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets

from asobi.errors import AsobiError

SEED_BITS = 128
SEED_LIMIT = 2**256
"""Seeds are whole numbers from 0 up to, but not including, this bound."""
JSON_SAFE_LIMIT = 2**53
"""Below this a seed is written as a JSON number; from here on as a hex string."""
MAX_DECIMAL_DIGITS = 78
MAX_HEX_DIGITS = 64
SEED_FORMS = "a whole number or a hex string such as 0x1f"

_DECIMAL = re.compile(r"[0-9]+")
_HEX = re.compile(r"0[xX]([0-9a-fA-F]+)")


def new_seed() -> int:
    """A fresh seed of exactly 128 bits (the top bit is set, so its text has 32 hex digits)."""
    return secrets.randbits(SEED_BITS) | (1 << (SEED_BITS - 1))


def seed_text(seed: int) -> str:
    """The form a person sees and types back: decimal below 2**53, else ``0x`` + hex."""
    return str(seed) if seed < JSON_SAFE_LIMIT else "0x" + format(seed, "x")


def seed_to_json(seed: int) -> int | str:
    """The value stored in a record: the number itself when JSON keeps it exact, else its text."""
    return seed if seed < JSON_SAFE_LIMIT else seed_text(seed)


def parse_seed(value: object, where: str | None = None) -> int:
    """Read a seed given as a JSON number or as text; refuse anything else with a clear reason.

    ``where`` names the source (a record's path, say) and prefixes the error message.
    """
    problem = seed_problem(value)
    if problem is not None:
        raise AsobiError(f"'seed' must be {SEED_FORMS}; {problem}", where=where)
    return _to_int(value)


def seed_problem(value: object) -> str | None:
    """Why ``value`` is not a seed, or None when it is one."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return f"got {_describe(value)}"
    if isinstance(value, str):
        return _text_problem(value)
    if value < 0:
        return f"got {value}, which is negative"
    if value >= SEED_LIMIT:
        return "got a number of 2**256 or more"
    return None


def _text_problem(text: str) -> str | None:
    hex_match = _HEX.fullmatch(text)
    if hex_match is not None:
        if len(hex_match.group(1)) > MAX_HEX_DIGITS:
            return f"got {len(hex_match.group(1))} hex digits, more than {MAX_HEX_DIGITS}"
        return None
    if _DECIMAL.fullmatch(text) is None:
        if text.startswith("-") and _DECIMAL.fullmatch(text[1:]) is not None:
            return f"got {_shorten(text)}, which is negative"
        return f"got {_describe(text)}"
    if len(text) > MAX_DECIMAL_DIGITS:
        return f"got {len(text)} digits, more than {MAX_DECIMAL_DIGITS}"
    if int(text) >= SEED_LIMIT:
        return "got a number of 2**256 or more"
    return None


def _to_int(value: object) -> int:
    if isinstance(value, int):
        return value
    text = str(value)
    return int(text, 16) if text[:2].lower() == "0x" else int(text, 10)


def _describe(value: object) -> str:
    if isinstance(value, str):
        return "an empty text" if value == "" else f"the text {_shorten(value)!r}"
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a true/false value)"
    if isinstance(value, float):
        return f"{value!r}, a number with a decimal point"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def _shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


# ---------------------------------------------------------------- derived seeds
# Each function below reproduces, bit for bit, the arithmetic its callers used before it was
# gathered here (tests/core/test_seeds.py pins their values). Only hashed_seed is the scheme
# for new ones.


def hashed_seed(text: str, bits: int = 64) -> int:
    """The scheme for derived seeds: the first ``bits`` bits (at most 64, big-endian) of the
    SHA-256 of ``text``. Stable across Python versions, processes and platforms (``hash()`` is
    not)."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> (64 - bits)


def agent_seed(seed: int, seat: int, level: str) -> int:
    """The seed :func:`asobi.play.agents.make_agent` gives the agent of level ``level`` (its
    base name, without a ``/RESTRICTION``) in ``seat`` of a game seeded ``seed``."""
    return (seed * 1_000_003 + seat * 7919 + sum(map(ord, level))) % (2**63)


def decision_seed(seed: int, seat: int, level: str, move: int) -> int:
    """The seed of one AI decision: a function of the game's seed, the seat, the level and the
    number of moves made so far, and of nothing else (no generator carried between moves)."""
    return hashed_seed(f"{seed}:{seat}:{level}:{move}")


def observation_rng(seed: int, seen: str) -> random.Random:
    """A generator that depends only on an agent's ``seed`` and ``seen``, the text of what it
    sees now (the search AIs of the games: asking for a hint never changes the move). Its seed
    is the 64-bit BLAKE2b digest of ``"SEED:SEEN"``."""
    digest = hashlib.blake2b(f"{seed}:{seen}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def block_seed(seed: int, block: int) -> int:
    """The seed of block ``block`` of an arena or lab run whose base seed is ``seed``: its
    deal is drawn from it (a whole number from 1 to 2**31 - 1)."""
    return (seed * 1_000_003 + block * 7_919 + 12_345) % (2**31 - 1) + 1


def game_seed(block: int, place: int) -> int:
    """The seed of the game at ``place`` (its seating) in the block whose seed is ``block``:
    53 bits (a number a record keeps as a JSON number), so that no two games of a run share
    it by accident."""
    return hashed_seed(f"asobi-block-game:{block}:{place}", bits=53)


def deal_rng(seed: int) -> random.Random:
    """The generator a game's pinned deal (``asobi_pinned_setup``) is drawn from: ``seed``
    (the block's, or the game's own) alone decides it, apart from the session's generator."""
    return random.Random(f"asobi-deal:{seed}")


def spiel_deal_seed(rng_seed: int, number: int) -> int:
    """The seed of deal (game) ``number`` of an OpenSpiel game whose ``rng_seed`` is given."""
    return hashed_seed(f"asobi.envs deal {rng_seed}:{number}")


def illegal_move_rng(seed: int) -> random.Random:
    """The generator an environment's episode seeded ``seed`` draws a legal move from when it
    is given an illegal one."""
    return random.Random(f"asobi.envs illegal {seed}")


def vector_game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` (from 0, in the order they are dealt) of a vector
    environment (:class:`asobi.envs.vector.VectorEnv`) seeded ``seed``: 53 bits, the seed of
    the game's record."""
    return hashed_seed(f"asobi.envs vector {seed}:{number}", bits=53)


def numpy_seed(seed: int) -> int:
    """``seed`` cut to the 32 bits ``numpy.random.RandomState`` accepts."""
    return seed % 2**32


def fraction_seed(fraction: float) -> int:
    """A seed from a number in [0, 1) (a sampler's draw): its first 53 bits."""
    return int(fraction * 2**53)


def nth_seed(seed: int, number: int) -> int:
    """The seed of run ``number`` (from 0) of runs that follow a base ``seed``: consecutive
    numbers (the games of the conformance kit, the runs of ``asobi bench``)."""
    return seed + number


def kit_mover_seed(game_seed: int) -> int:
    """The seed of the one random agent that moves for every seat in a game of the conformance
    kit seeded ``game_seed`` (kept apart from :func:`agent_seed`: changing it would change
    every game the kit plays)."""
    return game_seed * 31 + 7


def check_rng(check: str, game_seed: int) -> random.Random:
    """The generator the conformance check named ``check`` gets for the game ``game_seed``."""
    return random.Random(f"{check}:{game_seed}")
