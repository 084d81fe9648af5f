"""Small games that exercise the core's contract checks (imported from tests only)."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

import pluggy

from asobi.contract.model import GameInfo
from asobi.variants.schema import Int, Struct

hookimpl = pluggy.HookimplMarker("asobi")
HERE = Path(__file__).resolve().parents[1] / "plugins" / "toy_variants"


@dataclass
class CardState:
    hands: list[int]
    rest: list[int]
    to_act: list[int]
    shown: list[int | None] = field(default_factory=list)


class HighCard:
    """Each seat gets one hidden card and says 'show'; the highest card wins."""

    name = "highcard"

    def __init__(self) -> None:
        self.calls: list[str] = []

    @hookimpl
    def asobi_game_info(self):
        return GameInfo(
            name=self.name,
            title="High card",
            min_players=2,
            max_players=4,
            schema=Struct({"cards": Int(min=4, max=20)}),
            variants=HERE / self.name,
        )

    @hookimpl
    def asobi_setup(self, ctx):
        self.calls.append("setup")
        deck = list(range(1, ctx.rules["cards"] + 1))
        ctx.rng.shuffle(deck)
        return CardState(
            deck[: ctx.players], deck[ctx.players :], list(range(ctx.players)), [None] * ctx.players
        )

    @hookimpl
    def asobi_to_act(self, state):
        self.calls.append("to_act")
        return list(state.to_act)

    @hookimpl
    def asobi_legal_actions(self, state, seat):
        return [{"show": True}] if seat in state.to_act else []

    @hookimpl
    def asobi_apply(self, state, seat, action):
        state.to_act.remove(seat)
        if not state.to_act:
            state.shown = list(state.hands)
        return [{"type": "ready", "seat": seat}]

    @hookimpl
    def asobi_observation(self, state, seat):
        return {"mine": state.hands[seat], "shown": state.shown, "waiting": state.to_act}

    @hookimpl
    def asobi_resample(self, seat, rng, state):
        # Deals again from the real state only: no world from an observation alone.
        other = copy.deepcopy(state)
        if other.shown[0] is None:
            pool = [c for i, c in enumerate(other.hands) if i != seat] + other.rest
            rng.shuffle(pool)
            for i in range(len(other.hands)):
                if i != seat:
                    other.hands[i] = pool.pop()
            other.rest = pool
        return other

    @hookimpl
    def asobi_result(self, state):
        finished = not state.to_act
        if not finished:
            return {
                "finished": False,
                "rounds": [],
                "scores": [0] * len(state.hands),
                "winner": None,
            }
        best = max(range(len(state.hands)), key=lambda s: state.hands[s])
        points = [int(s == best) for s in range(len(state.hands))]
        return {
            "finished": True,
            "rounds": [{"points": points, "winner": best}],
            "scores": points,
            "winner": best,
        }


class LeakyHighCard(HighCard):
    """Shows every hand to everyone: the conformance kit must catch it."""

    name = "leaky"

    @hookimpl
    def asobi_observation(self, state, seat):
        return {"mine": state.hands[seat], "all": list(state.hands), "waiting": state.to_act}


class LazyHighCard(HighCard):
    """Its re-deal (asobi_resample given the state) changes nothing: the kit must notice."""

    name = "lazy"

    @hookimpl
    def asobi_resample(self, seat, rng, state):
        return copy.deepcopy(state)


class LoudHighCard(HighCard):
    """Tells everyone the card of a seat that says 'show': its events leak."""

    name = "loud"

    @hookimpl
    def asobi_apply(self, state, seat, action):
        card = state.hands[seat]
        events = HighCard.asobi_apply(self, state, seat, action)
        return [{**events[0], "card": card}]


class EagerHighCard(HighCard):
    """Offers moves to seats that are not to act."""

    name = "eager"

    @hookimpl
    def asobi_legal_actions(self, state, seat):
        return [{"show": True}]


class ForgetfulHighCard(HighCard):
    """Its record upgrade skips every move, even of the records it writes today: the kit's
    replay must catch it."""

    name = "forgetful"

    @hookimpl
    def asobi_game_info(self):
        return dataclasses.replace(HighCard.asobi_game_info(self), upgrades_records=True)

    @hookimpl
    def asobi_upgrade_record(self, record, state):
        return [None] * len(record["moves"])


class Incomplete:
    """Forgets most hooks."""

    @hookimpl
    def asobi_game_info(self):
        return GameInfo(
            name="incomplete", title="Incomplete", min_players=2, max_players=2, schema=Struct({})
        )


class Broken:
    """Implements a hook that does not exist."""

    @hookimpl
    def asobi_no_such_hook(self):
        return 1


HIGHCARD = HighCard()
LEAKY = LeakyHighCard()
LAZY = LazyHighCard()
LOUD = LoudHighCard()
EAGER = EagerHighCard()
FORGETFUL = ForgetfulHighCard()
INCOMPLETE = Incomplete()
BROKEN = Broken()
