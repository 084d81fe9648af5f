"""AI players for Sakura. They see only their seat's observation and the legal actions.

* ``easy``: greedy, one step. It tries each legal action on the garden as it is now (its own
  card alone) and keeps the one whose result it likes best.
* ``normal``: hand-written heuristics over a few sampled rounds. The cards the others may play
  are drawn from the cards it has not seen; each candidate is played out with them in number
  order (so lower cards of the others move the garden first) and the outcomes are averaged.
  It likes tokens, being close behind the Emperor without touching him, and being first when
  the Emperor is about to reach a tree.

Both are reproducible: all their randomness comes from ``random.Random(seed)``. What they
like of a position is :func:`asobi_sakura.ai_value.value`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from asobi.contract.measures import Restriction
from asobi.contract.model import Reason
from asobi.play.agents import BaseAgent
from asobi_sakura import setup, turn
from asobi_sakura.ai_value import value
from asobi_sakura.rules import Rules
from asobi_sakura.state import BACK_DIR, CHOOSE, CURRENT, State

Action = dict[str, Any]

def unseen_cards(obs: Mapping[str, Any], deck_size: int) -> list[int]:
    """Card numbers this seat has not seen (others' hands and the deck)."""
    seen = {c["number"] for c in obs["hand"]}
    seen.update(obs["discard"])
    seen.update(p["card"]["number"] for p in obs["plays"])
    for key in ("my_pick", "my_neutral_pick"):
        if obs.get(key):
            seen.add(obs[key]["number"])
    return [n for n in range(1, deck_size + 1) if n not in seen]


def state_from_observation(rules: Rules, obs: Mapping[str, Any], seed: int) -> State:
    """A playable state matching what the observation shows (hidden cards left out)."""
    state = setup.position(
        rules,
        obs["players"],
        emperor=obs["emperor"],
        painters=obs["painters"],
        tokens=obs["tokens"],
        scored=obs["scored"],
        round=obs["round"],
        seed=seed,
    )
    state.refill = False
    if obs["phase"] == CHOOSE:
        state.plays = [(p["card"]["number"], p["painter"]) for p in obs["plays"]]
        state.status = [p["status"] for p in obs["plays"]]
        state.plays_round = obs["plays_round"]
        state.cursor = state.status.index(CURRENT)
        pending = obs["pending"]
        state.pending = pending["kind"]
        state.stage = 0 if pending["kind"] == "emperor" else 1
        state.phase = CHOOSE
    return state


def finish_round(state: State, greedy: bool = True) -> None:
    """Resolve the rest of the round; each choice goes to its owner's one-step best."""
    start = state.round
    while state.phase == CHOOSE and state.round == start:
        seat = turn.to_act(state)[0]
        options = turn.legal_actions(state, seat)
        best = options[0]
        if greedy:
            best_value = None
            for option in options:
                trial = state.clone(share_rng=True)
                _apply_choice_only(trial, seat, option)
                v = value(trial, seat)
                if best_value is None or v > best_value:
                    best, best_value = option, v
        turn.apply(state, seat, best)


def _apply_choice_only(state: State, seat: int, option: Action) -> None:
    """Apply one choice and resolve what follows without further choices (a cheap look)."""
    turn.apply(state, seat, option)
    start = state.round
    while state.phase == CHOOSE and state.round == start:
        nxt = turn.to_act(state)[0]
        turn.apply(state, nxt, turn.legal_actions(state, nxt)[0])


@dataclass
class SakuraAgent(BaseAgent):
    """An ``easy`` or ``normal`` player for one seat."""

    level: str
    seat: int
    rules: Rules
    players: int
    seed: int
    samples: int = 8
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)


    def decide(
        self, observation: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        if observation["phase"] == CHOOSE:
            return self._choose_direction(observation, legal)
        if self.level == "easy":
            return self._pick_greedy(observation, legal)
        return self._pick_sampled(observation, legal)

    # -------------------------------------------------------------- choices mid-round

    def _choose_direction(
        self, obs: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        base = state_from_observation(self.rules, obs, self.rng.getrandbits(32))
        scored = []
        for option in legal:
            trial = base.clone(share_rng=True)
            turn.apply(trial, self.seat, option)
            finish_round(trial, greedy=self.level != "easy")
            scored.append((value(trial, self.seat), option))
        best_value, best = max(scored, key=lambda t: t[0])
        direction = next(iter(best.values()))
        if direction == "forward":
            return dict(best), Reason(
                "Going forward leaves me best placed (a standing of {value:.1f}).",
                {"value": best_value},
            )
        return dict(best), Reason(
            "Going back leaves me best placed (a standing of {value:.1f}).", {"value": best_value}
        )

    # -------------------------------------------------------------- picking cards

    def _candidate_plays(
        self, obs: Mapping[str, Any], action: Action
    ) -> list[tuple[int, int]]:
        """The plays this seat itself adds for ``action`` (its card, maybe the neutral's)."""
        neutral = obs["neutral"]
        if "neutral" in action:
            return [(obs["my_pick"]["number"], self.seat), (action["neutral"], neutral)]
        return [(action["card"], self.seat)]

    def _pick_greedy(
        self, obs: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        base = state_from_observation(self.rules, obs, self.rng.getrandbits(32))
        scored = []
        for action in legal:
            trial = base.clone(share_rng=True)
            turn.play_round(trial, self._candidate_plays(obs, action))
            finish_round(trial, greedy=False)
            scored.append((value(trial, self.seat) + self.rng.random() * 0.01, action))
        best_value, best = max(scored, key=lambda t: t[0])
        return dict(best), Reason(
            "Played now, this card leaves me best placed (a standing of {value:.1f}).",
            {"value": best_value},
        )

    def _pick_sampled(
        self, obs: Mapping[str, Any], legal: Sequence[Action]
    ) -> tuple[Action, Reason]:
        rules = self.rules
        base = state_from_observation(rules, obs, self.rng.getrandbits(32))
        unseen = unseen_cards(obs, rules.deck_size)
        others = [s for s in range(obs["players"]) if s != self.seat]
        neutral = obs["neutral"]
        neutral_from_deck = neutral is not None and rules.neutral_mode == "deck"
        need = len(others) + (1 if neutral_from_deck else 0)
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            drawn = self.rng.sample(unseen, min(need, len(unseen)))
            extra = [(n, s) for n, s in zip(drawn, others, strict=False)]
            if neutral_from_deck and len(drawn) > len(others):
                extra.append((drawn[-1], neutral))
            for i, action in enumerate(legal):
                trial = base.clone(share_rng=True)
                turn.play_round(trial, self._candidate_plays(obs, action) + extra)
                finish_round(trial)
                totals[i] += value(trial, self.seat)
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        average = totals[best] / self.samples
        return dict(legal[best]), Reason(
            "Over {guesses} guess at the others' cards, this one keeps me closest behind the "
            "Emperor without bumping him (a standing of {value:.1f}).",
            {"guesses": self.samples, "value": average},
            plural="Over {guesses} guesses at the others' cards, this one keeps me closest "
            "behind the Emperor without bumping him (a standing of {value:.1f}).",
            counter="guesses",
        )


def make_agent(level: str, seat: int, rules: Rules, players: int, seed: int) -> SakuraAgent | None:
    if level not in ("easy", "normal"):
        return None
    # Fewer guesses with more players: each guessed round has more cards to resolve.
    return SakuraAgent(level, seat, rules, players, seed, samples=8 if players <= 4 else 6)


# ----------------------------------------------------------------------------- restricted play


def _emperor_never_back(observation: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    return [a for a in legal if a.get("emperor") != BACK_DIR]


def _painter_never_back(observation: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    return [a for a in legal if a.get("direction") != BACK_DIR]


RESTRICTIONS = (
    Restriction("no-emperor-back", "never move the Emperor back", _emperor_never_back),
    Restriction("no-painter-back", "never move your painter back", _painter_never_back),
)
"""The kinds of choice an AI level can be kept from (``ai:normal/no-painter-back``)."""
