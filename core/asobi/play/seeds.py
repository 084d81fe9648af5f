"""Seeds: how they are drawn, written down and read back (docs/records.md, "seed").

Inside the program a seed is always a Python ``int`` fed to ``random.Random``. People and
records see it in one text form: plain decimal while it is below 2**53 (every JSON reader keeps
such numbers exact), otherwise ``0x`` followed by lowercase hex digits. Fresh seeds carry 128 bits
from the operating system's secure source, so a hand and the board do not give the deal away.
"""

from __future__ import annotations

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
