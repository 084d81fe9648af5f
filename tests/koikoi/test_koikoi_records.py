"""Record fixtures (records.md) replay to their expected results; plugin wiring and speed API."""

import json
import random
from pathlib import Path

import pluggy
import pytest

from asobi.contract import hookspecs, toolspecs
from asobi.contract.model import SetupContext
from asobi_koikoi import bench, plugin
from support.levels import short_levels

from .helpers import PRESETS, preset

GAME_HOOKS = (
    "asobi_game_info", "asobi_setup", "asobi_to_act", "asobi_legal_actions", "asobi_apply",
    "asobi_observation", "asobi_resample", "asobi_result", "asobi_render_text",
    "asobi_describe_action", "asobi_describe_event", "asobi_rules_text", "asobi_bench",
)
RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))



def replay_with_hooks(record):
    rules = preset(record["variant"])
    ctx = SetupContext(rules=rules, players=2, rng=random.Random(record["seed"]),
                       setup=record.get("setup"))
    state = plugin.asobi_setup(ctx)
    for move in record["moves"]:
        assert plugin.asobi_to_act(state) == [move["seat"]]
        assert move["action"] in plugin.asobi_legal_actions(state, move["seat"])
        plugin.asobi_apply(state, move["seat"], move["action"])
    return {"game": "koikoi", "variant": record["variant"], **plugin.asobi_result(state)}


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_replays_to_its_expected_result(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    assert replay_with_hooks(record) == record["expected"]


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_replays_through_the_core(path):
    from asobi.host.registry import discover
    from asobi.play import records

    registry = discover()
    record = json.loads(path.read_text(encoding="utf-8"))
    session = records.replay(registry, record, base_dir=path.parent)
    assert session.result() == record["expected"]


def test_every_game_hook_is_implemented_and_matches_its_spec():
    pm = pluggy.PluginManager("asobi")
    pm.add_hookspecs(hookspecs)
    pm.add_hookspecs(toolspecs)  # the registry adds the tools' hooks to every game too
    pm.register(plugin)
    pm.check_pending()  # fails on a misspelt hook or a wrong argument name
    assert [n for n in GAME_HOOKS if not hasattr(plugin, n)] == []
    info = pm.hook.asobi_game_info()
    assert (info.name, info.title, info.min_players, info.max_players) == ("koikoi", "Koi-Koi",
                                                                          2, 2)
    assert info.default_variant == "standard" and (info.variants / "standard.yaml").is_file()
    assert info.default_players == ("human", "ai:hard")
    assert info.ai_levels == ("random", "easy", "card-values", "normal", "hard-2026", "hard")


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
def test_conformance_kit(name):
    from asobi import conformance
    from asobi.host.registry import discover
    from asobi.variants.loader import load

    registry = discover()
    game = registry.game("koikoi")
    counts = conformance.check_game(game, load(game.info, name), games=2, seed=3,
                                    levels=short_levels(game))
    assert counts["games"] == 2


def test_bench_reports_rounds_per_second():
    report = plugin.asobi_bench(preset("standard"), 0.2, 1)
    assert report["unit"] == "rounds" and report["count"] > 0
    assert report["per_second"] == pytest.approx(report["count"] / report["seconds"], rel=0.05)
    assert bench.bench(preset("nintendo"), 0.05, 2)["count"] > 0


# ------------------------------------------------------------------ older records

LEGACY = sorted((Path(__file__).parent / "records" / "legacy").glob("*.json"))
"""Records made when a rise on the final turn still asked for ``{"koikoi": false}`` as the only
legal move (standard and italian); the round now stops by itself there."""


def replay_legacy(record):
    """Like :func:`replay_with_hooks`, letting through the stop the engine now makes itself."""
    rules = preset(record["variant"])
    ctx = SetupContext(rules=rules, players=2, rng=random.Random(record["seed"]),
                       setup=record.get("setup"))
    state = plugin.asobi_setup(ctx)
    skipped = 0
    for move in record["moves"]:
        if plugin.is_stop_made_by_itself(state, move["seat"], move["action"]):
            skipped += 1
            continue
        assert plugin.asobi_to_act(state) == [move["seat"]]
        assert move["action"] in plugin.asobi_legal_actions(state, move["seat"])
        plugin.asobi_apply(state, move["seat"], move["action"])
    return skipped, {"game": "koikoi", "variant": record["variant"], **plugin.asobi_result(state)}


@pytest.mark.parametrize("path", LEGACY, ids=[p.stem for p in LEGACY])
def test_an_older_record_with_the_last_turn_stop_replays_to_its_result(path):
    record = json.loads(path.read_text(encoding="utf-8"))
    skipped, result = replay_legacy(record)
    assert skipped == 1 and result == record["expected"]


def test_the_old_stop_is_obsolete_only_right_after_the_automatic_stop():
    from asobi.errors import AsobiError

    record = json.loads((Path(__file__).parent / "records" / "legacy" /
                         "italian-last-turn-stop.json").read_text(encoding="utf-8"))
    moves = record["moves"]
    at = next(i for i, m in enumerate(moves) if m["action"] == {"koikoi": False}
              and i > 0 and moves[i - 1]["action"] != {"koikoi": True})
    state = plugin.asobi_setup(SetupContext(rules=preset("italian"), players=2,
                                            rng=random.Random(record["seed"])))
    for move in moves[:at]:
        plugin.asobi_apply(state, move["seat"], move["action"])
    stop = [e for e in state.log if e["type"] == "stop"]
    assert stop and stop[0]["auto"] is True
    seat = moves[at]["seat"]
    assert plugin.is_stop_made_by_itself(state, seat, {"koikoi": False}) is True
    assert not plugin.is_stop_made_by_itself(state, 1 - seat, {"koikoi": False})
    assert not plugin.is_stop_made_by_itself(state, seat, {"koikoi": True})
    assert not plugin.is_stop_made_by_itself(state, seat, {"koikoi": 0})
    with pytest.raises(AsobiError):  # played live, it is an illegal move
        plugin.asobi_apply(state, seat, {"koikoi": False})


@pytest.mark.parametrize("path", LEGACY, ids=[p.stem for p in LEGACY])
def test_an_older_record_replays_through_the_core(path):
    from asobi.host.registry import discover
    from asobi.play import records

    record = json.loads(path.read_text(encoding="utf-8"))
    session = records.replay(discover(), record, base_dir=path.parent)
    assert session.result() == record["expected"]
