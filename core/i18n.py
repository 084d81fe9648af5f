"""Translation catalogues: English message ids, one YAML file per language and package.

Each package that shows text (the core, a game, a frontend) keeps ``locale/<lang>.yaml``
beside its modules: a flat mapping from the English message to its translation, with
``str.format`` placeholders kept as they are. A missing entry falls back to English, so a
partial translation never breaks a screen. Game logic holds no user text: views do.

    _ = translator("asobi_koikoi", "pt")
    _("{name} captures {card}").format(name=..., card=...)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib import resources

import yaml

LANGUAGES: dict[str, str] = {"en": "English", "pt": "Português", "it": "Italiano", "ja": "日本語"}
DEFAULT_LANG = "en"


@cache
def catalogue(package: str, lang: str) -> dict[str, str]:
    """The whole catalogue of ``package`` for ``lang`` (empty for English or when missing)."""
    if lang == DEFAULT_LANG:
        return {}
    try:
        text = (resources.files(package) / "locale" / f"{lang}.yaml").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return {}
    data = yaml.safe_load(text) or {}
    return {str(k): str(v) for k, v in data.items()}


def translator(package: str, lang: str) -> Callable[[str], str]:
    """Return ``_`` for ``package`` in ``lang`` (English when there is no entry)."""
    table = catalogue(package, lang)

    def _(message: str) -> str:
        return table.get(message, message)

    return _


def available(lang: str) -> bool:
    return lang in LANGUAGES
