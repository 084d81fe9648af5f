"""Variant files: the presets validate, the schema rejects mistakes with useful messages."""

import pytest

from asobi.errors import AsobiError
from asobi.variants.loader import load
from asobi_koikoi import plugin
from asobi_koikoi.rules import SCHEMA

from .helpers import PRESETS, act, position, preset


def problems(rules):
    return {".".join(str(p) for p in path): message for path, message in SCHEMA.validate(rules)}


@pytest.mark.parametrize("name", [*PRESETS, "sake-and-blossom"])
def test_built_in_variants_are_valid(name):
    variant = load(plugin.asobi_game_info(), name)
    assert SCHEMA.validate(dict(variant.rules)) == []
    assert variant.title and variant.description


def test_the_example_house_rule_extends_standard_and_adds_its_yaku():
    variant = load(plugin.asobi_game_info(), "sake-and-blossom")
    assert variant.chain == ("sake-and-blossom", "standard")
    assert set(variant.rules["yaku"]) == set(preset("standard")["yaku"]) | {"sake-and-blossom"}
    assert variant.rules["rounds"] == 1


def test_the_example_house_rule_yaku_scores_3_in_play():
    rules = dict(load(plugin.asobi_game_info(), "sake-and-blossom").rules)
    state = position(rules, (["chrysanthemum-sake", "wisteria-plain-1"], ["iris-plain-1",
                     "clover-plain-1"]), board=["chrysanthemum-plain-1", "maple-plain-1"],
                     stock=["paulownia-plain-1"], captured=(["cherry-curtain"], []))
    events = act(state, {"play": "chrysanthemum-sake"})
    assert events[-1]["yaku"] == [{"id": "sake-and-blossom", "title": "sake and blossom",
                                   "points": 3}]
    act(state, {"koikoi": False})
    assert plugin.asobi_result(state)["rounds"][0]["points"] == [3, 0]
    assert plugin.asobi_result(state)["rounds"][0]["yaku"] == [["sake and blossom"], []]


def test_unknown_keys_are_rejected_with_a_suggestion():
    rules = preset("standard")
    rules["round"] = 3
    rules["yaku"]["plains"]["point"] = 2
    found = problems(rules)
    assert found["round"] == "unknown key 'round' (did you mean 'rounds'?)"
    assert "did you mean 'points'" in found["yaku.plains.point"]


@pytest.mark.parametrize(("change", "path", "fragment"), [
    (lambda r: r.update(rounds="twelve"), "rounds", "expected an integer"),
    (lambda r: r.update(rounds=5), "rounds", "choose one of 1, 3, 6, 8, 12"),
    (lambda r: r.update(rounds=13), "rounds", "out of range"),
    (lambda r: r["yaku"]["plains"].update(points=-1), "yaku.plains.points", "out of range"),
    (lambda r: r.update(zero_sum="yes"), "zero_sum", "expected true or false"),
    (lambda r: r["yaku"]["blue-ribbons"].update(cards=["maple-ribon"]),
     "yaku.blue-ribbons.cards.0", "unknown card 'maple-ribon' (did you mean 'maple-ribbon'?)"),
    (lambda r: r["yaku"]["animals"].update(kinds=["animl"]), "yaku.animals.kinds.0",
     "unknown card kind 'animl'"),
    (lambda r: r["yaku"]["animals"].update(replaces=["plain"]), "yaku.animals.replaces.0",
     "unknown yaku 'plain' (did you mean 'plains'?)"),
    (lambda r: r["yaku"]["animals"].update(requires=["animals"]), "yaku.animals.requires.0",
     "cannot name itself"),
    (lambda r: r["yaku"]["blue-ribbons"].update(count=4), "yaku.blue-ribbons.count",
     "more than the 3 cards"),
    (lambda r: r["scoring"].update(koikoi_calls=[{"add": 1, "multiply": 2}]),
     "scoring.koikoi_calls.0", "exactly one of 'add' or 'multiply'"),
    (lambda r: r.update(end_at_zero=True), "end_at_zero", "needs zero_sum"),
    (lambda r: r["exhausted"].update(outcome="dealer-wins"), "exhausted.outcome",
     "unknown value 'dealer-wins'"),
    (lambda r: r["yaku"].update(empty={"title": "x", "points": 1}), "yaku.empty", "names no cards"),
])
def test_mistakes_are_reported_at_their_path(change, path, fragment):
    rules = preset("standard")
    change(rules)
    found = problems(rules)
    assert path in found, found
    assert fragment in found[path]


def test_requires_cycles_are_rejected():
    rules = preset("koikoi-japan")
    rules["yaku"]["blue-ribbons"]["requires"] = ["red-and-blue-ribbons"]
    assert "requires itself" in problems(rules)["yaku.blue-ribbons.requires"]


def test_a_bad_variant_file_names_file_line_and_column(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(
        "game: koikoi\nname: mine\ntitle: Mine\ndescription: x\nextends: standard\n"
        "rules:\n  yaku:\n    mine:\n      title: mine\n      cards: [cherry-curtin]\n"
        "      points: 3\n", encoding="utf-8")
    with pytest.raises(AsobiError) as caught:
        load(plugin.asobi_game_info(), str(path))
    assert f"{path}:10:" in str(caught.value)
    assert "unknown card 'cherry-curtin' (did you mean 'cherry-curtain'?)" in str(caught.value)
