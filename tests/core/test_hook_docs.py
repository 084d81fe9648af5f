"""The hook reference in docs/plugins.md is exactly what the hook specifications say."""

from __future__ import annotations

import inspect
from pathlib import Path

from asobi import hookdoc, hookspecs
from asobi_frontends.web import hookspecs as web_hookspecs

DOC = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"


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
