"""The one exception type for mistakes a user can make."""

from __future__ import annotations


class AsobiError(Exception):
    """A mistake the user can fix: bad variant file, bad record, illegal move, unknown game.

    The command line prints ``str(error)`` without a traceback and exits with status 2.
    ``where`` is an optional location prefix such as ``"variants/x.yaml:3:5"``. A plugin that
    fails is not the user's mistake: that is :class:`asobi.host.faults.PluginFault` (exit status 1).
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)
