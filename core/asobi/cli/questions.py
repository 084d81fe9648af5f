"""The questions of the chooser (:mod:`asobi.cli.chooser`): the numbered lists of games, variants,
seats and frontends, how an answer is read, and the saving of the answers.

A module of its own so that ``asobi`` imports it only when the chooser runs (in a terminal,
``asobi`` alone or ``asobi play`` without a game), not at every start. It imports nothing from
:mod:`asobi.cli.chooser`, which imports it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import IO

import yaml

from asobi.cli import userconfig
from asobi.cli.userconfig import Settings, Warn
from asobi.errors import AsobiError
from asobi.host.registry import Game, Registry
from asobi.i18n import break_lines, is_wide, translator

LONGEST_NUMBER = 6
"""Digits worth reading in an answer (leading zeros aside)."""


class NothingChosen(AsobiError):
    """The input ended before every question was answered."""


@dataclass(frozen=True)
class Option:
    key: str
    """What goes on the command line: ``koikoi``, ``standard``, ``human``, ``ai:hard``."""
    label: str
    note: str = ""
    """One line on it."""
    name: str = ""
    """Its name in the sentences that follow (default: the label)."""


@dataclass(frozen=True)
class Choice:
    """The answers; None where the command line had already said."""

    game: str
    variant: str | None
    players: tuple[str, ...] | None
    frontend: str | None

    def words(self) -> list[str]:
        """The options of ``asobi play`` that these answers give."""
        words = ["play", self.game]
        if self.variant is not None:
            words += ["--variant", self.variant]
        if self.players is not None:
            words += ["--players", ",".join(self.players)]
        if self.frontend is not None:
            words += ["--frontend", self.frontend]
        return words

    def settings(self) -> dict[str, str | None]:
        values: dict[str, str | None] = {"game": self.game}
        if self.variant is not None:
            values[f"{self.game}.variant"] = self.variant
        if self.players is not None:
            values[f"{self.game}.players"] = ",".join(self.players)
        if self.frontend is not None:
            values["frontend"] = self.frontend
        return values


def display_width(text: str) -> int:
    return sum(2 if is_wide(c) else 1 for c in text)


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal columns (wide characters count two), with "…"."""
    if display_width(text) <= width:
        return text
    out, used = [], 0
    for char in text:
        size = display_width(char)
        if used + size > width - 1:
            break
        out.append(char)
        used += size
    return "".join(out).rstrip() + "…"


NOTE_LINES = 3
"""Lines an option's note may take under it; what is longer ends with "…"."""


def wrap(text: str, width: int, most: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` terminal columns (wide characters count
    two) as :func:`asobi.i18n.break_lines` breaks them, a word wider than a line cut to fit;
    at most ``most`` lines, the last one cut with "…" when more would follow."""
    lines = break_lines(" ".join(text.split()), width, display_width, split_long=True)
    if len(lines) > most:
        lines = [*lines[:most - 1], fit(" ".join(lines[most - 1:]), width)]
    return [line for line in lines if line]


def first_sentence(text: str) -> str:
    line = " ".join(text.split())
    for stop in (". ", "。"):
        head, found, _ = line.partition(stop)
        if found:
            line = head + stop.strip()
    return line


def shown(answer: str, longest: int = 30) -> str:
    """An answer safe to echo: control characters as ``?``, cut when long."""
    text = "".join(c if c.isprintable() else "?" for c in answer)
    return text if len(text) <= longest else text[: longest - 1] + "…"


class Prompter:
    """Numbered questions on a pair of streams, in one language."""

    def __init__(self, stdin: IO[str], stdout: IO[str], lang: str, width: int) -> None:
        self.stdin, self.stdout, self.width = stdin, stdout, max(width, 20)
        self._ = translator("asobi", lang)

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def answer(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        try:
            line = self.stdin.readline()
        except UnicodeDecodeError:
            return "\ufffd"
        if not line:
            self.say()
            raise NothingChosen(
                self._("the input ended before a choice was made; nothing was started")
            )
        return line.strip()

    def pick(self, title: str, options: Sequence[Option], default: int) -> Option:
        """One of ``options`` (``default`` is an index); a single option is taken at once."""
        _ = self._
        if len(options) == 1:
            self.say(
                _("{what}: {choice} (the only choice)").format(
                    what=title, choice=options[0].name or options[0].label
                )
            )
            return options[0]
        self.say()
        self.say(title)
        for place, option in enumerate(options, 1):
            mark = "*" if place - 1 == default else " "
            self.say(fit(f" {mark}{place:>2}. {option.label}", self.width - 1))
            for line in wrap(option.note, self.width - 7, NOTE_LINES):
                self.say(f"      {line}")
        count = len(options)
        while True:
            answer = self.answer(
                _("Choose 1-{count} (Enter: {default}): ").format(count=count, default=default + 1)
            )
            if not answer:
                return options[default]
            number = as_number(answer)
            if number is not None and 1 <= number <= count:
                return options[number - 1]
            for option in options:
                if answer.casefold() in (
                    o.casefold() for o in (option.key, option.label, option.name) if o
                ):
                    return option
            self.say(
                _(
                    "'{answer}' is not one of the choices: type a number from 1 to "
                    "{count}, or press Enter for {default}."
                ).format(answer=shown(answer), count=count, default=default + 1)
            )

    def count(self, title: str, low: int, high: int, default: int) -> int:
        """A number from ``low`` to ``high``; a single possibility is taken at once."""
        if low == high:
            return low
        _ = self._
        self.say()
        while True:
            answer = self.answer(
                _("{title}: {low} to {high} (Enter: {default}): ").format(
                    title=title, low=low, high=high, default=default
                )
            )
            if not answer:
                return default
            typed = as_number(answer)
            if typed is not None and low <= typed <= high:
                return typed
            self.say(
                _("'{answer}' is not a number from {low} to {high}.").format(
                    answer=shown(answer), low=low, high=high
                )
            )


def as_number(answer: str) -> int | None:
    """The number typed (decimal digits, full-width ones too), never a huge one."""
    if not answer.isdecimal():
        return None
    digits = answer.lstrip("0") or "0"
    return int(digits) if len(digits) <= LONGEST_NUMBER else None


# --------------------------------------------------------------------------- the questions


def game_options(reg: Registry, prompter: Prompter, lang: str) -> list[Option]:
    _ = prompter._
    options = []
    for game in reg.games().values():
        low, high = game.info.min_players, game.info.max_players
        if low == high:
            players = _.n("{n} player", "{n} players", low).format(n=low)
        else:
            players = _.n("{low} to {high} player", "{low} to {high} players", high).format(
                low=low, high=high
            )
        title = game.text(game.info.title, lang)
        options.append(
            Option(game.name, f"{title} ({players})", first_sentence(game.summary_in(lang)), title)
        )
    return options


def variant_options(game: Game, lang: str, remembered: str | None) -> list[Option]:
    options = []
    for row in game.variant_listing():
        if not row["ok"]:
            continue
        try:
            variant = game.load_variant(row["name"])
        except AsobiError:
            continue
        options.append(
            Option(
                row["name"], variant.title_in(lang), first_sentence(variant.description_in(lang))
            )
        )
    if remembered is not None and remembered not in [o.key for o in options]:
        variant = game.load_variant(remembered)  # a file of the user's, checked already
        options.insert(0, Option(remembered, variant.title_in(lang), remembered))
    return options


def seat_options(
    game: Game, prompter: Prompter, lang: str, extra: Sequence[str] = ()
) -> list[Option]:
    """A person, then every AI level of the game, then the seats of ``extra`` that are
    none of those (a level with a time budget, such as ``ai:hard:0.3``)."""
    _ = prompter._
    options = [Option("human", _("Human (a person at this screen)"), name=_("Human"))]
    levels = [f"ai:{level}" for level in game.ai_levels()]
    levels += [
        seat for seat in dict.fromkeys(extra) if seat.startswith("ai:") and seat not in levels
    ]
    for level in levels:
        options.append(
            Option(
                level,
                _("AI: {level}").format(level=game.level_title(level.removeprefix("ai:"), lang)),
            )
        )
    return options


def frontend_options(reg: Registry, lang: str, warn: Warn) -> list[Option]:
    options = []
    for name, entry in reg.frontends().items():
        try:
            frontend = entry.load()
        except AsobiError as exc:
            warn(str(exc))
            continue
        if not callable(getattr(frontend, "play", None)):
            continue
        title = str(getattr(frontend, "title", ""))
        options.append(Option(name, name, frontend_title(entry.entry_point.module, title, lang)))
    return options


def frontend_title(module: str, title: str, lang: str) -> str:
    """A frontend's title in ``lang``, from the catalogue (``locale/``) of the package that
    holds its entry point: the module itself, or the nearest package above it."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        package = ".".join(parts[:end])
        try:
            if (resources.files(package) / "locale").is_dir():
                return translator(package, lang)(title)
        except (ImportError, TypeError, AttributeError, ValueError, OSError, yaml.YAMLError):
            continue  # not a package, or a catalogue that cannot be read: try the next one
    return title


def index_of(options: Sequence[Option], key: str | None, fallback: int = 0) -> int:
    keys = [o.key for o in options]
    return keys.index(key) if key in keys else fallback


def default_seats(game: Game, remembered: str | None) -> list[str]:
    """The seats offered first: the remembered ones, else the game's (a bare ``ai`` is the
    game's default level)."""
    if remembered:
        seats = remembered.split(",")
    elif game.info.default_players:
        seats = list(game.info.default_players)
    else:
        seats = ["human"] + ["ai"] * (game.info.min_players - 1)
    return [f"ai:{game.default_level}" if seat.strip() == "ai" else seat.strip() for seat in seats]


def choose(
    reg: Registry,
    settings: Settings,
    args: argparse.Namespace,
    prompter: Prompter,
    ask_frontend: bool = True,
    warn: Warn = userconfig.warn_stderr,
) -> Choice:
    """Ask every question the command line left open."""
    _, lang = prompter._, args.lang
    games = game_options(reg, prompter, lang)
    if not games:
        raise AsobiError(_("no game is installed: install a game plugin, then try again"))
    prompter.say(_("Choose what to play. Enter keeps the choice marked *; Ctrl-C leaves."))
    remembered_game = userconfig.usable(reg, settings, "game", warn)
    picked = prompter.pick(_("Game"), games, index_of(games, remembered_game))
    game = reg.game(picked.key)
    title = picked.name or picked.label

    variant = None
    if args.variant is None:
        remembered = userconfig.usable(reg, settings, f"{game.name}.variant", warn)
        options = variant_options(game, lang, remembered)
        if not options:  # every variant file is broken
            raise AsobiError(
                _("{game} has no variant that loads; see: asobi variants {name}").format(
                    game=title, name=game.name
                )
            )
        default = index_of(options, remembered, index_of(options, game.info.default_variant))
        variant = prompter.pick(_("Variant of {game}").format(game=title), options, default).key

    players = None
    if args.players is None:
        remembered = userconfig.usable(reg, settings, f"{game.name}.players", warn)
        seats = default_seats(game, remembered)
        info = game.info
        count = prompter.count(
            _("Number of players"),
            info.min_players,
            info.max_players,
            min(max(len(seats), info.min_players), info.max_players),
        )
        seats = (seats + [f"ai:{game.default_level}"] * count)[:count]
        options = seat_options(game, prompter, lang, extra=seats)
        picks = []
        for seat in range(count):
            default = index_of(options, seats[seat])
            picks.append(prompter.pick(_("Seat {n}").format(n=seat + 1), options, default).key)
        players = tuple(picks)

    frontend = None
    if ask_frontend:
        options = frontend_options(reg, lang, warn)
        if not options:
            raise AsobiError(_("no frontend that can play is installed"))
        remembered = userconfig.usable(reg, settings, "frontend", warn)
        frontend = prompter.pick(
            _("Frontend"), options, index_of(options, remembered, index_of(options, "text"))
        ).key
    return Choice(game.name, variant, players, frontend)


def remember(choice: Choice, prompter: Prompter, warn: Callable[[str], None]) -> None:
    """Save the answers as defaults, unless the settings file is broken (it is left for the
    person to fix) or cannot be written (the game starts anyway)."""
    _ = prompter._
    try:
        current = userconfig.read()
        current.with_values(choice.settings()).save()
    except AsobiError as exc:
        warn(_("your choices were not saved: {reason}").format(reason=str(exc).splitlines()[0]))
        return
    prompter.say(
        _("Saved as your defaults in {path} (see: asobi config).").format(path=current.path)
    )
