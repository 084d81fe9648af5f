"""Record fixtures (records.md) replay to their expected results; plugin wiring and speed API."""

import json
import random
from pathlib import Path

import pluggy
import pytest

from asobi import hookspecs
from asobi.model import SetupContext
from asobi_koikoi import bench, plugin

from .helpers import PRESETS, preset

GAME_HOOKS = (
    "asobi_game_info", "asobi_setup", "asobi_to_act", "asobi_legal_actions", "asobi_apply",
    "asobi_observation", "asobi_hidden_variant", "asobi_result", "asobi_render_text",
    "asobi_describe_action", "asobi_describe_event", "asobi_rules_text", "asobi_bench",
)
RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))

QUICK_LEVELS = ["random", "easy", "normal", "hard:0.05", "search:0.05"]
"""Every level the game offers, the searching ones on a short budget."""


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
    from asobi import records
    from asobi.registry import discover

    registry = discover()
    record = json.loads(path.read_text(encoding="utf-8"))
    session = records.replay(registry, record, base_dir=path.parent)
    assert session.result() == record["expected"]


def test_every_game_hook_is_implemented_and_matches_its_spec():
    pm = pluggy.PluginManager("asobi")
    pm.add_hookspecs(hookspecs)
    pm.register(plugin)
    pm.check_pending()  # fails on a misspelt hook or a wrong argument name
    assert [n for n in GAME_HOOKS if not hasattr(plugin, n)] == []
    info = pm.hook.asobi_game_info()
    assert (info.name, info.title, info.min_players, info.max_players) == ("koikoi", "Koi-Koi",
                                                                          2, 2)
    assert info.default_variant == "standard" and (info.variants / "standard.yaml").is_file()
    assert info.default_players == ("human", "ai:hard")
    assert info.ai_levels == ("random", "easy", "normal", "hard")


@pytest.mark.parametrize("name", PRESETS)
def test_conformance_kit(name):
    from asobi import conformance
    from asobi.registry import discover
    from asobi.variants import load

    registry = discover()
    game = registry.game("koikoi")
    counts = conformance.check_game(game, load(game.info, name), games=2, seed=3,
                                    levels=QUICK_LEVELS)
    assert counts["games"] == 2


def test_bench_reports_rounds_per_second():
    report = plugin.asobi_bench(preset("standard"), 0.2, 1)
    assert report["unit"] == "rounds" and report["count"] > 0
    assert report["per_second"] == pytest.approx(report["count"] / report["seconds"], rel=0.05)
    assert bench.bench(preset("nintendo"), 0.05, 2)["count"] > 0
