"""What the balance lab measures in Sakura (``asobi_lab_measures``).

Read from a finished game's events (``bump``, ``tree``) and final state: rounds per game,
bumps per painter, the tokens a tree gives each place, the spread of the final tokens, how
often the leader after the first tree wins, and at two players what the neutral painter does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.contract.measures import FinishedGame, Measure, Reading, Tally

from .rules import compile_rules
from .state import painter_count

PLACES_SHOWN = 3
"""Places of a tree whose tokens are measured (first, second, third)."""


def lab_measures(rules: Mapping[str, Any], players: int) -> list[Measure]:
    """The Sakura measures for ``players`` seats under ``rules``."""
    painters = painter_count(compile_rules(rules), players)
    measures = [
        Measure("rounds", "rounds per game", "rounds", lambda game: float(game.state.round)),
        Measure("bumps", "bumps per painter", "bumps per game",
                lambda game: Tally(_count(game, "bump"), painters)),
    ]
    for place in range(min(PLACES_SHOWN, painters)):
        measures.append(Measure(
            f"tree-place-{place + 1}", "tokens a tree gives place {place}", "tokens per tree",
            _place_reader(place), {"place": str(place + 1)}))
    measures += [
        Measure("token-spread", "spread of the final tokens (most minus fewest)", "tokens",
                lambda game: float(max(game.result["scores"]) - min(game.result["scores"]))),
        Measure("first-tree-leader", "the leader after the first tree wins", "share of games",
                _first_leader_wins, percent=True),
    ]
    if painters > players:
        neutral = players
        measures += [
            Measure("neutral-first", "trees where the neutral painter comes first",
                    "share of trees", lambda game: _neutral_first(game, neutral), percent=True),
            Measure("player-bumps", "bumps per player's painter", "bumps per game",
                    lambda game: Tally(float(sum(
                        1 for e in game.events if e.get("type") == "bump"
                        and int(e.get("painter", neutral)) < neutral)), float(neutral))),
            Measure("neutral-bumps", "bumps of the neutral painter", "bumps per game",
                    lambda game: float(sum(1 for e in game.events if e.get("type") == "bump"
                                           and e.get("painter") == neutral))),
        ]
    return measures


def _count(game: FinishedGame, kind: str) -> float:
    return float(sum(1 for e in game.events if e.get("type") == kind))


def _trees(game: FinishedGame) -> list[Mapping[str, Any]]:
    return [e for e in game.events if e.get("type") == "tree"]


def _place_reader(place: int) -> Any:
    """The reading of the tokens a tree gives ``place`` (0: the first)."""
    return lambda game: _place_tokens(game, place)


def _place_tokens(game: FinishedGame, place: int) -> Reading:
    values = []
    for tree in _trees(game):
        ranking = tree["ranking"]
        if place < len(ranking):
            values.append(float(tree["points"][ranking[place]]))
    return values


def _first_leader_wins(game: FinishedGame) -> Reading:
    rounds = game.result["rounds"]
    if not rounds or game.result["winner"] is None:
        return None
    first = rounds[0]["points"]
    best = max(first)
    leaders = [seat for seat, p in enumerate(first) if p == best]
    if len(leaders) != 1:
        return None
    return float(leaders[0] == game.result["winner"])


def _neutral_first(game: FinishedGame, neutral: int) -> Reading:
    return [float(bool(t["ranking"]) and t["ranking"][0] == neutral) for t in _trees(game)]
