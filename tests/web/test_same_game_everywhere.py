"""One seed, one game: the same seed, seats and human moves give the same record (moves and
result) in the text frontend, the web server and the shared runner of the arena and the lab.

Every AI decision is a function of the record (game seed, seat, level, moves made), so where
a game is played, and by which process, changes nothing a player could notice."""

from __future__ import annotations

import io
import json
import sys
from importlib.metadata import EntryPoint

import pytest
from starlette.testclient import TestClient

from asobi.cli.main import main
from asobi.host.registry import Registry
from asobi.play.driver import Driver
from asobi.play.session import Session
from asobi.play.tasks import Batch, GameTask, play_game
from asobi.variants import loader as variants
from asobi_frontends.web.app import create_app
from asobi_frontends.web.options import ServerOptions
from asobi_frontends.web.store import Store
from support.api import move, seat_get, start
from support.web import TEST_OPTIONS, need, wait_until

GAMES = [
    ("koikoi", "koikoi-japan", "human,ai:normal", 11),
    ("sakura", "standard", "human,ai:normal,ai:easy", 5),
    ("sakura", "standard", "ai:hard:0.02,ai:hard:0.02,ai:normal", 3),  # nobody plays: all AI
]


def text_record(registry, monkeypatch, tmp_path, game, variant, seats, seed):
    """Play in the text frontend, a person always taking the first choice."""
    with_text = Registry(
        game_entry_points=registry.game_entry_points,
        frontend_entry_points=[EntryPoint("text", "asobi_frontends.text:FRONTEND",
                                          "asobi.frontends")],
    )
    monkeypatch.setattr("asobi.cli.main.discover", lambda warn: with_text)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 2000))
    path = tmp_path / f"text-{game}-{seed}.json"
    args = ["play", game, "--variant", variant, "--players", seats, "--seed", str(seed),
            "--frontend", "text", "--record", str(path)]
    assert main(args) == 0
    return json.loads(path.read_text())


def ready(body):
    """The seat's page when the person must act or the game is over, else None."""
    return body if body["legal"] or body["finished"] else None


def web_record(registry, tmp_path, game, variant, seats, seed):
    """Play on the web server (a game created with that seed), the person taking choice 0."""
    options = ServerOptions(**{**TEST_OPTIONS.__dict__, "allow_ai_only": True})
    store = Store(tmp_path / f"web-{game}-{seed}.sqlite3")
    with TestClient(create_app(registry, store, options=options)) as client:
        created = start(client, game=game, seats=seats.split(","), variant=variant, seed=seed)
        gid = created["id"]
        token = created["tokens"][0]
        while token is not None:
            body = wait_until(lambda: ready(seat_get(client, gid, token)), timeout=60)
            if body["finished"]:
                break
            assert move(client, gid, token, version=body["version"]).status_code == 200
        # A table of AIs alone has no seat to look through: the club's database holds it.
        stored = wait_until(lambda: (g := store.get(gid)) is not None and g.finished and g,
                            timeout=120)
        record = stored.record
    store.close()
    return record


def driven_record(registry, game, variant, seats, seed):
    """Step a session with the driver alone, the person taking the first choice."""
    found = registry.game(game)
    session = Session(found, variants.load(found.info, variant), seats.split(","), seed=seed)
    driver = Driver(session)
    for seat in driver.turns():
        action = driver.decide(seat) if driver.is_ai(seat) else session.legal_actions(seat)[0]
        driver.play(seat, action)
    return session.record()


def essence(record):
    return {key: record[key] for key in ("game", "variant", "seed", "seats", "moves")}


@pytest.mark.slow
@pytest.mark.parametrize(("game", "variant", "seats", "seed"), GAMES)
def test_one_seed_gives_one_game_in_every_frontend(
    web_registry, monkeypatch, tmp_path, game, variant, seats, seed
):
    need(web_registry, game)
    expected = driven_record(web_registry, game, variant, seats, seed)
    assert len(expected["moves"]) > 10
    if not seats.startswith("ai:"):
        text = text_record(web_registry, monkeypatch, tmp_path, game, variant, seats, seed)
        assert essence(text) == essence(expected)
    web = web_record(web_registry, tmp_path, game, variant, seats, seed)
    assert essence(web) == essence(expected)


def test_a_game_of_the_arena_is_the_game_the_driver_plays(web_registry):
    """The shared runner (arena, lab) plays a task's game exactly as any frontend's driver
    does with the same seed and pinned deal: its record is that game."""
    need(web_registry, "sakura")
    found = web_registry.game("sakura")
    loaded = variants.load(found.info, "standard")
    seats = ("ai:normal", "ai:easy", "ai:random", "ai:normal")
    batch = Batch((), (), "sakura", (("standard", loaded),), (), records="")
    task = GameTask(0, 0, seats, 99, 0, (0, 1, 2, 3))
    played = play_game(web_registry, batch, task)["record"]
    session = Session(found, loaded, list(seats), seed=played["seed"], setup=played["setup"])
    driver = Driver(session)
    for seat in driver.turns():
        driver.play(seat, driver.decide(seat))
    assert session.record()["moves"] == played["moves"]
