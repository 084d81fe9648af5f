"""Goofspiel keeps the core's contract (the conformance kit) and its own rules."""

from __future__ import annotations

from asobi.conformance import check_game
from asobi.host.registry import discover
from asobi.play.session import Session


def test_goofspiel_passes_the_conformance_kit():
    game = discover().game("goofspiel-old")
    for players in (2, 3):
        check_game(game, players=players, games=10)
    check_game(game, variant="split", players=2, games=5)


def bid_round(session: Session, bids: list[int]) -> int:
    """Every seat bids its card; returns the prize they bid for."""
    prize = session.observation(0)["prize"]
    for seat, card in enumerate(bids):
        session.apply(seat, {"bid": card})
    return prize


def test_the_higher_bid_takes_the_prize_and_a_tie_follows_the_variant():
    game = discover().game("goofspiel-old")
    standard = Session(game, game.load_variant("standard"), ["human", "human"], seed=3)
    prize = bid_round(standard, [13, 1])
    assert standard.result()["scores"] == [prize, 0]
    bid_round(standard, [12, 12])  # a tie: the prize is discarded
    assert standard.result()["scores"] == [prize, 0]
    split = Session(game, game.load_variant("split"), ["human", "human"], seed=3)
    prize = bid_round(split, [5, 5])
    assert split.result()["scores"] == [prize // 2, prize // 2]


def test_a_face_down_bid_stays_secret_until_everyone_has_bid():
    game = discover().game("goofspiel-old")
    session = Session(game, game.load_variant("standard"), ["human", "human"], seed=3)
    session.apply(0, {"bid": 7})
    theirs = session.observation(1)
    assert theirs["face_down"] == [True, False] and theirs["bid"] is None
    assert 7 in theirs["unshown"][0]  # still among the cards seat 1 has not seen
    assert session.to_act() == [1]
    session.apply(1, {"bid": 2})
    assert session.observation(1)["rounds"][-1]["bids"] == [7, 2]
