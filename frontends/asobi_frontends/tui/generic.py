"""The generic view: any game's observation as a tree, so a third-party game is playable
from the day it is installed. The legal actions are the frontend's list of choices."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from asobi_frontends.tui.hookspecs import ViewContext
from asobi_frontends.tui.words import words

LONGEST_LEAF = 200
"""Characters of a value shown on one line of the tree (longer ones are cut)."""


def _leaf(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= LONGEST_LEAF else text[: LONGEST_LEAF - 1] + "…"


def _fill(node: TreeNode[None], value: Any) -> None:
    """Add ``value`` under ``node``: mappings and lists as branches, the rest as leaves."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            _add(node, str(key), item)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _add(node, f"[{i}]", item)


def _add(node: TreeNode[None], name: str, value: Any) -> None:
    if isinstance(value, Mapping | list | tuple) and value:
        branch = node.add(f"[b]{_escape(name)}[/b]", expand=len(value) <= 12)
        _fill(branch, value)
    else:
        node.add_leaf(f"[b]{_escape(name)}[/b]: {_escape(_leaf(value))}")


def _escape(text: str) -> str:
    return text.replace("[", r"\[")


class GenericView(Tree[None]):
    """The observation of the seat as an expandable tree (arrows or the mouse to browse)."""

    DEFAULT_CSS = "GenericView { height: 1fr; }"

    def __init__(self, context: ViewContext) -> None:
        self.context = context
        _ = words(context.lang)
        super().__init__(_("What you see"), classes="generic-view")
        self.show_root = True
        self.can_focus = False

    def show(self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> None:
        self.clear()
        _fill(self.root, observation)
        self.root.expand()

    def hover(self, action: Mapping[str, Any] | None) -> None:
        return None

    def decision(
        self, observation: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]
    ) -> str | None:
        return None

    plays_events = False
    """The tree is drawn as each move left it, as the move is told."""

    def play_event(self, event: Mapping[str, Any]) -> None:
        return None

    def announcement(self, events: Sequence[Mapping[str, Any]]) -> str | None:
        return None
