"""Every setting of every game (a game, a variant, a number of players) as an OpenSpiel game:
each deal is either a decision or a correct terminal state, and OpenSpiel's random simulation
test passes.

The suite checks a representative sample of the settings (:data:`SAMPLE`); two environment
variables widen the run:

* ``ASOBI_SPIEL_SETTINGS=all``: every variant of every game of these tests with every number
  of players it allows;
* ``ASOBI_SPIEL_DEALS=N``: the deals scanned in each setting (default 300);
* ``ASOBI_SPIEL_SIMS=N``: the games of each of OpenSpiel's random simulation tests (default 1);
* ``ASOBI_SPIEL_GAMES=N``: the random games played against the derived ``max_game_length``
  (default 30).

The whole check, as ``docs/envs.md`` gives it::

    ASOBI_SPIEL_SETTINGS=all ASOBI_SPIEL_DEALS=2000 ASOBI_SPIEL_SIMS=3 ASOBI_SPIEL_GAMES=2000 \\
        pytest -n 0 tests/envs/test_spiel_settings.py
"""

from __future__ import annotations

import os

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("open_spiel")

from asobi.envs.openspiel import register  # noqa: E402
from asobi.envs.setting import resolve  # noqa: E402
from asobi.envs.spiel_probe import PROBE_GAMES, probe  # noqa: E402
from asobi.play.seeds import spiel_deal_seed  # noqa: E402
from asobi.play.session import Session  # noqa: E402

ALL = os.environ.get("ASOBI_SPIEL_SETTINGS", "sample") == "all"
DEALS = int(os.environ.get("ASOBI_SPIEL_DEALS", "300"))
SIMS = int(os.environ.get("ASOBI_SPIEL_SIMS", "1"))
GAMES = int(os.environ.get("ASOBI_SPIEL_GAMES", "30"))
SAMPLE = {
    "koikoi": [("standard", 2), ("koikoi-japan", 2)],
    "sakura": [("standard", 2), ("neutral-from-hand", 6)],
    "nim": [("standard", 3)],
    "goofspiel": [("split", 4)],
}
"""The settings the suite checks: Koi-Koi where a deal can end the game and where it cannot,
Sakura at both ends of its table (sequential picks with the neutral painter fed from the hand,
simultaneous ones), and the test plugins with their largest tables."""
NAMES = sorted(SAMPLE)


@pytest.fixture(scope="module")
def names(games):
    return register(games)


def settings_of(game):
    """The (variant, players) this run checks for ``game`` (see the module)."""
    if not ALL:
        return SAMPLE[game.name]
    info = game.info
    return [(variant, players) for variant in game.variant_names()
            for players in range(info.min_players, info.max_players + 1)]


def spiel_text(name, variant, players, **more):
    params = {"variant": variant, "players": players, **more}
    return f"python_asobi_{name}({','.join(f'{k}={v}' for k, v in params.items())})"


def expected_returns(result, players):
    """What OpenSpiel should return at the end of ``result``: +1 to the winner, -1/(players
    - 1) to every other seat, 0 to all without a winner."""
    winner = result.get("winner")
    if winner is None:
        return [0.0] * players
    return [1.0 if seat == winner else -1.0 / (players - 1) for seat in range(players)]


def check_over_at_the_deal(game, state, result, where):
    """``state`` is a correct terminal state of a game that ended when it was dealt."""
    players = game.num_players()
    assert state.is_terminal(), where
    assert state.current_player() == pyspiel.PlayerId.TERMINAL, where
    assert all(state.legal_actions(seat) == [] for seat in range(players)), where
    returns = state.returns()
    assert returns == expected_returns(result, players), where
    assert sum(returns) == pytest.approx(0.0), where
    assert state.rewards() == returns, where
    for seat in range(players):
        assert len(state.observation_tensor(seat)) == game.observation_tensor_size(), where
        assert state.observation_string(seat), where
        assert state.information_state_string(seat), where
    twin = state.clone()
    assert twin.is_terminal() and twin.returns() == returns and str(twin) == str(state), where
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.is_terminal() and again.returns() == returns, where


@pytest.mark.parametrize("name", NAMES)
def test_every_deal_is_a_decision_or_a_correct_end(games, names, name):
    game = games.game(name)
    over = 0
    for variant, players in settings_of(game):
        where = f"{name} {variant} with {players} players"
        spiel = pyspiel.load_game(spiel_text(name, variant, players, deals=DEALS))
        loaded = game.load_variant(variant)
        for deal in range(DEALS):
            state = spiel.new_initial_state()
            state.apply_action(deal)
            if not state.is_terminal():
                assert state.current_player() != pyspiel.PlayerId.TERMINAL, where
                continue
            over += 1
            seed = spiel_deal_seed(0, deal)
            result = Session(game, loaded, ["human"] * players, seed=seed).result()
            assert result["finished"], f"{where}, deal {deal}: terminal before the end"
            check_over_at_the_deal(spiel, state, result, f"{where}, deal {deal}")
    if name == "koikoi":
        # About one Koi-Koi deal in sixty ends a one-round game at once (a hand yaku): the
        # scan must have met some, or it checked nothing.
        assert over > 0


def test_a_sampled_game_can_end_at_its_deal(games, names):
    # rng_seed 65 deals first a Koi-Koi game that a hand yaku ends at once (seat 1's four
    # cards of a month): the first state OpenSpiel makes is terminal, and OpenSpiel's own
    # checks hold on it, with sampled and with explicit chance.
    game = pyspiel.load_game("python_asobi_koikoi(rng_seed=65)")
    state = game.new_initial_state()
    result = Session(games.game("koikoi"), games.game("koikoi").load_variant(None),
                     ["human", "human"], seed=spiel_deal_seed(65, 0)).result()
    assert result["finished"] and result["winner"] == 1
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    explicit = pyspiel.load_game("python_asobi_koikoi(rng_seed=65,deals=1)")
    pyspiel.random_sim_test(explicit, num_sims=2, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulation_test_passes(games, names, name):
    # Each setting twice: as loaded by default (sampled chance, the game's own dynamics:
    # OpenSpiel cannot serialize a sampled game, which needs its generator), and with seats
    # taking turns over explicit deals, serialized at every step.
    for variant, players in settings_of(games.game(name)):
        default = pyspiel.load_game(spiel_text(name, variant, players))
        serialize = default.get_type().chance_mode != pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        pyspiel.random_sim_test(default, num_sims=SIMS, serialize=serialize, verbose=False)
        turns = pyspiel.load_game(spiel_text(name, variant, players, dynamics="sequential",
                                             deals=2))
        pyspiel.random_sim_test(turns, num_sims=SIMS, serialize=True, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_no_random_game_reaches_the_derived_length(games, names, name):
    # max_game_length is learnt from a few random games (the probe's, with a margin): many
    # more random games, on other seeds, all end well before it.
    game = games.game(name)
    for variant, players in settings_of(game):
        spiel = pyspiel.load_game(spiel_text(name, variant, players))
        longer = probe(resolve(game, variant, players, games), games=GAMES, first=PROBE_GAMES)
        assert longer.longest < spiel.max_game_length(), f"{name} {variant} {players}"
