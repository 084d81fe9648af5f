"""Finding installed games, frontends and cross-cutting plugins through entry points.

Nothing is imported until it is needed: listing games imports the game plugins and no
frontend; choosing a frontend imports that frontend only. A plugin that fails to import or
breaks the contract becomes a one-line warning naming its distribution, and the rest keeps
working. A plugin that fails later, at run time, is named the same way by the game's hooks
(:mod:`asobi.host.gamehooks`, :mod:`asobi.host.faults`).

Each game gets its own plugin manager (:class:`asobi.host.manager.GameManager`) holding the
game plugin, the cross-cutting plugins (group ``asobi.plugins``) and the core's defaults
(:mod:`asobi.contract.defaults`, ``trylast``). A session only ever calls its own game's manager, so
two games never run each other's hooks. Hook specifications come from the core
(:mod:`asobi.contract.hookspecs`), the tools (:mod:`asobi.contract.toolspecs`) and the modules of
the entry-point group ``asobi.hookspecs``, through which a frontend declares hooks of its own.
A game is refused, in one line, when it implements a hook renamed since
(:data:`asobi.contract.hookspecs.RENAMED`, each named with its new name) or when what its
``GameInfo`` declares disagrees with the hooks it implements.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import Any

import pluggy

from asobi.contract import hookspecs
from asobi.contract.model import GameInfo
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault
from asobi.host.installed import Game as Game  # also where frontends and tools import it from
from asobi.host.manager import GameManager
from asobi.variants.schema import did_you_mean

GAMES_GROUP = "asobi.games"
FRONTENDS_GROUP = "asobi.frontends"
PLUGINS_GROUP = "asobi.plugins"
HOOKSPECS_GROUP = "asobi.hookspecs"

REQUIRED_GAME_HOOKS = hookspecs.REQUIRED_GAME_HOOKS


def _dist_name(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    if dist is not None:
        return f"{dist.name} {dist.version}"
    return ep.value


@dataclass
class Frontend:
    """An installed frontend, not imported until :meth:`load`."""

    name: str
    entry_point: EntryPoint
    distribution: str

    def load(self) -> Any:
        """The frontend's object; :class:`FrontendMissing` when a module it ``requires`` is not
        installed (an extra left out), AsobiError when it fails to load."""
        try:
            loaded = self.entry_point.load()
        except Exception as exc:  # a broken frontend is the user's to fix, not a crash
            raise AsobiError(
                f"frontend '{self.name}' from {self.distribution} failed to load: "
                f"{type(exc).__name__}: {exc}"
            ) from None
        requires = getattr(loaded, "requires", ())
        missing = [m for m in requires if isinstance(m, str) and not importable(m)]
        if missing:
            install = getattr(loaded, "install", "")
            raise FrontendMissing(self.name, missing, install if isinstance(install, str) else "")
        return loaded


class FrontendMissing(AsobiError):
    """A frontend whose modules are not all installed (its object's ``requires``), with what
    installs them (its ``install``)."""

    def __init__(self, name: str, missing: list[str], install: str) -> None:
        self.needs = f"needs {', '.join(missing)}" + (f": {install}" if install else "")
        super().__init__(f"the {name} frontend is not installed (it {self.needs})")


def importable(module: str) -> bool:
    """Whether ``module`` can be imported here (found, not imported)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


@dataclass
class Registry:
    """What is installed. Build with :func:`discover` (or by hand in tests)."""

    game_entry_points: list[EntryPoint] = field(default_factory=list)
    frontend_entry_points: list[EntryPoint] = field(default_factory=list)
    plugin_entry_points: list[EntryPoint] = field(default_factory=list)
    hookspec_entry_points: list[EntryPoint] = field(default_factory=list)
    extra_plugins: list[object] = field(default_factory=list)
    extra_hookspecs: list[ModuleType | type] = field(default_factory=list)
    warn: Callable[[str], None] = lambda message: None
    _games: dict[str, Game] | None = None
    _plugins: list[tuple[object, str]] | None = None
    _specs: list[ModuleType | type] | None = None
    _warned: set[str] = field(default_factory=set)
    load_faults: dict[str, PluginFault] = field(default_factory=dict)
    """Why each game that could not be used was left out, by its entry point's name."""
    known_distributions: dict[str, str] = field(default_factory=dict)
    """``name version`` by entry point value, for entry points rebuilt without their
    distribution (a worker process's: :meth:`labels` of the registry that sent them)."""
    _labels: dict[int, tuple[object, str]] = field(default_factory=dict, repr=False)
    """``name version`` of each distribution already named (by ``id``, with the distribution
    kept so that the ``id`` stays its own)."""

    def _dist(self, ep: EntryPoint) -> str:
        """``name version`` of the distribution that provides ``ep`` (:func:`_dist_name`),
        read once per distribution: each reading parses its metadata file anew."""
        dist = getattr(ep, "dist", None)
        if dist is None:
            return self.known_distributions.get(ep.value) or _dist_name(ep)
        known = self._labels.get(id(dist))
        if known is None or known[0] is not dist:
            known = (dist, _dist_name(ep))
            self._labels[id(dist)] = known
        return known[1]

    # ------------------------------------------------------------------ plugins
    def _cross_cutting(self) -> list[tuple[object, str]]:
        if self._plugins is None:
            loaded: list[tuple[object, str]] = [(p, repr(p)) for p in self.extra_plugins]
            for ep in self.plugin_entry_points:
                try:
                    loaded.append((ep.load(), self._dist(ep)))
                except Exception as exc:
                    self.warn(
                        f"plugin '{ep.name}' from {self._dist(ep)} failed to load "
                        f"({type(exc).__name__}: {exc}); skipped"
                    )
            self._plugins = loaded
        return self._plugins

    def _hookspecs(self) -> list[ModuleType | type]:
        """Hook specifications declared by frontends (group ``asobi.hookspecs``)."""
        if self._specs is None:
            specs = list(self.extra_hookspecs)
            for ep in self.hookspec_entry_points:
                try:
                    specs.append(ep.load())
                except Exception as exc:
                    self.warn(
                        f"hook specifications '{ep.name}' from {self._dist(ep)} failed to load "
                        f"({type(exc).__name__}: {exc}); skipped"
                    )
            # A module given by hand and declared by an entry point too is added once.
            self._specs = list({id(spec): spec for spec in specs}.values())
        return self._specs

    def _add_cross_cutting(self, pm: GameManager) -> None:
        for other, other_name in self._cross_cutting():
            problem = None
            try:
                pm.register(other, name=f"plugin:{other_name}")
                pm.check_pending()
                owned = sorted(_hooks_of(pm, other) - hookspecs.CROSS_CUTTING_HOOKS)
                if owned:
                    problem = (
                        f"implements game hooks ({', '.join(owned)}), which only a game may; "
                        "skipped"
                    )
            except Exception as exc:
                problem = f"breaks the hook contract ({exc}); skipped"
            if problem is not None:
                if pm.is_registered(other):
                    pm.unregister(other)
                if other_name not in self._warned:
                    self._warned.add(other_name)
                    self.warn(f"plugin {other_name} {problem}")

    def _load_game(self, ep: EntryPoint) -> Game | None:
        """The game ``ep`` provides; None, with a one-line warning, when it cannot be used
        (the reason kept in :attr:`load_faults` for :meth:`load_failure`)."""
        dist = self._dist(ep)
        try:
            return self._build_game(ep, dist)
        except PluginFault as fault:
            self.load_faults[ep.name] = fault
            self.warn(f"game '{ep.name}' from {dist} {fault.problem}; skipped")
            return None

    def _build_game(self, ep: EntryPoint, dist: str) -> Game:
        """The game of ``ep`` in its own manager; a :class:`PluginFault` (hook ``load``) says
        why it cannot be used."""
        name = f"game:{ep.name}"

        def refuse(problem: str, cause: BaseException | None = None) -> PluginFault:
            fault = PluginFault(dist, "load", problem, name)
            fault.__cause__ = cause
            return fault

        try:
            plugin = ep.load()
        except Exception as exc:
            raise refuse(f"failed to load ({type(exc).__name__}: {exc})", exc) from exc
        pm = GameManager(self._hookspecs(), dist, self._culprits(), self.warn)
        # Cross-cutting plugins first: pluggy asks the last registered first, so the game
        # answers its own hooks (asobi_agent for its own levels) before any plugin does.
        self._add_cross_cutting(pm)
        try:
            pm.register(plugin, name=name)
            implemented = _hooks_of(pm, plugin)
            renamed = [f"`{old}` (now `{new}`)" for old, new in hookspecs.RENAMED.items()
                       if old in implemented]
            if not renamed:
                pm.check_pending()  # hooks that no spec knows are a broken contract
        except Exception as exc:
            raise refuse(f"breaks the hook contract ({exc})", exc) from exc
        if renamed:
            raise refuse(f"implements hooks renamed since: {', '.join(renamed)}")
        missing = [h for h in REQUIRED_GAME_HOOKS if not _answered(pm, h)]
        if missing:
            raise refuse(f"does not implement {', '.join(missing)}")
        try:
            info = pm.hook.asobi_game_info()
        except PluginFault as fault:
            raise refuse(f"failed to describe itself ({fault.problem})", fault) from fault
        if info.upgrades_records != _answered(pm, "asobi_upgrade_record"):
            said, does = ("declares", "does not implement") if info.upgrades_records \
                else ("does not declare", "implements")
            raise refuse(f"{said} upgrades_records in its GameInfo but {does} "
                         "asobi_upgrade_record")
        self._report_level_clashes(pm, info, dist)
        return Game(info=info, manager=pm)

    def _report_level_clashes(self, pm: GameManager, info: GameInfo, dist: str) -> None:
        """Warn once when a cross-cutting plugin lists an AI level the game itself offers: the
        game answers for its own levels first, so the plugin's is never used."""
        own = {"random", *info.ai_levels}
        for impl in pm.hook.asobi_agent_levels.get_hookimpls():
            if not impl.plugin_name.startswith("plugin:"):
                continue
            levels: Any = impl.function(info.name, info) or []  # guarded: faults are reported
            for level in sorted(set(levels) & own):
                self._warn_once(
                    f"plugin {impl.plugin_name.removeprefix('plugin:')} adds the AI level "
                    f"'{level}' to {info.name}, which {dist} offers too: ai:{level} is the "
                    "game's own level; rename the plugin's to use it")

    def _warn_once(self, message: str) -> None:
        """Give ``message`` unless this registry already gave it (a registry rebuilt by
        :meth:`without` keeps the warnings already given)."""
        if message not in self._warned:
            self._warned.add(message)
            self.warn(message)

    def _culprits(self) -> dict[str, str]:
        """Who provides each cross-cutting plugin loaded from an installed distribution, by
        the name it is registered under (others are named when a fault needs it)."""
        return {
            f"plugin:{self._dist(ep)}": self._dist(ep)
            for ep in self.plugin_entry_points
            if getattr(ep, "dist", None) is not None or ep.value in self.known_distributions
        }

    def labels(self) -> dict[str, str]:
        """``name version`` of the distribution behind each game and plugin entry point that
        has one, by the entry point's value (what a worker needs to name them)."""
        return {ep.value: self._dist(ep)
                for ep in (*self.game_entry_points, *self.plugin_entry_points)
                if getattr(ep, "dist", None) is not None
                or ep.value in self.known_distributions}

    def without(self, plugin: str) -> Registry:
        """A registry like this one without the cross-cutting plugin registered as ``plugin``
        (``plugin:asobi-myscore 0.1.0``, from :attr:`asobi.host.faults.PluginFault.plugin`), for a
        tool that goes on without a faulty plugin; the very registry when it has no such
        plugin. Warnings already given are not given again."""
        name = plugin.removeprefix("plugin:")
        eps = [ep for ep in self.plugin_entry_points if name not in (self._dist(ep), ep.value)]
        extras = [p for p in self.extra_plugins if repr(p) != name]
        if len(eps) == len(self.plugin_entry_points) and len(extras) == len(self.extra_plugins):
            return self
        return replace(self, plugin_entry_points=eps, extra_plugins=extras, _games=None,
                       _plugins=None, load_faults={})

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
        """The installed game ``name``; AsobiError when there is none, saying why when a
        distribution installs it but it could not be used (:meth:`load_failure`)."""
        games = self.games()
        if name not in games:
            failure = self.load_failure(name)
            if failure is not None:
                raise AsobiError(failure)
            known = ", ".join(sorted(games)) or "none"
            raise AsobiError(
                f"unknown game '{name}'{did_you_mean(name, games)}; installed games: {known}"
            )
        return games[name]

    def load_failure(self, name: str) -> str | None:
        """Why the game ``name`` is missing although a distribution installs it (an entry point
        of that name whose plugin could not be used), in one sentence; ``None`` otherwise."""
        games = self.games()
        fault = self.load_faults.get(name)
        if name in games or fault is None:
            return None
        reason = fault.problem
        if isinstance(fault.__cause__, Exception) and reason.startswith("failed to load ("):
            reason = f"{type(fault.__cause__).__name__}: {fault.__cause__}"
        return f"the game '{name}' is installed ({fault.culprit}) but failed to load: {reason}"

    # ------------------------------------------------------------------ frontends
    def frontends(self) -> dict[str, Frontend]:
        found: dict[str, Frontend] = {}
        for ep in sorted(self.frontend_entry_points, key=lambda e: (e.name, e.value)):
            if ep.name in found:
                self.warn(
                    f"two plugins provide the frontend '{ep.name}': "
                    f"{found[ep.name].distribution} and {self._dist(ep)}; using the first"
                )
                continue
            found[ep.name] = Frontend(ep.name, ep, self._dist(ep))
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
        return sorted({self._dist(ep) for ep in eps})


def _answered(pm: pluggy.PluginManager, hook: str) -> bool:
    """Whether a plugin other than the core's own implements ``hook`` (a required hook has
    a default only so that its callers never go without an answer)."""
    return any(not impl.plugin_name.startswith("asobi:")
               for impl in getattr(pm.hook, hook).get_hookimpls())


def _hooks_of(pm: pluggy.PluginManager, plugin: object) -> set[str]:
    """The names of the hooks ``plugin`` implements."""
    return {caller.name for caller in pm.get_hookcallers(plugin) or []}


def discover(warn: Callable[[str], None] = lambda message: None) -> Registry:
    """Read the installed entry points (imports nothing yet)."""
    eps = entry_points()
    return Registry(
        game_entry_points=list(eps.select(group=GAMES_GROUP)),
        frontend_entry_points=list(eps.select(group=FRONTENDS_GROUP)),
        plugin_entry_points=list(eps.select(group=PLUGINS_GROUP)),
        hookspec_entry_points=list(eps.select(group=HOOKSPECS_GROUP)),
        warn=warn,
    )
