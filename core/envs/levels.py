"""OpenSpiel's bots as AI levels of every game: a cross-cutting plugin (``asobi.plugins``).

Where OpenSpiel is installed (``pip install asobi[openspiel]``), every game whose
``asobi_resample`` deals a world from an observation gets ``ai:openspiel-ismcts``, and such a
game of perfect information (``GameInfo.hides_information`` False) also ``ai:openspiel-mcts``
(both bots search worlds dealt from the seat's observation). Where it is not, this plugin lists
no level and builds no agent, quietly.
The option of a level is its budget in simulations, ``ai:openspiel-ismcts:400`` (default 300);
see :mod:`asobi.envs.bots`.

The agents simulate the game, so they need the game itself, not only its name: the plugin finds
it in the installed games (or in the registry a caller hands it, for games registered by hand).
It remembers the OpenSpiel game of each variant for as long as the plugin object lives.

Listing the levels needs no look-up (the hook is given the game's information and whether it
deals worlds); building an agent does, and finding a game loads a registry. An agent asked for
while the plugin is itself looking a game up is refused (None): it is the look-up's own
registry asking, and answering would load every game again, recursively.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pluggy

from asobi.envs.bots import ISMCTS, LEVELS, MCTS, SpielAgent, simulations_of
from asobi.envs.setting import Setting
from asobi.errors import AsobiError
from asobi.model import GameInfo
from asobi.registry import Game, Registry, discover
from asobi.session import canonical
from asobi.variants import Variant

hookimpl = pluggy.HookimplMarker("asobi")


def openspiel_installed() -> bool:
    """Whether OpenSpiel can be imported here (looked up, not imported)."""
    try:
        return (importlib.util.find_spec("pyspiel") is not None
                and importlib.util.find_spec("open_spiel") is not None)
    except (ImportError, ValueError):
        return False


def can_resample(game: Game) -> bool:
    """Whether ``game`` deals a world from a seat's observation (``asobi_resample``): what
    ISMCTS needs."""
    return game.hooks.can_resample()


class OpenSpielLevels:
    """The plugin. ``find(name)`` gives the game of that name (default: the installed one)."""

    def __init__(self, find: Callable[[str], Game] | None = None) -> None:
        self._find = find
        self._registry: Registry | None = None
        self._games: dict[tuple[str, str, int, str], Any] = {}
        self._lock = threading.RLock()
        self._finding = False
        """Whether a look-up of a game is under way (in the thread holding the lock)."""

    def game(self, name: str) -> Game:
        if self._find is not None:
            return self._find(name)
        if self._registry is None:
            self._registry = discover()
        return self._registry.game(name)

    def known(self, name: str) -> Game | None:
        """The game of that name, or None when this plugin cannot find it (a game registered
        by hand in another registry) or is asked while it looks a game up (see the module)."""
        with self._lock:
            if self._finding:
                return None
            self._finding = True
            try:
                return self.game(name)
            except AsobiError:
                return None
            finally:
                self._finding = False

    @hookimpl
    def asobi_agent_levels(self, info: GameInfo, resamples: bool) -> list[str] | None:
        if not resamples or not openspiel_installed():
            return None
        return [ISMCTS] if info.hides_information else [ISMCTS, MCTS]

    @hookimpl
    def asobi_agent(self, game: str, level: str, seat: int, rules: Mapping[str, Any],
                    players: int, seed: int) -> Any:
        name = level.partition(":")[0]
        if name not in LEVELS or not openspiel_installed():
            return None
        found = self.known(game)
        if found is None or not can_resample(found):
            return None
        simulations = simulations_of(level)
        spiel_game = self.spiel_game(game, rules, players, name)
        if name == MCTS and not spiel_game.spec.survey.perfect_information:
            raise AsobiError(f"ai:{MCTS} plays games of perfect information only; "
                             f"{found.info.title} hides things from its seats: use "
                             f"ai:{ISMCTS}")
        return SpielAgent(spiel_game, name, seat, seed, simulations)

    def spiel_game(self, name: str, rules: Mapping[str, Any], players: int, kind: str) -> Any:
        """The OpenSpiel game the bots of ``kind`` search (sequential; ISMCTS's of imperfect
        information), built once per game, rules and players."""
        key = (name, canonical({"rules": dict(rules)}), players, kind)
        if key not in self._games:
            from asobi.envs.spiel import AsobiGame, Catalogue, parameters

            game = self.game(name)
            variant = Variant(game=name, name="rules", title="rules", description="",
                              rules=dict(rules), source="the rules of the game in play",
                              origin="record")
            setting = Setting(game, variant, players, "rules")
            params = {**parameters(game), "players": players, "dynamics": "sequential"}
            spec = Catalogue().spec(setting, params)
            if kind == ISMCTS:
                spec = replace(spec, information="imperfect")
            self._games[key] = AsobiGame(params, spec)
        return self._games[key]


PLUGIN = OpenSpielLevels()
"""The instance the entry point names (``asobi.envs.levels:PLUGIN``)."""

