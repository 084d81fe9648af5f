"""The ``rules`` mapping of Koi-Koi variant files: its schema, and the frozen ``Rules`` value
the engine runs on (compiled once per game from the validated mapping).

Every number and toggle of a rule set lives in the variant file; this module only says which
ones exist and turns them into fast engine values.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from asobi.errors import AsobiError
from asobi.schema import (
    Bool,
    Checked,
    Int,
    List,
    MapOf,
    Nullable,
    Path,
    Slug,
    Str,
    Struct,
)

from .cards import CARD_IDS, GROUPS, KINDS
from .yaku import YakuTable, compile_yaku, yaku_problems

ROUND_CHOICES = (1, 3, 6, 8, 12)
FIRST_DEALER = ("random", "seat-0", "seat-1")
NEXT_DEALER = ("winner", "alternate", "keep")
EXHAUSTED = ("draw", "dealer", "higher")
LAST_TURN_SCOPE = ("round", "own")
LAST_TURN_ACTION = ("offer-stop", "auto-stop")
WHEN_BOTH = ("redeal", "nobody")

CARD = Str(choices=CARD_IDS, what="card")
KIND = Str(choices=KINDS, what="card kind")
GROUP = Str(choices=tuple(GROUPS), what="card group")

YAKU = Struct(
    {
        "title": Str(),
        "enabled": Bool(),
        "cards": List(CARD, unique=True),
        "kinds": List(KIND, unique=True),
        "groups": List(GROUP, unique=True),
        "round_month": Bool(),
        "required": List(CARD, unique=True),
        "required_groups": List(GROUP, unique=True),
        "count": Int(min=1, max=48),
        "points": Int(min=0, max=1000),
        "per_extra": Int(min=0, max=100),
        "points_after_koikoi": Nullable(Int(min=0, max=1000)),
        "only_after_koikoi": Bool(),
        "cancelled_by": List(CARD, unique=True),
        "exclusive": Nullable(Slug(what="group name")),
        "replaces": List(Slug(what="yaku id"), unique=True),
        "requires": List(Slug(what="yaku id"), unique=True),
    },
    optional=frozenset(
        {
            "enabled", "cards", "kinds", "groups", "round_month", "required",
            "required_groups", "count", "per_extra", "points_after_koikoi",
            "only_after_koikoi", "cancelled_by", "exclusive", "replaces", "requires",
        }
    ),
)

HAND_YAKU = Struct({"title": Str(), "enabled": Bool(), "points": Int(min=0, max=1000)})

CALL_STEP = Checked(
    Struct({"add": Int(min=0, max=1000), "multiply": Int(min=1, max=100)},
           optional=frozenset({"add", "multiply"})),
    lambda step: (
        [] if len(step) == 1 else [((), "give exactly one of 'add' or 'multiply'")]
    ),
)


def _check_rounds(value: Any) -> Iterator[tuple[Path, str]]:
    if value not in ROUND_CHOICES:
        yield (), f"{value} rounds is not offered: choose one of " + ", ".join(
            str(r) for r in ROUND_CHOICES
        )


def _check_whole(rules: Any) -> Iterator[tuple[Path, str]]:
    if rules["end_at_zero"] and not rules["zero_sum"]:
        yield ("end_at_zero",), (
            "end_at_zero needs zero_sum: true (scores only fall in zero-sum play)"
        )
    if rules["end_at_zero"] and rules["starting_points"] <= 0:
        yield ("starting_points",), "end_at_zero needs starting_points above 0"


SCHEMA = Checked(
    Struct(
        {
            "rounds": Checked(Int(min=1, max=12), _check_rounds),
            "first_dealer": Str(choices=FIRST_DEALER),
            "next_dealer": Str(choices=NEXT_DEALER),
            "starting_points": Int(min=0, max=10000),
            "zero_sum": Bool(),
            "end_at_zero": Bool(),
            "sake_cup_is_plain": Bool(),
            "redeal": Struct(
                {
                    "board_four_of_month": Bool(),
                    "board_four_pairs": Bool(),
                    "hand_four_of_month": Bool(),
                    "hand_four_pairs": Bool(),
                }
            ),
            "hand_yaku": Struct(
                {
                    "four_of_month": HAND_YAKU,
                    "four_pairs": HAND_YAKU,
                    "when_both": Str(choices=WHEN_BOTH),
                }
            ),
            "last_turn": Struct(
                {
                    "scope": Str(choices=LAST_TURN_SCOPE),
                    "action": Str(choices=LAST_TURN_ACTION),
                }
            ),
            "scoring": Struct(
                {
                    "double_at": Nullable(Int(min=1, max=1000)),
                    "double_factor": Int(min=1, max=100),
                    "own_koikoi_multiplier": Int(min=1, max=100),
                    "opponent_koikoi_multiplier": Int(min=1, max=100),
                    "koikoi_calls": List(CALL_STEP, max_len=8),
                }
            ),
            "exhausted": Struct(
                {
                    "outcome": Str(choices=EXHAUSTED),
                    "points": Int(min=0, max=1000),
                }
            ),
            "yaku": Checked(MapOf(Slug(what="yaku id"), YAKU), yaku_problems),
        }
    ),
    _check_whole,
)
"""Schema of a Koi-Koi variant's ``rules`` mapping (``GameInfo.schema``)."""


@dataclass(frozen=True)
class Rules:
    """A validated rule set, compiled for the engine."""

    rounds: int
    first_dealer: str
    next_dealer: str
    starting_points: int
    zero_sum: bool
    end_at_zero: bool
    redeal_board_month: bool
    redeal_board_pairs: bool
    redeal_hand_month: bool
    redeal_hand_pairs: bool
    hand_month_points: int | None
    """Points of four-of-a-month in hand, or None when that hand yaku is off."""
    hand_pairs_points: int | None
    hand_both: str
    hand_titles: Mapping[str, str]
    """English titles of the hand yaku by kind (``four-of-month``, ``four-pairs``)."""
    last_turn_own: bool
    """True: a player's own last turn is final for them; False: only the round's last turn."""
    last_turn_auto: bool
    """True: a rise on the final turn stops by itself; False: the decision offers only stop."""
    double_at: int | None
    double_factor: int
    own_multiplier: int
    opponent_multiplier: int
    call_steps: tuple[tuple[int, int], ...]
    """Per call count (1, 2, ...): (add, multiply); beyond the list the last step holds."""
    exhausted: str
    exhausted_points: int
    yaku: YakuTable


def compile_rules(rules: Mapping[str, Any]) -> Rules:
    """Compile a ``rules`` mapping; raises AsobiError if it does not fit the schema."""
    problems = SCHEMA.validate(dict(rules))
    if problems:
        lines = [
            f"rules.{'.'.join(str(p) for p in path)}: {message}" if path else message
            for path, message in problems
        ]
        raise AsobiError("invalid Koi-Koi rules:\n" + "\n".join(lines))
    hand = rules["hand_yaku"]
    scoring = rules["scoring"]
    return Rules(
        rounds=rules["rounds"],
        first_dealer=rules["first_dealer"],
        next_dealer=rules["next_dealer"],
        starting_points=rules["starting_points"],
        zero_sum=rules["zero_sum"],
        end_at_zero=rules["end_at_zero"],
        redeal_board_month=rules["redeal"]["board_four_of_month"],
        redeal_board_pairs=rules["redeal"]["board_four_pairs"],
        redeal_hand_month=rules["redeal"]["hand_four_of_month"],
        redeal_hand_pairs=rules["redeal"]["hand_four_pairs"],
        hand_month_points=(
            hand["four_of_month"]["points"] if hand["four_of_month"]["enabled"] else None
        ),
        hand_pairs_points=hand["four_pairs"]["points"] if hand["four_pairs"]["enabled"] else None,
        hand_both=hand["when_both"],
        hand_titles={
            "four-of-month": hand["four_of_month"]["title"],
            "four-pairs": hand["four_pairs"]["title"],
        },
        last_turn_own=rules["last_turn"]["scope"] == "own",
        last_turn_auto=rules["last_turn"]["action"] == "auto-stop",
        double_at=scoring["double_at"],
        double_factor=scoring["double_factor"],
        own_multiplier=scoring["own_koikoi_multiplier"],
        opponent_multiplier=scoring["opponent_koikoi_multiplier"],
        call_steps=tuple(
            (step.get("add", 0), step.get("multiply", 1)) for step in scoring["koikoi_calls"]
        ),
        exhausted=rules["exhausted"]["outcome"],
        exhausted_points=rules["exhausted"]["points"],
        yaku=compile_yaku(rules["yaku"], sake_is_plain=rules["sake_cup_is_plain"]),
    )
