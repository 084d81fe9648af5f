"""The variant schema of Sakura and the frozen rules compiled from a ``rules`` mapping."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from asobi.variants.loader import merge_rules
from asobi.variants.rulememo import by_rules
from asobi.variants.schema import (
    Checked,
    Int,
    Limits,
    List,
    MapOf,
    Path,
    Problems,
    Schema,
    Str,
    Struct,
    did_you_mean,
)
from asobi_sakura.cards import GARDEN_KINDS, PAINTER_KINDS, PAINTER_KINDS_WITH_STEPS, Card
from asobi_sakura.garden import MAX_SPACES, MAX_WIDTH, Garden, build_garden, check_path

NEUTRAL_MODES: tuple[str, ...] = ("deck", "hand", "none")
GATE_TIES: tuple[str, ...] = ("unplaced", "shared")
"""How a tree scores painters who share the gate: ``unplaced`` (they take no place, and the
places they tie for go to nobody; they stay on the gate in the regroup) or ``shared`` (each
takes the place they tie for, and they move up together in the regroup)."""
GATE_TIES_DEFAULT = "unplaced"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
PLAYER_WORDS: tuple[str, ...] = ("two", "three", "four", "five", "six")
"""The keys of ``by_players``: the numbers of players, in words (keys stay text in JSON)."""
VARYING: tuple[str, ...] = ("hand_size", "tokens", "bump_back", "garden", "scoring")
"""The rule values ``by_players`` may set for one number of players."""
MAX_DECK = 200
"""The most cards a deck holds (the standard deck has 60)."""
MAX_TOKENS = 10_000
"""The largest number of tokens any rule value gives: start, total, bump loss, a place's
tokens (the standard box holds 80)."""
LIMITS = Limits(depth=6, values=5_000, entries=MAX_DECK, text=200)
"""The bounds of a whole ``rules`` mapping, checked before anything else (see
:class:`asobi.variants.schema.Limits`): the built-in variants nest 5 levels and hold about 400
values."""
FIXED: dict[str, str] = {
    "deck": "the cards are the same at every table",
    "many_players": "it is itself a number of players; set the values for that number here "
    "instead",
    "two_players": "it only concerns two players already; set it outside by_players",
    "by_players": "by_players cannot be nested",
}
"""The rule values that cannot vary with the number of players, and why."""


def _check_deck(deck: list[dict[str, Any]]) -> Iterable[tuple[tuple[Any, ...], str]]:
    seen: dict[int, int] = {}
    for i, card in enumerate(deck):
        number = card["n"]
        if number in seen:
            yield (i, "n"), f"card number {number} is already used by entry {seen[number] + 1}"
        seen[number] = i
        if card["painter"] in PAINTER_KINDS_WITH_STEPS and card.get("steps", 0) < 1:
            yield (i,), f"painter action '{card['painter']}' needs 'steps' (1 or more)"
    if seen and sorted(seen) != list(range(1, len(deck) + 1)):
        missing = sorted(set(range(1, len(deck) + 1)) - set(seen))
        yield (), f"cards must be numbered 1 to {len(deck)}; missing {missing[:5]}"


def _check_scoring(scoring: dict[str, Any]) -> Iterable[tuple[tuple[Any, ...], str]]:
    for key in ("places", "places_many"):
        if not scoring[key]:
            yield (key,), "at least one place must score"


def _check_rules(rules: dict[str, Any]) -> Iterable[tuple[tuple[Any, ...], str]]:
    overrides = player_overrides(rules)
    for players, over in sorted(overrides.items()):
        for where, message in _BASE.validate(merge_rules(_without_overrides(rules), over)):
            if where and where[0] in over:  # problems of the standard values are told once
                yield ("by_players", _word(players), *where), message
    deck = len(rules["deck"])
    told: set[str] = set()  # a problem of the standard values, told for the most players only
    for players in range(MAX_PLAYERS, MIN_PLAYERS - 1, -1):
        over = overrides.get(players, {})
        hand = over.get("hand_size", rules["hand_size"])
        tokens = merge_rules(rules["tokens"], over.get("tokens", {}))
        painters = players + 1 if players == MIN_PLAYERS else players
        need = players * hand + painters
        if deck < need:
            if "hand_size" in over:
                yield ("by_players", _word(players), "hand_size"), (
                    f"with {players} players and hands of {hand} the deck needs at least "
                    f"{need} cards; it has {deck}")
            elif "deck" not in told:
                told.add("deck")
                yield ("deck",), f"the deck needs at least {need} cards for {players} players"
        if tokens["total"] < tokens["start"] * painters:
            if "tokens" in over:
                yield ("by_players", _word(players), "tokens", "total"), (
                    f"with {players} players the token total must cover {painters} painters "
                    f"starting with {tokens['start']} each")
            elif "tokens" not in told:
                told.add("tokens")
                yield ("tokens", "total"), (
                    f"the token total must cover {painters} painters starting with "
                    f"{tokens['start']} each")


def _word(players: int) -> str:
    return PLAYER_WORDS[players - MIN_PLAYERS]


def _without_overrides(rules: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in rules.items() if key != "by_players"}


def player_overrides(rules: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """The ``by_players`` values of a valid ``rules`` mapping, by number of players."""
    found: dict[int, dict[str, Any]] = {}
    for key, over in (rules.get("by_players") or {}).items():
        if key in PLAYER_WORDS and isinstance(over, dict):
            found[PLAYER_WORDS.index(key) + MIN_PLAYERS] = over
    return found


def mapping_for_players(rules: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The ``rules`` mapping a game of ``players`` is played by: the ``by_players`` values of
    that number laid over the others, without ``by_players`` (for texts that describe it)."""
    merged: dict[str, Any] = merge_rules(_without_overrides(rules),
                                    player_overrides(rules).get(players, {}))
    return merged


@dataclass(frozen=True)
class RuleValues(Schema):
    """The rule values set for one number of players: any of :data:`VARYING`, each checked
    like the standard value it replaces. A mapping given in part (``garden: {path: ...}``)
    keeps the standard values of the keys it leaves out; the whole of the rules that result is
    checked by :func:`_check_rules`."""

    fields: Mapping[str, Schema]

    def check(self, value: Any, path: Path, problems: Problems) -> None:
        if not isinstance(value, dict):
            problems.add(path, f"expected {self.describe()}, got a {type(value).__name__}")
            return
        if not value:
            problems.add(path, "set at least one rule value for this number of players")
        for key, item in value.items():
            if key in FIXED:
                problems.add(path + (key,),
                             f"'{key}' cannot vary with the number of players: {FIXED[key]}")
            elif key not in self.fields:
                hint = did_you_mean(key, self.fields) or f" (one of: {', '.join(self.fields)})"
                problems.add(path + (key,), f"unknown key '{key}'{hint}")
            else:
                # keys left out keep the standard value; the problems found count towards the
                # same bound as the others (a check past it ends with the ones found so far)
                part = Problems(partial=True,
                                limit=max(0, problems.limit - len(problems.items)))
                try:
                    self.fields[key].check(item, path + (key,), part)
                finally:
                    problems.items.extend(part.items)

    def describe(self) -> str:
        return "a mapping of rule values (" + ", ".join(self.fields) + ")"


CARD = Struct(
    {
        "n": Int(min=1, max=MAX_DECK,
                 doc="The card's number: the cards of a round resolve lowest first."),
        "garden": Str(
            choices=GARDEN_KINDS,
            what="garden action",
            doc="The garden action: the Emperor moves forward, back, or either way (the "
            "player picks); or the painter closest to him moves back, or the one furthest "
            "from him moves forward.",
        ),
        "move": Int(min=1, max=9, doc="Spaces the garden action moves."),
        "painter": Str(
            choices=PAINTER_KINDS,
            what="painter action",
            doc="The action of the player's own painter: forward, either (forward or back), "
            "jump (to the first empty space in front of the next painter ahead) or count "
            "(forward one space per painter between it and the Emperor).",
        ),
        "steps": Int(
            min=1,
            max=9,
            doc="Spaces of a forward or either painter action (needed by those two; the "
            "others ignore it).",
        ),
    },
    optional=frozenset({"steps"}),
    doc="One card: its number, a garden action and a painter action.",
)

_FIELDS: dict[str, Schema] = {
    "hand_size": Int(
        min=1, max=9, doc="Cards in each player's hand (refilled after each round)."
    ),
    "many_players": Int(
        min=2,
        max=7,
        doc="From this many players the bridges are wider (bridge_spaces_many) and "
        "trees score by places_many.",
    ),
    "tokens": Struct(
        {
            "start": Int(min=0, max=MAX_TOKENS, doc="Favour tokens each painter starts with."),
            "total": Int(
                min=0,
                max=MAX_TOKENS,
                doc="Tokens in the box: the players' tokens plus the supply (enough "
                "for six painters' start).",
            ),
            "bump_loss": Int(
                min=0,
                max=MAX_TOKENS,
                doc="Tokens a painter who bumps into the Emperor gives to the supply.",
            ),
        },
        doc="Favour tokens, the players' score.",
    ),
    "bump_back": Int(
        min=1,
        max=9,
        doc="Empty spaces a painter who bumps into the Emperor goes back, counted "
        "from the Emperor's space.",
    ),
    "garden": Struct(
        {
            "path": Checked(
                List(Str(what="space", max_len=20), min_len=2, max_len=MAX_SPACES),
                check_path,
                doc="The spaces from the gate to the last cherry tree: gate, plain, "
                "bridge, torii or tree, each optionally after a count ('3 plain'). "
                "The gate comes first, the one torii (where the Emperor starts) before "
                f"the first tree, a tree last; at most {MAX_SPACES} spaces in all, counts "
                "included (each bridge counted once).",
            ),
            "bridge_spaces": Int(
                min=1,
                max=MAX_WIDTH,
                doc="Spaces each bridge takes with fewer than many_players players.",
            ),
            "bridge_spaces_many": Int(
                min=1, max=MAX_WIDTH,
                doc="Spaces each bridge takes from many_players players."
            ),
        },
        doc="The path the Emperor and the painters walk.",
    ),
    "scoring": Checked(
        Struct(
            {
                "places": List(
                    Int(min=0, max=MAX_TOKENS),
                    max_len=6,
                    doc="Tokens for the closest, second, ... painter when the Emperor "
                    "stops at a tree (fewer than many_players players).",
                ),
                "places_many": List(
                    Int(min=0, max=MAX_TOKENS),
                    max_len=6,
                    doc="Tokens by place from many_players players.",
                ),
                "last_tree_first": Int(
                    min=0,
                    max=MAX_TOKENS,
                    doc="What the closest painter gets at the last tree, instead of "
                    "the first place's tokens.",
                ),
                "gate_ties": Str(
                    choices=GATE_TIES,
                    what="gate tie rule",
                    doc="Painters sharing the gate at a tree: unplaced (they take no "
                    "place, and the places they tie for go to nobody) or shared (each "
                    "takes the place they tie for). Left out: unplaced.",
                ),
            },
            optional=frozenset({"gate_ties"}),
            doc="Tokens the painters win when the Emperor stops at a cherry tree.",
        ),
        _check_scoring,
    ),
    "two_players": Struct(
        {
            "neutral_painter": Str(
                choices=NEUTRAL_MODES,
                what="neutral painter mode",
                doc="deck: a neutral painter plays the top card of the deck each "
                "round; hand: the players take turns giving it a card from their "
                "hand; none: no neutral painter.",
            )
        },
        doc="Rules for a game of two players.",
    ),
    "deck": Checked(
        List(CARD, min_len=1, max_len=MAX_DECK),
        _check_deck,
        doc="The cards, numbered 1 to the number of cards; at least six hands and six "
        f"cards more, and at most {MAX_DECK}.",
    ),
}

_BASE = Struct(_FIELDS)
"""The rules without ``by_players``: what one number of players plays by."""

SCHEMA = Checked(
    Struct(
        {
            **_FIELDS,
            "by_players": MapOf(
                Str(choices=PLAYER_WORDS, what="number of players"),
                RuleValues(
                    {key: _FIELDS[key] for key in VARYING},
                    doc="Rule values that differ at this number of players, replacing the "
                    "standard ones: hand_size, tokens, bump_back, garden or scoring. A mapping "
                    "given in part keeps the standard values of the keys it leaves out "
                    "(garden: {path: [...]} keeps the bridges); a list replaces the whole "
                    "list. The deck, many_players and two_players are the same for every "
                    "number of players.",
                ),
                doc="Rule values for one number of players, written as a word (two, three, "
                "four, five or six), laid over the others: tune a two-player game without "
                "changing the four-player one.",
            ),
        },
        optional=frozenset({"by_players"}),
    ),
    _check_rules,
    limits=LIMITS,
)


@dataclass(frozen=True)
class Rules:
    """Everything a game of Sakura needs to know from its variant, ready to use."""

    hand_size: int
    many_players: int
    start_tokens: int
    total_tokens: int
    bump_loss: int
    bump_back: int
    path: tuple[str, ...]
    bridge_spaces: int
    bridge_spaces_many: int
    places: tuple[int, ...]
    places_many: tuple[int, ...]
    last_tree_first: int
    gate_ties: str
    """``unplaced`` or ``shared``: see :data:`GATE_TIES`."""
    neutral_mode: str
    """``deck``: the neutral painter plays the top card of the deck; ``hand``: the players take
    turns giving it a card from their hand; ``none``: no neutral painter."""
    cards: tuple[Card, ...]
    """Index ``n`` holds card number ``n``; index 0 is unused (``None``-like placeholder)."""
    by_players: tuple[tuple[int, Rules], ...] = ()
    """The rules of a number of players that has its own values (``by_players``), each
    complete, with no ``by_players`` of its own."""

    def for_players(self, players: int) -> Rules:
        """The rules a game of ``players`` is played by: its own values, else these."""
        for number, rules in self.by_players:
            if number == players:
                return rules
        return self

    @property
    def deck_size(self) -> int:
        return len(self.cards) - 1

    def card(self, number: int) -> Card:
        return self.cards[number]

    def neutral(self, players: int) -> bool:
        """Whether a neutral painter joins a game of ``players``."""
        return players == 2 and self.neutral_mode != "none"

    def garden(self, players: int) -> Garden:
        rules = self.for_players(players)
        many = players >= rules.many_players
        return build_garden(rules.path,
                            rules.bridge_spaces_many if many else rules.bridge_spaces)

    def tree_places(self, players: int, last_tree: bool) -> tuple[int, ...]:
        """Tokens per place (closest first) at a tree for a game of ``players``."""
        rules = self.for_players(players)
        places = list(rules.places_many if players >= rules.many_players else rules.places)
        if last_tree and places:
            places[0] = rules.last_tree_first
        return tuple(places)


def _compile_rules(mapping: Mapping[str, Any]) -> Rules:
    """Turn a validated ``rules`` mapping into :class:`Rules`, with the rules of every number
    of players that has its own values (``by_players``) compiled in."""
    overrides = tuple(
        (players, _compile_one(mapping_for_players(mapping, players)))
        for players in sorted(player_overrides(mapping))
    )
    return replace(_compile_one(_without_overrides(mapping)), by_players=overrides)


compile_rules = by_rules(_compile_rules)
"""The compiled rules of a ``rules`` mapping, worked out once per rule set
(:func:`asobi.variants.rulememo.by_rules`): every game and every AI decision asks for them."""


def _compile_one(mapping: Mapping[str, Any]) -> Rules:
    cards: list[Card] = [Card(0, "", 0, "", 0)] * (len(mapping["deck"]) + 1)
    for entry in mapping["deck"]:
        steps = entry.get("steps", 0) if entry["painter"] in PAINTER_KINDS_WITH_STEPS else 0
        number = entry["n"]
        cards[number] = Card(number, entry["garden"], entry["move"], entry["painter"], steps)
    tokens = mapping["tokens"]
    garden = mapping["garden"]
    scoring = mapping["scoring"]
    two = mapping["two_players"]
    return Rules(
        hand_size=mapping["hand_size"],
        many_players=mapping["many_players"],
        start_tokens=tokens["start"],
        total_tokens=tokens["total"],
        bump_loss=tokens["bump_loss"],
        bump_back=mapping["bump_back"],
        path=tuple(garden["path"]),
        bridge_spaces=garden["bridge_spaces"],
        bridge_spaces_many=garden["bridge_spaces_many"],
        places=tuple(scoring["places"]),
        places_many=tuple(scoring["places_many"]),
        last_tree_first=scoring["last_tree_first"],
        gate_ties=scoring.get("gate_ties", GATE_TIES_DEFAULT),
        neutral_mode=two["neutral_painter"],
        cards=tuple(cards),
    )
