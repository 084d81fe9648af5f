"""The user's settings: defaults for ``asobi play`` kept in a small YAML file.

The file is ``config.yaml`` in the user's config folder (platformdirs' ``user_config_dir``
for ``asobi``, or ``$ASOBI_CONFIG_DIR``)::

    frontend: tui          # the frontend of asobi play
    lang: pt               # the language when --lang is not given
    game: koikoi           # the game the chooser offers first
    koikoi:                # one section per game
      variant: nintendo
      players: human,ai:hard

The chooser (``asobi`` alone in a terminal) writes it; ``asobi config`` shows and changes it.
Options given on the command line always win. A broken file never stops a game: it is named
in a warning and left alone, and the game starts with the built-in defaults; a setting that
no longer fits what is installed (a removed frontend, a deleted variant) is skipped the same
way.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import platformdirs

from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry
from asobi.i18n import DEFAULT_LANG, LANGUAGES
from asobi.variants.file import parse_text
from asobi.variants.problems import VariantError, fmt
from asobi.variants.schema import did_you_mean

SETTINGS_FILE = "config.yaml"
GLOBAL_KEYS = ("frontend", "lang", "game")
GAME_KEYS = ("variant", "players")
KEYS_HELP = (
    "frontend (the frontend of asobi play), lang (en, pt, it or ja), game (the game the "
    "chooser offers first), GAME.variant and GAME.players (e.g. koikoi.variant, "
    "koikoi.players)"
)
RESET_HINT = "fix the file, or start afresh with 'asobi config reset'"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where the system's language is read, first found first (POSIX order)."""

Warn = Callable[[str], None]


def warn_stderr(message: str) -> None:
    print(f"asobi: warning: {message}", file=sys.stderr)


def settings_dir() -> Path:
    """The user's config folder for asobi (``ASOBI_CONFIG_DIR`` overrides it)."""
    return Path(os.environ.get("ASOBI_CONFIG_DIR") or platformdirs.user_config_dir("asobi"))


def settings_path() -> Path:
    return settings_dir() / SETTINGS_FILE


class SettingsError(AsobiError):
    """The settings file cannot be used: not UTF-8, not YAML, or values of the wrong kind."""


def split_key(key: str) -> tuple[str | None, str]:
    """``frontend`` -> (None, "frontend"); ``koikoi.variant`` -> ("koikoi", "variant")."""
    if key in GLOBAL_KEYS:
        return None, key
    game, dot, name = key.partition(".")
    if dot and game and name in GAME_KEYS:
        return game, name
    return None, ""


@dataclass(frozen=True)
class Settings:
    """The values of the settings file, by key (``frontend``, ``koikoi.variant``...)."""

    path: Path
    values: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    @property
    def lang(self) -> str | None:
        return self.get("lang")

    @property
    def frontend(self) -> str | None:
        return self.get("frontend")

    def with_values(self, changes: Mapping[str, str | None]) -> Settings:
        """A copy with ``changes`` applied (None removes a key)."""
        values = dict(self.values)
        for key, value in changes.items():
            if value is None:
                values.pop(key, None)
            else:
                values[key] = value
        return Settings(self.path, MappingProxyType(values))

    def as_yaml(self) -> str:
        data: dict[str, Any] = {k: self.values[k] for k in GLOBAL_KEYS if k in self.values}
        for key in sorted(self.values):
            game, name = split_key(key)
            if game is not None:
                data.setdefault(game, {})[name] = self.values[key]
        import yaml  # imported when settings are written, not each time they are read

        body = yaml.safe_dump(data, allow_unicode=True, sort_keys=False) if data else ""
        return "# asobi settings; change them with: asobi config set KEY VALUE\n" + body

    def save(self) -> None:
        """Write the file (its folder made if needed), replacing it in one step."""
        temporary = self.path.with_name(self.path.name + ".new")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_text(self.as_yaml(), encoding="utf-8")
            os.replace(temporary, self.path)
        except OSError as exc:
            raise AsobiError(
                f"cannot save your settings to {self.path}: {exc.strerror or exc}"
            ) from None


def read(path: Path | None = None) -> Settings:
    """The settings in ``path`` (default: the user's file); none when it does not exist.
    :class:`SettingsError` names the file, the place and the fix when it cannot be used."""
    path = settings_path() if path is None else path
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return Settings(path)
    except UnicodeDecodeError as exc:
        raise SettingsError(
            f"{path}: not UTF-8 text (byte {exc.start + 1}); {RESET_HINT}"
        ) from None
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    try:
        data, where = parse_text(text, str(path))
    except VariantError as exc:
        raise SettingsError(f"{exc}; {RESET_HINT}") from None
    if data is None:
        return Settings(path)
    if not isinstance(data, dict):
        raise SettingsError(fmt((str(path), 1, 1), f"expected settings such as 'frontend: text'; "
                                f"{RESET_HINT}"))
    values: dict[str, str] = {}
    problems: list[str] = []
    for key, value in data.items():
        place = where.get((key,), (str(path), 1, 1))
        if key in GLOBAL_KEYS:
            found = _text(value)
            if found is None:
                problems.append(fmt(place, f"'{key}' must be a word, such as {key}: "
                                    f"{_example(key)}"))
            elif key == "lang" and found not in LANGUAGES:
                problems.append(fmt(place, f"unknown language '{found}'"
                                    f"{did_you_mean(found, LANGUAGES)}; choose from "
                                    f"{', '.join(LANGUAGES)}"))
            else:
                values[key] = found
        elif isinstance(value, dict) and isinstance(key, str):
            for name, item in value.items():
                spot = where.get((key, name), place)
                found = _text(item, lists=name == "players")
                if name not in GAME_KEYS:
                    problems.append(fmt(spot, f"unknown setting '{name}' for the game '{key}'"
                                        f"{did_you_mean(str(name), GAME_KEYS)}; a game's "
                                        f"settings are {' and '.join(GAME_KEYS)}"))
                elif found is None:
                    problems.append(fmt(spot, f"'{key}.{name}' must be a word, such as "
                                        f"{name}: {_example(name)}"))
                else:
                    values[f"{key}.{name}"] = found
        else:
            problems.append(fmt(place, f"unknown setting '{key}'"
                                f"{did_you_mean(str(key), GLOBAL_KEYS)}; settings: {KEYS_HELP}"))
    if problems:
        raise SettingsError("\n".join(problems) + f"\n{path}: {RESET_HINT}")
    return Settings(path, MappingProxyType(values))


def _text(value: object, lists: bool = False) -> str | None:
    """A setting's value as text: a non-empty one-line string (or, for seats, a list of
    them); None when it is anything else."""
    if lists and isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        value = ",".join(value)
    if isinstance(value, str) and value.strip() and value.isprintable():
        return value.strip()
    return None


def _example(key: str) -> str:
    return {"frontend": "text", "lang": "en", "game": "koikoi", "variant": "standard",
            "players": "human,ai:normal"}.get(key, "...")


def read_or_warn(warn: Warn = warn_stderr) -> Settings:
    """The user's settings; a broken file is reported through ``warn`` and left unused."""
    try:
        return read()
    except SettingsError as exc:
        lines = str(exc).splitlines()
        warn(f"your settings are not used: {lines[0]}")
        for line in lines[1:]:
            print(f"  {line}", file=sys.stderr)
        return Settings(settings_path())


# --------------------------------------------------------------------------- languages


def locale_lang(environ: Mapping[str, str]) -> str | None:
    """The system's language when asobi speaks it (``pt_BR.UTF-8`` -> ``pt``), else None."""
    for name in LOCALE_VARIABLES:
        code = language_code(environ.get(name, ""))
        if code in LANGUAGES:
            return code
    return None


def language_code(locale: str) -> str:
    """The language part of a locale name: ``pt_BR.UTF-8``, ``pt-BR``, ``PT`` -> ``pt``."""
    for mark in "_-.@":
        locale = locale.split(mark)[0]
    return locale.strip().lower()


def default_lang(settings: Settings | None, environ: Mapping[str, str]) -> str:
    """The language when ``--lang`` is not given: ``ASOBI_LANG``, then the user's settings,
    then the system's locale, then English."""
    chosen = environ.get("ASOBI_LANG", "").lower()
    if chosen in LANGUAGES:
        return chosen
    if settings is not None and settings.lang in LANGUAGES:
        return settings.lang or DEFAULT_LANG
    return locale_lang(environ) or DEFAULT_LANG


# --------------------------------------------------------------------------- checking values


def check_value(reg: Registry, settings: Settings, key: str, value: str) -> str:
    """``value`` for ``key`` as it will be stored, or AsobiError saying what is wrong."""
    game_name, name = split_key(key)
    if not name:
        known = [*GLOBAL_KEYS, *(f"{g}.{k}" for g in reg.games() for k in GAME_KEYS)]
        raise AsobiError(f"unknown setting '{key}'{did_you_mean(key, known)}; "
                         f"settings: {KEYS_HELP}")
    value = value.strip()
    if not value or not value.isprintable():
        raise AsobiError(f"{key}: give a value on one line, such as {_example(name)}")
    if name == "lang":
        code = language_code(value)  # pt_BR.UTF-8 and pt-BR are Portuguese too
        if code not in LANGUAGES:
            raise AsobiError(f"unknown language '{value}'{did_you_mean(value, LANGUAGES)}; "
                             f"choose from {', '.join(LANGUAGES)}")
        return code
    if name == "frontend":
        frontend = reg.frontend(value).load()
        if not callable(getattr(frontend, "play", None)):
            raise AsobiError(f"the '{value}' frontend cannot play a game (it only serves)")
        return value
    if name == "game":
        return reg.game(value).name
    game = reg.game(game_name or "")
    if name == "variant":
        return check_variant(game, value)
    variant = settings.get(f"{game.name}.variant")
    return check_players(game, value, variant)


def check_variant(game: Game, value: str) -> str:
    from asobi.variants.loader import looks_like_path

    spec = str(Path(value).expanduser().resolve()) if looks_like_path(value) else value
    game.load_variant(spec)
    return spec


def check_players(game: Game, value: str, variant: str | None = None) -> str:
    """Seats such as ``human,ai:hard``, checked against the game's player counts and levels
    (with its ``variant`` when it is still there)."""
    from asobi.play.agents import make_agent
    from asobi.play.session import parse_seats

    seats = parse_seats(value, game)
    try:
        rules = game.load_variant(variant).rules
    except AsobiError:
        rules = game.load_variant().rules
    for seat, spec in enumerate(seats):
        if not spec.is_human:
            make_agent(game, spec.level or game.default_level, seat, rules, len(seats), 1)
    return ",".join(str(seat) for seat in seats)


def usable(reg: Registry, settings: Settings, key: str, warn: Warn = warn_stderr) -> str | None:
    """The setting ``key`` when it still fits what is installed; else None, after a warning
    that names the file and the way to change it."""
    value = settings.get(key)
    if value is None:
        return None
    try:
        return check_value(reg, settings, key, value)
    except AsobiError as exc:
        first = str(exc).splitlines()[0]
        warn(f"{settings.path}: {key}: {first}; the default is used instead "
             f"(change it with 'asobi config set {key} VALUE' or 'asobi config unset {key}')")
        return None


# --------------------------------------------------------------------------- asobi config


def add_config_command(sub: Any) -> None:
    """``asobi config [show | set KEY VALUE | unset KEY | reset | path]``."""
    p = sub.add_parser("config", help="show or change your settings (defaults of asobi play)")
    csub = p.add_subparsers(dest="config_command", metavar="SUBCOMMAND")
    p.set_defaults(run=cmd_config_show)
    c = csub.add_parser("show", help="show the settings file and its values")
    c.set_defaults(run=cmd_config_show)
    c = csub.add_parser("path", help="print the path of the settings file")
    c.set_defaults(run=cmd_config_path)
    c = csub.add_parser("set", help=f"set a value; keys: {KEYS_HELP}")
    c.add_argument("key")
    c.add_argument("value")
    c.set_defaults(run=cmd_config_set)
    c = csub.add_parser("unset", help="remove a value (its built-in default applies again)")
    c.add_argument("key")
    c.set_defaults(run=cmd_config_unset)
    c = csub.add_parser("reset", help="remove the settings file (every default is built-in)")
    c.set_defaults(run=cmd_config_reset)


def cmd_config_show(reg: Registry, args: argparse.Namespace) -> int:
    settings = read()
    exists = settings.path.is_file()
    print(f"Settings file: {settings.path}{'' if exists else ' (not written yet)'}")
    if not settings.values:
        print("No settings: every default is built-in. Set one with: asobi config set KEY VALUE")
        print(f"Keys: {KEYS_HELP}")
        return 0
    for key in ordered(settings.values):
        print(f"  {key} = {settings.values[key]}")
    return 0


def ordered(keys: Iterable[str]) -> list[str]:
    found = list(keys)
    return [k for k in GLOBAL_KEYS if k in found] + sorted(k for k in found if "." in k)


def cmd_config_path(reg: Registry, args: argparse.Namespace) -> int:
    print(settings_path())
    return 0


def cmd_config_set(reg: Registry, args: argparse.Namespace) -> int:
    settings = read()
    value = check_value(reg, settings, args.key, args.value)
    settings.with_values({args.key: value}).save()
    print(f"{args.key} = {value}  (saved in {settings.path})")
    return 0


def cmd_config_unset(reg: Registry, args: argparse.Namespace) -> int:
    settings = read()
    if not split_key(args.key)[1]:
        raise AsobiError(f"unknown setting '{args.key}'"
                         f"{did_you_mean(args.key, [*GLOBAL_KEYS, *settings.values])}; "
                         f"settings: {KEYS_HELP}")
    if args.key not in settings.values:
        print(f"{args.key} was not set; nothing changed")
        return 0
    settings.with_values({args.key: None}).save()
    print(f"{args.key} removed (saved in {settings.path})")
    return 0


def cmd_config_reset(reg: Registry, args: argparse.Namespace) -> int:
    path = settings_path()
    try:
        path.unlink()
    except FileNotFoundError:
        print(f"No settings file at {path}; nothing changed")
        return 0
    except OSError as exc:
        raise AsobiError(f"cannot remove {path}: {exc.strerror or exc}") from None
    print(f"Removed {path}: every default is built-in again")
    return 0
