"""Every installed package that shows text has every message in every language it declares.

A package declares a language by shipping ``locale/<lang>.yaml``; English is the message itself.
A message present in one of its catalogues and missing in another is a screen that mixes
languages, so the test names it.
"""

from __future__ import annotations

from importlib import resources

import pytest
import yaml

from asobi.host.registry import discover
from asobi.i18n import LANGUAGES


def packages_with_text() -> list[str]:
    registry = discover()
    found = {"asobi", "asobi_frontends.web", "asobi_frontends.text", "asobi_frontends.tui",
             "asobi_frontends.terminal"}
    for game in registry.games().values():
        plugin = game.manager.get_plugin(f"game:{game.name}")
        found.add(getattr(plugin, "__name__", type(plugin).__module__).split(".")[0])
    return sorted(p for p in found if (resources.files(p) / "locale").is_dir())


@pytest.mark.parametrize("package", packages_with_text())
def test_every_message_is_in_every_language_the_package_declares(package):
    folder = resources.files(package) / "locale"
    catalogues = {}
    for lang in LANGUAGES:
        entry = folder / f"{lang}.yaml"
        if entry.is_file():
            data = yaml.safe_load(entry.read_text(encoding="utf-8")) or {}
            catalogues[lang] = {str(k): v for k, v in data.items()}
    assert catalogues, f"{package} has a locale folder but no catalogue"
    every = set().union(*catalogues.values())
    for lang, table in catalogues.items():
        missing = sorted(every - set(table))
        assert not missing, f"{package} {lang} lacks {len(missing)}: {missing[:5]}"
        empty = sorted(k for k, v in table.items()
                       if not all(str(form).strip()
                                  for form in (v.values() if isinstance(v, dict) else [v])))
        assert not empty, f"{package} {lang} has empty translations: {empty[:5]}"
