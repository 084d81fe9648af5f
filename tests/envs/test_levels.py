"""OpenSpiel's bots as AI levels: listed for every game where OpenSpiel is installed, seeded
from the record, budgeted in simulations; absent, quietly, where it is not."""

from __future__ import annotations

import pytest

from asobi.envs import levels as levels_module
from asobi.errors import AsobiError
from asobi.host.registry import Registry
from asobi.play.agents import decision_agent, make_agent
from asobi.play.driver import Driver
from asobi.play.session import Session

from .conftest import build_registry


def needs_openspiel():
    pytest.importorskip("pyspiel")
    pytest.importorskip("open_spiel")


def test_every_game_lists_ismcts_and_the_perfect_information_game_mcts_too(games):
    needs_openspiel()
    assert games.game("nim").ai_levels()[-2:] == ["openspiel-ismcts", "openspiel-mcts"]
    for name in ("koikoi", "sakura", "goofspiel"):
        assert games.game(name).ai_levels()[-1] == "openspiel-ismcts"


def test_listing_the_levels_loads_every_game_once(games, monkeypatch):
    # Listing is given what it needs (the game's information, whether it deals worlds): no
    # look-up of the game, so no second registry. A look-up there once loaded every game again
    # (until Python's recursion limit, then twice with a guard: a seventh of every start).
    monkeypatch.setattr(levels_module, "openspiel_installed", lambda: True)
    loads = []
    load = Registry._load_game

    def counted(self, entry_point):
        loads.append(entry_point.name)
        return load(self, entry_point)

    monkeypatch.setattr(Registry, "_load_game", counted)
    registry = build_registry()[0]
    assert registry.game("nim").ai_levels()[-2:] == ["openspiel-ismcts", "openspiel-mcts"]
    assert registry.game("koikoi").ai_levels()[-1] == "openspiel-ismcts"
    assert sorted(loads) == sorted(set(loads)) and len(loads) == len(registry.games())


def test_without_openspiel_no_level_is_listed_and_none_is_built(games, monkeypatch):
    monkeypatch.setattr(levels_module, "openspiel_installed", lambda: False)
    game = games.game("goofspiel")
    assert "openspiel-ismcts" not in game.ai_levels()
    rules = game.load_variant(None).rules
    with pytest.raises(AsobiError, match="no AI level 'openspiel-ismcts'"):
        make_agent(game, "openspiel-ismcts", 0, rules, 2, 1)


@pytest.mark.parametrize("name,seats", [
    ("nim", ["ai:openspiel-mcts:60", "ai:openspiel-ismcts:40"]),
    ("goofspiel", ["ai:openspiel-ismcts:30", "ai:random"]),
    ("koikoi", ["ai:openspiel-ismcts:30", "ai:search:0.1"]),
])
@pytest.mark.slow
def test_a_game_with_the_bots_is_a_function_of_its_record(games, name, seats):
    needs_openspiel()
    game = games.game(name)
    variant = game.load_variant(None)
    played = []
    for _ in range(2):
        session = Session(game, variant, seats, seed=21)
        Driver(session).run()
        played.append(session.record()["moves"])
    assert played[0] == played[1]
    assert session.result()["finished"]


def test_the_budget_is_a_number_of_simulations(games):
    needs_openspiel()
    game = games.game("koikoi")
    session = Session(game, game.load_variant(None), ["ai:openspiel-ismcts:25", "human"],
                      seed=3)
    while session.to_act() == [0] and len(session.legal_actions(0)) < 2:
        Driver(session).play(0, session.legal_actions(0)[0])
    agent = decision_agent(session, session.to_act()[0])
    action, reason = agent.explain(session.observation(0), session.legal_actions(0))
    assert action in session.legal_actions(0)
    assert "25 simulated games" in reason
    # A server caps the AI's work in seconds of budget: 300 simulations are worth one.
    goofspiel = games.game("goofspiel")
    goof_rules = goofspiel.load_variant(None).rules
    assert make_agent(goofspiel, "openspiel-ismcts:600", 0, goof_rules, 2, 1).budget == 2.0
    for bad in ("openspiel-ismcts:0", "openspiel-ismcts:1.5", "openspiel-ismcts:many",
                "openspiel-ismcts:100001"):
        with pytest.raises(AsobiError, match="number of simulations"):
            make_agent(goofspiel, bad, 0, goof_rules, 2, 1)


def test_mcts_refuses_a_game_that_hides_things(games):
    needs_openspiel()
    game = games.game("goofspiel")
    with pytest.raises(AsobiError, match="perfect information"):
        make_agent(game, "openspiel-mcts", 0, game.load_variant(None).rules, 2, 1)


@pytest.mark.stats
def test_ismcts_beats_random_play_at_nim(games):
    needs_openspiel()
    # Nim from 3-4-5 is a first player's win; ISMCTS as the first player should take it
    # against random moves nearly every time.
    game = games.game("nim")
    variant = game.load_variant(None)
    wins = 0
    for seed in range(6):
        session = Session(game, variant, ["ai:openspiel-ismcts:200", "ai:random"], seed=seed)
        wins += Driver(session).run()["winner"] == 0
    assert wins >= 5


def test_building_an_agent_loads_no_game_again(games, monkeypatch):
    # The hook hands the plugin the game it plays (asobi_agent's ``installed``): no registry
    # of its own, and games registered by hand (Nim, Goofspiel here) get the bots too.
    needs_openspiel()
    loads = []
    load = Registry._load_game

    def counted(self, entry_point):
        loads.append(entry_point.name)
        return load(self, entry_point)

    for name in ("goofspiel", "koikoi"):
        games.game(name)
    monkeypatch.setattr(Registry, "_load_game", counted)
    for name in ("goofspiel", "koikoi"):
        game = games.game(name)
        agent = make_agent(game, "openspiel-ismcts:20", 0, game.load_variant(None).rules, 2, 1)
        assert agent is not None
    assert loads == []
