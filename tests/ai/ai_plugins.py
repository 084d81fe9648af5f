"""The Koi-Koi game plugin with the AI levels of issue 5 wired in.

Until the plugin's own ``asobi_agent`` hook returns these agents, the tests and the arena
runs register this module as the ``koikoi`` game: the plugin's hooks unchanged, plus
``asobi_agent``. (The hook the lead adds to plugins/koikoi/plugin.py is the same function.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pluggy

from asobi_koikoi import ai as koikoi_ai
from asobi_koikoi.plugin import *  # noqa: F403  (every hook of the game plugin)

hookimpl = pluggy.HookimplMarker("asobi")


@hookimpl
def asobi_agent(level: str, seat: int, rules: Mapping[str, Any], players: int, seed: int) -> Any:
    return koikoi_ai.make(level, seat, rules, players, seed)
