"""Kept or refused, never both: a change is written to the store before anyone hears of it.

When the write fails (a full disk, a read-only or vanished file), the change is undone in
memory and the request is answered :class:`NotKept`, a 503 that says nothing changed.
"""

from __future__ import annotations

import sqlite3

from .errors import WebError

STORE_ERRORS = (sqlite3.Error, OSError)
"""What a failed write to the store raises."""


class NotKept(WebError):
    """A change the server could not write to its database: answered 503, nothing changed."""

    status = 503

    def __init__(self, what: str) -> None:
        super().__init__(f"the server could not keep {what}: writing to its database failed "
                         "(its disk may be full); nothing changed, try again in a moment",
                         "not-kept")
