"""OpenSpiel's bots as AI levels of every game: a cross-cutting plugin (``asobi.plugins``).

Where OpenSpiel is installed (``pip install asobi[openspiel]``), every game whose
``asobi_resample`` deals a world from an observation gets ``ai:openspiel-ismcts``, and such a
game of perfect information (``GameInfo.hides_information`` False) also ``ai:openspiel-mcts``
(both bots search worlds dealt from the seat's observation). Where it is not, this plugin lists
no level and builds no agent, quietly.
The option of a level is its budget in simulations, ``ai:openspiel-ismcts:400`` (default 300);
see :mod:`asobi.envs.bots`.

The agents simulate the game, so they need the game itself, not only its name: the hook hands
it over (``installed``), so a game registered by hand gets the levels too and no second registry
is ever loaded. Listing the levels needs no game at all (the hook is given the game's
information and whether it deals worlds). The plugin remembers the OpenSpiel game of each
variant for as long as the plugin object lives.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pluggy

from asobi.contract.model import GameInfo
from asobi.envs.bots import ISMCTS, LEVELS, MCTS, SpielAgent, simulations_of
from asobi.envs.setting import Setting
from asobi.errors import AsobiError
from asobi.host.installed import Game
from asobi.play.session import canonical
from asobi.variants.loader import Variant

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
    """The plugin: OpenSpiel's bots for every game that deals worlds."""

    def __init__(self) -> None:
        self._games: dict[tuple[int, str, int, str], tuple[Game, Any]] = {}
        self._lock = threading.RLock()

    @hookimpl
    def asobi_agent_levels(self, info: GameInfo) -> list[str] | None:
        if not info.resamples or not openspiel_installed():
            return None
        return [ISMCTS] if info.hides_information else [ISMCTS, MCTS]

    @hookimpl
    def asobi_agent(self, level: str, seat: int, rules: Mapping[str, Any], players: int,
                    seed: int, installed: Game | None) -> Any:
        name = level.partition(":")[0]
        if name not in LEVELS or not openspiel_installed():
            return None
        if installed is None or not can_resample(installed):
            return None
        simulations = simulations_of(level)
        spiel_game = self.spiel_game(installed, rules, players, name)
        if name == MCTS and not spiel_game.spec.survey.perfect_information:
            raise AsobiError(f"ai:{MCTS} plays games of perfect information only; "
                             f"{installed.info.title} hides things from its seats: use "
                             f"ai:{ISMCTS}")
        return SpielAgent(spiel_game, name, seat, seed, simulations)

    def spiel_game(self, game: Game, rules: Mapping[str, Any], players: int, kind: str) -> Any:
        """The OpenSpiel game the bots of ``kind`` search (sequential; ISMCTS's of imperfect
        information; no information states, as both bots key their nodes on observations or
        states), built once per game object, rules and players."""
        key = (id(game), canonical({"rules": dict(rules)}), players, kind)
        with self._lock:
            known = self._games.get(key)
            if known is not None:  # (the game is held with it, so its id stays its own)
                return known[1]
            from asobi.envs.spiel import AsobiGame, Catalogue, parameters

            name = game.name
            variant = Variant(game=name, name="rules", title="rules", description="",
                              rules=dict(rules), source="the rules of the game in play",
                              origin="record")
            setting = Setting(game, variant, players, "rules")
            params = {**parameters(game), "players": players, "dynamics": "sequential"}
            spec = replace(Catalogue().spec(setting, params), recall=False)
            if kind == ISMCTS:
                spec = replace(spec, information="imperfect")
            spiel_game = AsobiGame(params, spec)
            self._games[key] = (game, spiel_game)
            return spiel_game


PLUGIN = OpenSpielLevels()
"""The instance the entry point names (``asobi.envs.levels:PLUGIN``)."""

