"""The shared runner: games seeded per game (same results on any number of workers), deals
pinned in the records, the plugin check of Ray workers, and Ray's refusals."""

from __future__ import annotations

import json
import sys
import time

import pytest

from asobi.arena import run_arena
from asobi.errors import AsobiError
from asobi.play import records
from asobi.play.ray_runner import check_address, missing_plugins, plugin_versions
from asobi.play.runner import LocalRunner, make_runner
from asobi.play.tasks import GameTask, batches


@pytest.mark.slow
def test_an_arena_gives_the_same_games_on_one_and_two_workers(installed):
    def games(workers):
        report = run_arena(installed, "sakura", ["ai:random", "ai:normal", "ai:random"],
                           games=6, seed=4, workers=workers, details=True)
        return report["game_list"], report["players"][1]["points_per_game"]

    assert games(2) == games(1)
    assert games(3) == games(1)  # this process and two others share the batches


def test_batches_shrink_towards_the_end_of_a_run(installed):
    variant = installed.game("koikoi").load_variant("standard")
    tasks = [GameTask(i, 0, ("ai:random", "ai:random"), i, i, (0, 1)) for i in range(1000)]
    sizes = [len(b.tasks) for b in batches(installed, "koikoi", [("standard", variant)],
                                           tasks, workers=2)]
    assert sum(sizes) == 1000 and max(sizes) == 16
    assert sizes == sorted(sizes, reverse=True) and sizes[-4:] == [1, 1, 1, 1]
    played = [t.index for b in batches(installed, "koikoi", [("standard", variant)], tasks, 2)
              for t in b.tasks]
    assert played == list(range(1000))  # in order, each once


def test_a_game_that_fails_in_any_process_stops_the_run_with_its_error(installed):
    variant = installed.game("koikoi").load_variant("standard")
    tasks = [GameTask(i, 0, ("ai:random", "human"), i, i, (0, 1)) for i in range(12)]
    work = batches(installed, "koikoi", [("standard", variant)], tasks, workers=3)
    seen = []
    with pytest.raises(AsobiError, match="only AI seats"):
        LocalRunner(3).run(installed, work, seen.append)
    assert seen == []


@pytest.mark.parametrize("game, players, key", [
    ("koikoi", ["ai:random", "ai:easy"], "deals"),
    ("sakura", ["ai:random", "ai:random", "ai:normal"], "deck"),
])
def test_records_pin_the_deal_and_replay_to_the_games_played(installed, tmp_path, game,
                                                             players, key):
    report = run_arena(installed, game, players, games=len(players), seed=7,
                       variant="koikoi-japan" if game == "koikoi" else None,
                       records=str(tmp_path), details=True)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == len(report["game_list"]) == len(players)
    for path, played in zip(files, report["game_list"], strict=True):
        record = records.read(path)
        assert key in record["setup"]
        session = records.replay(installed, record)
        assert session.finished
        assert session.result()["scores"] == played["scores"]
    # every game of a block is dealt the same cards, whoever sits where
    setups = {json.dumps(records.read(p)["setup"], sort_keys=True) for p in files}
    assert len(setups) == 1


def test_the_plugin_check_names_what_a_worker_lacks():
    here = {"koikoi": "asobi 0.1.0", "nim": "asobi-nim 1.0.0"}
    assert missing_plugins(here, dict(here)) == []
    problems = missing_plugins(here, {"koikoi": "asobi 0.1.0", "nim": "missing"})
    assert problems == ["asobi-nim 1.0.0 ('nim') is not installed"]
    assert missing_plugins(here, {"koikoi": "asobi 0.0.9", "nim": "asobi-nim 1.0.0"}) == [
        "'koikoi' is asobi 0.0.9 there, asobi 0.1.0 here"]
    found = plugin_versions((("koikoi", "asobi_koikoi.plugin", "asobi.games"),
                             ("ghost", "asobi_no_such_game", "asobi.games")))
    assert found["koikoi"].startswith("asobi ") and found["ghost"] == "missing"


def test_ray_refusals_are_clear_and_quick(monkeypatch):
    start = time.perf_counter()
    with pytest.raises(AsobiError, match="no Ray cluster answers there"):
        check_address("127.0.0.1:1")
    with pytest.raises(AsobiError, match="HOST:PORT"):
        check_address("nowhere")
    assert time.perf_counter() - start < 10
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(AsobiError, match=r"asobi\[ray\]"):
        make_runner(2, "auto")
    with pytest.raises(AsobiError, match="workers"):
        make_runner(0)
    assert make_runner(3) == LocalRunner(3)


SMALL = dict(game="koikoi", variant="koikoi-japan", against=["standard"],
             players=["ai:random", "ai:easy"], games=8, seed=5)


@pytest.fixture(scope="module")
def ray_instance():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield ray
    ray.shutdown()


@pytest.mark.xdist_group("ray")  # one worker starts Ray once for both
@pytest.mark.slow
def test_a_lab_on_ray_gives_the_json_of_the_local_pool(installed, ray_instance, tmp_path):
    from asobi.lab import run_lab

    def figures(report):
        return json.dumps({k: v for k, v in report.items() if k != "run"})

    local = run_lab(installed, workers=2, **SMALL)
    on_ray = run_lab(installed, workers=2, ray="auto", records=str(tmp_path), **SMALL)
    assert on_ray["run"]["ray"] == "auto"
    assert figures(on_ray) == figures(local)
    assert len(list(tmp_path.glob("*.json"))) == 16  # the records came back from the workers
    assert ray_instance.is_initialized()  # a cluster the run did not start is left running


@pytest.mark.xdist_group("ray")
@pytest.mark.slow
def test_ray_refuses_workers_without_the_game_plugin(registry_of, ray_instance):
    from asobi.lab import run_lab

    # Nim is importable here only: the tests put it on this process's path, not the workers'.
    nim = registry_of(games={"nim": "asobi_nim"})
    with pytest.raises(AsobiError, match=r"lacks plugins installed here: .*'nim'"):
        run_lab(nim, "nim", "standard", ["ai:random", "ai:random"], games=2, ray="auto")
