"""The frontend's own words: English message ids, translations in ``locale/``."""

from __future__ import annotations

from collections.abc import Callable

from asobi.i18n import translator

PACKAGE = "asobi_frontends.tui"


def words(lang: str) -> Callable[[str], str]:
    """``_`` for the tui frontend's messages in ``lang``."""
    return translator(PACKAGE, lang)
