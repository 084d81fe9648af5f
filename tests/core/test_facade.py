"""The typed facade (``game.hooks``) is held to the hook specifications: one method per hook
of the core and the tools, with the hook's arguments and an answer of the hook's type; every
optional hook has its default in the defaults plugin; and no other code calls a hook of the
core by its pluggy name."""

from __future__ import annotations

import inspect
import random
import re
import types
import typing
from collections.abc import Callable, Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, get_type_hints

import pluggy
import pytest

from asobi.contract import defaults, hookspecs, toolspecs
from asobi.contract.measures import Measure, Restriction
from asobi.contract.model import Agent, GameInfo, Reason, ScoreRow, SetupContext
from asobi.host.gamehooks import GameHooks
from asobi.host.installed import Game
from asobi.host.manager import GameManager
from asobi.variants.loader import load
from asobi.variants.schema import Struct

ROOT = Path(__file__).resolve().parents[2]
SPEC_MODULES = (hookspecs, toolspecs)
NAMES = {"Traversable": Traversable, "Path": Path, "Measure": Measure,
         "Restriction": Restriction, "Agent": Agent, "GameInfo": GameInfo, "Reason": Reason,
         "SetupContext": SetupContext, "ScoreRow": ScoreRow, "random": random, "Game": Game}
"""What the annotations of the specifications and the facade name only for type checkers."""
METHOD = {"asobi_game_info": "info"}
"""Facade methods not named as their hook without ``asobi_``."""
NONE = type(None)

hookspec = pluggy.HookspecMarker("asobi")


def specs(module: types.ModuleType) -> dict[str, Callable[..., Any]]:
    return {name: value for name, value in vars(module).items()
            if name.startswith("asobi_") and callable(value) and hasattr(value, "asobi_spec")}


def method_of(hook: str) -> str:
    return METHOD.get(hook, hook.removeprefix("asobi_"))


def arguments(function: Callable[..., Any]) -> list[str]:
    return [name for name in inspect.signature(function).parameters if name != "self"]


def returns(function: Callable[..., Any]) -> Any:
    return get_type_hints(function, localns=NAMES)["return"]


def members(hint: Any) -> set[Any]:
    """The types a union is made of (one type is a union of one)."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return set(typing.get_args(hint))
    return {hint}


def compatible(spec: Callable[..., Any], method: Callable[..., Any]) -> bool:
    """Whether the facade's answer fits the hook's: for a hook whose first answer counts, the
    same type or a narrower union (the defaults promise an answer); for a hook every plugin
    answers, nothing, a list of the answers, or their lists joined in one."""
    mine, theirs = returns(method), returns(spec)
    if Any in members(theirs):
        return True
    answers = members(theirs) - {NONE}
    if spec.asobi_spec.get("firstresult"):  # type: ignore[attr-defined]
        return members(mine) <= members(theirs)
    one = answers.pop() if len(answers) == 1 else None
    return (mine is NONE and theirs is NONE) or mine in (list[one], one)  # type: ignore[valid-type]


def mismatches(modules: tuple[types.ModuleType, ...], facade: type) -> list[str]:
    """Every way ``facade`` departs from the hooks of ``modules``."""
    found = []
    for module in modules:
        for hook, spec in specs(module).items():
            method = getattr(facade, method_of(hook), None)
            if method is None:
                found.append(f"{hook}: no method {method_of(hook)}")
                continue
            wanted = arguments(spec)
            if hook in hookspecs.CROSS_CUTTING_HOOKS:
                wanted.remove("game")  # the facade knows its game
            if "installed" in wanted:
                wanted.remove("installed")  # and hands over the game it belongs to
            if arguments(method) != wanted:
                found.append(f"{hook}: arguments {arguments(method)}, the hook's {wanted}")
            if not compatible(spec, method):
                found.append(f"{hook}: answers {returns(method)}, the hook {returns(spec)}")
    return found


def test_every_hook_of_the_core_and_the_tools_has_a_facade_method_of_its_shape():
    assert mismatches(SPEC_MODULES, GameHooks) == []
    assert set(hookspecs.REQUIRED_GAME_HOOKS) | hookspecs.CROSS_CUTTING_HOOKS <= set(
        specs(hookspecs))
    assert set(specs(toolspecs)) == {"asobi_bench", "asobi_pinned_setup", "asobi_turned_setup",
                                     "asobi_lab_measures", "asobi_restrictions"}


class Extra:
    """A hook added to the specifications, and the facade methods that do or do not fit."""

    @hookspec(firstresult=True)
    def asobi_weather(self, state: Any, seat: int) -> str | None:
        """A made-up hook."""


def test_the_check_finds_a_hook_without_a_method_or_with_other_arguments_or_answers():
    module = types.ModuleType("extra")
    module.asobi_weather = Extra.asobi_weather  # type: ignore[attr-defined]

    class Missing(GameHooks):
        pass

    class Renamed(GameHooks):
        def weather(self, state: Any, viewer: int) -> str:
            return ""

    class Wider(GameHooks):
        def weather(self, state: Any, seat: int) -> str | int:
            return ""

    class Fits(GameHooks):
        def weather(self, state: Any, seat: int) -> str:
            return ""

    assert mismatches((module,), Missing) == ["asobi_weather: no method weather"]
    assert mismatches((module,), Renamed) == [
        "asobi_weather: arguments ['state', 'viewer'], the hook's ['state', 'seat']"]
    assert [m.split(":")[0] for m in mismatches((module,), Wider)] == ["asobi_weather"]
    assert mismatches((module,), Fits) == []


# --------------------------------------------------------------------------- defaults


def test_every_optional_hook_has_its_default_in_the_defaults_plugin():
    marker = "asobi_impl"
    for module in SPEC_MODULES:
        for hook, spec in specs(module).items():
            required = hook in hookspecs.REQUIRED_GAME_HOOKS
            listed = not spec.asobi_spec.get("firstresult")  # every plugin's answer
            if required or listed:
                continue
            default = getattr(defaults.Defaults, hook, None)
            assert default is not None, f"{hook} has no default"
            assert getattr(default, marker).get("trylast"), f"{hook}'s default is not trylast"


def test_a_game_without_the_optional_hooks_gets_the_defaults_answers(registry_of):
    game = registry_of({"highcard": "support.toys:HIGHCARD"}).game("highcard")
    hooks = game.hooks
    rules = load(game.info).rules
    from asobi.play.session import Session

    session = Session(game, load(game.info), ["human", "human"], seed=3)
    obs = session.observation(0)
    assert hooks.describe_event({"type": "ready", "seat": 0}, 0, "en") is None
    assert '"mine"' in hooks.render_text(obs, "en")
    assert hooks.describe_action(obs, {"show": True}, "en") == '{"show": true}'
    assert hooks.pinned_setup(rules, 2, random.Random(1)) is None
    assert hooks.turned_setup({"deck": [2, 1]}, rules, 2, 1) == {"deck": [2, 1]}  # as it was
    assert hooks.lab_measures(rules, 2) == [] and hooks.restrictions(rules, 2) == []
    assert hooks.upgrade_record(session.record(), session.state) is None
    assert not hooks.upgrades_records()
    # It deals again only from a state: no world from an observation, no search level.
    assert not hooks.can_resample() and "search" not in game.ai_levels()
    assert hooks.resample(obs, 0, rules, 2, random.Random(1)) is None
    world = hooks.resample(obs, 0, rules, 2, random.Random(1), session.state)
    assert hooks.observation(world, 0) == obs
    assert hooks.bench(rules, 0.05, 1)["unit"] == "games"


# --------------------------------------------------------------------------- raw calls

RAW = re.compile(r"\b(?:hook|raw|relay)\.(asobi_\w+)\s*(\(|\.get_hookimpls)")
"""A hook called by its pluggy name (``game.hook.asobi_x(...)``, ``hooks.raw.asobi_x(...)``),
or its implementations looked up (``.raw.asobi_x.get_hookimpls()``)."""

ALLOWED: Mapping[str, tuple[set[str], str]] = {
    "core/asobi/host/gamehooks.py": (set(specs(hookspecs)) | set(specs(toolspecs)),
                                     "the facade"),
    "core/asobi/host/registry.py": ({"asobi_game_info", "asobi_agent_levels"},
                         "at load time, before the facade exists: a game describes itself "
                         "(a fault skips the game), and each plugin's own levels are read "
                         "apart to report one named like a game's level"),
}
"""Where a hook of the core or the tools may be called by its pluggy name, and why."""


def raw_calls() -> dict[str, set[str]]:
    """The hooks of the core and the tools each source file calls by their pluggy names."""
    ours = set(specs(hookspecs)) | set(specs(toolspecs))
    found: dict[str, set[str]] = {}
    for folder in ("core", "frontends", "plugins"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            hooks = {m.group(1) for m in RAW.finditer(path.read_text(encoding="utf-8"))}
            if hooks & ours:
                found[str(path.relative_to(ROOT))] = hooks & ours
    return found


def test_no_code_calls_a_hook_of_the_core_by_its_pluggy_name_outside_the_facade():
    for path, hooks in raw_calls().items():
        allowed, _why = ALLOWED.get(path, (set(), ""))
        assert hooks <= allowed, (
            f"{path} calls {sorted(hooks - allowed)} by the pluggy name: use game.hooks")


def test_the_scan_sees_a_raw_call():
    text = "x = game.hook.asobi_apply(state=s, seat=0, action=a)\n" \
           "y = hooks.raw.asobi_resample.get_hookimpls()\n"
    assert {m.group(1) for m in RAW.finditer(text)} == {"asobi_apply", "asobi_resample"}


@pytest.mark.parametrize("hook", ["asobi_resample", "asobi_upgrade_record"])
def test_the_facade_passes_every_argument_of_the_spec(hook, recwarn):
    """pluggy warns when a call leaves out an argument of the specification."""
    pm = GameManager()
    seen: dict[str, Any] = {}

    class Game:
        @pluggy.HookimplMarker("asobi")
        def asobi_game_info(self):
            return GameInfo(name="toy", title="Toy", min_players=2, max_players=2,
                            schema=Struct({}), resamples=True, upgrades_records=True)

        @pluggy.HookimplMarker("asobi")
        def asobi_resample(self, observation, seat, rules, players, rng, state):
            seen.update(state=state, observation=observation)
            return "world"

        @pluggy.HookimplMarker("asobi")
        def asobi_upgrade_record(self, record, state):
            seen.update(state=state, record=record)
            return None

    pm.register(Game(), name="game:toy")
    hooks = GameHooks(pm, "toy")
    if hook == "asobi_resample":
        assert hooks.resample({"seen": 1}, 0, {}, 2, random.Random(1)) == "world"
        assert seen == {"state": None, "observation": {"seen": 1}}
        assert hooks.resample({"seen": 1}, 0, None, None, random.Random(1), "real") == "world"
        assert seen["state"] == "real"
    else:
        assert hooks.upgrade_record({"moves": []}, "initial") is None
        assert seen == {"state": "initial", "record": {"moves": []}}
    assert not [w for w in recwarn.list if "cannot be found in this hook call" in str(w.message)]
