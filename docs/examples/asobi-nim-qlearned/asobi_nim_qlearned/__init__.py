"""``ai:qlearned`` for Nim: the greedy policy of a tabular Q-learner, as an asobi AI level.

``docs/examples/nim_qlearning.py`` trains the learner with OpenSpiel and writes the policy: a
JSON object mapping each observation the learner met (as ``asobi.play.session.canonical`` writes
it) to the action it would take there. This plugin reads that file and plays by it: the policy
file named by the environment variable ``ASOBI_NIM_POLICY``, else ``nim-policy.json`` in the
current folder. An observation the table does not hold gets the first legal move.

A cross-cutting plugin (entry-point group ``asobi.plugins``), the way
``tests/plugins/asobi-first-level`` adds ``ai:first``: it lists the level for Nim only
(``asobi_agent_levels``) and builds its agent when a seat asks for it (``asobi_agent``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pluggy

from asobi.contract.model import Reason
from asobi.errors import AsobiError
from asobi.play.agents import BaseAgent
from asobi.play.session import canonical

hookimpl = pluggy.HookimplMarker("asobi")

LEVEL = "qlearned"
GAME = "nim"


def load_policy(path: Path) -> dict[str, dict[str, Any]]:
    """The table a training run wrote: observation (canonical JSON) -> action."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise AsobiError(f"ai:{LEVEL}: cannot read the policy {path}: {exc}") from None
    if data.get("game") != GAME or not isinstance(data.get("policy"), dict):
        raise AsobiError(f"ai:{LEVEL}: {path} is not a policy for {GAME}")
    return data["policy"]


class TablePlayer(BaseAgent):
    """Plays the action the table holds for the observation, else the first legal one."""

    def __init__(self, policy: Mapping[str, Mapping[str, Any]]) -> None:
        self.policy = policy

    def decide(self, observation: Mapping[str, Any], legal: Sequence[Any]) -> tuple[Any, Reason]:
        action = self.policy.get(canonical(observation))
        if action is not None and dict(action) in [dict(a) for a in legal]:
            return dict(action), Reason("the move the trained table holds for this position")
        return legal[0], Reason("a position the training never met: the first legal move")


class QLearnedLevel:
    """The plugin: ``ai:qlearned`` for Nim, from the policy file at ``path`` (default: see the
    module)."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self._policy: dict[str, dict[str, Any]] | None = None

    def policy(self) -> dict[str, dict[str, Any]]:
        if self._policy is None:
            path = self.path or Path(os.environ.get("ASOBI_NIM_POLICY", "nim-policy.json"))
            self._policy = load_policy(path)
        return self._policy

    @hookimpl
    def asobi_agent_levels(self, game: str) -> list[str] | None:
        return [LEVEL] if game == GAME else None

    @hookimpl
    def asobi_agent(self, game: str, level: str, seat: int, rules: Any, players: int,
                    seed: int) -> Any:
        if game != GAME or level != LEVEL:
            return None
        return TablePlayer(self.policy())


PLUGIN = QLearnedLevel()
