# mypy: disable-error-code="empty-body"
"""The hooks the web frontend adds to every game's plugin manager.

Declared through the entry-point group ``asobi.hookspecs`` (see ``pyproject.toml``), the way
any frontend declares hooks of its own; a game implements them to give this frontend its art
(``asobi_web_assets``) and its replay viewer every card (``asobi_reveal``), marked
``@hookimpl(optionalhook=True)`` so that the game still loads where this frontend is not
installed. The frontend calls them through :func:`web_assets` and :func:`reveal`, which
declare them on a registry built without them and check the answers.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

import pluggy

from asobi.host.registry import Game

hookspec = pluggy.HookspecMarker("asobi")


@hookspec(firstresult=True)
def asobi_web_assets() -> Any:
    """Return the folder (a :class:`pathlib.Path` or importlib Traversable) of the game's
    browser view, or ``None`` to use the web frontend's generic view.

    The web frontend serves the folder's files under ``/assets/<game>/``. It must hold
    ``view.js``, an ES module whose contract is documented in
    ``frontends/asobi_frontends/web/README.md``; the module draws an observation and sends the
    seat's chosen action. Card art and board drawings live here, with the game, not in the frontend.

    Optional: without a folder, the generic view shows the game from the hooks every game has:
    the seat's text view (``asobi_render_text`` of its observation, in the page's language),
    its legal actions as buttons labelled by ``asobi_describe_action``, the events of each move
    in the game's words (``asobi_describe_event``) and the scores of ``asobi_result``. A new
    game plays in the browser from its first day; a view of its own is for a look of its own.
    """


@hookspec(firstresult=True)
def asobi_reveal(state: Any) -> dict[str, list[Any]] | None:
    """Return every seat's hand in ``state``, or ``None`` when the game cannot tell them.

    The answer maps each seat, as a string (``"0"``, ``"1"``...: JSON object keys), to the
    cards of that seat's hand in the form the game's observations use for card ids (Koi-Koi:
    ``"pine-crane"``; Sakura: card numbers). The web replay viewer adds it to an observation
    as ``revealed`` to show every card, and asks only for the record of a game that is over
    (whose holder could compute every hand from its seed anyway): never call it for a game
    still being played. Optional: ``None`` (no answer) means the game cannot reveal, and the
    viewer then offers only the seats' own views.
    """


def _declare(game: Game) -> None:
    """Add these specifications to ``game``'s manager when its registry was built without
    them (a registry made by hand, or before the entry point was installed)."""
    for name in ("asobi_web_assets", "asobi_reveal"):
        caller = getattr(game.hook, name, None)
        if caller is None or caller.spec is None:
            game.manager.add_hookspecs(sys.modules[__name__])
            return


def web_assets(game: Game) -> Any:
    """The game's answer to :func:`asobi_web_assets` (None: the generic view)."""
    _declare(game)
    return game.hook.asobi_web_assets()


def generic_text(game: Game, observation: Mapping[str, Any], lang: str) -> str | None:
    """What the generic view draws for a game without a browser view of its own: the seat's
    ``observation`` as the game's text view (``asobi_render_text``) in ``lang``; None for a
    game whose own view draws its observations (the text would go unused)."""
    if web_assets(game) is not None:
        return None
    return game.hooks.render_text(observation, lang)


def reveal(game: Game, state: Any) -> dict[str, list[Any]] | None:
    """The game's answer to :func:`asobi_reveal` for a finished game's ``state``, each seat's
    hand a list (None: the game cannot reveal); an answer of another shape is a fault of the
    game (:class:`asobi.host.faults.PluginFault`)."""
    _declare(game)
    hands = game.hooks.ask("asobi_reveal", _hands, "a dict of lists (hands) or None",
                           state=state)
    return None if hands is None else {str(k): list(v) for k, v in hands.items()}


def _hands(answer: Any) -> bool:
    """An answer of ``asobi_reveal``: a mapping of seats to lists of cards."""
    return isinstance(answer, Mapping) and all(
        isinstance(v, list | tuple) for v in answer.values())
