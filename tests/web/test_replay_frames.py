"""The web's two replays go through the one replayer (asobi.play.replayer): every frame of the
replay viewer is the record replayed to its step, a game rebuilt after a restart has the log
it had, and neither tells the end-of-game observers of a game that was already over."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pluggy
import pytest

from asobi.play import records
from asobi.play.replayer import replay_moves
from asobi.play.session import Session, visible_events
from asobi.variants.loader import load
from asobi_frontends.web.errors import BadRequest
from asobi_frontends.web.games import Hub
from asobi_frontends.web.newgame import VariantCache
from asobi_frontends.web.replay import LOG_LINES, replay_payload
from asobi_frontends.web.seats import deal_keys
from asobi_frontends.web.store import Store

hookimpl = pluggy.HookimplMarker("asobi")

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted(
    [
        *(ROOT / "tests" / "koikoi" / "records").glob("*.json"),
        *(ROOT / "tests" / "koikoi" / "records" / "legacy").glob("*.json"),
        *(ROOT / "tests" / "sakura" / "records").glob("*.json"),
    ]
)


class Counter:
    """An end-of-game observer, as a statistics plugin would be."""

    def __init__(self) -> None:
        self.ends = 0

    @hookimpl
    def asobi_game_over(self, game, variant, result, seats):
        self.ends += 1


def load_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_each_frame_is_the_record_replayed_to_its_step(installed, path):
    """Each step is looked at by one seat in turn, against the record replayed move by move."""
    record = load_json(path)
    cache = VariantCache(lambda: 0.0)
    game = installed.game(record["game"])
    players = len(record["seats"])
    total = len(record["moves"])
    there = records.start(installed, record)
    steps = replay_moves(there, record["moves"])
    logs: list[list[str]] = [[] for _ in range(players)]
    last: list[dict[str, Any]] = []
    for step in range(total + 1):
        seat = step % players
        frame = replay_payload(installed, cache, record, step, seat, False, "en")
        assert frame["observation"] == there.observation(seat)
        assert frame["to_act"] == there.to_act() and frame["finished"] == there.finished
        assert frame["result"] == there.result() and frame["legal"] == []
        assert frame["events"] == visible_events(last, seat)  # none at an obsolete move's step
        assert (frame["version"], frame["since"]) == (step, step - 1)
        assert frame["replay"] == {"step": step, "seat": seat, "revealed": False,
                                   "log": logs[seat][-LOG_LINES:], "notes": [], "steps": total,
                                   "can_reveal": frame["replay"]["can_reveal"]}
        if step < total:
            last = next(steps).events
            for viewer in range(players):
                logs[viewer].extend(t for t in (game.hooks.describe_event(e, viewer, "en")
                                                for e in visible_events(last, viewer)) if t)
    assert frame["result"] == record["expected"]


def test_a_record_that_cannot_be_replayed_is_a_bad_request_naming_the_move(installed):
    record = load_json(ROOT / "tests" / "koikoi" / "records" / "standard-red-poetry.json")
    broken = {**record, "moves": [*record["moves"][:2], record["moves"][0]]}
    with pytest.raises(BadRequest, match=r"^record: move 2 \(\{.*\}\): ") as caught:
        replay_payload(installed, VariantCache(lambda: 0.0), broken, 1, 0, False, "en")
    assert caught.value.code == "record"


def test_the_viewer_notes_a_scoring_plugin_the_server_lacks(installed):
    record = load_json(ROOT / "tests" / "koikoi" / "records" / "standard-red-poetry.json")
    record["scoring"] = [{"name": "asobi-myscore", "version": "0.1"}]
    frame = replay_payload(installed, VariantCache(lambda: 0.0), record, 0, 0, False, "en")
    assert frame["replay"]["notes"] == [
        "the record was scored with asobi-myscore 0.1 and this replay with no scoring plugin: "
        "its result may differ from the game's (see 'scoring' in docs/records.md)"
    ]


# ------------------------------------------------------------------ replaying is not playing


def nim_game_record(reg, moves: int | None = None) -> dict[str, Any]:
    game = reg.game("nim")
    session = Session(game, load(game.info), ["human", "human"], seed=12, observers=False)
    while not session.finished and (moves is None or len(session.moves) < moves):
        seat = session.to_act()[0]
        session.apply(seat, session.legal_actions(seat)[0])
    return session.record()


def test_the_replay_viewer_does_not_count_as_a_game(registry_of):
    counter = Counter()
    reg = registry_of({"nim": "asobi_nim"}, plugins=[counter])
    record = nim_game_record(reg)
    total = len(record["moves"])
    for step in (0, total // 2, total):
        frame = replay_payload(reg, VariantCache(lambda: 0.0), record, step, 0, False, "en")
        assert frame["replay"]["step"] == step
    assert frame["finished"] is True and counter.ends == 0


def test_a_game_rebuilt_after_a_restart_is_announced_once_when_it_ends(registry_of, tmp_path):
    counter = Counter()
    reg = registry_of({"nim": "asobi_nim"}, plugins=[counter])
    store = Store(tmp_path / "games.sqlite3")
    try:
        hub = Hub(reg, store)
        finished, unfinished = nim_game_record(reg), nim_game_record(reg, moves=3)
        for game_id, record in (("over", finished), ("going", unfinished)):
            store.create(game_id, "nim", deal_keys([True, True], 0).keys, "en", True, "me",
                         record)

        over = hub.get("over")  # an end before the restart was announced then, not again
        assert over.session.finished and counter.ends == 0
        assert [e.version for e in over.log] == list(range(1, len(finished["moves"]) + 1))
        assert [(e.seat, e.action) for e in over.log] == [(m["seat"], m["action"])
                                                          for m in finished["moves"]]
        assert all(e.index == 0 for e in over.log)  # the first legal move, each time

        going = hub.get("going")
        assert not going.session.finished and going.version == 3 and counter.ends == 0
        while not going.session.finished:
            seat = going.session.to_act()[0]
            going.driver.play(seat, going.session.legal_actions(seat)[0])
        assert counter.ends == 1  # played to its end after the restart: one game
        assert going.session.record()["moves"] == finished["moves"]
    finally:
        store.close()
