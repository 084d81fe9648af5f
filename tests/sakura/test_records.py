"""Record fixtures replay to the result the live game had (records.md's replay output), through
the core's one replay path (asobi.play.records: what ``asobi replay`` and the web use)."""

from __future__ import annotations

import copy
import json

import pytest

from asobi.errors import AsobiError
from asobi.host.registry import discover
from asobi.play import records
from asobi_sakura.engine import result

from .conftest import RECORDS

FILES = sorted(RECORDS.glob("*.json"))


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def replay(record):
    """The state a record's moves lead to, replayed as ``asobi replay`` replays it."""
    records.check_shape(record)
    return records.replay(discover(), record).state


def test_there_are_record_fixtures():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_record_replays_to_its_result(path):
    record = _load(path)
    assert record["format"] == 1 and record["game"] == "sakura"
    state = replay(record)
    expected = dict(record["expected"])
    expected.pop("game"), expected.pop("variant")
    assert result(state) == expected
    assert len(expected["rounds"]) == 3 and expected["finished"]


def test_record_cut_short_is_unfinished():
    record = _load(RECORDS / "four-players-pinned-deck.json")
    record["moves"] = record["moves"][:8]
    outcome = result(replay(record))
    assert outcome["finished"] is False and outcome["winner"] is None


@pytest.mark.parametrize(
    "tamper,fragment",
    [
        (lambda r: r["moves"][0].update(action={"card": 99}),
         'move 0 ({"card":99}): illegal action'),
        (lambda r: r["moves"][1].update(seat=7), "move 1 ("),
        (lambda r: r["moves"][1].update(seat=7), "no seat 7: seats are 0 to 3"),
        (lambda r: r["moves"].__setitem__(2, "play"), "move 2 is malformed"),
        (lambda r: r["setup"].update(deck=r["setup"]["deck"][:-1]), "setup.deck"),
    ],
)
def test_bad_record_names_the_problem(tamper, fragment):
    record = copy.deepcopy(_load(RECORDS / "four-players-pinned-deck.json"))
    tamper(record)
    with pytest.raises(AsobiError) as info:
        replay(record)
    assert fragment in str(info.value)
