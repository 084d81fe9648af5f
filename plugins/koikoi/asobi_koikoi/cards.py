"""The 48 Hanafuda cards: canonical ids, months, kinds, named groups and bit masks.

Inside the engine a card is an index 0..47, ``(month - 1) * 4 + slot``, and a set of cards is
an ``int`` with bit ``index`` set (so the four cards of month ``m`` are the nibble at bit
``4 * (m - 1)``). Outside the engine (records, variant files, observations) a card is its id.
"""

from __future__ import annotations

from collections.abc import Iterable

BRIGHT = "bright"
ANIMAL = "animal"
RIBBON = "ribbon"
PLAIN = "plain"
KINDS: tuple[str, ...] = (BRIGHT, ANIMAL, RIBBON, PLAIN)

PLANTS: tuple[str, ...] = (
    "pine", "plum", "cherry", "wisteria", "iris", "peony",
    "clover", "pampas", "chrysanthemum", "maple", "willow", "paulownia",
)

# (id, kind) in deck order: four per month, month 1 first.
_TABLE: tuple[tuple[str, str], ...] = (
    ("pine-crane", BRIGHT), ("pine-ribbon", RIBBON),
    ("pine-plain-1", PLAIN), ("pine-plain-2", PLAIN),
    ("plum-warbler", ANIMAL), ("plum-ribbon", RIBBON),
    ("plum-plain-1", PLAIN), ("plum-plain-2", PLAIN),
    ("cherry-curtain", BRIGHT), ("cherry-ribbon", RIBBON),
    ("cherry-plain-1", PLAIN), ("cherry-plain-2", PLAIN),
    ("wisteria-cuckoo", ANIMAL), ("wisteria-ribbon", RIBBON),
    ("wisteria-plain-1", PLAIN), ("wisteria-plain-2", PLAIN),
    ("iris-bridge", ANIMAL), ("iris-ribbon", RIBBON),
    ("iris-plain-1", PLAIN), ("iris-plain-2", PLAIN),
    ("peony-butterflies", ANIMAL), ("peony-ribbon", RIBBON),
    ("peony-plain-1", PLAIN), ("peony-plain-2", PLAIN),
    ("clover-boar", ANIMAL), ("clover-ribbon", RIBBON),
    ("clover-plain-1", PLAIN), ("clover-plain-2", PLAIN),
    ("pampas-moon", BRIGHT), ("pampas-geese", ANIMAL),
    ("pampas-plain-1", PLAIN), ("pampas-plain-2", PLAIN),
    ("chrysanthemum-sake", ANIMAL), ("chrysanthemum-ribbon", RIBBON),
    ("chrysanthemum-plain-1", PLAIN), ("chrysanthemum-plain-2", PLAIN),
    ("maple-deer", ANIMAL), ("maple-ribbon", RIBBON),
    ("maple-plain-1", PLAIN), ("maple-plain-2", PLAIN),
    ("willow-rainman", BRIGHT), ("willow-swallow", ANIMAL),
    ("willow-ribbon", RIBBON), ("willow-lightning", PLAIN),
    ("paulownia-phoenix", BRIGHT), ("paulownia-plain-1", PLAIN),
    ("paulownia-plain-2", PLAIN), ("paulownia-plain-3", PLAIN),
)

CARD_IDS: tuple[str, ...] = tuple(card for card, _ in _TABLE)
CARD_KIND: tuple[str, ...] = tuple(kind for _, kind in _TABLE)
INDEX: dict[str, int] = {card: i for i, card in enumerate(CARD_IDS)}
DECK_SIZE = 48
FULL = (1 << DECK_SIZE) - 1

SAKE_CUP = "chrysanthemum-sake"
RAIN_MAN = "willow-rainman"


def month_of(index: int) -> int:
    """Month 1..12 of card ``index``."""
    return (index >> 2) + 1


def month_mask(month: int) -> int:
    """The four cards of ``month`` (1..12)."""
    return 0xF << (4 * (month - 1))


MONTH_MASKS: tuple[int, ...] = tuple(month_mask(m) for m in range(1, 13))
"""Indexed by card index >> 2."""
CARD_MONTH_MASK: tuple[int, ...] = tuple(MONTH_MASKS[i >> 2] for i in range(DECK_SIZE))
"""The month mask of each card index."""


def mask_of(cards: Iterable[str]) -> int:
    """Bit set of card ids (ids must be valid)."""
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


def kind_mask(kind: str) -> int:
    return mask_of(c for c, k in zip(CARD_IDS, CARD_KIND, strict=True) if k == kind)


GROUPS: dict[str, tuple[str, ...]] = {
    "red-poetry-ribbons": ("pine-ribbon", "plum-ribbon", "cherry-ribbon"),
    "blue-ribbons": ("peony-ribbon", "chrysanthemum-ribbon", "maple-ribbon"),
    "plain-red-ribbons": ("wisteria-ribbon", "iris-ribbon", "clover-ribbon", "willow-ribbon"),
    "boar-deer-butterflies": ("clover-boar", "maple-deer", "peony-butterflies"),
    "brights-without-rain-man": (
        "pine-crane", "cherry-curtain", "pampas-moon", "paulownia-phoenix",
    ),
}
"""Named card groups usable in variant files (besides the four kinds)."""


_BYTE_IDS: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(CARD_IDS[8 * part + bit] for bit in range(8) if byte >> bit & 1)
          for byte in range(256))
    for part in range(DECK_SIZE // 8)
)
"""The ids of every byte of a bit set: ``_BYTE_IDS[k][b]`` are the cards of byte ``b`` at
bits ``8k`` to ``8k + 7``, in deck order (observations list cards at every move)."""


def ids_of(mask: int) -> list[str]:
    """Card ids of a bit set, in deck order."""
    b0, b1, b2, b3, b4, b5 = _BYTE_IDS
    return [*b0[mask & 255], *b1[mask >> 8 & 255], *b2[mask >> 16 & 255],
            *b3[mask >> 24 & 255], *b4[mask >> 32 & 255], *b5[mask >> 40 & 255]]


def indexes_of(mask: int) -> list[int]:
    """Card indexes of a bit set, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# Per-month counting without a loop: after these two steps every nibble of the result holds
# the number of cards of that month in the set (0..4).
_M1 = 0x555555555555
_M2 = 0x333333333333
_NIB0 = 0x111111111111
_NIB2 = 0x444444444444


def month_counts(mask: int) -> int:
    """Nibble-packed per-month card counts of ``mask``."""
    x = mask - ((mask >> 1) & _M1)
    return (x & _M2) + ((x >> 2) & _M2)


def has_full_month(mask: int) -> bool:
    """True when ``mask`` holds all four cards of some month."""
    return bool(month_counts(mask) & _NIB2)


def full_months(mask: int) -> list[int]:
    """Months (1..12) of which ``mask`` holds all four cards."""
    counts = month_counts(mask) & _NIB2
    return [m + 1 for m in range(12) if counts >> (4 * m + 2) & 1]


def pair_count(mask: int) -> int:
    """How many months ``mask`` holds exactly two cards of."""
    x = month_counts(mask)
    return ((x >> 1) & ~x & ~(x >> 2) & _NIB0).bit_count()
