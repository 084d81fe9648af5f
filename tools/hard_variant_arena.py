"""``asobi arena`` with the Koi-Koi hard AI changed in one respect, to screen an idea before
building it: every ``ai:hard`` (and ``ai:hard-2026``) seat of the run gets the change.

    python tools/hard_variant_arena.py --set width=8 --set trust=0 -- \\
        koikoi --variant koikoi-japan --players ai:hard:0.1,ai:card-values --games 200 --seed 2026

``--set NAME=VALUE`` changes a keyword of ``asobi_koikoi.search.HardAgent`` (lower case:
``width``, ``trust``, ``infer``, ``for_game``) or a constant of ``asobi_koikoi.search`` (upper
case: ``NOISE``, ``EXPOSE``, ``POINTS_SHARE``...); values are read as JSON (``0.5``, ``false``).
Everything after ``--`` is given to ``asobi arena``. The run plays in this process (no
``--workers``: other processes would not see the change).

``--oracle`` tells every hard seat the opponent's true hand (its sampled worlds all deal it; the
stock stays shuffled): a research ceiling, not a level. What it gains over the same run without
it bounds what any reading of the opponent (``infer``) could win. ``--clairvoyant`` tells the
stock's order as well (every world is the true deal; only the playouts' jitter varies): what
is left between the two is the luck of the draw, which no fair player can read.

``--calls stop`` makes every stop-or-koi-koi decision of the hard seats a stop, ``--calls
card-values`` makes it by the yardstick's rule (stop when the opponent is close to a yaku):
what the search's own calls are worth against a fixed rule. Card plays are still searched.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from asobi.cli.main import main
from asobi.contract.model import Reason
from asobi_koikoi import ai, ai_world, observe, search
from asobi_koikoi.ai_cardvalues import CardValuesAgent

ORACLE_KEY = "oracle_opponent_hand"
"""The key under which ``--oracle`` adds the opponent's hand (a bit set) to observations."""
STOCK_KEY = "oracle_stock"
"""The key under which ``--clairvoyant`` adds the stock still to draw, in order."""

KEYWORDS = set(inspect.signature(search.HardAgent).parameters) - {"rules", "seed"}
CALLS = ("search", "stop", "card-values")
"""Who makes the hard seats' stop-or-koi-koi decisions (``--calls``)."""
YARDSTICK = CardValuesAgent()
"""``--calls card-values``: the yardstick's rule (it keeps no state between decisions)."""


def refuse(message: str) -> NoReturn:
    """A mistake in the command: said on one line, exit status 2."""
    print(f"hard_variant_arena: {message}", file=sys.stderr)
    raise SystemExit(2)


def changes(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            refuse(f"--set {pair}: write NAME=VALUE")
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError as exc:
            refuse(f"--set {pair}: the value is not JSON ({exc.msg})")
        if name.isupper() and not hasattr(search, name):
            refuse(f"--set {pair}: asobi_koikoi.search has no constant {name}")
        if not name.isupper() and name not in KEYWORDS:
            refuse(f"--set {pair}: HardAgent takes {', '.join(sorted(KEYWORDS))}")
    return out


class Told:
    """The worlds of a decision when the opponent's hand is known: that hand, and the stock
    shuffled, or in its true order when ``stock`` is given (then every world is the true deal)."""

    def __init__(self, view: ai_world.View, rules: Any, rng: Any, hand: int,
                 stock: Sequence[int] | None = None) -> None:
        self.view, self.rules, self.rng, self.hand = view, rules, rng, hand
        self.stock = None if stock is None else tuple(stock)
        self.rest = [i for i in ai_world._unseen(view) if not hand >> i & 1]

    def draw(self) -> Any:
        stock = self.stock
        if stock is None:
            rest = self.rest[:]
            self.rng.shuffle(rest)
            stock = tuple(rest)
        return ai_world._world(self.view, self.rules, self.hand, stock, self.rng)


def tell_the_hands(stock: bool = False) -> dict[str, Any]:
    """Make observations carry the opponent's hand (and with ``stock`` the draw order) and the
    search deal it; returns where the deciding hard seat leaves it (one process plays one move
    at a time)."""
    told: dict[str, Any] = {}
    shown = observe.observation

    def observation(state: Any, seat: int) -> dict[str, Any]:
        obs = shown(state, seat)
        obs[ORACLE_KEY] = state.hands[1 - seat]
        if stock:
            obs[STOCK_KEY] = list(state.stock[state.pos:])
        return obs

    observe.observation = observation

    def worlds(view: ai_world.View, rules: Any, rng: Any) -> Told:
        return Told(view, rules, rng, told["hand"], told["stock"])

    search.inferred_worlds = (  # type: ignore[assignment]
        lambda view, rules, model, rng: worlds(view, rules, rng))
    search.Worlds = worlds  # type: ignore[assignment,misc]  # the seats that do not infer
    return told


def run(changed: dict[str, Any], arena: list[str], oracle: bool = False,
        clairvoyant: bool = False, calls: str = "search") -> int:
    if any(word == "--workers" or word.startswith("--workers=") for word in arena):
        refuse("--workers: the change lives in this process only")
    keywords = {k: v for k, v in changed.items() if not k.isupper()}
    for name, value in changed.items():
        if name.isupper():
            setattr(search, name, value)

    told = tell_the_hands(clairvoyant) if oracle or clairvoyant else None

    class Changed(search.HardAgent):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **{**kwargs, **keywords})

        def _search(self, observation: Any, legal: Any) -> Any:
            if told is not None:
                told["hand"] = observation[ORACLE_KEY]
                told["stock"] = observation.get(STOCK_KEY)  # None: shuffled
            return super()._search(observation, legal)

        def decide(self, observation: Any, legal: Any) -> Any:
            if calls == "search" or "koikoi" not in legal[0]:
                return super().decide(observation, legal)
            if calls == "card-values":
                return YARDSTICK.decide(observation, legal)
            return next(a for a in legal if not a["koikoi"]), Reason("stop")

    ai.HardAgent = Changed  # type: ignore[misc]
    return main(["arena", *arena])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--oracle", action="store_true",
                        help="tell the hard seats the opponent's hand (a ceiling)")
    parser.add_argument("--clairvoyant", action="store_true",
                        help="tell them the stock's order too (a looser ceiling)")
    parser.add_argument("--calls", choices=CALLS, default="search",
                        help="who makes the hard seats' koi-koi decisions (default: the search)")
    parser.add_argument("arena", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    words = args.arena[1:] if args.arena[:1] == ["--"] else args.arena
    sys.exit(run(changes(args.set), words, args.oracle, args.clairvoyant, args.calls))
