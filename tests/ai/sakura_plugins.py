"""The Sakura game plugin with the hard AI of issue 5 wired in (see ai_plugins.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pluggy

from asobi_sakura import ai as sakura_ai
from asobi_sakura import search as sakura_search
from asobi_sakura.plugin import *  # noqa: F403  (every hook of the game plugin)
from asobi_sakura.rules import compile_rules

hookimpl = pluggy.HookimplMarker("asobi")


@hookimpl
def asobi_agent(level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int) -> Any:
    compiled = compile_rules(rules)
    hard = sakura_search.make_hard(level, seat, compiled, players, seed)
    if hard is not None:
        return hard
    return sakura_ai.make_agent(level, seat, compiled, players, seed)
