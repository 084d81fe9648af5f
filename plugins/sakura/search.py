"""The hard Sakura AI: many sampled worlds, rivals that answer, and a relative evaluation.

The agent sees its own hand, the garden, the tokens and every revealed card. For a decision it
deals what it cannot see (the other players' hands and hidden picks, the order of the deck) at
random into *worlds* consistent with its observation. Each candidate action is tried in the
same worlds: the other players pick by a quick one-step greedy rule, direction choices go to
the better one-step outcome, and the round is resolved (``depth`` > 1 follows further rounds,
hands refilled from the sampled deck; measured against three normal players, one round with
twice the worlds did as well as two rounds). A candidate's value is how well placed it leaves
this seat compared with its best rival (the ``value`` estimate of the normal AI for each),
averaged over worlds: against three normal players, 100 games each, judging its own value
alone won 22%, against the best and average rival 36-38%.

The number of worlds follows the time budget (``hard:0.3`` = 0.3 s) through a fixed rate, so
a decision is a function of the seed and the observation alone: no clock is read, so a slow
or busy machine takes longer over a move but plays the same one.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from asobi.agents import BaseAgent, level_name, parse_level
from asobi.model import Reason
from asobi_sakura import setup, turn
from asobi_sakura.ai import finish_round, unseen_cards, value
from asobi_sakura.rules import Rules
from asobi_sakura.state import CHOOSE, CURRENT, OVER, PICK, State

Action = dict[str, Any]

ROLLOUTS_PER_SECOND = 800
"""Candidate playouts a budget second buys. The budget is turned into this fixed amount of
work and no clock is read, so a decision is a function of the record: on one core of the
reference machine the default second's work takes about 0.7 s a move (median)."""
MIN_ROLLOUTS = 12
DEPTH = 1
"""Rounds resolved in each playout, the current one included."""
RIVALS = 1.0
"""Weight of the rivals' value in the evaluation (0: only this seat's own value)."""
BEST_SHARE = 1.0
"""Share of the best rival (against the mean of all rivals) in that rivals' value."""
RIVAL_GUESSES = 1
"""Guesses at the other cards a rival makes when it picks in a playout (the normal AI's way,
fewer guesses); 0 falls back to the quick rule of judging its card played alone."""
CHOOSE_DEPTH = 2
"""Rounds resolved in the playouts of a direction choice (two candidates only, so each
playout may go further)."""


def decision_rng(seed: int, observation: Mapping[str, Any]) -> random.Random:
    """A generator depending only on the seed and what the seat sees now (hints are free)."""
    text = json.dumps(observation, sort_keys=True, default=str)
    digest = hashlib.blake2b(f"{seed}:{text}".encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


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


def standing(
    state: State, seat: int, weight: float = RIVALS, best: float = BEST_SHARE
) -> float:
    """This seat's value minus ``weight`` times a mix of the best and the average rival's."""
    mine = value(state, seat)
    rivals = [value(state, s) for s in range(state.players) if s != seat]
    if not rivals or not weight:
        return mine
    return mine - weight * (best * max(rivals) + (1 - best) * sum(rivals) / len(rivals))


def _greedy_pick(state: State, seat: int, options: Sequence[Action], rng: random.Random) -> Action:
    """The playout rule for picking: the card that, played alone now, leaves the seat best."""
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
        score = value(trial, seat) + rng.random()
        if score > top:
            best, top = option, score
    return best


def _normal_pick(
    state: State, seat: int, options: Sequence[Action], rng: random.Random, guesses: int
) -> Action:
    """A rival picks the way the normal AI does: its candidate together with guessed cards of
    the others (drawn from what this rival cannot see), direction choices one-step greedy."""
    if "card" not in options[0] or state.neutral is not None:
        return _greedy_pick(state, seat, options, rng)
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.deck)
    for s in others:
        pool.extend(state.hands[s])
        if state.picks[s] is not None:
            pool.append(state.picks[s])  # type: ignore[arg-type]
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
            totals[i] += value(trial, seat)
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return options[best]


def _greedy_choice(state: State, seat: int, options: Sequence[Action]) -> Action:
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
        score = value(trial, seat)
        if score > top:
            best, top = option, score
    return best


def play_on(
    state: State, rounds: int, rng: random.Random, guesses: int = RIVAL_GUESSES
) -> None:
    """Advance every seat by the playout rules until ``rounds`` more rounds have started."""
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
            if guesses:
                choice = _normal_pick(state, seat, options, rng, guesses)
            else:
                choice = _greedy_pick(state, seat, options, rng)
        else:
            choice = _greedy_choice(state, seat, options)
        turn.apply(state, seat, choice)


class HardAgent(BaseAgent):
    """``ai:hard[:SECONDS]`` for Sakura: sampled worlds, rivals' replies, relative value."""

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
        rivals: float = RIVALS,
        best_share: float = BEST_SHARE,
    ) -> None:
        self.seat = seat
        self.rules = rules
        self.seed = seed
        self.budget = budget
        self.rollouts = rollouts or max(MIN_ROLLOUTS, int(budget * ROLLOUTS_PER_SECOND))
        self.depth = depth
        self.choose_depth = choose_depth
        self.guesses = guesses
        self.rivals = rivals
        self.best_share = best_share

    def _search(
        self, obs: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[int, list[float], int]:
        rng = decision_rng(self.seed, obs)
        totals = [0.0] * len(legal)
        seat = obs["seat"]
        depth = self.choose_depth if obs["phase"] == CHOOSE else self.depth
        # Playouts with answering rivals, or over more rounds, cost more: fewer of them.
        playouts = self.rollouts
        if self.guesses:
            playouts //= 2
        if depth > 1:
            playouts //= 2 * (depth - 1)
        worlds = max(1, max(MIN_ROLLOUTS, playouts) // len(legal))
        done = 0
        for _ in range(worlds):
            world = sample_world(self.rules, obs, rng)
            play_seed = rng.getrandbits(32)
            for i, action in enumerate(legal):
                trial = world.clone()
                trial.rng = random.Random(play_seed)
                turn.apply(trial, seat, action)
                play_on(trial, depth, random.Random(play_seed), self.guesses)
                totals[i] += standing(trial, seat, self.rivals, self.best_share)
            done += 1
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return best, [t / done for t in totals], done


    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        best, means, worlds = self._search(observation, legal)
        action = dict(legal[best])
        key, what = next(iter(action.items()))
        others = [m for i, m in enumerate(means) if i != best]
        margin = means[best] - max(others) if others else 0.0
        if key == "neutral":
            choice = Reason("Giving the neutral painter card {card}", {"card": what})
        elif key == "card":
            choice = Reason("Card {card}", {"card": what})
        else:
            choice = Reason("This choice")
        when = (Reason("at the end of this round") if self.depth == 1
                else Reason("{rounds} rounds from now", {"rounds": self.depth}))
        return action, Reason(
            "{choice} leaves me best placed against the others {when}: {lead:+.1f} points "
            "ahead of the next best choice, over {guesses} guesses at the hidden cards.",
            {"choice": choice, "when": when, "lead": margin, "guesses": worlds},
        )


def make_hard(
    level: str, seat: int, rules: Rules, players: int, seed: int
) -> HardAgent | None:
    """``hard`` or ``hard:SECONDS`` (None for any other level)."""
    if level_name(level) != "hard":
        return None  # another level: its option is not ours to read
    name, budget = parse_level(level)
    return HardAgent(seat, rules, seed, 1.0 if budget is None else budget)
