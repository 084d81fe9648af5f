"""A game's plugin manager, where every plugin's answer is checked and its faults are named.

Each game has its own :class:`GameManager`: the specifications (the core's, the tools', those the
entry-point group ``asobi.hookspecs`` declares), the core's defaults (``trylast``), the
cross-cutting plugins, then the game. As a plugin is registered, each of its implementations is
wrapped in a guard. The guard is the one place where what a plugin does wrong becomes a
:class:`asobi.host.faults.PluginFault` naming that very plugin: a raise (a user's error,
:class:`asobi.errors.AsobiError`, stays one where the hook allows it), or an answer the hook's
:class:`Rule` refuses. Calls then go through pluggy's own loop, hook wrappers and
``firstresult`` included, so a caller sees pluggy's semantics and a fault that names the right
plugin. By hook (:data:`RULES`), a fault stops the game in play (scoring, building an agent,
the game's own hooks) or is reported in one line and the plugin's answer left out (listing
levels and house-rule packs, observing the end of a game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from asobi import __version__
from asobi.contract import hookspecs, toolspecs
from asobi.contract.model import GameInfo, ScoreRow
from asobi.errors import AsobiError
from asobi.host.faults import PluginFault, raised, returned
from asobi.host.origin import origin_of

DEFAULTS_NAME = "asobi:defaults"
"""The name the core's defaults plugin is registered under in every game's manager."""


def quiet(message: str) -> None:
    """Where warnings go when nobody listens (a manager built by hand)."""


# --------------------------------------------------------------------------- checks


def int_list(value: Any, length: int | None = None) -> bool:
    """A list (or tuple) of ints, of ``length`` items when given. (Written for speed: a
    search asks a game's hooks thousands of times a move.)"""
    if type(value) is not list and not isinstance(value, list | tuple):
        return False
    if length is not None and len(value) != length:
        return False
    for v in value:
        if type(v) is not int and (not isinstance(v, int) or isinstance(v, bool)):
            return False
    return True


def mapping_list(value: Any) -> bool:
    """A list (or tuple) of mappings: actions, events."""
    if type(value) is not list and not isinstance(value, list | tuple):
        return False
    for v in value:
        if type(v) is not dict and not isinstance(v, Mapping):
            return False
    return True


def str_list(value: Any) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(v, str) for v in value)


def is_folder(value: Any) -> bool:
    """A folder a house-rule pack may give: a :class:`pathlib.Path` or a ``Traversable``."""
    return isinstance(value, Path) or (
        callable(getattr(value, "joinpath", None)) and callable(getattr(value, "iterdir", None))
    )


def _seats(unit: Any) -> int | None:
    return len(unit.get("points") or ()) if isinstance(unit, Mapping) else None


def _result_seats(result: Any) -> int | None:
    return len(result.get("scores") or ()) if isinstance(result, Mapping) else None


def _score_rows(rows: Any, result: Any) -> bool:
    seats = _result_seats(result)
    return isinstance(rows, list | tuple) and all(
        isinstance(row, ScoreRow) and isinstance(row.label, str)
        and int_list(row.points, seats) for row in rows)


def _upgraded(moves: Any, record: Any) -> bool:
    return isinstance(moves, list | tuple) and len(moves) == len(record["moves"]) and all(
        move is None or (isinstance(move, Mapping) and isinstance(move.get("seat"), int)
                         and isinstance(move.get("action"), Mapping))
        for move in moves)


def _types(*names: str) -> Callable[[Any], bool]:
    """A check that an answer is a list of the contract's ``names`` (resolved when used:
    the measures module is the lab's and loads late)."""
    def check(answer: Any) -> bool:
        from asobi.contract import measures

        kinds = tuple(getattr(measures, name) for name in names)
        return isinstance(answer, list | tuple) and all(isinstance(a, kinds) for a in answer)
    return check


@dataclass(frozen=True)
class Rule:
    """What the core takes from one implementation of a hook, and what a fault of it does."""

    check: Callable[..., bool] | None = None
    """Whether an answer other than None is acceptable, given the answer and the arguments
    named in ``needs``; None: any answer is."""
    expected: str | Callable[..., str] = ""
    """What was expected, for the fault's message (or a function of ``needs``)."""
    needs: tuple[str, ...] = ()
    required: bool = False
    """None is a wrong answer too (a required hook has no default to fall back on)."""
    then: str | None = None
    """None: a fault is raised. Else it is reported in one line ending with this, and the
    plugin's answer is left out."""
    user_errors: bool = True
    """Whether a user's error (:class:`asobi.errors.AsobiError`) passes through as one."""


def _is_agent(answer: Any, level: str) -> bool:
    return callable(getattr(answer, "choose", None))


RULES: Mapping[str, Rule] = {
    "asobi_game_info": Rule(lambda a: isinstance(a, GameInfo), "a GameInfo", required=True),
    "asobi_to_act": Rule(int_list, "a list of int (seats)", required=True),
    "asobi_legal_actions": Rule(mapping_list, "a list of dict (actions)", required=True),
    "asobi_apply": Rule(mapping_list, "a list of dict (events)"),
    "asobi_observation": Rule(lambda a: isinstance(a, dict), "a dict", required=True),
    "asobi_result": Rule(lambda a: isinstance(a, dict) and all(
        key in a for key in ("finished", "rounds", "scores", "winner")),
        "a dict with 'finished', 'rounds', 'scores', 'winner'", required=True),
    "asobi_upgrade_record": Rule(
        _upgraded, lambda record: f"a list of {len(record['moves'])} moves (or None for a "
        "move to skip)", needs=("record",)),
    "asobi_render_text": Rule(lambda a: isinstance(a, str), "a str"),
    "asobi_describe_action": Rule(lambda a: isinstance(a, str), "a str"),
    "asobi_describe_event": Rule(lambda a: isinstance(a, str), "a str or None"),
    "asobi_describe_reason": Rule(lambda a: isinstance(a, str), "a str"),
    "asobi_score_rows": Rule(
        _score_rows, lambda result: f"a list of ScoreRow, each with {_result_seats(result)} points",
        needs=("result",)),
    "asobi_rules_text": Rule(lambda a: isinstance(a, str), "a str"),
    "asobi_adjust_points": Rule(lambda a, unit: int_list(a, _seats(unit)),
                                lambda unit: f"a list of {_seats(unit)} int", needs=("unit",)),
    "asobi_game_over": Rule(then="the game and its record are not affected", user_errors=False),
    "asobi_agent": Rule(_is_agent, lambda level: f"an agent (an object with choose) for "
                        f"ai:{level}", needs=("level",)),
    "asobi_agent_levels": Rule(str_list, "a list of str (level names)", then="skipped",
                               user_errors=False),
    "asobi_variant_folders": Rule(
        lambda a: isinstance(a, list | tuple) and all(map(is_folder, a)),
        "a list of folders (Path or Traversable)", then="skipped", user_errors=False),
    "asobi_bench": Rule(lambda a: isinstance(a, dict), "a dict"),
    "asobi_pinned_setup": Rule(lambda a: isinstance(a, Mapping), "a dict or None"),
    "asobi_turned_setup": Rule(lambda a: isinstance(a, Mapping), "a dict or None"),
    "asobi_lab_measures": Rule(_types("Measure"), "a list of Measure"),
    "asobi_restrictions": Rule(_types("Restriction"), "a list of Restriction"),
}
"""The core's rule for each of its hooks; a hook not listed (a frontend's own) is only
blamed for what it raises, and its caller checks the answer (:meth:`GameHooks.ask
<asobi.host.gamehooks.GameHooks.ask>`)."""
BLAME_ONLY = Rule()


# --------------------------------------------------------------------------- the manager


class GameManager(pluggy.PluginManager):
    """The plugin manager of one game (see the module). ``distribution`` names the game in
    fault messages (``asobi-nim 1.0.0``), ``culprits`` who provides each plugin by the name
    it is registered under (others are named by their module's distribution), ``warn``
    takes the one-line reports of faults that stop nothing."""

    def __init__(self, specs: Iterable[ModuleType | type] = (), distribution: str | None = None,
                 culprits: Mapping[str, str] | None = None,
                 warn: Callable[[str], None] = quiet) -> None:
        super().__init__("asobi")
        self.distribution = distribution
        self.culprits = dict(culprits or {})
        self.warn = warn
        self._said: set[str] = set()
        self.providers: dict[str, tuple[str, object]] = {}
        """Who gave the last agent of each level (its plugin's registered name and the
        plugin): :meth:`provider`."""
        for module in (hookspecs, toolspecs, *specs):
            self.add_hookspecs(module)
        from asobi.contract.defaults import Defaults

        self.register(Defaults(self), name=DEFAULTS_NAME)

    def register(self, plugin: object, name: str | None = None) -> str | None:
        """Register ``plugin`` as pluggy does, then guard each of its implementations."""
        registered = super().register(plugin, name)
        if registered is not None:
            for caller in self.get_hookcallers(plugin) or []:
                for impl in caller.get_hookimpls():
                    if impl.plugin is plugin and not (impl.wrapper or impl.hookwrapper):
                        self._guard(caller, impl)
        return registered

    def culprit(self, plugin_name: str, plugin: object) -> str:
        """Who provides the plugin registered as ``plugin_name``: a distribution and its
        version when known, else a module's name."""
        if plugin_name in self.culprits:
            return self.culprits[plugin_name]
        if plugin_name.startswith("game:") and self.distribution:
            return self.distribution
        if plugin_name.startswith("asobi:"):
            return f"asobi {__version__}"
        return origin_of(plugin)

    def provider(self, level: str) -> tuple[str, str | None]:
        """Who provided the last agent of ``level`` built here, and its plugin's registered
        name (for :func:`asobi.host.faults.guard_level`); the game when none was built yet."""
        if level not in self.providers:
            return self.distribution or "the game", None
        name, plugin = self.providers[level]
        return self.culprit(name, plugin), name

    @property
    def package(self) -> str | None:
        """The top-level package of the game plugin (registered as ``game:NAME``), where its
        ``locale`` folder lives."""
        for name, plugin in self.list_name_plugin():
            if name.startswith("game:"):
                module = plugin.__name__ if isinstance(plugin, ModuleType) else (
                    type(plugin).__module__)
                return str(module).split(".")[0]
        return None

    def game_fault(self, hook: str, problem: str) -> PluginFault:
        """A fault of whoever answers the game hook ``hook`` (the game, else the defaults),
        for a problem its caller found in the answer."""
        impls = getattr(self.hook, hook).get_hookimpls()
        chosen = next((i for i in impls if i.plugin_name.startswith("game:")),
                      impls[0] if impls else None)
        if chosen is None:
            return PluginFault(self.distribution or "the game", hook, problem)
        return PluginFault(self.culprit(chosen.plugin_name, chosen.plugin), hook, problem,
                           chosen.plugin_name)

    def say(self, message: str) -> None:
        """Warn once per message."""
        if message not in self._said:
            self._said.add(message)
            self.warn(message)

    def _guard(self, caller: pluggy.HookCaller, impl: pluggy.HookImpl) -> None:
        """Wrap ``impl`` so that its raise or a wrong answer is a fault naming its plugin.

        Pluggy gives an implementation only the arguments it names; the guard is given every
        argument of the hook (its ``argnames`` become the specification's), so that a check
        can read what it needs, and passes the implementation its own."""
        hook, rule = caller.name, RULES.get(caller.name, BLAME_ONLY)
        function, own = impl.function, tuple(impl.argnames)
        spec = tuple(caller.spec.argnames) if caller.spec is not None else own
        if not set(own) <= set(spec):
            return  # pluggy itself refuses such an implementation when the spec is known
        picks = None if own == spec else [spec.index(name) for name in own]
        needs = [spec.index(name) for name in rule.needs]
        check, required = rule.check, rule.required
        name, plugin = impl.plugin_name, impl.plugin

        def fail(fault: PluginFault, cause: BaseException | None = None) -> None:
            if rule.then is None:
                if cause is None:
                    raise fault
                raise fault from cause
            self.say(f"{fault}; {rule.then}")

        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                if picks is None:
                    answer: Any = function(*args, **kwargs)
                else:
                    answer = function(*[args[i] for i in picks], **kwargs)
            except PluginFault as fault:  # raised deeper, by a plugin this one called
                fail(fault)
                return None
            except Exception as exc:
                if rule.user_errors and isinstance(exc, AsobiError):
                    raise
                fail(raised(self.culprit(name, plugin), hook, exc, name), exc)
                return None
            if answer is None:
                if required:
                    fail(returned(self.culprit(name, plugin), hook, None, str(rule.expected),
                                  name))
                return None
            if check is None or (check(answer, *[args[i] for i in needs]) if needs
                                 else check(answer)):
                if hook == "asobi_agent":  # who gave the level's agent, to name its faults
                    self.providers[args[needs[0]]] = (name, plugin)
                return answer
            expected = rule.expected
            text = expected(*[args[i] for i in needs]) if callable(expected) else expected
            fail(returned(self.culprit(name, plugin), hook, answer, text, name))
            return None

        impl.function = guarded  # type: ignore[misc]  # pluggy reads both when it calls
        impl.argnames = spec  # type: ignore[misc]
