"""Translation catalogues: English message ids, one YAML file per language and package.

Each package that shows text (the core, a game, a frontend) keeps ``locale/<lang>.yaml``
beside its modules: a flat mapping from the English message to its translation, with
``str.format`` placeholders kept as they are. A missing entry falls back to English, so a
partial translation never breaks a screen. Game logic holds no user text: views do.

    _ = translator("asobi_koikoi", "pt")
    _("{name} captures {card}").format(name=..., card=...)

A message with a count has a form per plural category of the language (CLDR's ``one``,
``few``, ``many``, ``other``...; Japanese has only ``other``). Its key is the English singular,
its value a mapping of categories; the code gives both English forms::

    "{n} token": {one: "{n} ficha", other: "{n} fichas"}

    ngettext = plural_translator("asobi_sakura", "pt")
    ngettext("{n} token", "{n} tokens", count).format(n=count)

The category of a number comes from Babel's CLDR plural rules, the same rules the browser's
``Intl.PluralRules`` applies to the web catalogues.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

LANGUAGES: dict[str, str] = {"en": "English", "pt": "Português", "it": "Italiano", "ja": "日本語"}
DEFAULT_LANG = "en"


#: CLDR plural categories, the keys a plural entry may have.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
#: The locale whose plural rules a language follows. Portuguese follows Portugal's, where zero
#: takes the plural ("0 fichas"), as written Portuguese does on both sides of the ocean; CLDR's
#: Brazilian rule puts 0 with 1.
PLURAL_LOCALE = {"pt": "pt_PT"}

Entry = str | dict[str, str]


@cache
def entries(package: str, lang: str) -> dict[str, Entry]:
    """The whole catalogue of ``package`` for ``lang``, plural entries as mappings of
    categories (empty for English or when missing)."""
    if lang == DEFAULT_LANG:
        return {}
    import yaml  # imported when a catalogue is first read (English has none)

    try:
        text = (resources.files(package) / "locale" / f"{lang}.yaml").read_text(encoding="utf-8")
        data = yaml.safe_load(text) or {}
    except (OSError, ModuleNotFoundError, TypeError, UnicodeDecodeError, yaml.YAMLError):
        # no catalogue, a plain module rather than a package, or a broken file: a screen in
        # English is better than no screen (the catalogue tests name broken files)
        return {}
    if not isinstance(data, dict):
        return {}
    found: dict[str, Entry] = {}
    for key, value in data.items():
        if isinstance(value, dict):
            found[str(key)] = {str(k): str(v) for k, v in value.items() if k in CATEGORIES}
        else:
            found[str(key)] = str(value)
    return found


@cache
def catalogue(package: str, lang: str) -> dict[str, str]:
    """The plain messages of ``package`` for ``lang`` (without the plural entries)."""
    return {k: v for k, v in entries(package, lang).items() if isinstance(v, str)}


@cache
def _plural_rule(lang: str) -> Callable[[int], str]:
    from babel import Locale  # imported on first use: most commands never count anything

    try:
        return Locale.parse(PLURAL_LOCALE.get(lang, lang)).plural_form
    except (ValueError, LookupError):
        return Locale.parse(DEFAULT_LANG).plural_form


def plural_category(lang: str, count: int) -> str:
    """The CLDR plural category of ``count`` in ``lang`` (``one``, ``other``...)."""
    if lang == DEFAULT_LANG:
        # English's rule for whole numbers, without loading Babel's locale data (35 ms at start)
        return "one" if abs(count) == 1 else "other"
    return _plural_rule(lang)(abs(count))


def choose_form(entry: Entry | None, singular: str, plural: str, count: int, lang: str) -> str:
    """The form of a counted message: the catalogue's entry for the category of ``count`` in
    ``lang`` (its ``other`` form when it lacks that category), else the English form."""
    if isinstance(entry, dict):
        return entry.get(plural_category(lang, count)) or entry.get("other") or plural
    if isinstance(entry, str) and entry:
        return entry
    return singular if plural_category(DEFAULT_LANG, count) == "one" else plural


@dataclass(frozen=True)
class Translator:
    """The words of ``package`` in ``lang``: ``_(message)`` for a plain message and
    ``_.n(singular, plural, count)`` for a counted one (placeholders not yet filled)."""

    package: str
    lang: str

    def __call__(self, message: str) -> str:
        return catalogue(self.package, self.lang).get(message, message)

    def n(self, singular: str, plural: str, count: int) -> str:
        entry = entries(self.package, self.lang).get(singular)
        return choose_form(entry, singular, plural, count, self.lang)


#: English counts for messages that are shown in English only (command-line reports, errors
#: of variant files): ``ENGLISH.n("{n} move", "{n} moves", count)``.
ENGLISH = Translator("asobi", DEFAULT_LANG)


def translator(package: str, lang: str) -> Translator:
    """Return ``_`` for ``package`` in ``lang`` (English when there is no entry)."""
    return Translator(package, lang)


def plural_translator(package: str, lang: str) -> Callable[[str, str, int], str]:
    """Return ``ngettext(singular, plural, count)`` for ``package`` in ``lang``: the form of
    the message for ``count``, placeholders not yet filled."""
    return Translator(package, lang).n


def layered_entry(package: str | None, message: str, lang: str) -> Entry | None:
    """The catalogue entry of ``message`` in ``lang``: ``package``'s (a game's), else the
    core's."""
    if package is not None:
        found = entries(package, lang).get(message)
        if found:
            return found
    return entries("asobi", lang).get(message)


def layered_text(package: str | None, message: str, lang: str) -> str:
    """``message`` in ``lang`` from ``package``'s catalogue, else the core's, else as it is."""
    found = layered_entry(package, message, lang)
    return found if isinstance(found, str) else message


def layered_plural(package: str | None, singular: str, plural: str, count: int,
                   lang: str) -> str:
    """The form of a counted message for ``count`` in ``lang`` (``package``'s catalogue, else
    the core's, else English)."""
    return choose_form(layered_entry(package, singular, lang), singular, plural, count, lang)


def available(lang: str) -> bool:
    return lang in LANGUAGES


# --------------------------------------------------------------------------- breaking lines

CLOSING = frozenset("、。，．）」』】〕・：；！？ー)]},.:;!?%·")
"""Characters that never begin a broken line."""
OPENING = frozenset("（「『【〔([{")
"""Characters that never end one."""


def is_wide(c: str) -> bool:
    """Whether ``c`` takes two columns (a CJK character)."""
    import unicodedata  # only text being laid out needs it, not a command that lists games

    return unicodedata.east_asian_width(c) in "WF"


def break_lines(text: str, limit: float, measure: Callable[[str], float],
                split_long: bool = False) -> list[str]:
    """``text`` in lines no wider than ``limit`` by ``measure``: broken between words, and
    between any two wide characters (Japanese has no spaces), never before a closing mark or
    after an opening one. A word wider than a line keeps a line of its own, or, with
    ``split_long``, is cut between characters to fit."""
    return [text[start:end] for start, end in line_spans(text, limit, measure, split_long)]


def line_spans(text: str, limit: float, measure: Callable[[str], float],
               split_long: bool = False) -> list[tuple[int, int]]:
    """Where :func:`break_lines` breaks ``text``: the start and end of each line in ``text``
    (the spaces that end a line left out), for a caller whose text carries styles to cut it
    at the same places."""
    tokens: list[str] = []
    for c in text:
        last = tokens[-1][-1] if tokens else ""
        # a word's letters, a mark and the spaces after a token stay with it
        glued = last in OPENING or c in CLOSING or c.isspace() or (
            not is_wide(c) and last != "" and not last.isspace() and not is_wide(last))
        if tokens and glued:
            tokens[-1] += c
        else:
            tokens.append(c)
    if split_long:
        tokens = [piece for token in tokens for piece in _pieces(token, limit, measure)]
    spans: list[tuple[int, int]] = []
    start = at = 0  # where the line begins, where the next token does
    line = ""
    for token in tokens:
        if line and measure((line + token).rstrip()) > limit:
            spans.append((start, start + len(line.rstrip())))
            start, line = at, token
        else:
            line += token
        at += len(token)
    spans.append((start, start + len(line.rstrip())))
    return spans


def _pieces(token: str, limit: float, measure: Callable[[str], float]) -> list[str]:
    """``token`` cut between characters into pieces no wider than ``limit``; a closing mark
    never begins a piece (the character before it goes along, making that piece wider only
    where the limit is narrower than the two of them)."""
    if measure(token.rstrip()) <= limit:
        return [token]
    pieces = [""]
    for c in token:
        piece = pieces[-1]
        if piece and measure((piece + c).rstrip()) > limit:
            cut = len(piece)
            if c in CLOSING:  # back to the last character that is no closing mark
                cut = next((i for i in range(len(piece) - 1, 0, -1)
                            if piece[i] not in CLOSING), len(piece))
            pieces[-1], carried = piece[:cut], piece[cut:]
            pieces.append(carried)
        pieces[-1] += c
    return pieces
