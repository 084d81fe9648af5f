"""``asobi play GAME --deal RECORD --frontend web``: the server's game is dealt as the record
pinned it (``Launch.setup`` reaches the web's new game), and keeps that deal when the server
restarts and rebuilds the table from its stored record."""

from __future__ import annotations

import random

from asobi.play.frontend import Launch
from asobi.play.session import Session, parse_seats
from asobi_frontends.web.app import create_app
from asobi_frontends.web.newgame import NewGame
from asobi_frontends.web.store import Store
from support.web import TEST_OPTIONS, need


def test_the_web_game_is_dealt_as_the_record_pinned_it(web_registry, tmp_path):
    need(web_registry, "koikoi")
    game = web_registry.game("koikoi")
    variant = game.load_variant("standard")
    setup = game.hooks.pinned_setup(variant.rules, 2, random.Random(11))
    seats = parse_seats("human,ai:easy", game)
    launch = Launch(web_registry, game, variant, seats, seed=5, setup=setup)
    expected = launch.new_session()
    assert expected.record()["setup"] == setup
    unpinned = Session(game, variant, seats, seed=5)
    assert unpinned.observation(0)["hand"] != expected.observation(0)["hand"]

    db = tmp_path / "games.sqlite3"
    store = Store(db)
    hub = create_app(web_registry, store, options=TEST_OPTIONS).state.hub
    new = NewGame(game, variant, seats, "en", seed=launch.seed, setup=launch.setup,
                  creator_seat=0)
    live, _minted = hub.create(new, "local")
    assert live.session.observation(0) == expected.observation(0)
    assert live.session.record()["setup"] == setup
    game_id = live.id
    store.close()

    # A restarted server rebuilds the table from the stored record: the same deal.
    again = Store(db)
    hub = create_app(web_registry, again, options=TEST_OPTIONS).state.hub
    rebuilt = hub.get(game_id)
    assert rebuilt.session.observation(0) == expected.observation(0)
    again.close()
