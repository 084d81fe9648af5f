"""The hard Koi-Koi AI: search over sampled worlds (determinized Monte Carlo).

For each decision the agent deals the cards it cannot see (the opponent's hand and the stock)
at random into many *worlds* consistent with its observation. Every candidate move is played
in the same worlds (common random numbers, so the comparison is not drowned in deal luck) and
the round is finished by a fast heuristic policy for both players. Only the few moves the
normal AI's heuristic likes best are searched (every koi-koi decision is), sequential halving
spends most of the playouts on the moves that still look best, and the search must beat the
heuristic's favourite by a margin to overrule it: noisy estimates then cost little.

What a finished round is worth: in a game of several rounds, what it does to the chances of
winning the *game* (:class:`ai_game.GameValue`: the scores, the rounds left, who deals next and
the variant's end rules), in points-equivalent, so that a lead to protect calls for stopping
and a gap to close calls for koi-koi; in a single-deal game (and with ``for_game=False``, the
objective of the 2026 hard AI) the point difference of the round. When playing for the game,
the playouts' seats also call koi-koi instead of stopping when a stop would leave their game
as good as lost.

The number of playouts follows the time budget (``hard:0.3`` = 0.3 s) through a fixed rate
calibrated on a small machine, so a decision is a function of the seed and the observation
alone: no clock is read, so a slow or busy machine takes longer over a move but plays the
same one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from asobi.contract.model import Action, Reason
from asobi.play.agents import BaseAgent
from asobi.play.seeds import observation_rng

from .ai_eval import DENY, Model, best_of, mask_value
from .ai_game import GameValue
from .ai_infer import inferred_worlds
from .ai_normal import NormalAgent
from .ai_world import View, Worlds, action_move, read_view, sample_world
from .cards import CARD_IDS, CARD_MONTH_MASK
from .engine import CHOOSE, DECIDE, KOIKOI, OVER, PLAY, STOP, State, clone, step, stop_points
from .rules import Rules

PLAYOUTS_PER_SECOND = 3000
"""Playouts a budget second buys: about a third of what one busy core of the reference
machine runs in the slowest (early-round) positions. The budget is turned into this fixed
amount of work and no clock is read, so a decision is a function of the record."""
MIN_PLAYOUTS = 24
WIDTH = 4
"""Most card plays searched: the heuristic's favourites (koi-koi decisions: all of them)."""
MIN_WORLDS = 100
"""Sampled worlds each searched move gets at least in the first round of halving: a smaller
budget searches fewer of the heuristic's favourites rather than judge more of them by too few
deals. In koikoi-japan at ``hard:0.1`` (300 playouts) against ``ai:card-values`` (200 games,
duplicate deals, seed 2026), searching 2 moves instead of 4 took the difference per game from
+1.67 +- 3.54 to +8.81 +- 3.17; at ``hard:0.3`` and 1 s, where 4 moves get 112 and 375 worlds,
2 moves made no measurable difference (+8.40 against +7.66, +9.30 against +8.72). Against
``hard-2026:0.1``, which searches four at every budget, ``hard:0.1`` then won 243 games to 152
of 400 in koikoi-japan (+2.25 +- 2.70 points a game) and 64 to 35 of 100 in italian
(+15.06 +- 10.86)."""
TRUST = 0.1
"""Points by which the search must prefer a move to overrule the heuristic's favourite."""
EXPOSE = 0.45
"""Penalty share of a card's value to the opponent when laying it on the board."""
NOISE = 0.6
"""Random jitter added to the playout policy's move scores, so playouts vary. A third of it
(0.2) made no measurable difference at ``hard:0.3`` against ``ai:card-values`` in
koikoi-japan (100 games, seed 2026: +8.90 +- 5.02 a game against +7.66 +- 5.58)."""
EVEN = 1e-9
"""Means closer than this are equal (sums of equal values differ in their last bits)."""
POINTS_SHARE = 0.5
"""Playing for the game, the share of the round's point difference in the value of a card
play (the rest is the game value). Stop-or-koi-koi decisions use the game value alone. In
koikoi-japan at ``hard:0.1`` against the 2026 objective (400 games, duplicate deals, when
``hard:0.1`` still searched four card plays; see ``MIN_WORLDS``), the game value everywhere
won 200 games to 194 and lost 4.35 points a game; with this share for card
plays, 220 to 168 (12 drawn) and -0.77 +- 2.55 points a game (``asobi arena koikoi --variant
koikoi-japan --players ai:hard:0.1,ai:hard-2026:0.1 --games 400 --seed 2026``; the koi-koi
calls bank won games and gamble lost ones, which costs points, not games)."""
DESPERATE = -0.98
"""Playing for the game, a playout's seat plays on (koi-koi) rather than stop when stopping
would leave its chances (P(win) - P(lose)) at or below this: nothing is left to lose."""

Values = tuple[list[float], list[float]]
Call = Callable[[State], int]
"""A playout's stop-or-koi-koi rule: the move (``STOP`` or ``KOIKOI``) of the seat deciding."""
Judge = Callable[[State, int], float]
"""What a state right after a round settles is worth to a seat (the search maximises it)."""


def decision_rng(seed: int, observation: Mapping[str, Any]) -> random.Random:
    """A generator that depends only on the agent's seed and what it sees now.

    Decisions are then a pure function of (seed, observation): asking for a hint, or asking
    twice, never changes what the agent will play.
    """
    text = json.dumps(
        {k: v for k, v in observation.items() if k != "recent"}, sort_keys=True, default=str
    )
    return observation_rng(seed, text)


def policy_values(model: Model, view: View) -> Values:
    """Per seat, what taking each card is worth (own yaku plus denial), for playouts."""
    month = 0xF << (4 * ((view.round - 1) % 12))
    alive = view.alive
    own = [
        model.card_values(view.captured[p], view.calls[p], month, alive) for p in (0, 1)
    ]
    both = []
    for p in (0, 1):
        mine, theirs = own[p], own[1 - p]
        both.append([mine[c] + DENY * theirs[c] for c in range(48)])
    return both[0], both[1]


def _play_move(s: State, values: Values, rnd: Callable[[], float]) -> int:
    seat = s.seat
    own = values[seat]
    other = values[1 - seat]
    board = s.board
    hand = s.hands[seat]
    best = -1
    top = -1e18
    while hand:
        low = hand & -hand
        hand ^= low
        card = low.bit_length() - 1
        matches = board & CARD_MONTH_MASK[card]
        if matches:
            if matches.bit_count() == 2:
                score = own[card] + own[best_of(own, matches)]
            else:
                score = own[card] + mask_value(own, matches)
        else:
            score = -EXPOSE * other[card]
        score += rnd() * NOISE
        if score > top:
            best, top = card, score
    return best


def finish_round(
    s: State, values: Values, rnd: Callable[[], float], call: Call | None = None
) -> None:
    """Play the heuristic policy for both seats until the current round is settled; a seat
    with new yaku stops, or follows ``call`` when one is given."""
    results = s.results
    settled = len(results)
    while s.phase != OVER and len(results) == settled:
        phase = s.phase
        if phase == PLAY:
            step(s, _play_move(s, values, rnd))
        elif phase == CHOOSE:
            step(s, best_of(values[s.seat], s.candidates))
        else:
            step(s, STOP if call is None else call(s))


def outcome(s: State, seat: int) -> float:
    """Points of ``seat`` minus the opponent's in the round just settled (0 if none)."""
    if not s.results:
        return 0.0
    points = s.results[-1].points
    return float(points[seat] - points[1 - seat])


def blended(game: GameValue, share: float) -> Judge:
    """A settled round judged by the game value and, for ``share``, by its point difference."""
    after = game.after_round

    def judge(s: State, seat: int) -> float:
        return (1.0 - share) * after(s, seat) + share * outcome(s, seat)

    return judge


def game_call(game: GameValue) -> Call:
    """The playouts' decision when playing for the game: stop, unless a stop would leave the
    decider's game as good as lost (see ``DESPERATE``); then koi-koi."""

    def call(s: State) -> int:
        if s.final:
            return STOP
        seat = s.seat
        points = stop_points(s.rules, s.last_total[seat], s.calls[seat], s.calls[1 - seat])
        if game.chances_if_won(s, seat, points, seat) <= DESPERATE:
            return KOIKOI
        return STOP

    return call


class Searcher:
    """Sequential halving over the legal moves, every move tried in the same sampled worlds.

    ``game``: value a settled round by what it does to the game (None: by its points): a
    koi-koi decision by the game value, a card play by the blend of ``POINTS_SHARE``.
    ``infer``: draw the opponent's hand by what its plays of the round reveal (else alike)."""

    def __init__(
        self,
        rules: Rules,
        model: Model,
        paired_noise: bool = True,
        game: GameValue | None = None,
        infer: bool = True,
    ) -> None:
        self.rules = rules
        self.model = model
        self.paired_noise = paired_noise
        self.infer = infer
        self.judge: Judge = outcome if game is None else blended(game, POINTS_SHARE)
        self.decide_judge: Judge = outcome if game is None else game.after_round
        self.call: Call | None = None if game is None else game_call(game)

    def evaluate(
        self,
        view: View,
        moves: Sequence[int],
        playouts: int,
        rng: random.Random,
    ) -> dict[int, tuple[float, int]]:
        """Mean outcome and playout count of each move (moves dropped early keep theirs)."""
        values = policy_values(self.model, view)
        rnd = rng.random
        seat = view.seat
        judge = self.decide_judge if view.phase == DECIDE else self.judge
        call = self.call
        stats: dict[int, list[float]] = {m: [0.0, 0] for m in moves}
        alive = list(moves)
        if len(alive) == 2 and view.phase == DECIDE:
            # stopping is worth exactly what the decision shows; search only the koi-koi
            world = sample_world(view, self.rules, rng)
            world.deal_next = False
            step(world, STOP)
            stats[STOP] = [judge(world, seat), 1]
            alive = [KOIKOI]
        # the opponent's hand drawn by what its plays of the round reveal (ai_infer), or alike
        dealer = (inferred_worlds(view, self.rules, self.model, rng) if self.infer
                  else Worlds(view, self.rules, rng))
        rounds = halving_rounds(len(alive))
        spent = 0
        for phase in range(rounds):
            share = (playouts - spent) // (rounds - phase)
            worlds = max(1, share // len(alive))
            for _ in range(worlds):
                world = dealer.draw()
                world.deal_next = False  # the playouts end with the round
                noise_seed = rng.getrandbits(32)
                for move in alive:
                    s = clone(world, world.rng)
                    step(s, move)
                    if self.paired_noise:
                        # the same jitter after every move: the moves differ, not the luck
                        rnd = random.Random(noise_seed).random
                    if len(s.results) == len(world.results):  # the move may end the round
                        finish_round(s, values, rnd, call)
                    entry = stats[move]
                    entry[0] += judge(s, seat)
                    entry[1] += 1
                    spent += 1
            if len(alive) > 1:
                alive.sort(key=lambda m: -_mean(stats[m]))
                alive = alive[: max(1, (len(alive) + 1) // 2)]
        return {m: (_mean(v), int(v[1])) for m, v in stats.items()}


def searched_width(playouts: int, most: int = WIDTH) -> int:
    """How many of the heuristic's favourite card plays ``playouts`` can judge: the most (up
    to ``most``, at least 2) that sequential halving still gives ``MIN_WORLDS`` worlds each in
    its first round (hard:0.1 searches 2, hard:0.2 3, hard:0.3 and up 4)."""
    for width in range(most, 2, -1):
        if playouts // (halving_rounds(width) * width) >= MIN_WORLDS:
            return width
    return min(most, 2)


def halving_rounds(moves: int) -> int:
    """The rounds of sequential halving over ``moves`` moves (each keeps the better half)."""
    return max(1, (moves - 1).bit_length())


def _mean(entry: list[float]) -> float:
    return entry[0] / entry[1] if entry[1] else -1e9


class HardAgent(BaseAgent):
    """``ai:hard[:SECONDS]``: determinized search with a heuristic playout policy.

    ``for_game``: in a game of several rounds, play for the game (the default); False keeps
    the objective of the 2026 hard AI (the points of the round in play). ``infer``: weigh the
    opponent's possible hands by its plays of the round (the default); False deals them all
    alike, as the 2026 hard AI did. ``width``: how many of the heuristic's favourite card plays
    are searched (None: as many as the budget judges well, :func:`searched_width`; the 2026
    hard AI searched ``WIDTH`` at every budget).
    """

    def __init__(
        self,
        rules: Rules,
        seed: int,
        budget: float = 1.0,
        playouts: int | None = None,
        width: int | None = None,
        trust: float = TRUST,
        for_game: bool = True,
        infer: bool = True,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.budget = budget
        self.playouts = playouts or max(MIN_PLAYOUTS, int(budget * PLAYOUTS_PER_SECOND))
        self.width = searched_width(self.playouts) if width is None else width
        self.trust = trust
        self.for_game = for_game and rules.rounds > 1
        self.infer = infer
        self._searcher: Searcher | None = None
        self.heuristic = NormalAgent(rules)

    @property
    def searcher(self) -> Searcher:
        """The search, built at the first decision: the game value of a rule set without a
        shipped table is measured then (once per process), not when the agent is made."""
        if self._searcher is None:
            game = GameValue.of(self.rules) if self.for_game else None
            self._searcher = Searcher(self.rules, Model.of(self.rules), game=game,
                                      infer=self.infer)
        return self._searcher

    def _search(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, dict[int, tuple[float, int]]]:
        if len(legal) == 1:
            return legal[0], {}
        view = read_view(observation)
        rng = decision_rng(self.seed, observation)
        if "koikoi" in legal[0]:
            order = list(range(len(legal)))
        else:
            # search the few moves the heuristic likes best, in its order of preference
            scores = self.heuristic.scores(observation, legal)
            order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))[: self.width]
        moves = [action_move(legal[i]) for i in order]
        stats = self.searcher.evaluate(view, moves, self.playouts, rng)
        best = max(range(len(moves)), key=lambda k: (stats[moves[k]][0], -k))
        if "koikoi" in legal[0]:
            if stats[STOP][0] >= stats[moves[best]][0] - EVEN:
                # as good as playing on (a game won either way): bank the points
                best = moves.index(STOP)
        elif len(order) > 1:
            # the search must beat the heuristic's favourite clearly to overrule it
            if stats[moves[0]][0] >= stats[moves[best]][0] - self.trust:
                best = 0
        return legal[order[best]], stats


    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        action, stats = self._search(observation, legal)
        move = action_move(action)
        mean, count = stats[move]
        others = [v[0] for m, v in stats.items() if m != move and v[1]]
        if move == KOIKOI:
            what = Reason("koi-koi")
        elif move == STOP:
            what = Reason("stop")
        elif "capture" in action:
            what = Reason("capture {card}", {"card": CARD_IDS[move]})
        else:
            what = Reason("play {card}", {"card": CARD_IDS[move]})
        lead = mean - max(others) if others else 0.0
        # the move kept may score a little below the best guess: the heuristic's favourite
        # when the search does not beat it clearly, or a stop when playing on gains nothing
        ahead: Reason | str = "" if not others else (
            Reason(", {lead:.1f} ahead of the next best", {"lead": lead}) if lead >= 0 else
            Reason(", {behind:.1f} below the best guess: the safer move is kept",
                   {"behind": -lead}))
        return action, Reason(
            "{move}: expected {mean:+.1f} points over {count} sampled deal{ahead}",
            {"move": what, "mean": mean, "count": count, "ahead": ahead},
            plural="{move}: expected {mean:+.1f} points over {count} sampled deals{ahead}",
            counter="count",
        )
