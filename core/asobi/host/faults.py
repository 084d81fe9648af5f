"""Plugin faults: a plugin that raises, or answers outside its hook's contract, named.

The core meets plugins at two boundaries: the hooks, each implementation guarded as it is
registered (:mod:`asobi.host.manager`), and the agents AI levels build (:class:`GuardedAgent`,
put around an agent where a game is played: :mod:`asobi.play.driver`). Whatever crosses one of
them is checked there, and anything wrong becomes a :class:`PluginFault` whose message names
the distribution and its version, the hook and what was wrong, in one line::

    asobi-myscore 0.1.0 `asobi_adjust_points` returned a str, expected a list of 2 int

A plugin fault is not a user error. :class:`asobi.errors.AsobiError` is for what the user can
fix by typing something else (exit status 2, a 4xx on the web); nothing typed fixes a broken
plugin, so :class:`PluginFault` stands beside it (exit status 1) and code that turns user
errors into messages ("move 3: illegal action") never swallows one. What happens next is the
same everywhere and documented in docs/plugins.md, "When a plugin fails": the game in play
stops with its record kept, tools skip the faulty plugin, an observer's fault is only reported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from asobi.errors import AsobiError

if TYPE_CHECKING:
    from asobi.contract.model import Action, Agent, Reason
    from asobi.host.installed import Game

EXIT_FAULT = 1
"""Exit status of a command a plugin's fault stopped (a user's mistake is 2)."""
LONGEST = 240
"""Characters of a plugin's own exception message kept in a fault's one line."""


class PluginFault(Exception):
    """A plugin raised, or answered something its hook's contract does not allow.

    ``culprit`` names who is at fault (``asobi-myscore 0.1.0``, ``ai:first from
    asobi-first-level 0.1.0``), ``hook`` what the core called (``asobi_adjust_points``,
    ``choose``), ``problem`` what was wrong (``returned a str, expected a list of 2 int``).
    ``plugin`` is the name the plugin is registered under in the game's plugin manager
    (``plugin:asobi-myscore 0.1.0``, ``game:koikoi``), when known: a tool uses it to go on
    without that plugin (:meth:`asobi.host.registry.Registry.without`). The original exception, if
    any, is the fault's ``__cause__``.
    """

    def __init__(self, culprit: str, hook: str, problem: str, plugin: str | None = None) -> None:
        self.culprit = culprit
        self.hook = hook
        self.problem = problem
        self.plugin = plugin
        super().__init__(culprit, hook, problem, plugin)

    def __str__(self) -> str:
        return f"{self.culprit} `{self.hook}` {self.problem}"

    @property
    def skippable(self) -> bool:
        """Whether a tool may go on without the plugin: a cross-cutting plugin's scoring or
        listing hook (not the AI level a seat asked for, nor the game itself)."""
        return (
            self.plugin is not None
            and self.plugin.startswith("plugin:")
            and self.hook.startswith("asobi_")
            and self.hook != "asobi_agent"
        )


# --------------------------------------------------------------------------- describing


def one_line(text: str, longest: int = LONGEST) -> str:
    """``text`` on one line, cut short when long."""
    flat = " ".join(text.split())
    return flat if len(flat) <= longest else flat[: longest - 3] + "..."


def kind(value: Any) -> str:
    """What ``value`` is, for a message: ``None``, ``a str``, ``an int``, ``a list of 2 int``."""
    if value is None:
        return "None"
    name = type(value).__name__
    if isinstance(value, list | tuple):
        if not value:
            return f"an empty {name}"
        inner = "/".join(sorted({type(v).__name__ for v in value}))
        return f"a {name} of {len(value)} {inner}"
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def raised(culprit: str, hook: str, exc: BaseException, plugin: str | None = None) -> PluginFault:
    """The fault of a plugin whose hook raised ``exc`` (chain it: ``raise ... from exc``)."""
    text = one_line(str(exc))
    return PluginFault(culprit, hook, f"raised {type(exc).__name__}" + (f": {text}" if text
                                                                        else ""), plugin)


def returned(
    culprit: str, hook: str, value: Any, expected: str, plugin: str | None = None
) -> PluginFault:
    """The fault of a plugin whose hook answered ``value`` where ``expected`` was due."""
    return PluginFault(culprit, hook, f"returned {kind(value)}, expected {expected}", plugin)


# --------------------------------------------------------------------------- agents


def _key(action: Any) -> str | None:
    """The canonical JSON of an action (as :func:`asobi.play.session.canonical`), None when it is
    not JSON."""
    import json

    try:
        return json.dumps(action, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None


class GuardedAgent:
    """An agent whose every answer is checked: one of the legal actions, or a
    :class:`PluginFault` naming the AI level and who provides it.

    An agent that raises (anything but a user error) is a fault as well. Build one with
    :func:`guard_agent`; ``agent`` is the agent it watches.
    """

    def __init__(self, agent: Agent, level: str, provider: str,
                 plugin: str | None = None) -> None:
        self.agent = agent
        self.level = level
        self.provider = provider
        self.plugin = plugin

    @property
    def culprit(self) -> str:
        return f"ai:{self.level} from {self.provider}"


    def choose(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        action = self._call("choose", self.agent.choose, observation, legal)
        return self._legal("choose", action, legal)

    def explain(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, str | Reason]:
        method = getattr(self.agent, "explain", None)
        if not callable(method):  # an agent that only chooses gives no reason
            return self.choose(observation, legal), ""
        answer = self._call("explain", method, observation, legal)
        if not (isinstance(answer, tuple) and len(answer) == 2):
            raise returned(self.culprit, "explain", answer, "a tuple (action, reason)",
                           self.plugin)
        action, reason = answer
        return self._legal("explain", action, legal), reason

    def _call(self, name: str, method: Callable[..., Any], *args: Any) -> Any:
        try:
            return method(*args)
        except (AsobiError, PluginFault):
            raise
        except Exception as exc:
            raise raised(self.culprit, name, exc, self.plugin) from exc

    def _legal(self, name: str, action: Any, legal: Sequence[Action]) -> Action:
        key = _key(action)
        if key is not None:
            for candidate in legal:
                if _key(candidate) == key:
                    return candidate
        shown = key if key is not None else repr(action)
        options = ", ".join(str(_key(a)) for a in legal[:6])
        more = "" if len(legal) <= 6 else f" and {len(legal) - 6} more"
        raise PluginFault(
            self.culprit, name,
            one_line(f"answered an illegal move {shown}; legal: {options}{more}", 400),
            self.plugin,
        )


def guard_agent(agent: Agent, level: str, provider: str, plugin: str | None = None) -> Agent:
    """``agent`` with every answer checked (:class:`GuardedAgent`); an agent already guarded
    is returned as it is. ``level`` is the level's name as a seat gives it (``first``,
    ``hard:0.3``), ``provider`` who provides it (``asobi-first-level 0.1.0``)."""
    if isinstance(agent, GuardedAgent):
        return agent
    return GuardedAgent(agent, level, provider, plugin)


def guard_level(agent: Agent, game: Game, level: str) -> Agent:
    """``agent``, built for ``ai:LEVEL`` of ``game``, with every answer checked and a fault
    named after the level and whoever provided its last agent
    (:meth:`asobi.host.manager.GameManager.provider`). ``level`` may carry a restriction
    (``normal/no-koikoi``): the level before the slash is named."""
    base = level.partition("/")[0]
    provider, plugin = game.manager.provider(base)
    return guard_agent(agent, base, provider, plugin)
