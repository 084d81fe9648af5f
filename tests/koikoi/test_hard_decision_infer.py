"""The hard AI reads the opponent: a koi-koi call that is right only because of what the
opponent's own plays of the round reveal (search.HardAgent with and without ``infer``)."""

from __future__ import annotations

import json

from asobi_koikoi import engine, observe
from asobi_koikoi.cards import CARD_IDS
from asobi_koikoi.rules import compile_rules
from asobi_koikoi.search import HardAgent

from .helpers import act, deal, preset, start

# Seat 0 deals and plays first; every move below goes through the plugin's own hooks, so the
# observation's history is the real history of the round.
MINE = ["pine-plain-2", "wisteria-plain-1", "clover-ribbon", "pampas-plain-2", "willow-ribbon",
        "pampas-plain-1", "maple-plain-1", "chrysanthemum-plain-1"]
THEIRS = ["pine-plain-1", "paulownia-plain-2", "maple-plain-2", "willow-lightning",
          "plum-plain-2", "iris-plain-2", "peony-plain-2", "clover-boar"]
BOARD = ["pine-crane", "pine-ribbon", "plum-ribbon", "cherry-ribbon", "wisteria-ribbon",
         "paulownia-phoenix", "pampas-geese", "clover-plain-1"]
STOCK = ["paulownia-plain-1", "plum-plain-1", "wisteria-plain-2", "iris-plain-1", "iris-ribbon",
         "peony-plain-1", "peony-ribbon", "chrysanthemum-plain-2", "pampas-moon"]
MOVES = [
    {"play": "pine-plain-2"}, {"capture": "pine-crane"},  # and the draw takes the phoenix
    {"play": "pine-plain-1"},  # the opponent takes the pine ribbon, its draw the plum ribbon
    {"play": "wisteria-plain-1"},
    {"play": "paulownia-plain-2"},  # the opponent lays a card: the cherry ribbon stays
    {"play": "clover-ribbon"},
    {"play": "maple-plain-2"},  # again
    {"play": "pampas-plain-2"},  # we take the geese: only our pampas-plain-1 is left
    {"play": "willow-lightning"},  # and again
    {"play": "willow-ribbon"},  # our fifth ribbon; the draw lays the moon on the board
]
STOP_OR_GO = [{"koikoi": False}, {"koikoi": True}]
SEEDS = (1, 2, 3)
PLAYOUTS = 600


def passed_red_poetry() -> dict:
    """Seat 0's observation at its stop-or-koi-koi call, after five turns of seat 0 and four
    of seat 1 in the standard (single-deal) rules."""
    state = start("standard", [deal(h0=MINE, h1=THEIRS, board=BOARD, stock=STOCK, dealer=0)])
    for move in MOVES:
        act(state, move)
    assert state.phase == engine.DECIDE and state.seat == 0
    return json.loads(json.dumps(observe.observation(state, 0)))


def calls(obs: dict, infer: bool) -> list[bool]:
    """The hard AI's call on each decision seed (True: koi-koi)."""
    rules = compile_rules(preset("standard"))
    return [HardAgent(rules, seed, playouts=PLAYOUTS, infer=infer)
            .choose(obs, STOP_OR_GO)["koikoi"] for seed in SEEDS]


def test_the_position_is_the_one_described():
    obs = passed_red_poetry()
    mine, theirs = (set(p["captured"]) for p in obs["players"])
    assert obs["decision"]["points"] == 1  # five ribbons
    assert {"pine-crane", "paulownia-phoenix"} <= mine and "pampas-moon" in obs["board"]
    assert "pampas-plain-1" in obs["hand"]
    # every other pampas card is in our pile: nobody but us can take the moon
    pampas = {c for c in CARD_IDS if c.startswith("pampas-")}
    assert pampas - mine == {"pampas-moon", "pampas-plain-1"}
    # the opponent holds two red poetry ribbons; the third lies on the board, and no cherry
    # card has been seen: three are hidden in its four cards or the fifteen of the stock
    assert {"pine-ribbon", "plum-ribbon"} <= theirs and "cherry-ribbon" in obs["board"]
    seen = {*obs["hand"], *obs["board"], *mine, *theirs}
    assert {c for c in seen if c.startswith("cherry-")} == {"cherry-ribbon"}
    assert (obs["opponent_hand"], obs["stock"]) == (4, 15)
    # since it took its two ribbons, it laid a card three times next to the cherry ribbon
    plays = [e for e in obs["history"] if e["type"] == "play" and e["seat"] == 1]
    assert [e["card"] for e in plays[1:]] == ["paulownia-plain-2", "maple-plain-2",
                                              "willow-lightning"]


def test_an_opponent_who_let_its_red_poetry_ribbons_lie_holds_no_cherry():
    """Stop for 1 point, or koi-koi: our pampas-plain-1 takes the moon next turn for three
    brights and 7 points, and nobody can stop that; the only danger is the opponent's turn in
    between, in which a cherry card takes the cherry ribbon for its red poetry ribbons (6
    points, and our koi-koi then scores nothing).

    Dealt alike, the opponent's four cards hold a cherry more often than not (1 - C(16,4) /
    C(19,4) = 53%), and with the chance of drawing one the koi-koi loses more than the point a
    stop banks: without inference the AI stops. A strong player reads the round: three times
    the opponent laid a card when a cherry would have completed its ribbons, so it has no
    cherry; the danger left is its draw (3 cherries in 15 cards, 20%), and the koi-koi is worth
    about 0.8 x 7 - 0.2 x 6 = 4.4 points against 1."""
    obs = passed_red_poetry()
    assert calls(obs, infer=True) == [True] * len(SEEDS)
    assert calls(obs, infer=False) == [False] * len(SEEDS)
    # the read comes from the opponent's plays: the same position without the round's
    # history tells it nothing, and the AI with inference stops too
    assert calls({**obs, "history": obs["history"][:1]}, infer=True) == [False] * len(SEEDS)
