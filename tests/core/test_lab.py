"""``asobi lab``: the same figures on any number of workers or after a stop, the measures of
a third-party game, restricted levels, the report's forms, and refusals of bad input."""

from __future__ import annotations

import json
import re

import pytest

from asobi.cli.main import main
from asobi.errors import AsobiError
from asobi.lab import report as lab_report
from asobi.lab import run_lab
from asobi.lab.html import render
from asobi.lab.report import estimate_text
from asobi.lab.text import format_report
from asobi.play import records
from asobi.play.agents import make_agent

KOIKOI = dict(game="koikoi", variant="koikoi-japan", against=["standard"],
              players=["ai:random", "ai:easy"], games=6, seed=3)


def figures(report):
    return {k: v for k, v in report.items() if k != "run"}


def by_key(report):
    return {f["key"]: f for f in report["figures"]}


@pytest.mark.slow
def test_the_same_figures_on_one_and_two_workers(installed):
    one = run_lab(installed, workers=1, **KOIKOI)
    two = run_lab(installed, workers=2, **KOIKOI)
    assert json.dumps(figures(one)) == json.dumps(figures(two))
    fig = by_key(one)
    assert fig["rounds"]["by_variant"]["koikoi-japan"]["value"] == 8.0
    assert fig["rounds"]["difference"]["koikoi-japan"]["value"] == 7.0
    assert fig["rounds"]["difference"]["koikoi-japan"]["clear_of_zero"] is False  # 3 blocks
    assert "yaku-made:moon-viewing" in fig and "koikoi-success" in fig
    assert one["games_per_variant"] == 6 and one["reference"] == "standard"


@pytest.mark.parametrize("workers", [1, 2])
def test_a_stopped_lab_resumes_to_the_same_figures(installed, tmp_path, monkeypatch, workers):
    whole = run_lab(installed, **KOIKOI)
    path = tmp_path / "run.jsonl"
    real = lab_report.run_batches

    def stop_after_two(registry, runner, work, names, on_games, records=None):
        seen = []

        def counting(games):
            seen.append(games)
            on_games(games)
            if len(seen) == 2:
                raise KeyboardInterrupt

        real(registry, runner, work, names, counting, records)

    monkeypatch.setattr(lab_report, "run_batches", stop_after_two)
    with pytest.raises(KeyboardInterrupt):
        run_lab(installed, resume=str(path), workers=workers, **KOIKOI)
    kept = path.read_text().splitlines()
    assert 1 < len(kept) < 1 + 12  # the header and the games finished before the stop
    with path.open("a") as handle:
        handle.write('{"index": 11, "vari')  # a line cut short by the stop
    monkeypatch.setattr(lab_report, "run_batches", real)
    resumed = run_lab(installed, resume=str(path), **KOIKOI)
    assert resumed["run"]["resumed_games"] == len(kept) - 1
    assert json.dumps(figures(resumed)) == json.dumps(figures(whole))
    again = run_lab(installed, resume=str(path), **KOIKOI)  # nothing left to play
    assert again["run"]["resumed_games"] == 12
    assert json.dumps(figures(again)) == json.dumps(figures(whole))


NIM_VARIANT = """game: nim
name: take-two
title: Take two at most
description: Piles of 3, 4 and 5; take up to 2.
rules:
  piles: [3, 4, 5]
  max_take: 2
  misere: false
"""


def test_a_third_party_game_brings_its_own_measures_and_restrictions(registry_of, tmp_path):
    nim = registry_of(games={"nim": "asobi_nim"})
    variant = tmp_path / "take-two.yaml"
    variant.write_text(NIM_VARIANT)
    report = run_lab(nim, "nim", str(variant), ["ai:random", "ai:random/one-stone"], games=20,
                     against=["standard"], lang="pt", records=str(tmp_path / "records"))
    fig = by_key(report)
    most = fig["most-allowed"]
    assert most["label"] == "jogadas que tiram o máximo de pedras permitido"
    assert most["unit_label"] == "parte das jogadas" and most["percent"]
    assert fig["winning-take"]["by_variant"]["take-two"]["value"] >= 1
    assert set(most["difference"]) == {"take-two"}
    [restricted] = report["restricted"]
    assert restricted["label"] == "tirar uma pedra de cada vez"
    assert set(restricted["per_round"]) == {"take-two", "standard"}
    moves = 0
    for path in (tmp_path / "records").glob("*.json"):
        record = json.loads(path.read_text())
        seat = record["seats"].index("ai:random/one-stone")
        for move in record["moves"]:
            if move["seat"] == seat:
                moves += 1
                assert move["action"]["take"] == 1
    assert moves > 0
    # wide enough that rich does not wrap the label: the report now has a column of blocks
    text = format_report(report, "pt", width=240)
    assert "jogadas que tiram o máximo de pedras permitido" in text


def test_restricted_levels_follow_their_restriction(installed):
    koikoi = installed.game("koikoi")
    rules = koikoi.load_variant("koikoi-japan").rules
    never = make_agent(koikoi, "normal/no-koikoi", 0, rules, 2, 1)
    always = make_agent(koikoi, "easy/always-koikoi", 0, rules, 2, 1)
    offer = [{"koikoi": False}, {"koikoi": True}]
    observation = installed  # restrictions on koi-koi look at the actions only
    assert never.choose({}, offer) == {"koikoi": False}
    assert always.choose({}, offer) == {"koikoi": True}
    lower = make_agent(koikoi, "easy/no-higher-capture", 0, rules, 2, 1)
    two = [{"capture": "pine-crane"}, {"capture": "pine-plain-1"}]
    assert lower.choose({}, two) == {"capture": "pine-plain-1"}
    del observation
    with pytest.raises(AsobiError, match="no restriction 'sometimes'.*no-koikoi"):
        make_agent(koikoi, "normal/sometimes", 0, rules, 2, 1)
    sakura = installed.game("sakura")
    srules = sakura.load_variant(None).rules
    forward = make_agent(sakura, "random/no-emperor-back", 0, srules, 3, 5)
    for _ in range(20):
        assert forward.choose({}, [{"emperor": "forward"}, {"emperor": "back"}]) == {
            "emperor": "forward"}


@pytest.mark.slow
def test_the_report_reads_in_every_form(installed, tmp_path):
    report = run_lab(installed, "sakura", "gate-shared", ["ai:random", "ai:random"], games=4,
                     against=["standard"], lang="ja")
    fig = by_key(report)
    assert {"rounds", "bumps", "tree-place-1", "neutral-first", "first-tree-leader"} <= set(fig)
    assert fig["bumps"]["label"] != fig["bumps"]["name"]  # translated
    page = render(report, "ja")
    assert page.startswith("<!doctype html>") and '<html lang="ja">' in page
    assert "<svg" in page and 'name="viewport"' in page
    assert 'src="http' not in page and "<link" not in page  # nothing fetched
    assert fig["bumps"]["label"] in page
    alone = run_lab(installed, "sakura", "standard", ["ai:random"] * 3, games=3)
    assert alone["reference"] is None and "difference" not in by_key(alone)["rounds"]


def run_cli(capsys, *words):
    status = main(["lab", *words, "--quiet"])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("words, message", [
    (["koikoi", "--variant", "no-such-rules", "--players", "ai:random,ai:random"],
     "unknown variant 'no-such-rules'"),
    (["koikoi", "--variant", "standard", "--players", "ai:random,ai:random", "--games", "0"],
     "--games must be at least 1"),
    (["koikoi", "--variant", "standard", "--against", "standard", "--players",
      "ai:random,ai:random"], "given twice"),
    (["koikoi", "--variant", "standard", "--players", "ai:random,ai:random/never"],
     "no restriction 'never'"),
    (["koikoi", "--variant", "standard", "--players", "ai:random,ai:random", "--ray",
      "127.0.0.1:1"], "no Ray cluster answers"),
])
@pytest.mark.slow
def test_bad_input_is_one_clear_message(capsys, words, message):
    status, out, err = run_cli(capsys, *words)
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_variants_of_another_game_are_refused(capsys, tmp_path):
    other = tmp_path / "garden.yaml"
    other.write_text("game: sakura\nname: garden\nextends: standard\nrules: {}\n")
    status, out, err = run_cli(capsys, "koikoi", "--variant", "standard", "--against",
                               str(other), "--players", "ai:random,ai:random")
    assert status == 2 and "not of 'koikoi'" in err


def test_a_resume_file_of_another_run_is_refused_and_kept(installed, capsys, tmp_path):
    path = tmp_path / "run.jsonl"
    run_lab(installed, resume=str(path), **{**KOIKOI, "games": 2})
    before = path.read_bytes()
    status, _, err = run_cli(capsys, "koikoi", "--variant", "koikoi-japan", "--against",
                             "standard", "--players", "ai:random,ai:easy", "--games", "4",
                             "--seed", "3", "--resume", str(path))
    assert status == 2 and "belongs to another run (games differ)" in err
    status, _, err = run_cli(capsys, "koikoi", "--variant", "koikoi-japan", "--against",
                             "standard", "--players", "ai:random,ai:easy", "--games", "2",
                             "--seed", "3", "--resume", str(path), "--ray", "127.0.0.1:1")
    assert status == 2 and "no Ray cluster answers" in err
    assert path.read_bytes() == before
    not_ours = tmp_path / "notes.txt"
    not_ours.write_text("my notes\n")
    status, _, err = run_cli(capsys, "koikoi", "--variant", "standard", "--players",
                             "ai:random,ai:random", "--resume", str(not_ours))
    assert status == 2 and "not a resume file" in err
    assert not_ours.read_text() == "my notes\n"


@pytest.mark.slow
def test_the_command_prints_a_table_json_and_a_page(capsys, tmp_path):
    page = tmp_path / "lab.html"
    status, out, _ = run_cli(capsys, "koikoi", "--variant", "koikoi-japan", "--against",
                             "standard", "--players", "ai:random,ai:random", "--games", "2",
                             "--html", str(page), "--lang", "it")
    assert status == 0 and "koikoi-japan" in out and page.read_text().count("<svg") >= 2
    status, out, _ = run_cli(capsys, "koikoi", "--variant", "standard", "--players",
                             "ai:random*2", "--games", "2", "--json")
    report = json.loads(out)
    assert status == 0 and report["games_per_variant"] == 2 and report["reference"] is None
    assert report["players"] == ["ai:random", "ai:random"]


def records_by_block(folder):
    """Each saved record with its place: {(variant, block): {seating: record}}."""
    found: dict = {}
    for path in sorted(folder.glob("*.json")):
        index, rest = path.stem.split("-", 1)
        variant, block, seats = re.fullmatch(r"(.+)-block(\d+)-seats(\d+)", rest).groups()
        record = json.loads(path.read_text())
        record["_index"] = int(index)
        found.setdefault((variant, int(block)), {})[seats] = record
    return found


@pytest.mark.slow
def test_the_games_of_a_block_differ_yet_share_its_deal_in_every_variant(installed, tmp_path):
    folder = tmp_path / "records"
    resume = tmp_path / "run.jsonl"
    report = run_lab(installed, "sakura", "tuned", ["ai:random"] * 6, games=12,
                     against=["standard"], records=str(folder), resume=str(resume))
    assert report["blocks"] == 2 and report["games_per_block"] == 6
    by = records_by_block(folder)
    assert sorted(by) == [("standard", 0), ("standard", 1), ("tuned", 0), ("tuned", 1)]
    for games in by.values():
        assert len(games) == 6
        assert len({json.dumps(g["moves"]) for g in games.values()}) == 6  # six games...
        assert len({json.dumps(g["setup"]) for g in games.values()}) == 1  # ...on one deal
    for block in (0, 1):
        tuned, standard = by[("tuned", block)], by[("standard", block)]
        assert tuned["012345"]["setup"] == standard["012345"]["setup"]
        assert {s: g["seed"] for s, g in tuned.items()} == {
            s: g["seed"] for s, g in standard.items()}  # a seed per seating, not per variant
    assert by[("tuned", 0)]["012345"]["setup"] != by[("tuned", 1)]["012345"]["setup"]
    kept = {g["index"]: g for g in map(json.loads, resume.read_text().splitlines()[1:])}
    for games in by.values():
        for record in games.values():  # each record replays to the very game the lab played
            replayed = records.replay(installed, record, base_dir=folder)
            assert list(replayed.result()["scores"]) == list(kept[record["_index"]]["scores"])


def test_two_variants_are_dealt_the_same_cards_in_a_block(installed, tmp_path):
    folder = tmp_path / "records"
    run_lab(installed, "koikoi", "koikoi-japan", ["ai:random", "ai:random"], games=4,
            against=["standard"], records=str(folder))
    by = records_by_block(folder)
    for block in (0, 1):
        japan, standard = by[("koikoi-japan", block)], by[("standard", block)]
        first, second = japan["01"]["setup"]["deals"], japan["10"]["setup"]["deals"]
        assert first[1:] == second[1:] and first[0]["hands"] == second[0]["hands"]
        assert first[0]["dealer"] != second[0]["dealer"]  # one player: the deal is turned
        assert japan["01"]["moves"] != japan["10"]["moves"]
        for seating in ("01", "10"):
            shared = len(standard[seating]["setup"]["deals"])  # a longer game pins more deals
            assert (japan[seating]["setup"]["deals"][:shared]
                    == standard[seating]["setup"]["deals"])


def test_blocks_are_the_sample_size_and_a_figure_that_never_varies_says_so(installed):
    report = run_lab(installed, **{**KOIKOI, "games": 12})
    assert report["blocks"] == 6 and report["games_per_block"] == 2
    fig = by_key(report)
    for item in report["figures"]:
        for estimate in item["by_variant"].values():
            assert estimate["blocks"] == 6
        for estimate in item.get("difference", {}).values():
            assert estimate["blocks"] == 6 and 0 <= estimate["differing_blocks"] <= 6
            adjusted = estimate.get("p_adjusted")  # none for a figure one variant lacks
            assert estimate["star"] == (adjusted is not None and adjusted < 0.05
                                        and estimate["clear_of_zero"])
    single = fig["rounds"]["by_variant"]["standard"]  # one deal: always one round
    assert single["value"] == 1.0 and single["no_variation"]
    assert single["low"] is None and single["high"] is None  # never [1, 1]
    # ... and no certainty either: another value could hide in up to 39.3% of blocks, the
    # share that 6 blocks all miss 5% of the time (1 - 0.05^(1/6); the rule of three)
    assert single["other_values_below"] == pytest.approx(0.393038, abs=1e-6)
    assert estimate_text(single) == ("1.00 (no variation in 6 blocks; other values possible "
                                     "in up to 40% of blocks)")
    never = fig["draws"]["by_variant"]["standard"]
    if never["value"] == 0:  # a share never observed: [0, u], u > 0
        assert never["low"] == 0 and never["high"] > 0
    text = format_report(report, "en")
    assert "6 blocks (the sample size), 12 games per variant" in text
    assert "which is no certainty: other values stay possible, unseen, in up to 40% of " \
        "blocks (at 95%, the rule of three: about 3 blocks in 6)" in " ".join(text.split())
    assert "Holm's correction" in text
    balance = fig["balance"]["by_variant"]["standard"]
    assert balance["low"] <= balance["value"] <= balance["high"] <= 1.0
    assert 0 <= balance["seats_equal"]["p"] <= 1


@pytest.mark.parametrize("game, players", [("koikoi", "ai:random*2"),
                                           ("sakura", "ai:random*3")])
def test_a_tiny_lab_gives_values_and_says_they_are_too_few(capsys, game, players):
    status, out, _ = run_cli(capsys, game, "--variant", "tuned" if game == "sakura" else
                             "koikoi-japan", "--against", "standard", "--players", players,
                             "--games", "3")
    assert status == 0 and "Too few blocks for intervals" in out
    cells = [c.strip() for line in out.splitlines() for c in re.split(r"[│|]", line)]
    assert not [c for c in cells if c.endswith(" *") and "[" not in c]  # no star unfounded
    assert "p = 0.00" not in out and "[" not in out.split("Too few blocks")[1]


def test_a_resume_file_of_the_old_seeding_is_refused(installed, capsys, tmp_path):
    path = tmp_path / "run.jsonl"
    run_lab(installed, resume=str(path), **{**KOIKOI, "games": 2})
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    del header["options"]["seeding"]
    header["fingerprint"] = "sha256:0"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    before = path.read_bytes()
    status, _, err = run_cli(capsys, "koikoi", "--variant", "koikoi-japan", "--against",
                             "standard", "--players", "ai:random,ai:easy", "--games", "2",
                             "--seed", "3", "--resume", str(path))
    assert status == 2 and "seeded by an earlier version of asobi lab" in err
    assert path.read_bytes() == before
