"""Every word the tui frontend shows is in its Portuguese, Italian and Japanese catalogues,
with the same placeholders, and the catalogues hold nothing else."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest
import yaml

FRONTEND = Path(__file__).resolve().parents[2] / "frontends" / "asobi_frontends" / "tui"


def _messages() -> set[str]:
    found: set[str] = set()
    for module in FRONTEND.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args
                    and isinstance(node.args[0], ast.Constant)):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name == "_" and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
    return found


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["pt", "it", "ja"])
def test_the_catalogue_has_every_message_and_nothing_else(lang):
    catalogue = yaml.safe_load((FRONTEND / "locale" / f"{lang}.yaml").read_text("utf-8"))
    messages = _messages()
    assert len(messages) > 40
    assert sorted(messages - set(catalogue)) == []
    assert sorted(set(catalogue) - messages) == [], "stale entries"
    for english, translated in catalogue.items():
        assert _fields(english) == _fields(translated), english
