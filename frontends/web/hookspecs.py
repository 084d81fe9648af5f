# mypy: disable-error-code="empty-body"
"""The hooks the web frontend adds to every game's plugin manager.

Declared through the entry-point group ``asobi.hookspecs`` (see ``pyproject.toml``), the way
any frontend declares hooks of its own; a game implements them to give this frontend its art,
marked ``@hookimpl(optionalhook=True)`` so that the game still loads where this frontend is not
installed.
"""

from __future__ import annotations

import sys
from typing import Any

import pluggy

from asobi.registry import Game

hookspec = pluggy.HookspecMarker("asobi")


@hookspec(firstresult=True)
def asobi_web_assets() -> Any:
    """Return the folder (a :class:`pathlib.Path` or importlib Traversable) of the game's
    browser view, or ``None`` to use the web frontend's generic view.

    The web frontend serves the folder's files under ``/assets/<game>/``. It must hold
    ``view.js``, an ES module whose contract is documented in ``frontends/web/README.md``;
    the module draws an observation and sends the seat's chosen action. Card art and board
    drawings live here, with the game, not in the frontend.
    """


def web_assets(game: Game) -> Any:
    """The game's answer to :func:`asobi_web_assets` (None: the generic view)."""
    caller = getattr(game.hook, "asobi_web_assets", None)
    if caller is None or caller.spec is None:  # a registry built without this frontend's specs
        game.manager.add_hookspecs(sys.modules[__name__])
    return game.hook.asobi_web_assets()
