"""What the balance lab measures in Koi-Koi (``asobi_lab_measures``).

Each measure reads a finished game's rounds from its events: the setup's own events (the
first deal, its redeals and hand yaku, replayed from the record's seed and pinned deals) and
then the events of the moves. Per yaku: how often it is made and its share of all points;
per round: dealer wins, exhausted rounds, redeals, hand yaku; per koi-koi call: how often it
wins the round and what it brings.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from asobi.contract.measures import FinishedGame, Measure, Reading, Tally

from .engine import new_game, parse_deals
from .rules import Rules, compile_rules


@dataclass
class Round:
    """One settled round as the events tell it."""

    dealer: int = 0
    winner: int | None = None
    exhausted: bool = False
    reason: str = ""
    points: list[int] = field(default_factory=lambda: [0, 0])
    yaku: list[str] = field(default_factory=list)
    listed: dict[str, int] = field(default_factory=dict)
    """The winner's yaku with their points, from its last ``yaku`` event."""
    seen: dict[int, dict[str, int]] = field(default_factory=dict)
    """Each seat's last ``yaku`` event of the round."""
    calls: list[int] = field(default_factory=list)
    """The seat of each koi-koi call."""
    redeals: int = 0

    @property
    def gain(self) -> int:
        """The points the round's winner takes."""
        return max(0, *self.points)

    def shares(self) -> dict[str, float]:
        """The round's points split among the yaku that made them (by their own points)."""
        if not self.yaku or not self.gain:
            return {}
        weights = {t: float(self.listed.get(t, 0)) for t in self.yaku}
        total = sum(weights.values())
        if total <= 0:
            return {t: self.gain / len(self.yaku) for t in self.yaku}
        return {t: self.gain * w / total for t, w in weights.items()}


def setup_events(rules: Rules, record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The events of a game's setup (the first deal), replayed from its seed and pinned deals."""
    seed = record["seed"]
    seed = int(seed, 16) if isinstance(seed, str) and seed[:2] == "0x" else int(seed)
    events: list[dict[str, Any]] = []
    new_game(rules, random.Random(seed), parse_deals(record.get("setup")), None, events)
    return events


def rounds_of(rules: Rules, game: FinishedGame) -> list[Round]:
    """The settled rounds of ``game``, in order."""
    out: list[Round] = []
    current = Round()
    for event in [*setup_events(rules, game.record), *game.events]:
        kind = event.get("type")
        if kind == "redeal":
            current.redeals += 1
        elif kind == "koikoi":
            current.calls.append(int(event["seat"]))
        elif kind == "yaku":
            current.seen[int(event["seat"])] = {
                y["title"]: int(y["points"]) for y in event["yaku"]}
        elif kind == "round_end":
            current.dealer = int(event["dealer"])
            current.winner = event["winner"]
            current.exhausted = bool(event["exhausted"])
            current.reason = str(event["reason"])
            current.points = [int(p) for p in event["points"]]
            current.yaku = [t for titles in event["yaku"] for t in titles]
            if current.winner is not None:
                current.listed = current.seen.get(int(current.winner), {})
            out.append(current)
            current = Round()
    return out


def lab_measures(rules: Mapping[str, Any], players: int) -> list[Measure]:
    """The Koi-Koi measures under ``rules`` (one pair per yaku the rules play)."""
    compiled = compile_rules(rules)
    cache: dict[int, tuple[FinishedGame, list[Round]]] = {}

    def rounds(game: FinishedGame) -> list[Round]:
        key = id(game)
        if key not in cache or cache[key][0] is not game:
            cache.clear()
            cache[key] = (game, rounds_of(compiled, game))
        return cache[key][1]

    def per_round(test: Any) -> Any:
        return lambda game: [float(test(r)) for r in rounds(game)]

    def made(title: str) -> Any:
        return per_round(lambda r: title in r.yaku)

    def share(title: str) -> Any:
        return lambda game: _share(rounds(game), title)

    measures: list[Measure] = []
    for yaku in _enabled_yaku(rules):
        title = str(yaku["title"])
        measures.append(Measure(
            f"yaku-made:{yaku['id']}", "{yaku}: rounds where it is made", "share of rounds",
            made(title), {"yaku": title}, percent=True))
        measures.append(Measure(
            f"yaku-points:{yaku['id']}", "{yaku}: share of all points", "share of points",
            share(title), {"yaku": title}, percent=True))
    measures += [
        Measure("dealer-wins", "rounds won by the dealer", "share of rounds",
                per_round(lambda r: r.winner is not None and r.winner == r.dealer),
                percent=True),
        Measure("exhausted", "exhausted rounds", "share of rounds",
                per_round(lambda r: r.exhausted), percent=True),
        Measure("koikoi-rate", "koi-koi calls per round", "calls per round",
                lambda game: Tally(sum(len(r.calls) for r in rounds(game)),
                                   len(rounds(game)))),
        Measure("koikoi-success", "koi-koi calls that win the round", "share of calls",
                lambda game: _calls(rounds(game), won=True), percent=True),
        Measure("koikoi-payoff", "points a koi-koi call brings (round won minus lost)",
                "points per call", lambda game: _calls(rounds(game), won=False)),
        Measure("redeals", "redeals per round", "redeals per round",
                lambda game: Tally(sum(r.redeals for r in rounds(game)), len(rounds(game)))),
        Measure("hand-yaku", "rounds settled by a hand yaku", "share of rounds",
                per_round(lambda r: r.reason == "hand-yaku"), percent=True),
    ]
    return measures


def _enabled_yaku(rules: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    table = rules.get("yaku", [])
    items = table.items() if isinstance(table, Mapping) else enumerate(table)
    out: list[Mapping[str, Any]] = []
    for key, yaku in items:
        if isinstance(yaku, Mapping) and yaku.get("enabled", True) is not False:
            out.append({"id": yaku.get("id", key), "title": yaku.get("title", str(key))})
    return out


def _share(rounds: Sequence[Round], title: str) -> Reading:
    total = float(sum(r.gain for r in rounds))
    return Tally(sum(r.shares().get(title, 0.0) for r in rounds), total)


def _calls(rounds: Sequence[Round], won: bool) -> Reading:
    """Per koi-koi call: whether its caller won the round (``won``), else the caller's points
    in the round minus the opponent's."""
    values = []
    for r in rounds:
        for seat in r.calls:
            if won:
                values.append(float(r.winner == seat))
            else:
                values.append(float(r.points[seat] - r.points[1 - seat]))
    return values
