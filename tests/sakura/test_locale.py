"""Every message the views show (text and browser) has a Portuguese, Italian and Japanese
translation that keeps its placeholders, so a player never meets a half-English screen or
a broken format."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "plugins" / "sakura" / "asobi_sakura"


def _messages() -> set[str]:
    found: set[str] = set()
    views = [PLUGIN / "view.py", PLUGIN / "rulestext.py", *(PLUGIN / "tuiview").glob("*.py")]
    for node in (n for view in views
                 for n in ast.walk(ast.parse(view.read_text(encoding="utf-8")))):
        # _("message") and _.n("singular", "plural", count): the singular is the key
        plain = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
            node.func.id == "_")
        counted = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
            node.func.attr == "n" and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "_")
        if (plain or counted) and node.args and isinstance(node.args[0], ast.Constant):
            found.add(node.args[0].value)
    # The AI's reasons (hints) are translated with it too; the core translates its own.
    core = yaml.safe_load((ROOT / "core" / "asobi" / "locale" / "pt.yaml").read_text("utf-8"))
    for module in PLUGIN.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "Reason" and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and node.args[0].value not in core):
                found.add(node.args[0].value)
    # The lobby shows the game's summary and its AI levels through the same catalogue.
    from asobi_sakura.plugin import asobi_game_info

    info = asobi_game_info()
    found.add(info.summary)
    found.add(info.title)
    found.update(level for level in info.ai_levels if level != "random")
    # The balance lab names the game's measures, their units and its restrictions with it.
    from asobi_sakura import ai, measures
    from asobi_sakura.plugin import asobi_restrictions

    rules = yaml.safe_load((ROOT / "variants" / "asobi_variants" / "sakura" / "standard.yaml")
                           .read_text("utf-8"))["rules"]
    for players in range(info.min_players, info.max_players + 1):
        for measure in measures.lab_measures(rules, players):
            found.update((measure.name, measure.unit))
        found.update(r.title for r in asobi_restrictions(rules, players))
    assert ai.RESTRICTIONS
    # The browser view translates with the same catalogue (t = ctx.gt in webview/view.js).
    for script in (PLUGIN / "webview").glob("*.js"):
        text = script.read_text("utf-8")
        for match in re.finditer(r'\b(?:t|tn|gtn)\(\s*"((?:[^"\\]|\\.)*)"', text):
            found.add(match.group(1).replace('\\"', '"'))
    return found


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["pt", "it", "ja"])
def test_catalogue_covers_every_message_with_the_same_placeholders(lang):
    catalogue = yaml.safe_load((PLUGIN / "locale" / f"{lang}.yaml").read_text(encoding="utf-8"))
    messages = _messages()
    assert len(messages) > 50
    assert messages - set(catalogue) == set()
    assert set(catalogue) - messages == set(), "stale entries"
    for english, translated in catalogue.items():
        forms = translated.values() if isinstance(translated, dict) else [translated]
        for form in forms:
            assert _fields(english) == _fields(form), english
            assert form != english or len(english) < 4 or english == "Sakura", english
