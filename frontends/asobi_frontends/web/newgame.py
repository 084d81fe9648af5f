"""Reading a request to create a game, and checking it against the server's rules.

What a creator may ask for is bounded: a known game and a named variant, seats the game takes,
AI time budgets within the server's cap, a human at the table (unless the server runs AI-only
games), a chosen seed only when every human seat is the creator's own (nobody else's cards
depend on it), and hints off by default when more than one person plays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from asobi.host.registry import Game, Registry
from asobi.i18n import LANGUAGES
from asobi.play.agents import budget_of, level_name, make_agent
from asobi.play.seeds import parse_seed
from asobi.play.session import SeatSpec, parse_seats
from asobi.variants import loader as variants
from asobi.variants.loader import Variant

from .errors import BadRequest, Forbidden, NotFound
from .options import ServerOptions

MAX_SEAT_TEXT = 40


@dataclass(frozen=True)
class NewGame:
    """A checked request for a new game."""

    game: Game
    variant: Variant
    seats: tuple[SeatSpec, ...]
    lang: str
    seed: int | None = None
    hints: bool = True
    creator_seat: int | None = None
    variant_ref: str | None = None
    setup: Mapping[str, Any] | None = None
    """A pinned deal (``asobi play --deal RECORD --frontend web``); never read from a request:
    a deal shows every seat's cards."""


def find_game(registry: Registry, name: Any) -> Game:
    """The installed game called ``name`` (NotFound otherwise)."""
    if not isinstance(name, str) or name not in registry.games():
        shown = name if isinstance(name, str) and len(name) <= 40 else "that"
        known = ", ".join(sorted(registry.games())) or "none"
        raise NotFound(f"unknown game '{shown}'; installed: {known}")
    return registry.game(name)


class VariantCache:
    """Variants read from their YAML files at most once every ``seconds`` (reading and checking
    a file costs far more than a move); an edited club variant is seen after that delay."""

    def __init__(self, clock: Callable[[], float], seconds: float = 10.0) -> None:
        self.clock = clock
        self.seconds = seconds
        self._entries: dict[tuple[str, str], tuple[float, Any]] = {}

    def _get(self, key: tuple[str, str], make: Callable[[], Any]) -> Any:
        now = self.clock()
        entry = self._entries.get(key)
        if entry is None or now - entry[0] > self.seconds:
            entry = (now, make())
            self._entries[key] = entry
        return entry[1]

    def names(self, game: Game) -> frozenset[str]:
        names: frozenset[str] = self._get((game.name, "\0names"), lambda: frozenset(
            game.variant_names()))
        return names

    def listing(self, game: Game) -> list[dict[str, Any]]:
        listing: list[dict[str, Any]] = self._get((game.name, "\0listing"),
                                                  game.variant_listing)
        return listing

    def find(self, game: Game, name: Any) -> Variant:
        """A built-in or club variant of ``game`` by name (never a path on the server's
        disk); NotFound for a name the game does not have."""
        name = game.info.default_variant if name is None else name
        if not isinstance(name, str) or len(name) > 80 or variants.looks_like_path(name):
            raise BadRequest("'variant' must be the name of one of the game's variants")
        names = self.names(game)
        if name not in names:
            raise NotFound(f"{game.info.title} has no variant '{name}'; "
                           f"choose one of: {', '.join(sorted(names))}")
        variant: Variant = self._get((game.name, name), lambda: game.load_variant(name))
        return variant


def read_new_game(
    registry: Registry, cache: VariantCache, data: dict[str, Any], options: ServerOptions
) -> NewGame:
    """Check the body of ``POST /api/games``; every problem is a user error."""
    if "game" not in data:
        raise BadRequest('say which game to start: {"game": "koikoi", ...}')
    try:
        game = find_game(registry, data["game"])
    except NotFound as exc:
        raise BadRequest(str(exc)) from None  # the body is wrong, not the address
    variant = cache.find(game, data.get("variant"))
    seats = _seats(game, data.get("seats"), options, variant)
    humans = [i for i, s in enumerate(seats) if s.is_human]
    if not humans and not options.allow_ai_only:
        raise Forbidden("this server runs games with at least one person at the table; "
                        "make one seat 'human'", "ai-only")
    creator_seat = _creator_seat(data, seats, humans)
    seed = None
    if data.get("seed") is not None:
        if any(seat != creator_seat for seat in humans):
            raise BadRequest("a chosen seed is for practice only: with a seat at the table that "
                             "someone else will hold (an invitation), whoever chose it would "
                             "know that player's cards")
        seed = parse_seed(data["seed"])
    lang = data.get("lang", options.default_lang)
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise BadRequest(f"'lang' must be one of: {', '.join(LANGUAGES)}")
    hints = data.get("hints")
    if hints is not None and not isinstance(hints, bool):
        raise BadRequest("'hints' must be true or false")
    return NewGame(
        game=game,
        variant=variant,
        seats=seats,
        lang=lang,
        seed=seed,
        hints=True if len(humans) <= 1 else bool(hints),
        creator_seat=creator_seat,
    )


def _seats(
    game: Game, given: Any, options: ServerOptions, variant: Variant
) -> tuple[SeatSpec, ...]:
    if given is None:
        given = list(game.info.default_players) or (
            ["human"] + ["ai:random"] * (game.info.min_players - 1)
        )
    if not isinstance(given, list) or not all(
        isinstance(s, str) and len(s) <= MAX_SEAT_TEXT for s in given
    ):
        raise BadRequest("'seats' must be a list such as [\"human\", \"ai:random\"]")
    seats = parse_seats(list(given), game)
    for seat, spec in enumerate(seats):
        if spec.is_human or spec.level is None:
            continue
        # The level reads its own option; only a level whose agent plans a time budget is
        # held to the server's cap (an unknown level or a bad option is refused here too).
        agent = make_agent(game, spec.level, seat, variant.rules, len(seats), 0)
        budget = budget_of(agent)
        if budget is not None and budget > options.ai_budget_max:
            raise BadRequest(f"ai:{spec.level}: this server gives the AI at most "
                             f"{options.ai_budget_max:g} s a move (ask for "
                             f"ai:{level_name(spec.level)}:{options.ai_budget_max:g})")
    return seats


def _creator_seat(
    data: dict[str, Any], seats: tuple[SeatSpec, ...], humans: list[int]
) -> int | None:
    if "creator_seat" not in data:
        return humans[0] if humans else None
    seat = data["creator_seat"]
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in humans:
        raise BadRequest("'creator_seat' must be the number of a human seat (counted from 0), "
                         "or null")
    return seat

