"""The web server's refusals: user errors (AsobiError) that carry their HTTP status.

A plain :class:`asobi.errors.AsobiError` (an illegal move, a bad variant name) is a 400; these
subclasses say more precisely what went wrong. Every one of them is answered as
``{"error": message}`` and leaves every game as it was. A message often quotes what the request
sent; it goes through :func:`printable`, so that a text no UTF-8 answer can hold (a lone
surrogate, which JSON's ``\\ud800`` escape makes) is quoted as its escape instead of failing the
answer.
"""

from __future__ import annotations

from typing import Any

from asobi.errors import AsobiError
from asobi.variants.limits import printable

__all__ = [
    "BadRequest", "Conflict", "Forbidden", "NotFound", "TooLarge", "TooMany", "Unsupported",
    "WebError", "printable",
]


class WebError(AsobiError):
    status = 400

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(printable(message))
        self.code = code
        """A stable word for the page to tell refusals of one status apart (``token``...)."""


class BadRequest(WebError):
    """A request the server cannot read."""


class Forbidden(WebError):
    """A missing or wrong token, key or passphrase, or a table rule that forbids the request."""

    status = 403


class NotFound(WebError):
    """An unknown game, variant, language or file."""

    status = 404


class Conflict(WebError):
    """A move made on a version the table has left, or an invitation already used."""

    status = 409

    def __init__(self, message: str, payload: dict[str, Any] | None = None,
                 code: str | None = None) -> None:
        super().__init__(message, code)
        self.payload = payload


class TooLarge(WebError):
    status = 413


class Unsupported(WebError):
    """A body that is not JSON."""

    status = 415


class TooMany(WebError):
    """A limit of the server (games, games per creator, open streams) is reached."""

    status = 429


class TableStopped(WebError):
    """A plugin's fault stopped this table (:class:`asobi.host.faults.PluginFault`): not the
    player's mistake, so a 500, with the fault's one-line message and the code
    ``plugin-fault``. The table keeps its record; every other table goes on."""

    status = 500

    def __init__(self, fault: str) -> None:
        super().__init__(f"this table stopped because a plugin failed: {fault}", "plugin-fault")
        self.fault = fault
