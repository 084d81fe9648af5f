"""How a Koi-Koi round tends to end under a rule set: the outcome table of the game-level AI.

The hard AI values the end of a round by what it does to the whole game (ai_game.py). For that
it needs to know how the rounds still to come are likely to end: who wins them (the dealer or
the other seat, or nobody) and for how many points. That depends on the rules of a round only
(yaku, multipliers, redeals, exhausted rounds), not on how many rounds a game has or how the
scores are kept, so the table is keyed by a :func:`fingerprint` of those rules alone.

The tables are measured by self-play of the ``normal`` AI against itself: it calls koi-koi
when it likes its chances, so big rounds turn up about as often as they do between two
reasonable players (the hard AI's own playout policy always stops at once and would make
every round look small). The built-in variants' tables are measured once by
``tools/koikoi_round_outcomes.py`` and shipped in ``data/round_outcomes.json``; any other rule
set (a house-rule file) is measured on first use from a fixed seed and a small fixed sample,
so the answer is the same in every process.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .ai_normal import NormalAgent
from .ai_world import action_move
from .cards import CARD_IDS
from .engine import CHOOSE, KOIKOI, PLAY, legal_moves, new_game, step
from .observe import observation
from .rules import Rules
from .setup import start_round

DEALER, OTHER, NOBODY = 0, 1, 2
"""Who won a round, seen from its dealer: the dealer, the other seat, or nobody (a draw)."""
ROLES = ("dealer", "other", "nobody")
SEED = 2026
"""The seed every measurement starts from."""
FIRST_USE_ROUNDS = 144
"""Rounds played to measure a rule set that has no shipped table (12 of each month): about
2 s of one core (1.6 to 1.8 s measured for house rules of koikoi-japan and italian), once per
process and rule set, at the first decision of a hard AI."""
DATA_FILE = "round_outcomes.json"
GAME_FIELDS = frozenset({
    "rounds", "first_dealer", "next_dealer", "starting_points", "zero_sum", "end_at_zero",
    "hand_titles", "yaku",
})
"""Fields of :class:`Rules` that do not change how one round is played or scored (``yaku``
is fingerprinted on its own, without the titles)."""


@dataclass(frozen=True)
class RoundOutcomes:
    """Counted ends of rounds of one rule set, seen from the dealer of each round."""

    fingerprint: str
    outcomes: tuple[tuple[int, int, int], ...]
    """(who won: DEALER, OTHER or NOBODY; the winner's points; how many rounds ended so)."""
    source: str
    """``shipped`` (measured by the tool, read from the data file) or ``measured`` (here)."""

    @property
    def rounds(self) -> int:
        """How many rounds the table counts."""
        return sum(count for _, _, count in self.outcomes)

    def as_data(self) -> list[list[Any]]:
        """The outcomes as JSON data: ``[[role name, points, count], ...]``."""
        return [[ROLES[role], points, count] for role, points, count in self.outcomes]


def fingerprint(rules: Rules) -> str:
    """A short stable digest of everything in ``rules`` that changes how a round ends.

    Two rule sets with the same fingerprint play rounds alike, whatever their number of
    rounds, starting points, zero-sum or dealer rules, and whatever the yaku are called.
    A field added to :class:`Rules` later joins the fingerprint by default.
    """
    facts: dict[str, Any] = {
        f.name: getattr(rules, f.name)
        for f in dataclasses.fields(rules)
        if f.name not in GAME_FIELDS
    }
    facts["yaku"] = [
        {k: v for k, v in dataclasses.asdict(y).items() if k != "title"} for y in rules.yaku.yaku
    ]
    text = json.dumps(facts, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def counted(fingerprint: str, rows: list[tuple[int, int]], source: str) -> RoundOutcomes:
    """A table from a list of (role, points) round ends."""
    counts: dict[tuple[int, int], int] = {}
    for row in rows:
        counts[row] = counts.get(row, 0) + 1
    outcomes = tuple(sorted((role, points, n) for (role, points), n in counts.items()))
    return RoundOutcomes(fingerprint, outcomes, source)


def play_round(rules: Rules, agent: NormalAgent, rng: random.Random, month: int,
               dealer: int) -> tuple[int, int]:
    """Deal one round of ``month`` with ``dealer`` and let ``agent`` play both seats;
    returns (who won, seen from the dealer; the winner's points)."""
    s = new_game(rules, rng)
    s.results = []
    s.scores = [rules.starting_points, rules.starting_points]
    s.round = month
    start_round(s, dealer, None)  # deal again, in the month wanted
    while not s.results:
        moves = legal_moves(s)
        move = moves[0]
        if len(moves) > 1:
            legal: list[dict[str, Any]]
            if s.phase == PLAY:
                legal = [{"play": CARD_IDS[m]} for m in moves]
            elif s.phase == CHOOSE:
                legal = [{"capture": CARD_IDS[m]} for m in moves]
            else:
                legal = [{"koikoi": m == KOIKOI} for m in moves]
            move = action_move(agent.choose(observation(s, s.seat), legal))
        step(s, move)
    result = s.results[0]
    if result.winner is None:
        return NOBODY, 0
    role = DEALER if result.winner == result.dealer else OTHER
    return role, result.points[result.winner]


def measure(rules: Rules, rounds: int, seed: int = SEED) -> RoundOutcomes:
    """Play ``rounds`` rounds of ``normal`` against itself and count how they end.

    The months go round (January, February, ...) and the deal alternates every twelve rounds,
    so month-bound yaku and either seat dealing are counted alike. A function of the rules,
    ``rounds`` and ``seed`` alone.
    """
    rng = random.Random(seed)
    agent = NormalAgent(rules)
    rows = [
        play_round(rules, agent, rng, i % 12 + 1, (i // 12) % 2) for i in range(rounds)
    ]
    return counted(fingerprint(rules), rows, "measured")


def read_tables(text: str) -> dict[str, RoundOutcomes]:
    """The tables of a data file's text, by fingerprint."""
    data = json.loads(text)
    out = {}
    for key, entry in data["tables"].items():
        outcomes = tuple(
            sorted((ROLES.index(role), int(points), int(count))
                   for role, points, count in entry["outcomes"])
        )
        out[key] = RoundOutcomes(key, outcomes, "shipped")
    return out


@functools.lru_cache(maxsize=1)
def shipped() -> Mapping[str, RoundOutcomes]:
    """The tables shipped with the plugin (empty when the data file is missing)."""
    path = resources.files("asobi_koikoi") / "data" / DATA_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return read_tables(text)


class _Keyed:
    """Rules compared and hashed by their fingerprint, to remember work per rule set."""

    __slots__ = ("key", "rules")

    def __init__(self, rules: Rules) -> None:
        self.key = fingerprint(rules)
        self.rules = rules

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Keyed) and other.key == self.key


@functools.lru_cache(maxsize=32)
def _outcomes(keyed: _Keyed) -> RoundOutcomes:
    table = shipped().get(keyed.key)
    if table is not None:
        return table
    return measure(keyed.rules, FIRST_USE_ROUNDS)


def round_outcomes(rules: Rules) -> RoundOutcomes:
    """The outcome table of ``rules``: shipped if there is one, else measured (once per
    process and rule set, see ``FIRST_USE_ROUNDS``)."""
    return _outcomes(_Keyed(rules))
