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
from asobi.i18n import ENGLISH
from asobi.variants.rulememo import by_rules
from asobi.variants.schema import (
    Bool,
    Checked,
    Int,
    Limits,
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
LAST_TURN_ACTION = ("auto-stop", "offer-stop")
"""``last_turn.action``: a rise on the final turn always stops the round by itself now.
``offer-stop`` (a decision whose only option was stop) is still accepted so that older variant
files stay valid, and it means the same as ``auto-stop``."""
WHEN_BOTH = ("redeal", "nobody")
MAX_YAKU = 64
"""The most yaku a rule set holds (the built-in ones have 11 to 13)."""
LIMITS = Limits(depth=6, values=5_000, entries=200, text=200)
"""The bounds of a whole ``rules`` mapping, checked before anything else (see
:class:`asobi.variants.schema.Limits`): the built-in variants nest 4 levels and hold under 150
values."""

CARD = Str(choices=CARD_IDS, what="card")
KIND = Str(choices=KINDS, what="card kind")
GROUP = Str(choices=tuple(GROUPS), what="card group")

YAKU = Struct(
    {
        "title": Str(doc="The name shown when the yaku is made."),
        "enabled": Bool(
            doc="false: the yaku is not played (switches off a yaku of the parent variant). "
            "Left out: true."
        ),
        "cards": List(CARD, unique=True, max_len=len(CARD_IDS),
                      doc="Cards of the yaku's pool, by id."),
        "kinds": List(
            KIND, unique=True, max_len=len(KINDS),
            doc="Card kinds whose every card joins the pool (bright, ...).",
        ),
        "groups": List(GROUP, unique=True, max_len=len(GROUPS),
                       doc="Named card groups whose cards join the pool."),
        "round_month": Bool(
            doc="true: the four cards of the current round's month join the pool. "
            "Left out: false."
        ),
        "required": List(
            CARD,
            unique=True,
            max_len=len(CARD_IDS),
            doc="Cards that must all be captured for the yaku to count, besides the pool count.",
        ),
        "required_groups": List(
            GROUP,
            unique=True,
            max_len=len(GROUPS),
            doc="Card groups whose cards must all be captured, like 'required'.",
        ),
        "count": Int(
            min=1,
            max=48,
            doc="How many pool cards are needed. Left out: the whole pool (plus 4 with "
            "round_month).",
        ),
        "points": Int(min=0, max=1000, doc="Points of the yaku made with exactly 'count' cards."),
        "per_extra": Int(
            min=0, max=100, doc="Points for each pool card beyond 'count'. Left out: 0."
        ),
        "points_after_koikoi": Nullable(
            Int(min=0, max=1000),
            doc="Points instead of 'points' once the owner has called koi-koi this round "
            "('per_extra' still adds). Left out or null: always 'points'.",
        ),
        "only_after_koikoi": Bool(
            doc="true: the yaku counts only once its owner has called koi-koi this round. "
            "Left out: false."
        ),
        "cancelled_by": List(
            CARD,
            unique=True,
            max_len=len(CARD_IDS),
            doc="The yaku does not count while its owner has captured any of these cards "
            "(e.g. the rain man spoiling a viewing yaku). Left out: never cancelled.",
        ),
        "exclusive": Nullable(
            Slug(what="group name"),
            doc="An exclusive group: of the yaku made in one group, only the one worth most "
            "scores. Left out or null: in no group.",
        ),
        "replaces": List(
            Slug(what="yaku id"),
            unique=True,
            max_len=MAX_YAKU,
            doc="Yaku that are not scored when this one is made (a bigger set replacing a "
            "smaller one).",
        ),
        "requires": List(
            Slug(what="yaku id"),
            unique=True,
            max_len=MAX_YAKU,
            doc="Yaku that must all be made as well: this one is a bonus on top of them.",
        ),
    },
    doc="One yaku: a pool of cards (cards, kinds, groups, round_month), how many of them are "
    "needed (count), cards that must all be captured (required), its points, and how it "
    "combines with the others.",
    optional=frozenset(
        {
            "enabled", "cards", "kinds", "groups", "round_month", "required",
            "required_groups", "count", "per_extra", "points_after_koikoi",
            "only_after_koikoi", "cancelled_by", "exclusive", "replaces", "requires",
        }
    ),
)

HAND_YAKU = Struct(
    {
        "title": Str(doc="The name shown when the hand yaku is revealed."),
        "enabled": Bool(doc="false: this hand yaku is not played."),
        "points": Int(min=0, max=1000, doc="Points its holder wins."),
    },
    doc="A hand yaku: four_of_month (all four cards of one month) or four_pairs (two cards of "
    "each of four months) in a hand as dealt. Its holder shows it and wins the round at once.",
)

CALL_STEP = Checked(
    Struct({"add": Int(min=0, max=1000, doc="Points added to the stopper's yaku total."),
            "multiply": Int(min=1, max=100,
                            doc="Factor the stopper's yaku total is multiplied by.")},
           optional=frozenset({"add", "multiply"}),
           doc="One step of koikoi_calls: exactly one of 'add' or 'multiply'."),
    lambda step: (
        [] if len(step) == 1 else [((), "give exactly one of 'add' or 'multiply'")]
    ),
)


def _check_rounds(value: Any) -> Iterator[tuple[Path, str]]:
    if value not in ROUND_CHOICES:
        rounds = ENGLISH.n("{n} round", "{n} rounds", value if isinstance(value, int) else 2)
        yield (), rounds.format(n=value) + " is not offered: choose one of " + ", ".join(
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
            "rounds": Checked(
                Int(min=1, max=12),
                _check_rounds,
                doc="How many rounds (deals) a game has: 1, 3, 6, 8 or 12.",
            ),
            "first_dealer": Str(
                choices=FIRST_DEALER,
                doc="Who deals the first round: chosen at random, seat-0 (the first player) or "
                "seat-1.",
            ),
            "next_dealer": Str(
                choices=NEXT_DEALER,
                doc="Who deals each next round: the winner (a drawn round keeps the dealer), "
                "the players alternate, or the dealer keeps dealing.",
            ),
            "starting_points": Int(
                min=0, max=10000, doc="Each player's score at the start of the game."
            ),
            "zero_sum": Bool(doc="true: the loser of a round loses the points the winner gains."),
            "end_at_zero": Bool(
                doc="true (needs zero_sum and starting_points above 0): the game ends as soon "
                "as a score falls to 0 or below."
            ),
            "sake_cup_is_plain": Bool(
                doc="true: the sake cup (chrysanthemum-sake) counts towards plains as well as "
                "animals."
            ),
            "redeal": Struct(
                {
                    "board_four_of_month": Bool(
                        doc="Redeal when the board is dealt all four cards of one month."
                    ),
                    "board_four_pairs": Bool(
                        doc="Redeal when the board is dealt four pairs (two cards of each of "
                        "four months)."
                    ),
                    "hand_four_of_month": Bool(
                        doc="Redeal when a hand is dealt all four cards of one month (checked "
                        "before hand yaku)."
                    ),
                    "hand_four_pairs": Bool(
                        doc="Redeal when a hand is dealt four pairs (checked before hand yaku)."
                    ),
                },
                doc="Deals that are refused and dealt again.",
            ),
            "hand_yaku": Struct(
                {
                    "four_of_month": HAND_YAKU,
                    "four_pairs": HAND_YAKU,
                    "when_both": Str(
                        choices=WHEN_BOTH,
                        doc="Both players are dealt a hand yaku: redeal, or nobody (neither "
                        "scores it; the round is played).",
                    ),
                },
                doc="Yaku held in a hand as dealt, checked right after the deal: the holder "
                "wins the round at once.",
            ),
            "last_turn": Struct(
                {
                    "scope": Str(
                        choices=LAST_TURN_SCOPE,
                        doc="Which turn is final: round (no turn is left for anyone) or own "
                        "(the player's own last turn).",
                    ),
                    "action": Str(
                        choices=LAST_TURN_ACTION,
                        doc="A new yaku on the final turn stops the round by itself (auto-stop); "
                        "offer-stop, from older files, means the same.",
                    ),
                },
                doc="What a new yaku made on the final turn does.",
            ),
            "scoring": Struct(
                {
                    "double_at": Nullable(
                        Int(min=1, max=1000),
                        doc="A yaku total of at least this is multiplied by double_factor; "
                        "null: never.",
                    ),
                    "double_factor": Int(
                        min=1, max=100, doc="The factor applied from double_at on."
                    ),
                    "own_koikoi_multiplier": Int(
                        min=1,
                        max=100,
                        doc="Multiplies the stopper's points when the stopper had called "
                        "koi-koi this round.",
                    ),
                    "opponent_koikoi_multiplier": Int(
                        min=1,
                        max=100,
                        doc="Multiplies the stopper's points when the opponent had called "
                        "koi-koi this round.",
                    ),
                    "koikoi_calls": List(
                        CALL_STEP,
                        max_len=8,
                        doc="Bonus by the stopper's number of koi-koi calls this round: the "
                        "first step for one call, the second for two...; beyond the list the "
                        "last step holds. Empty: no bonus.",
                    ),
                },
                doc="How a stopper's yaku total becomes the round's points: the koi-koi call "
                "bonus first, then doubling, then the koi-koi multipliers.",
            ),
            "exhausted": Struct(
                {
                    "outcome": Str(
                        choices=EXHAUSTED,
                        doc="draw (nobody scores), dealer (the dealer wins 'points'), or higher "
                        "(the higher yaku total wins it; a tie goes to the dealer).",
                    ),
                    "points": Int(
                        min=0,
                        max=1000,
                        doc="What the dealer wins with outcome dealer, or on a tie with higher.",
                    ),
                },
                doc="What happens when both hands are empty and nobody stopped.",
            ),
            "yaku": Checked(
                MapOf(Slug(what="yaku id"), YAKU, max_len=MAX_YAKU),
                yaku_problems,
                doc="The yaku played, by id, checked in file order. A variant that extends "
                "another can change single keys of its yaku, add yaku, or switch some off "
                f"with enabled: false. At most {MAX_YAKU} yaku.",
            ),
        }
    ),
    _check_whole,
    limits=LIMITS,
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
    sake_cup_is_plain: bool
    """The sake cup counts towards plains as well as animals (views show it so)."""
    last_turn_own: bool
    """True: a player's own last turn is final for them; False: only the round's last turn."""
    double_at: int | None
    double_factor: int
    own_multiplier: int
    opponent_multiplier: int
    call_steps: tuple[tuple[int, int], ...]
    """Per call count (1, 2, ...): (add, multiply); beyond the list the last step holds."""
    exhausted: str
    exhausted_points: int
    yaku: YakuTable


def _compile_rules(rules: Mapping[str, Any]) -> Rules:
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
        sake_cup_is_plain=rules["sake_cup_is_plain"],
        last_turn_own=rules["last_turn"]["scope"] == "own",
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


compile_rules = by_rules(_compile_rules)
"""The compiled rules of a ``rules`` mapping, worked out once per rule set
(:func:`asobi.variants.rulememo.by_rules`): every game and every AI decision asks for them."""

