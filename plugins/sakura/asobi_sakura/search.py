"""The hard Sakura AI: sampled worlds, rivals who pick without seeing our card, and the game.

The agent sees its own hand, the garden, the tokens and every revealed card. For a decision it
deals what it cannot see (the other players' hands and hidden picks, the order of the deck) at
random into *worlds* consistent with its observation. In each world the other players first
pick their cards the way the normal AI does (each candidate card played together with guesses
at the others' cards, drawn from what that player cannot see): the picks are simultaneous and
secret, so theirs cannot depend on ours, and every candidate of ours then meets the very same
cards. The round is resolved (direction choices go to the better one-step outcome; a direction
choice of ours looks one round further) and the position it leaves is judged for the *game*:
the chance that this seat wins it (:mod:`asobi_sakura.ai_eval`: the scoring's own winner once
the last tree has scored, else a win model fitted on self-play that reads the next tree as the
scoring places the painters, ``gate_ties`` included), mixed with the share of rivals it ends
ahead of, so that a position with no chance left still prefers a better rank.

The budget (``hard:0.3`` = 0.3 s) is turned into a fixed amount of work, counted in simulated
rounds, through a fixed rate: a decision is a function of the seed and the observation alone.
No clock is read, so a slow or busy machine takes longer over a move but plays the same one.

Measured against three normal players (``hard:0.3``, 100 games, seats rotated, each figure
within about 10 points): on one set of deals the previous version of this search won 38% of
games and this one 47% (40% judging by the chance to win alone, no rank); on another
(``asobi arena sakura --players ai:hard:0.3,ai:normal,ai:normal,ai:normal --games 100 --seed
2026``) both won 39 games. No gain in strength is shown yet; what this version adds is that
it judges what the game's rules judge (the gate rule, the tie-break, the last tree).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asobi.contract.model import Reason
from asobi.play.agents import BaseAgent, level_name, parse_level
from asobi.play.seeds import observation_rng
from asobi_sakura import setup, turn
from asobi_sakura.ai import finish_round, unseen_cards
from asobi_sakura.ai_eval import standing
from asobi_sakura.ai_value import tree_points, value
from asobi_sakura.rules import Rules
from asobi_sakura.state import CHOOSE, CURRENT, OVER, PICK, State

__all__ = ["HardAgent", "decision_rng", "make_hard", "play_on", "sample_world", "unseen_cards"]

Action = dict[str, Any]
Judge = Callable[[State, int], float]
"""How a playout's end position is judged for a seat (higher is better)."""

ROUNDS_PER_SECOND = 6000
"""Simulated rounds a budget second buys (a rival's guess at one of its cards, a candidate's
round, a direction tried: each counts one). The budget is turned into this fixed amount of
work and no clock is read, so a decision is a function of the record. In 4-player games the
default second's work took 0.54 s of CPU a move (median; 95th percentile 0.70 s, 220 moves) on
the 2-core machine while others shared it."""
MIN_WORLDS = 4
"""Worlds sampled however small the budget."""
DEPTH = 1
"""Rounds resolved in each playout of a pick, the current one included."""
CHOOSE_DEPTH = 2
"""Rounds resolved in the playouts of a direction choice (two candidates only, so each
playout may go further)."""
RIVAL_GUESSES = 1
"""Guesses at the other cards a rival makes when it picks in a playout (the normal AI's way
with fewer guesses); 0 falls back to the quick rule of judging its card played alone."""
WIN_SHARE = 0.75
"""Weight of the chance to win the game in a position's worth; the rest goes to the share of
rivals this seat ends ahead of (its rank)."""


@dataclass
class Work:
    """Simulated rounds done so far in one decision (the budget's unit)."""

    rounds: int = 0


def decision_rng(seed: int, observation: Mapping[str, Any]) -> random.Random:
    """A generator depending only on the seed and what the seat sees now (hints are free)."""
    text = json.dumps(observation, sort_keys=True, default=str)
    return observation_rng(seed, text)


def sample_world(
    rules: Rules, obs: Mapping[str, Any], rng: random.Random
) -> State:
    """A full state consistent with the observation, hidden cards dealt at random.

    Hidden picks already made by the others are dealt into their hands: they choose again
    in the world, by the playout rule (a simultaneous choice does not depend on ours). The
    game's ``asobi_resample`` starts from this world and makes those picks again at random.
    """
    seat = obs["seat"]
    players = obs["players"]
    shown = list(obs["plays"])
    if obs["phase"] == PICK:
        # The last round's cards stay on show while the next ones are picked; those not in the
        # discard pile went back into the deck when it ran out, so they are unseen now.
        discard = set(obs["discard"])
        obs = {**obs, "plays": [p for p in shown if p["card"]["number"] in discard]}
    pool = unseen_cards(obs, rules.deck_size)
    rng.shuffle(pool)
    hands: list[list[int]] = []
    chooser = obs.get("neutral_chooser")
    for s in range(players):
        if s == seat:
            hands.append([c["number"] for c in obs["hand"]])
            continue
        size = obs["hand_sizes"][s] + (1 if obs["picked"][s] else 0)
        if s == chooser and obs.get("neutral_picked"):
            size += 1
        hands.append([pool.pop() for _ in range(min(size, len(pool)))])
    state = setup.position(
        rules,
        players,
        emperor=obs["emperor"],
        painters=obs["painters"],
        tokens=obs["tokens"],
        hands=hands,
        deck=pool[::-1],
        scored=obs["scored"],
        round=obs["round"],
        seed=rng.getrandbits(32),
    )
    state.bumps = list(obs["bumps"])
    state.supply = obs["supply"]
    state.rounds = [dict(r) for r in obs["rounds"]]
    if obs["phase"] == PICK:
        state.plays = [(p["card"]["number"], p["painter"]) for p in shown]
        state.status = [p["status"] for p in shown]
        state.plays_round = obs["plays_round"]
    in_play = {p["card"]["number"] for p in obs["plays"]}
    if obs["phase"] == CHOOSE:
        state.discard = [n for n in state.discard if n not in in_play]
        state.plays = [(p["card"]["number"], p["painter"]) for p in obs["plays"]]
        state.status = [p["status"] for p in obs["plays"]]
        state.plays_round = obs["plays_round"]
        state.cursor = state.status.index(CURRENT)
        state.pending = obs["pending"]["kind"]
        state.stage = 0 if state.pending == "emperor" else 1
        state.phase = CHOOSE
    else:
        mine = obs.get("my_pick")
        if mine:
            state.picks[seat] = mine["number"]
            state.discard = [n for n in state.discard if n != mine["number"]]
        neutral = obs.get("my_neutral_pick")
        if neutral:
            state.neutral_pick = neutral["number"]
            state.discard = [n for n in state.discard if n != neutral["number"]]
    return state


def worth(state: State, seat: int, win_share: float = WIN_SHARE) -> float:
    """What a position is worth to ``seat`` for the game: its chance to win, mixed (by
    ``win_share``) with the share of rivals it is expected to finish ahead of."""
    chance, ahead = standing(state, seat)
    return win_share * chance + (1.0 - win_share) * ahead


def margin(state: State, seat: int) -> float:
    """Tokens this seat is ahead of its best rival, counting what the next tree would give
    now (for the explanation of a move: a figure a player can check)."""
    points = tree_points(state) if state.phase != OVER else [0] * len(state.painters)
    totals = [state.tokens[s] + points[s] for s in range(state.players)]
    rivals = [t for s, t in enumerate(totals) if s != seat]
    return totals[seat] - max(rivals) if rivals else float(totals[seat])


def _greedy_pick(
    state: State, seat: int, options: Sequence[Action], rng: random.Random, work: Work
) -> Action:
    """The quick rule for picking: the card that, played alone now, leaves the seat best."""
    best = options[0]
    top = -1e18
    neutral = state.neutral
    for option in options:
        trial = state.clone(share_rng=True)
        if "card" in option:
            plays = [(int(option["card"]), seat)]
        else:
            plays = [(int(option["neutral"]), neutral if neutral is not None else seat)]
        turn.play_round(trial, plays)
        while trial.phase == CHOOSE:
            who = turn.to_act(trial)[0]
            turn.apply(trial, who, turn.legal_actions(trial, who)[0])
        work.rounds += 1
        score = value(trial, seat) + rng.random()
        if score > top:
            best, top = option, score
    return best


def _normal_pick(
    state: State, seat: int, options: Sequence[Action], rng: random.Random, guesses: int,
    work: Work,
) -> Action:
    """A player picks the way the normal AI does: each candidate together with guessed cards
    of the others (drawn from what this player cannot see), direction choices one-step
    greedy; the guesses are the same for every candidate."""
    if not guesses or "card" not in options[0] or state.neutral is not None:
        return _greedy_pick(state, seat, options, rng, work)
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.deck)
    for s in others:
        pool.extend(state.hands[s])
        if state.picks[s] is not None:
            pool.append(state.picks[s])  # type: ignore[arg-type]
    pool.sort()  # the guesses depend on the cards only, not on the order they were dealt
    need = min(len(others), len(pool))
    totals = [0.0] * len(options)
    for _ in range(guesses):
        drawn = rng.sample(pool, need)
        extra = list(zip(drawn, others, strict=False))
        for i, option in enumerate(options):
            trial = state.clone(share_rng=True)
            trial.refill = False
            turn.play_round(trial, [(int(option["card"]), seat), *extra])
            finish_round(trial)
            work.rounds += 1
            totals[i] += value(trial, seat)
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return options[best]


def _greedy_choice(state: State, seat: int, options: Sequence[Action], work: Work) -> Action:
    """The playout rule for a direction: the better outcome once the round has resolved."""
    best = options[0]
    top = -1e18
    for option in options:
        trial = state.clone(share_rng=True)
        trial.refill = False
        turn.apply(trial, seat, option)
        start = trial.round
        while trial.phase == CHOOSE and trial.round == start:
            who = turn.to_act(trial)[0]
            turn.apply(trial, who, turn.legal_actions(trial, who)[0])
        work.rounds += 1
        score = value(trial, seat)
        if score > top:
            best, top = option, score
    return best


def pick_for_others(
    state: State, seat: int, rng: random.Random, guesses: int, work: Work
) -> None:
    """Every other seat still to pick makes its pick (and gives the neutral painter its card
    when it is the chooser) by the playout rule, on ``state`` in place; ``seat`` is left to
    pick, so the round is not revealed yet."""
    while True:
        waiting = [s for s in turn.to_act(state) if s != seat]
        if not waiting or state.phase != PICK:
            return
        other = waiting[0]
        options = turn.legal_actions(state, other)
        choice = options[0] if len(options) == 1 else _normal_pick(
            state, other, options, rng, guesses, work)
        turn.apply(state, other, choice)


def play_on(
    state: State, rounds: int, rng: random.Random, guesses: int = RIVAL_GUESSES,
    work: Work | None = None,
) -> None:
    """Advance every seat by the playout rules until ``rounds`` more rounds have started."""
    work = Work() if work is None else work
    stop = state.round + rounds
    while state.phase != OVER and state.round < stop:
        seats = turn.to_act(state)
        if not seats:
            return
        seat = seats[0]
        options = turn.legal_actions(state, seat)
        if len(options) == 1:
            choice = options[0]
        elif state.phase == PICK:
            choice = _normal_pick(state, seat, options, rng, guesses, work)
        else:
            choice = _greedy_choice(state, seat, options, work)
        turn.apply(state, seat, choice)


@dataclass(frozen=True)
class Outcome:
    """What the search found: the best candidate, and per candidate its mean worth and mean
    token margin over the worlds played."""

    best: int
    worth: tuple[float, ...]
    margin: tuple[float, ...]
    worlds: int


class HardAgent(BaseAgent):
    """``ai:hard[:SECONDS]`` for Sakura: sampled worlds, rivals' secret picks, the game's
    result."""

    def __init__(
        self,
        seat: int,
        rules: Rules,
        seed: int,
        budget: float = 1.0,
        rollouts: int | None = None,
        depth: int = DEPTH,
        choose_depth: int = CHOOSE_DEPTH,
        guesses: int = RIVAL_GUESSES,
        judge: Judge | None = None,
    ) -> None:
        self.seat = seat
        self.rules = rules
        self.seed = seed
        self.budget = budget
        self.rollouts = rollouts or max(1, int(budget * ROUNDS_PER_SECOND))
        """The work of one decision, in simulated rounds."""
        self.depth = depth
        self.choose_depth = choose_depth
        self.guesses = guesses
        self.judge: Judge = worth if judge is None else judge
        """How a playout's end is judged: :func:`worth` (the game), unless a caller
        compares another objective."""

    def search(self, obs: Mapping[str, Any], legal: Sequence[Action]) -> Outcome:
        """Play every candidate in the same sampled worlds until the work is spent."""
        rng = decision_rng(self.seed, obs)
        seat = obs["seat"]
        picking = obs["phase"] == PICK
        depth = self.depth if picking else self.choose_depth
        worths = [0.0] * len(legal)
        margins = [0.0] * len(legal)
        work = Work()
        worlds = 0
        while worlds < MIN_WORLDS or work.rounds < self.rollouts:
            world = sample_world(self.rules, obs, rng)
            play_seed = rng.getrandbits(32)
            if picking:
                pick_for_others(world, seat, random.Random(play_seed), self.guesses, work)
            for i, action in enumerate(legal):
                trial = world.clone()
                trial.rng = random.Random(play_seed)
                turn.apply(trial, seat, action)
                # the same rounds for every candidate, whether or not ours ended this one
                left = depth - (trial.round - world.round)
                play_on(trial, left, random.Random(play_seed), self.guesses, work)
                work.rounds += 1
                worths[i] += self.judge(trial, seat)
                margins[i] += margin(trial, seat)
            worlds += 1
        best = max(range(len(legal)), key=lambda i: (worths[i], -i))
        return Outcome(best, tuple(w / worlds for w in worths),
                       tuple(m / worlds for m in margins), worlds)

    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        found = self.search(observation, legal)
        action = dict(legal[found.best])
        key, what = next(iter(action.items()))
        # how many more tokens than the runner-up of the search it leaves this seat ahead
        others = [i for i in range(len(legal)) if i != found.best]
        runner = max(others, key=lambda i: (found.worth[i], -i)) if others else found.best
        lead = found.margin[found.best] - found.margin[runner]
        if key == "neutral":
            choice = Reason("Giving the neutral painter card {card}", {"card": what})
        elif key == "card":
            choice = Reason("Card {card}", {"card": what})
        else:
            choice = Reason("This choice")
        depth = self.depth if observation["phase"] == PICK else self.choose_depth
        when = (Reason("at the end of this round") if depth == 1
                else Reason("{rounds} rounds from now", {"rounds": depth}))
        return action, Reason(
            "{choice} leaves me best placed against the others {when}: {lead:+.1f} points "
            "ahead of the next best choice, over {guesses} guesses at the hidden cards.",
            {"choice": choice, "when": when, "lead": lead, "guesses": found.worlds},
        )


def make_hard(
    level: str, seat: int, rules: Rules, players: int, seed: int
) -> HardAgent | None:
    """``hard`` or ``hard:SECONDS`` (None for any other level)."""
    if level_name(level) != "hard":
        return None  # another level: its option is not ours to read
    name, budget = parse_level(level)
    return HardAgent(seat, rules, seed, 1.0 if budget is None else budget)
