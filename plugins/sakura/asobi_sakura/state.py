"""The Sakura game state: phases and other constants, and :class:`State` with its one constructor.

Painters are numbered like seats; with two players and a neutral painter, the neutral one is
painter 2 (``state.neutral``). Positions are indexes into the garden path (0 is the gate).

Every state of the plugin is built by calling ``State(...)``: a new game and an exact position
(setup.py), :meth:`State.clone` (which also serves :func:`observe.hidden_variant`) and the AI's
states rebuilt from an observation, which go through :func:`setup.position`. The constructor
fills in whatever a caller leaves out with the value it has at the start of a game, in phase
``pick``, so the rules for those values (how many painters, the supply, the torii) live here
only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from asobi_sakura.garden import Garden
from asobi_sakura.rules import Rules

PICK = "pick"
"""Phase: the seats secretly pick their cards for the round."""
CHOOSE = "choose"
"""Phase: the card resolving now waits for its player to choose a direction."""
OVER = "over"
"""Phase: the last tree has scored."""

FORWARD_DIR = "forward"
BACK_DIR = "back"
DIRECTIONS: tuple[str, ...] = (FORWARD_DIR, BACK_DIR)

# Status of a revealed card during its round.
WAITING = "waiting"
CURRENT = "current"
RESOLVED = "resolved"
DISCARDED = "discarded"

Events = list[dict[str, Any]] | None
"""Where the mechanics append event dicts; None when nobody listens (AI simulations)."""
Adjust = Callable[[Mapping[str, Any]], list[int]]
"""The session's ``adjust_points`` callback: a scoring unit in, per-seat token deltas out."""


def _no_adjust(unit: Mapping[str, Any]) -> list[int]:
    return [0] * len(unit["points"])


def painter_count(rules: Rules, players: int) -> int:
    """Painters in a game of ``players``: one each, plus the neutral painter if it plays."""
    return players + 1 if rules.neutral(players) else players


@dataclass(eq=False, init=False)
class State:
    """A whole game. Mutable: :func:`turn.apply` changes it in place."""

    rules: Rules
    players: int
    garden: Garden
    rng: random.Random
    emperor: int
    painters: list[int]
    tokens: list[int]
    supply: int
    hands: list[list[int]]
    deck: list[int]
    """Face-down draw pile; the *last* item is the top card."""
    discard: list[int]
    scored: list[bool]
    round: int
    phase: str
    picks: list[int | None]
    neutral_pick: int | None
    plays: list[tuple[int, int]]
    """Revealed cards of the current (or, in ``pick``, the previous) round as
    ``(card number, painter)``, in resolution order."""
    status: list[str]
    plays_round: int
    cursor: int
    stage: int
    """0: the current card's garden action is next; 1: its painter action."""
    pending: str | None
    """``"emperor"`` or ``"direction"`` while the current card waits for its player."""
    tree_hit: int | None
    rounds: list[dict[str, Any]]
    bumps: list[int]
    adjust: Adjust
    refill: bool
    """False in AI simulations: the round ends without drawing cards."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        rng: random.Random,
        *,
        hands: list[list[int]],
        deck: list[int],
        garden: Garden | None = None,
        emperor: int | None = None,
        painters: list[int] | None = None,
        tokens: list[int] | None = None,
        supply: int | None = None,
        discard: list[int] | None = None,
        scored: list[bool] | None = None,
        round: int = 1,
        phase: str = PICK,
        picks: list[int | None] | None = None,
        neutral_pick: int | None = None,
        plays: list[tuple[int, int]] | None = None,
        status: list[str] | None = None,
        plays_round: int = 0,
        cursor: int = 0,
        stage: int = 0,
        pending: str | None = None,
        tree_hit: int | None = None,
        rounds: list[dict[str, Any]] | None = None,
        bumps: list[int] | None = None,
        adjust: Adjust | None = None,
        refill: bool = True,
    ) -> None:
        """Build a state from the lists given (kept, not copied). Left out: the garden of
        ``rules`` for ``players``, the Emperor on the torii, every painter at the gate with the
        starting tokens, the rest of the tokens in the supply, nothing discarded, scored,
        picked or played, no bump, no point adjustment."""
        if garden is None:
            garden = rules.garden(players)
        if painters is None:
            painters = [0] * painter_count(rules, players)
        count = len(painters)
        if tokens is None:
            tokens = [rules.start_tokens] * count
        self.rules = rules
        self.players = players
        self.garden = garden
        self.rng = rng
        self.emperor = garden.torii if emperor is None else emperor
        self.painters = painters
        self.tokens = tokens
        self.supply = rules.total_tokens - sum(tokens) if supply is None else supply
        self.hands = hands
        self.deck = deck
        self.discard = [] if discard is None else discard
        self.scored = [False] * len(garden.trees) if scored is None else scored
        self.round = round
        self.phase = phase
        self.picks = [None] * players if picks is None else picks
        self.neutral_pick = neutral_pick
        self.plays = [] if plays is None else plays
        self.status = [] if status is None else status
        self.plays_round = plays_round
        self.cursor = cursor
        self.stage = stage
        self.pending = pending
        self.tree_hit = tree_hit
        self.rounds = [] if rounds is None else rounds
        self.bumps = [0] * count if bumps is None else bumps
        self.adjust = _no_adjust if adjust is None else adjust
        self.refill = refill

    # ------------------------------------------------------------------ derived values

    @property
    def neutral(self) -> int | None:
        """The neutral painter's index, or None."""
        return self.players if len(self.painters) > self.players else None

    @property
    def trees(self) -> tuple[int, ...]:
        return self.garden.trees

    def chooser(self) -> int | None:
        """The seat that gives the neutral painter its card this round (``hand`` mode)."""
        if self.neutral is None or self.rules.neutral_mode != "hand":
            return None
        return (self.round - 1) % self.players

    def seat_of(self, painter: int) -> int | None:
        return painter if painter < self.players else None

    def clone(self, share_rng: bool = False) -> State:
        """An independent copy. The rng is copied too, unless ``share_rng`` (simulations,
        where the cost of copying it matters more than its future draws)."""
        if share_rng:
            rng = self.rng
        else:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        return State(
            self.rules,
            self.players,
            rng,
            garden=self.garden,
            emperor=self.emperor,
            painters=list(self.painters),
            tokens=list(self.tokens),
            supply=self.supply,
            hands=[list(h) for h in self.hands],
            deck=list(self.deck),
            discard=list(self.discard),
            scored=list(self.scored),
            round=self.round,
            phase=self.phase,
            picks=list(self.picks),
            neutral_pick=self.neutral_pick,
            plays=list(self.plays),
            status=list(self.status),
            plays_round=self.plays_round,
            cursor=self.cursor,
            stage=self.stage,
            pending=self.pending,
            tree_hit=self.tree_hit,
            rounds=[dict(r) for r in self.rounds],
            bumps=list(self.bumps),
            adjust=self.adjust,
            refill=self.refill,
        )
