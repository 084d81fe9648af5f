"""Counts are real plurals in every language: every counted message of every package, found in
its source the way an extractor would, is rendered with 0, 1 and 2 in en, pt, it and ja.

A counted message is ``_.n(singular, plural, n)`` / ``ENGLISH.n(...)`` or a ``Reason`` with
``plural=`` in Python, and ``tn(...)`` / ``gtn(...)`` / ``ctx.gtn(...)`` in the browser's
modules. Its catalogue entry maps the language's CLDR plural categories to forms."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from asobi.contract.model import Reason
from asobi.i18n import CATEGORIES, ENGLISH, LANGUAGES, Translator, plural_category

ROOT = Path(__file__).resolve().parents[2]
#: source folder -> the package whose catalogues translate it
PACKAGES = {
    "core/asobi": "asobi",
    "plugins/koikoi/asobi_koikoi": "asobi_koikoi",
    "plugins/sakura/asobi_sakura": "asobi_sakura",
    "frontends/asobi_frontends/web": "asobi_frontends.web",
    "frontends/asobi_frontends/text": "asobi_frontends.text",
    "frontends/asobi_frontends/tui": "asobi_frontends.tui",
    "frontends/asobi_frontends/terminal": "asobi_frontends.terminal",
}
ENGLISH_ONLY = "(English only)"
JS_CALL = re.compile(
    r'\b(?:tn|gtn)\(\s*(?:[\w.]+\s*,\s*)?"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"')


def _python_calls(path: Path) -> Iterator[tuple[str, str, bool]]:
    """(singular, plural, translated) of each counted message in a module."""
    text = path.read_text(encoding="utf-8")
    if ".n(" not in text and "Reason(" not in text:
        return  # no call that could count (the test collects in every worker: stay quick)
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr == "n" and len(node.args) >= 2
                and all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                        for a in node.args[:2])):
            english = isinstance(func.value, ast.Name) and func.value.id == "ENGLISH"
            yield node.args[0].value, node.args[1].value, not english  # type: ignore[attr-defined]
        elif isinstance(func, ast.Name) and func.id == "Reason":
            plural = next((k.value for k in node.keywords if k.arg == "plural"), None)
            if (isinstance(plural, ast.Constant) and node.args
                    and isinstance(node.args[0], ast.Constant)):
                yield node.args[0].value, plural.value, True


def counted_messages() -> list[tuple[str, str, str]]:
    """(package or ENGLISH_ONLY, singular, plural) of every counted message in the sources."""
    found: set[tuple[str, str, str]] = set()
    for folder, package in PACKAGES.items():
        base = ROOT / folder
        if not base.is_dir():
            continue
        for module in base.rglob("*.py"):
            for singular, plural, translated in _python_calls(module):
                found.add((package if translated else ENGLISH_ONLY, singular, plural))
        for script in base.rglob("*.js"):
            for match in JS_CALL.finditer(script.read_text(encoding="utf-8")):
                singular, plural = (g.replace('\\"', '"') for g in match.groups())
                found.add((package, singular, plural))
    return sorted(found)


def _catalogue(package: str, lang: str) -> dict[str, object]:
    folder = ROOT / next(f for f, p in PACKAGES.items() if p == package) / "locale"
    path = folder / f"{lang}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {} if path.is_file() else {}


def _fields(text: str) -> set[str]:
    return {name for _t, name, _s, _c in string.Formatter().parse(text) if name}


def _fill(text: str, count: int) -> str:
    values = {name: count for name in _fields(text)}
    return text.format_map({k: (v if k != "who" else "X") for k, v in values.items()})


def _needed(lang: str) -> set[str]:
    """The categories a whole count can fall in, in ``lang``."""
    return {plural_category(lang, n) for n in range(0, 1001)} | {"other"}


MESSAGES = counted_messages()


def test_the_sources_have_counted_messages():
    packages = {package for package, _s, _p in MESSAGES}
    assert {"asobi", "asobi_koikoi", "asobi_sakura", ENGLISH_ONLY} <= packages
    assert len(MESSAGES) >= 12


@pytest.mark.slow
@pytest.mark.parametrize(("package", "singular", "plural"), MESSAGES)
def test_every_counted_message_reads_right_with_0_1_and_2(package, singular, plural):
    assert _fields(singular) == _fields(plural), "both English forms keep the placeholders"
    langs = ["en"] if package == ENGLISH_ONLY else list(LANGUAGES)
    for lang in langs:
        words = ENGLISH if package == ENGLISH_ONLY else Translator(package, lang)
        shown = {n: _fill(words.n(singular, plural, n), n) for n in (0, 1, 2)}
        for n, text in shown.items():
            assert str(n) in text, (lang, n, text)
            assert "(s)" not in text and "{" not in text, (lang, n, text)
        if lang == "en":
            assert shown == {0: _fill(plural, 0), 1: _fill(singular, 1), 2: _fill(plural, 2)}
            continue
        entry = _catalogue(package, lang).get(singular)
        assert isinstance(entry, dict), f"{package} {lang}: no plural entry for {singular!r}"
        assert set(entry) <= set(CATEGORIES), (lang, singular, entry)
        missing = _needed(lang) - set(entry)
        assert not missing, f"{package} {lang} {singular!r} lacks the forms {sorted(missing)}"
        for category, form in entry.items():
            assert _fields(form) == _fields(singular), (lang, category, form)
        for n, text in shown.items():
            assert text == _fill(entry[plural_category(lang, n)], n), (lang, n)


def test_one_and_other_differ_where_the_language_has_both():
    """Portuguese and Italian say "1 ficha" but "0 fichas" and "2 fichas"."""
    words = Translator("asobi_sakura", "pt")
    forms = [words.n("{n} token lost in bumps", "{n} tokens lost in bumps", n).format(n=n)
             for n in (0, 1, 2)]
    assert forms == ["0 fichas perdidas em esbarrões", "1 ficha perdida em esbarrões",
                     "2 fichas perdidas em esbarrões"]
    italian = Translator("asobi_sakura", "it")
    assert italian.n("{n} token lost in bumps", "{n} tokens lost in bumps", 1).format(n=1) == (
        "1 gettone perso negli urti")


def test_a_counted_reason_is_english_by_itself_and_translated_by_the_game():
    reason = Reason("over {n} guess", {"n": 1}, plural="over {n} guesses", counter="n")
    assert str(reason) == "over 1 guess" and reason.text == "over {n} guess"
    assert str(Reason("over {n} guess", {"n": 3}, plural="over {n} guesses", counter="n")) == (
        "over 3 guesses")
    with pytest.raises(ValueError):
        Reason("over {n} guess", {"n": 3}, plural="over {n} guesses")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_no_catalogue_writes_a_plural_in_brackets(lang):
    bracket = re.compile(r"\w\((?:s|es|i|e|a|he)\)")
    for folder in PACKAGES:
        path = ROOT / folder / "locale" / f"{lang}.yaml"
        if not path.is_file():
            continue
        for key, value in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
            forms = value.values() if isinstance(value, dict) else [value]
            for text in [str(key), *map(str, forms)]:
                assert not bracket.search(text), f"{folder} {lang}: {text!r}"


def test_a_broken_or_missing_catalogue_falls_back_to_english(tmp_path, monkeypatch):
    package = tmp_path / "asobi_brokencat"
    (package / "locale").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "locale" / "pt.yaml").write_text("a: [unclosed\n", encoding="utf-8")
    (package / "locale" / "it.yaml").write_bytes(b"\xff\xfe not utf-8")
    (package / "locale" / "ja.yaml").write_text("- a list\n", encoding="utf-8")
    (tmp_path / "plainmodule.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    for lang in ("pt", "it", "ja"):
        words = Translator("asobi_brokencat", lang)
        assert words("Hello") == "Hello"
        assert words.n("{n} card", "{n} cards", 2).format(n=2) == "2 cards"
    assert Translator("plainmodule", "pt")("Hello") == "Hello"


@given(st.integers(min_value=-10**6, max_value=10**6))
def test_english_shortcut_agrees_with_babel(count: int) -> None:
    """English plurals skip Babel's locale data for speed; they still follow CLDR's rule."""
    from babel import Locale
    from babel.plural import PluralRule

    rule = PluralRule(Locale.parse("en").plural_form.rules)
    assert plural_category("en", count) == rule(abs(count))
