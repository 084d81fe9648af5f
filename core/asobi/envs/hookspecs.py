# mypy: disable-error-code="empty-body"
"""The hooks a game implements to give learning programs a good encoding of itself.

Declared through the entry-point group ``asobi.hookspecs``, the way a frontend declares hooks
of its own: the environments of :mod:`asobi.envs` (PettingZoo, OpenSpiel) read them. A game
implements them with ``@hookimpl(optionalhook=True)``, so that it still loads where this
module is not declared. All are optional: a game without them gets the generic encoding of
:mod:`asobi.envs.encoding` (a flattened observation scaled between 0 and 1, and the index of a
legal action).

This module imports nothing heavier than pluggy: the numerical libraries the environments need
are imported by them only.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from asobi.host.registry import Game

hookspec = pluggy.HookspecMarker("asobi")

ENCODING_HOOKS = ("asobi_observation_tensor", "asobi_observation_bounds", "asobi_action_space")
"""The hooks declared here, in the order the environments ask them."""


@hookspec(firstresult=True)
def asobi_observation_tensor(
    observation: Mapping[str, Any], rules: Mapping[str, Any], players: int
) -> Mapping[str, Sequence[Any]] | None:
    """Return ``observation`` (what one seat sees, as ``asobi_observation`` gave it) as
    numbers: a mapping of named parts, each a NumPy array, a sequence of numbers or a
    rectangular nested sequence of them (a plane of 48 cards, a table of painters by garden
    spaces), or ``None``.

    Called by the environments of ``asobi.envs`` for every observation they hand to a learner
    or an OpenSpiel algorithm, so it is worth making fast: float32 arrays are taken as they
    are, lists are converted. The parts, their order and their shapes must be the same for
    every observation of the same ``rules`` (the variant's merged rules) and number of
    ``players``: the environments fix the shape of their observation space from the first
    answer and refuse any other. Every number must lie within its part's bounds
    (``asobi_observation_bounds``; 0 to 1 where the game declares none): scale counts and
    points by what the rules allow, or squash what has no bound. Read the observation only,
    never the state, so the numbers hide what the seat cannot see. Optional: ``None`` (the
    default) gives the generic encoding, the observation's numbers flattened and scaled.
    """


@hookspec(firstresult=True)
def asobi_observation_bounds(
    rules: Mapping[str, Any], players: int
) -> Mapping[str, tuple[Any, Any]] | None:
    """Return the bounds of the numbers of ``asobi_observation_tensor`` under ``rules`` with
    ``players`` seats: a mapping of part names to ``(low, high)``, each a number (for the
    whole part) or an array of the part's shape (one bound a number), or ``None``.

    Called once when an environment is built: the bounds are the observation space's (the
    ``Box`` of PettingZoo), so a learner can scale its inputs and check them. A part left out
    lies between 0 and 1, as every number of PettingZoo's classic games does; bounds must be
    finite, low no higher than high. The environments check every observation against them
    and refuse a number outside as a fault of the game. Optional: ``None`` (the default)
    means every part lies between 0 and 1.
    """


@hookspec(firstresult=True)
def asobi_action_space(
    rules: Mapping[str, Any], players: int
) -> Sequence[Mapping[str, Any]] | None:
    """Return every action a seat can ever take under ``rules`` with ``players`` seats, each
    once and as the JSON-ready dict ``asobi_legal_actions`` lists it, or ``None``.

    Called once when an environment is built: an action's position in this list is its
    number (the ``Discrete`` action of PettingZoo, the action id of OpenSpiel), so a learner
    sees the same number for the same move in every position. Every legal action the game
    offers later must be in the list; the environments refuse a game that offers another.
    Optional: ``None`` (the default) numbers the legal actions of each decision in the order
    ``asobi_legal_actions`` lists them, up to the longest list the environment has seen.
    """


def ensure_declared(game: Game) -> None:
    """Add these specifications to ``game``'s plugin manager when its registry was built
    without them (a registry made by hand, or before the entry point was installed)."""
    for name in ENCODING_HOOKS:
        caller = getattr(game.hook, name, None)
        if caller is None or caller.spec is None:
            game.manager.add_hookspecs(sys.modules[__name__])
            return
