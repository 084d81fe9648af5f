"""Record fixtures replay to the result the live game had (records.md's replay output)."""

from __future__ import annotations

import copy
import json

import pytest

from asobi.errors import AsobiError
from asobi_sakura.engine import result
from asobi_sakura.records import replay

from .conftest import RECORDS

FILES = sorted(RECORDS.glob("*.json"))


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_there_are_record_fixtures():
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_record_replays_to_its_result(mapping, path):
    record = _load(path)
    assert record["format"] == 1 and record["game"] == "sakura"
    state = replay(mapping, record)
    expected = dict(record["expected"])
    expected.pop("game"), expected.pop("variant")
    assert result(state) == expected
    assert len(expected["rounds"]) == 3 and expected["finished"]


def test_record_cut_short_is_unfinished(mapping):
    record = _load(RECORDS / "four-players-pinned-deck.json")
    record["moves"] = record["moves"][:8]
    outcome = result(replay(mapping, record))
    assert outcome["finished"] is False and outcome["winner"] is None


@pytest.mark.parametrize(
    "tamper,fragment",
    [
        (lambda r: r["moves"][0].update(action={"card": 99}), "move 0:"),
        (lambda r: r["moves"][1].update(seat=7), "move 1: seat 7 is not to act"),
        (lambda r: r["moves"].__setitem__(2, "play"), "move 2:"),
        (lambda r: r["setup"].update(deck=r["setup"]["deck"][:-1]), "setup.deck"),
    ],
)
def test_bad_record_names_the_problem(mapping, tamper, fragment):
    record = copy.deepcopy(_load(RECORDS / "four-players-pinned-deck.json"))
    tamper(record)
    with pytest.raises(AsobiError) as info:
        replay(mapping, record)
    assert fragment in str(info.value)
