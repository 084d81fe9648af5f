"""Shared helpers for the Sakura tests: the standard rules and exact positions."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from asobi_sakura import engine
from asobi_sakura.rules import SCHEMA, Rules, compile_rules

ROOT = Path(__file__).resolve().parents[2]
STANDARD = ROOT / "variants" / "asobi_variants" / "sakura" / "standard.yaml"
RECORDS = Path(__file__).parent / "records"


def standard_mapping() -> dict[str, Any]:
    data = yaml.safe_load(STANDARD.read_text(encoding="utf-8"))
    assert SCHEMA.validate(data["rules"]) == []
    return data["rules"]


_MAPPING = standard_mapping()
_RULES = compile_rules(_MAPPING)


# A deck for exact positions: card n does what TEST_CARDS[n] says; the rest are fillers.
TEST_CARDS: dict[int, tuple[str, int, str, int]] = {
    1: ("emperor-forward", 1, "forward", 1),
    2: ("emperor-forward", 2, "forward", 2),
    3: ("emperor-back", 1, "forward", 3),
    4: ("emperor-either", 1, "either", 1),
    5: ("closest-back", 2, "either", 2),
    6: ("furthest-forward", 2, "either", 3),
    7: ("emperor-forward", 1, "jump", 0),
    8: ("emperor-forward", 1, "count", 0),
    9: ("emperor-back", 1, "forward", 1),
    10: ("emperor-forward", 2, "forward", 3),
    11: ("closest-back", 2, "forward", 1),
    12: ("furthest-forward", 2, "forward", 1),
    13: ("emperor-forward", 1, "forward", 3),
    14: ("emperor-either", 1, "forward", 1),
    15: ("emperor-back", 1, "jump", 0),
    16: ("emperor-back", 1, "count", 0),
}


def make_test_deck() -> list[dict[str, Any]]:
    deck = []
    for n in range(1, 61):
        garden, move, painter, steps = TEST_CARDS.get(n, ("emperor-forward", 1, "forward", 1))
        card: dict[str, Any] = {"n": n, "garden": garden, "move": move, "painter": painter}
        if steps:
            card["steps"] = steps
        deck.append(card)
    return deck





@pytest.fixture
def trules() -> Rules:
    """Standard rules with the test deck."""
    return rules_with(deck=make_test_deck())


@pytest.fixture
def mapping() -> dict[str, Any]:
    return copy.deepcopy(_MAPPING)


@pytest.fixture
def rules() -> Rules:
    return _RULES


def rules_with(**changes: Any) -> Rules:
    """Standard rules with some top-level or nested keys replaced (``two_players=...``)."""
    data = copy.deepcopy(_MAPPING)
    data.update(changes)
    assert SCHEMA.validate(data) == []
    return compile_rules(data)


def card_where(rules: Rules, garden: str, painter: str, move: int | None = None,
               steps: int | None = None, exclude: Sequence[int] = ()) -> int:
    """The lowest card number with these actions (and amounts), not in ``exclude``."""
    for card in rules.cards[1:]:
        if card.number in exclude or card.garden != garden or card.painter != painter:
            continue
        if move is not None and card.move != move:
            continue
        if steps is not None and card.steps != steps:
            continue
        return card.number
    raise LookupError(f"no card {garden}/{painter} {move} {steps}")


def place(
    rules: Rules,
    players: int,
    emperor: int,
    painters: Sequence[int],
    **kwargs: Any,
) -> engine.State:
    return engine.position(rules, players, emperor=emperor, painters=painters, **kwargs)


def run(state: engine.State, plays: Sequence[tuple[int, int]],
        choices: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Resolve ``plays`` as a round, answering the choices asked in order with ``choices``."""
    events: list[dict[str, Any]] = []
    engine.play_round(state, plays, events)
    answers = list(choices)
    while state.phase == engine.CHOOSE:
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        key = next(iter(legal[0]))
        engine.apply(state, seat, {key: answers.pop(0)}, events)
    assert not answers, "unused choices"
    return events


def random_game(rules: Rules, players: int, seed: int, max_moves: int = 5000):
    """Play random legal moves; yields (state, seat, action) before each move."""
    import random

    rng = random.Random(seed)
    state = engine.new_game(rules, players, random.Random(seed + 1))
    for _ in range(max_moves):
        seats = engine.to_act(state)
        if not seats:
            return
        seat = rng.choice(seats)
        action = rng.choice(engine.legal_actions(state, seat))
        yield state, seat, action
        engine.apply(state, seat, action)
    raise AssertionError("game did not end")
