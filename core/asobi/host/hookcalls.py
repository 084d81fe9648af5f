"""How the core calls one game's plugin manager, and names whoever fails.

:class:`HookCalls` is the base of :class:`asobi.host.gamehooks.GameHooks`: a game hook is called
through pluggy and a raise becomes a fault of the game; a cross-cutting hook is called one
plugin at a time (in pluggy's order: the last registered first), so that a raise or a wrong
answer is the fault of the very plugin that gave it (:mod:`asobi.host.faults`). A wrapper
implementation (``wrapper=True``) of a cross-cutting hook is not called.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from asobi import __version__
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault, origin_of, raised, returned

DEFAULTS_NAME = "asobi:defaults"
"""The name the core's defaults plugin is registered under in every game's manager."""
CORE_PREFIX = "asobi:"
"""The core's own plugins in a game's manager (the defaults) are registered under names that
start with this."""


def _quiet(message: str) -> None:
    """Where warnings go when nobody listens (hooks built by hand)."""


class HookCalls:
    """Calls into the hooks of one game's plugin manager (``pm.hook``), faults named.

    ``distribution`` names the game in fault messages (``asobi-nim 1.0.0``); ``culprits`` maps
    the names plugins are registered under (``plugin:...``) to who provides them; others are
    named by the distribution of their module (:func:`asobi.host.faults.origin_of`). ``warn`` gets
    the one-line warnings of skipped and observed faults.
    """

    def __init__(
        self,
        hook: Any,
        name: str,
        distribution: str | None = None,
        culprits: Mapping[str, str] | None = None,
        warn: Callable[[str], None] | None = None,
    ) -> None:
        self.raw = hook
        """The manager's hook relay, for hooks a frontend declares itself."""
        self.name = name
        self.distribution = distribution
        self.culprits = dict(culprits or {})
        self.warn = warn or _quiet
        self._warned: set[str] = set()

    # ------------------------------------------------------------------ who is at fault
    def _who(self, plugin_name: str, plugin: object) -> str:
        """Who provides the plugin registered as ``plugin_name``: a distribution and version
        when one is known, else a module name."""
        if plugin_name in self.culprits:
            return self.culprits[plugin_name]
        if plugin_name.startswith("game:") and self.distribution:
            return self.distribution
        if plugin_name.startswith(CORE_PREFIX):
            return f"asobi {__version__}"
        return origin_of(plugin)

    def _game(self, hook: str) -> tuple[str, str | None]:
        """Who answers the game hook ``hook`` (and the name it is registered under): the game,
        or the core's defaults when the game does not implement it."""
        impls = getattr(self.raw, hook).get_hookimpls()
        for impl in impls:
            if impl.plugin_name.startswith("game:"):
                return self._who(impl.plugin_name, impl.plugin), impl.plugin_name
        if impls:
            last = impls[0]
            return self._who(last.plugin_name, last.plugin), last.plugin_name
        return self.distribution or self.name or "the game", None

    def declared(self, hook: str, check: Callable[[Any], bool], expected: str,
                 **kwargs: Any) -> Any:
        """The answer to a hook a frontend declares (entry-point group ``asobi.hookspecs``),
        checked like the core's: a raise or an answer ``check`` refuses is a fault of the game.
        ``None`` when no module declared ``hook`` in this manager (nobody can answer it)."""
        caller = getattr(self.raw, hook, None)
        if caller is None or not caller.has_spec():
            return None
        answer = self._call(hook, **kwargs)
        if answer is not None and not check(answer):
            raise self._wrong(hook, answer, expected)
        return answer

    def _call(self, hook: str, **kwargs: Any) -> Any:
        """The game hook's answer; a raise becomes a fault of the game."""
        try:
            return getattr(self.raw, hook)(**kwargs)
        except (AsobiError, PluginFault):
            raise
        except Exception as exc:
            raise self._raised(hook, exc) from exc

    def _raised(self, hook: str, exc: Exception) -> PluginFault:
        who, plugin = self._game(hook)
        return raised(who, hook, exc, plugin)

    def _wrong(self, hook: str, value: Any, expected: str) -> PluginFault:
        who, plugin = self._game(hook)
        return returned(who, hook, value, expected, plugin)

    def _impls(self, hook: str) -> list[Any]:
        """The implementations of a hook in the order pluggy calls them (the last registered
        first), wrappers left out."""
        return [
            impl for impl in reversed(getattr(self.raw, hook).get_hookimpls())
            if not (impl.wrapper or impl.hookwrapper)
        ]

    def _one(self, impl: Any, hook: str, kwargs: Mapping[str, Any],
             user_errors: bool = True) -> Any:
        """One implementation's answer; a raise becomes a fault naming its plugin (a user
        error stays one when ``user_errors``)."""
        try:
            return impl.function(*[kwargs[name] for name in impl.argnames])
        except PluginFault:
            raise
        except AsobiError as exc:
            if user_errors:
                raise
            raise raised(self._who(impl.plugin_name, impl.plugin), hook, exc,
                         impl.plugin_name) from exc
        except Exception as exc:
            raise raised(self._who(impl.plugin_name, impl.plugin), hook, exc,
                         impl.plugin_name) from exc

    def _fault_of(self, impl: Any, hook: str, value: Any, expected: str) -> PluginFault:
        return returned(self._who(impl.plugin_name, impl.plugin), hook, value, expected,
                        impl.plugin_name)

    def _say(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            self.warn(message)

    def _listed(self, hook: str, check: Callable[[Any], bool], expected: str,
                impls: Iterable[Any], given: Mapping[str, Any] | None = None) -> list[Any]:
        """The answers of a listing hook, one plugin at a time; a faulty plugin is left out
        with a one-line warning. ``given``: the hook's arguments besides ``game``."""
        answers = []
        kwargs = {"game": self.name, **(given or {})}
        for impl in impls:
            try:
                answer = self._one(impl, hook, kwargs, user_errors=False)
                if answer is not None and not check(answer):
                    raise self._fault_of(impl, hook, answer, expected)
            except PluginFault as fault:
                self._say(f"{fault}; skipped")
                continue
            if answer is not None:
                answers.append(answer)
        return answers

