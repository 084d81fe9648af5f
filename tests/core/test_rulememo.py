"""Compiled rules are worked out once per rule set, whatever mapping object carries them."""

from __future__ import annotations

import datetime

import pytest

from asobi.errors import AsobiError
from asobi.variants.rulememo import by_rules


def test_equal_rules_are_worked_on_once_and_errors_are_never_kept():
    calls = []

    def work(rules):
        calls.append(dict(rules))
        if rules.get("bad"):
            raise AsobiError("bad rules")
        return ("compiled", rules["n"])

    compile_rules = by_rules(work, size=2)
    first = compile_rules({"n": 1, "deck": [1, 2]})
    assert compile_rules({"deck": [1, 2], "n": 1}) is first  # other order, same rule set
    assert len(calls) == 1
    for _ in range(2):
        with pytest.raises(AsobiError):
            compile_rules({"n": 2, "bad": True})
    assert len(calls) == 3  # an error is asked again, never remembered
    dated = {"n": 3, "since": datetime.date(2026, 1, 1)}  # not JSON: worked on each time
    compile_rules(dated)
    compile_rules(dated)
    assert len(calls) == 5
