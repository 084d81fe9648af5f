"""The variant schema of Sakura and the frozen rules compiled from a ``rules`` mapping."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from asobi.schema import Checked, Int, List, Str, Struct
from asobi_sakura.cards import GARDEN_KINDS, PAINTER_KINDS, PAINTER_KINDS_WITH_STEPS, Card
from asobi_sakura.garden import Garden, build_garden, check_path

NEUTRAL_MODES: tuple[str, ...] = ("deck", "hand", "none")
GATE_TIES: tuple[str, ...] = ("unplaced", "shared")
"""How a tree scores painters who share the gate: ``unplaced`` (they take no place, and the
places they tie for go to nobody; they stay on the gate in the regroup) or ``shared`` (each
takes the place they tie for, and they move up together in the regroup)."""
GATE_TIES_DEFAULT = "unplaced"
MAX_PLAYERS = 6


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
    painters_max = MAX_PLAYERS
    need = painters_max * rules["hand_size"] + painters_max
    if len(rules["deck"]) < need:
        yield ("deck",), f"the deck needs at least {need} cards for six players"
    tokens = rules["tokens"]
    if tokens["total"] < tokens["start"] * painters_max:
        yield ("tokens", "total"), (
            f"the token total must cover {painters_max} painters starting with "
            f"{tokens['start']} each"
        )


CARD = Struct(
    {
        "n": Int(min=1, doc="The card's number: the cards of a round resolve lowest first."),
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

SCHEMA = Checked(
    Struct(
        {
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
                    "start": Int(min=0, doc="Favour tokens each painter starts with."),
                    "total": Int(
                        min=0,
                        doc="Tokens in the box: the players' tokens plus the supply (enough "
                        "for six painters' start).",
                    ),
                    "bump_loss": Int(
                        min=0,
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
                        List(Str(what="space"), min_len=2),
                        check_path,
                        doc="The spaces from the gate to the last cherry tree: gate, plain, "
                        "bridge, torii or tree, each optionally after a count ('3 plain'). "
                        "The gate comes first, the one torii (where the Emperor starts) before "
                        "the first tree, a tree last.",
                    ),
                    "bridge_spaces": Int(
                        min=1,
                        max=5,
                        doc="Spaces each bridge takes with fewer than many_players players.",
                    ),
                    "bridge_spaces_many": Int(
                        min=1, max=5, doc="Spaces each bridge takes from many_players players."
                    ),
                },
                doc="The path the Emperor and the painters walk.",
            ),
            "scoring": Checked(
                Struct(
                    {
                        "places": List(
                            Int(min=0),
                            max_len=6,
                            doc="Tokens for the closest, second, ... painter when the Emperor "
                            "stops at a tree (fewer than many_players players).",
                        ),
                        "places_many": List(
                            Int(min=0),
                            max_len=6,
                            doc="Tokens by place from many_players players.",
                        ),
                        "last_tree_first": Int(
                            min=0,
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
                List(CARD, min_len=1),
                _check_deck,
                doc="The cards, numbered 1 to the number of cards; at least six hands and six "
                "cards more.",
            ),
        }
    ),
    _check_rules,
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

    @property
    def deck_size(self) -> int:
        return len(self.cards) - 1

    def card(self, number: int) -> Card:
        return self.cards[number]

    def neutral(self, players: int) -> bool:
        """Whether a neutral painter joins a game of ``players``."""
        return players == 2 and self.neutral_mode != "none"

    def garden(self, players: int) -> Garden:
        many = players >= self.many_players
        return build_garden(self.path, self.bridge_spaces_many if many else self.bridge_spaces)

    def tree_places(self, players: int, last_tree: bool) -> tuple[int, ...]:
        """Tokens per place (closest first) at a tree for a game of ``players``."""
        places = list(self.places_many if players >= self.many_players else self.places)
        if last_tree and places:
            places[0] = self.last_tree_first
        return tuple(places)


def compile_rules(mapping: Mapping[str, Any]) -> Rules:
    """Turn a validated ``rules`` mapping into :class:`Rules`."""
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
