"""Finding installed games, frontends and cross-cutting plugins through entry points.

Nothing is imported until it is needed: listing games imports the game plugins and no
frontend; choosing a frontend imports that frontend only. A plugin that fails to import or
breaks the contract becomes a one-line warning naming its distribution, and the rest keeps
working.

Each game gets its own :class:`pluggy.PluginManager` holding the game plugin and the
cross-cutting plugins (group ``asobi.plugins``). A session only ever calls its own game's
manager, so two games never run each other's hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import pluggy

from asobi import hookspecs
from asobi.errors import AsobiError
from asobi.model import GameInfo
from asobi.schema import did_you_mean

GAMES_GROUP = "asobi.games"
FRONTENDS_GROUP = "asobi.frontends"
PLUGINS_GROUP = "asobi.plugins"

# Hooks every game plugin must implement; the others are optional.
REQUIRED_GAME_HOOKS = (
    "asobi_game_info",
    "asobi_setup",
    "asobi_to_act",
    "asobi_legal_actions",
    "asobi_apply",
    "asobi_observation",
    "asobi_result",
)


def _dist_name(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    if dist is not None:
        return f"{dist.name} {dist.version}"
    return ep.value


def new_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager("asobi")
    pm.add_hookspecs(hookspecs)
    return pm


@dataclass
class Game:
    """An installed game: its info and its own plugin manager."""

    info: GameInfo
    hook: Any  # pm.hook: call game hooks as game.hook.asobi_setup(ctx=...)
    manager: pluggy.PluginManager
    distribution: str

    @property
    def name(self) -> str:
        return self.info.name


@dataclass
class Frontend:
    """An installed frontend, not imported until :meth:`load`."""

    name: str
    entry_point: EntryPoint
    distribution: str

    def load(self) -> Any:
        try:
            return self.entry_point.load()
        except Exception as exc:  # a broken frontend is the user's to fix, not a crash
            raise AsobiError(
                f"frontend '{self.name}' from {self.distribution} failed to load: "
                f"{type(exc).__name__}: {exc}"
            ) from None


@dataclass
class Registry:
    """What is installed. Build with :func:`discover` (or by hand in tests)."""

    game_entry_points: list[EntryPoint] = field(default_factory=list)
    frontend_entry_points: list[EntryPoint] = field(default_factory=list)
    plugin_entry_points: list[EntryPoint] = field(default_factory=list)
    extra_plugins: list[object] = field(default_factory=list)
    warn: Callable[[str], None] = lambda message: None
    _games: dict[str, Game] | None = None
    _plugins: list[tuple[object, str]] | None = None
    _warned: set[str] = field(default_factory=set)

    # ------------------------------------------------------------------ plugins
    def _cross_cutting(self) -> list[tuple[object, str]]:
        if self._plugins is None:
            loaded: list[tuple[object, str]] = [(p, repr(p)) for p in self.extra_plugins]
            for ep in self.plugin_entry_points:
                try:
                    loaded.append((ep.load(), _dist_name(ep)))
                except Exception as exc:
                    self.warn(
                        f"plugin '{ep.name}' from {_dist_name(ep)} failed to load "
                        f"({type(exc).__name__}: {exc}); skipped"
                    )
            self._plugins = loaded
        return self._plugins

    def _load_game(self, ep: EntryPoint) -> Game | None:
        dist = _dist_name(ep)
        try:
            plugin = ep.load()
        except Exception as exc:
            self.warn(
                f"game '{ep.name}' from {dist} failed to load "
                f"({type(exc).__name__}: {exc}); skipped"
            )
            return None
        pm = new_manager()
        try:
            pm.register(plugin, name=f"game:{ep.name}")
            pm.check_pending()  # hooks that no spec knows are a broken contract too
        except Exception as exc:
            self.warn(f"game '{ep.name}' from {dist} breaks the hook contract ({exc}); skipped")
            return None
        missing = [h for h in REQUIRED_GAME_HOOKS if not getattr(pm.hook, h).get_hookimpls()]
        if missing:
            self.warn(
                f"game '{ep.name}' from {dist} does not implement {', '.join(missing)}; skipped"
            )
            return None
        try:
            info = pm.hook.asobi_game_info()
        except Exception as exc:
            self.warn(f"game '{ep.name}' from {dist} failed to describe itself ({exc}); skipped")
            return None
        if not isinstance(info, GameInfo):
            self.warn(f"game '{ep.name}' from {dist} returned no GameInfo; skipped")
            return None
        for other, other_name in self._cross_cutting():
            try:
                pm.register(other, name=f"plugin:{other_name}")
                pm.check_pending()
            except Exception as exc:
                if pm.is_registered(other):
                    pm.unregister(other)
                if other_name not in self._warned:
                    self._warned.add(other_name)
                    self.warn(f"plugin {other_name} breaks the hook contract ({exc}); skipped")
        return Game(info=info, hook=pm.hook, manager=pm, distribution=dist)

    # ------------------------------------------------------------------ games
    def games(self) -> dict[str, Game]:
        if self._games is None:
            games: dict[str, Game] = {}
            for ep in sorted(self.game_entry_points, key=lambda e: (e.name, e.value)):
                game = self._load_game(ep)
                if game is None:
                    continue
                if game.name in games:
                    kept = games[game.name]
                    self.warn(
                        f"two plugins provide the game '{game.name}': {kept.distribution} "
                        f"and {game.distribution}; using {kept.distribution}. Uninstall one "
                        "to silence this warning."
                    )
                    continue
                games[game.name] = game
            self._games = games
        return self._games

    def game(self, name: str) -> Game:
        games = self.games()
        if name not in games:
            known = ", ".join(sorted(games)) or "none"
            raise AsobiError(
                f"unknown game '{name}'{did_you_mean(name, games)}; installed games: {known}"
            )
        return games[name]

    # ------------------------------------------------------------------ frontends
    def frontends(self) -> dict[str, Frontend]:
        found: dict[str, Frontend] = {}
        for ep in sorted(self.frontend_entry_points, key=lambda e: (e.name, e.value)):
            if ep.name in found:
                self.warn(
                    f"two plugins provide the frontend '{ep.name}': "
                    f"{found[ep.name].distribution} and {_dist_name(ep)}; using the first"
                )
                continue
            found[ep.name] = Frontend(ep.name, ep, _dist_name(ep))
        return found

    def frontend(self, name: str) -> Frontend:
        frontends = self.frontends()
        if name not in frontends:
            known = ", ".join(sorted(frontends)) or "none"
            raise AsobiError(
                f"unknown frontend '{name}'{did_you_mean(name, frontends)}; "
                f"installed frontends: {known}"
            )
        return frontends[name]

    def distributions(self) -> list[str]:
        """``name version`` of every distribution that provides a plugin."""
        eps: Iterable[EntryPoint] = [
            *self.game_entry_points,
            *self.frontend_entry_points,
            *self.plugin_entry_points,
        ]
        return sorted({_dist_name(ep) for ep in eps})


def discover(warn: Callable[[str], None] = lambda message: None) -> Registry:
    """Read the installed entry points (imports nothing yet)."""
    eps = entry_points()
    return Registry(
        game_entry_points=list(eps.select(group=GAMES_GROUP)),
        frontend_entry_points=list(eps.select(group=FRONTENDS_GROUP)),
        plugin_entry_points=list(eps.select(group=PLUGINS_GROUP)),
        warn=warn,
    )
