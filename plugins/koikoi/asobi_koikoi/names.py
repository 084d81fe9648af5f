"""Card names for people: the English name of every card, and how views show a card.

The English names are the message ids of the ``asobi_koikoi`` catalogues (``locale/*.yaml``
hold each name in Portuguese, Italian and Japanese), so a view translates a card like any
other message, and the browser view, which receives the game's catalogue, can do the same.
Ids stay what records, observations and actions hold; names are for views only (the engine
never imports this module).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .cards import CARD_IDS, CARD_KIND, INDEX, PLAIN, SAKE_CUP

Tr = Callable[[str], str]

_SPECIAL: dict[str, str] = {
    "pine-crane": "Pine with crane",
    "pine-ribbon": "Pine ribbon (poetry)",
    "plum-warbler": "Plum with warbler",
    "plum-ribbon": "Plum ribbon (poetry)",
    "cherry-curtain": "Cherry with curtain",
    "cherry-ribbon": "Cherry ribbon (poetry)",
    "wisteria-cuckoo": "Wisteria with cuckoo",
    "wisteria-ribbon": "Wisteria ribbon",
    "iris-bridge": "Iris with bridge",
    "iris-ribbon": "Iris ribbon",
    "peony-butterflies": "Peony with butterflies",
    "peony-ribbon": "Peony ribbon (blue)",
    "clover-boar": "Clover with boar",
    "clover-ribbon": "Clover ribbon",
    "pampas-moon": "Pampas with moon",
    "pampas-geese": "Pampas with geese",
    "chrysanthemum-sake": "Chrysanthemum with sake cup",
    "chrysanthemum-ribbon": "Chrysanthemum ribbon (blue)",
    "maple-deer": "Maple with deer",
    "maple-ribbon": "Maple ribbon (blue)",
    "willow-rainman": "Willow with rain man",
    "willow-swallow": "Willow with swallow",
    "willow-ribbon": "Willow ribbon",
    "willow-lightning": "Willow with lightning",
    "paulownia-phoenix": "Paulownia with phoenix",
}


def _english(card: str) -> str:
    if card in _SPECIAL:
        return _SPECIAL[card]
    plant, _, number = card.rsplit("-", 2)  # the plains: "<plant>-plain-<n>"
    return f"{plant.capitalize()} plain {number}"


CARD_NAMES: dict[str, str] = {card: _english(card) for card in CARD_IDS}
"""Card id -> English name (the catalogue key of its translations)."""

KIND_NAMES: dict[str, str] = {"bright": "bright", "animal": "animal", "ribbon": "ribbon",
                              "plain": "plain"}
"""Card kind -> its English label, singular (catalogue keys)."""
SAKE_BOTH = "animal and plain"
"""The sake cup's kind label when the rules count it as a plain too."""

TILE_WORDINGS: dict[str, dict[str, str]] = {
    "it": {"willow-rainman": "l'uomo della pioggia"},
}
"""Language -> card -> a shorter wording of the card for a tile, whose first line already
names the month and plant: only where the name without its plant would need a tile wider than
four of them a row leave in 100 columns ("con l'uomo della pioggia", 24 cells). The wording
stays whole: it drops words, never cuts one. Other cards, and other languages, show their
name without its plant (``asobi_koikoi.tuiview.tiles.short_name``)."""


def tile_wording(lang: str, card: str) -> str | None:
    """The shorter tile wording of ``card`` in ``lang``, or None where the tile shows the
    card's name without its plant."""
    return TILE_WORDINGS.get(lang, {}).get(card)


def card_name(_: Tr, card: str) -> str:
    """The name of ``card`` in the translator's language (an unknown id is shown as it is)."""
    name = CARD_NAMES.get(card)
    return _(name) if name is not None else card


def card_names(_: Tr, cards: Iterable[str]) -> str:
    """Names of ``cards`` separated by commas."""
    return _(", ").join(card_name(_, c) for c in cards)


def kind_label(_: Tr, card: str, sake_is_plain: bool) -> str:
    """The kind of ``card`` as a short label (the sake cup may be an animal and a plain)."""
    if card == SAKE_CUP and sake_is_plain:
        return _(SAKE_BOTH)
    return _(KIND_NAMES[CARD_KIND[INDEX[card]]])


def counts_as(card: str, sake_is_plain: bool) -> tuple[str, ...]:
    """The kinds ``card`` counts towards in yaku (two for the sake cup when it is a plain)."""
    kind = CARD_KIND[INDEX[card]]
    return (kind, PLAIN) if card == SAKE_CUP and sake_is_plain else (kind,)
