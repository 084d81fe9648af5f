"""The hook reference in docs/plugins.md is exactly what the hook specifications say."""

from __future__ import annotations

import ast
import inspect
from importlib.metadata import EntryPoint
from pathlib import Path

from asobi.contract import hookdoc, hookspecs
from asobi_frontends.web import hookspecs as web_hookspecs

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "plugins.md"
ECHO = ROOT / "tests" / "plugins" / "asobi-echo"


def test_the_reference_in_the_docs_is_generated_from_the_hook_specs():
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(hookdoc.BEGIN), text.index(hookdoc.END) + len(hookdoc.END) + 1
    assert text[start:end] == hookdoc.reference(), (
        "docs/plugins.md is out of date: run `python tools/update_hookdoc.py`"
    )


def test_every_hook_is_documented_with_when_it_runs_and_what_it_returns():
    for module in (hookspecs, web_hookspecs):
        for name, function in hookdoc.hooks_of(module):
            doc = inspect.getdoc(function) or ""
            assert len(doc.split()) >= 12, f"{name} needs a real docstring"
            assert "return" in doc.lower() or "called" in doc.lower(), name
            assert f"### `{name}`" in DOC.read_text(encoding="utf-8")
    required = set(hookspecs.REQUIRED_GAME_HOOKS)
    assert required <= {name for name, _ in hookdoc.hooks_of(hookspecs)}


def test_the_frontends_hooks_come_from_the_entry_points_asobi_declares():
    declared = hookdoc.declared_specs(distributions=["asobi"])
    assert [(name, module.__name__) for name, module in declared] == [
        ("envs", "asobi.envs.hookspecs"), ("tui", "asobi_frontends.tui.hookspecs"),
        ("web", "asobi_frontends.web.hookspecs"),
    ]


def test_a_third_partys_hook_module_declared_in_the_group_is_documented(monkeypatch):
    monkeypatch.syspath_prepend(str(ECHO))
    echo = EntryPoint("echo", "asobi_echo.hookspecs", "asobi.hookspecs")
    other_group = EntryPoint("nim", "asobi_nim", "asobi.games")
    declared = hookdoc.declared_specs([echo, other_group])
    assert [name for name, _ in declared] == ["echo"]
    text = hookdoc.reference(declared)
    assert "## Hooks declared as `echo` (`asobi_echo.hookspecs`)" in text
    assert "### `asobi_echo_banner`" in text
    assert "`asobi_echo_banner(lang: str) -> str | None`" in text
    assert "A line the echo frontend prints before the game starts, or None." in text
    assert text.index("## Hooks of the core") < text.index("asobi_echo_banner")


def test_the_core_names_no_frontend_when_it_writes_the_reference():
    source = ROOT / "core" / "asobi" / "contract" / "hookdoc.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    imported = [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ] + [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
         for alias in node.names]
    assert not [name for name in imported if name.startswith("asobi_frontends")]
