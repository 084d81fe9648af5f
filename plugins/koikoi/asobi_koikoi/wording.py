"""Wording shared by the text views of Koi-Koi: the translator, the names of seats and kinds.

The board (:mod:`asobi_koikoi.view`), the narration of events (:mod:`asobi_koikoi.narration`)
and the rules page (:mod:`asobi_koikoi.rulespage`) name seats and kinds of cards the same way
through these few functions.
"""

from __future__ import annotations

from typing import Any

from asobi.i18n import Translator, translator

Tr = Translator

KIND_LABELS = {"bright": "brights", "animal": "animals", "ribbon": "ribbons", "plain": "plains"}
"""The kinds of cards and their plural labels (translated where they are shown)."""


def tr(lang: str) -> Tr:
    """The Koi-Koi translator for ``lang``."""
    return translator("asobi_koikoi", lang)


def person(_: Tr, viewer: int | None, seat: int | None) -> str:
    """``seat`` as ``viewer`` calls it: "you", "the opponent", a seat number for an onlooker
    (``viewer`` None), or "nobody" (``seat`` None)."""
    if seat is None:
        return _("nobody")
    if viewer is None:
        return seat_label(_, seat)
    return _("you") if seat == viewer else _("the opponent")


def seat_label(_: Tr, seat: int) -> str:
    """A seat named for an onlooker, counted from 1."""
    return _("Seat {n}").format(n=seat + 1)


def pair(_: Tr, viewer: int | None, values: list[Any]) -> str:
    """One value per seat (scores, calls), the viewer's first, or both seats named for an
    onlooker."""
    if viewer is None:
        return _("{first}: {a} · {second}: {b}").format(
            first=seat_label(_, 0), a=values[0], second=seat_label(_, 1), b=values[1])
    return _("you {mine} · opponent {theirs}").format(
        mine=values[viewer], theirs=values[1 - viewer]
    )
