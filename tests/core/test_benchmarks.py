"""docs/benchmarks.md is what tools/measure.py renders from its manifest and its stored
results: every row has a result of its present command, and the tool measures a row again
without touching the others (nothing here measures anything: the commands are tiny)."""

from __future__ import annotations

import importlib.util
import json
import shlex
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "measure.py"


def _load() -> ModuleType:
    """tools/measure.py as a module (registered first: its dataclasses look their module up)."""
    name = "asobi_tools_measure"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


measure = _load()
MANIFEST = measure.load_manifest(measure.MANIFEST)
STORE = measure.load_store(measure.STORE)


@pytest.mark.parametrize("row", MANIFEST.rows, ids=lambda row: row.id)
def test_every_row_has_a_result_of_its_command(row):
    entry = STORE.get(row.id)
    assert entry is not None, f"row {row.id}: not measured, run `python tools/measure.py {row.id}`"
    assert entry["command"] == row.command, (
        f"row {row.id}: command changed, run `python tools/measure.py {row.id}`")
    missing = row.fields() - entry["values"].keys()
    assert not missing, (f"row {row.id}: its templates use {sorted(missing)}, which its stored "
                         f"values lack")
    assert entry["by"] in ("hand", "tools/measure.py", "tools/measure.py --from")
    assert isinstance(entry["cores"], int) and entry["cores"] > 0
    assert len(entry["date"]) == 10 and entry["date"][4] == entry["date"][7] == "-"


def test_the_store_holds_no_row_the_manifest_lost():
    lost = sorted(STORE.keys() - {row.id for row in MANIFEST.rows})
    assert not lost, f"docs/benchmarks.json holds rows the manifest no longer has: {lost}"


def test_the_page_is_rendered_from_the_manifest_and_the_store():
    page = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert page == measure.render(MANIFEST, STORE), (
        "docs/benchmarks.md is not what the manifest and the store give: run "
        "`python tools/measure.py --render`")


# What each parser reads, in the shape its command prints (small made-up figures): every row's
# templates must be fillable from a fresh measurement, not only from the values stored by hand.
def _seat(position: int, wins: int) -> dict[str, Any]:
    points = {"n": 4, "mean": 1.5, "ci95": 0.5, "low": 1.0, "high": 2.0}
    return {"player": f"ai:p{position}", "position": position, "games": 4, "wins": wins,
            "win_rate": wins / 4, "points_per_round": points, "points_per_game": points,
            "moves_timed": 10, "move_ms_median": 12.5, "move_ms_p95": 30.25}


def _arena(seats: int) -> str:
    report: dict[str, Any] = {"game": "koikoi", "variant": "standard", "games": 4, "draws": 1,
                              "players": [_seat(i, 2 if i == 0 else 1) for i in range(seats)]}
    if seats == 2:
        per_game = {"n": 2, "mean": 1.25, "ci95": 0.75, "low": 0.5, "high": 2.0}
        report["difference"] = {"per_game": per_game, "per_round": per_game}
    return json.dumps(report)


SAMPLES = {
    "arena": _arena(2),
    "arena-table": _arena(4),
    "bench": json.dumps({"game": "koikoi", "variant": "standard", "unit": "rounds",
                         "repeat": 3, "seconds_each": 2.0,
                         "per_second_runs": [20000.0, 21000.0, 22000.0],
                         "per_second_median": 21000.0}),
    "loadtest": json.dumps({
        "human_moves": 900, "all_moves": 1800, "errors": {},
        "server_ms": {"p50": 0.2, "p95": 0.4, "p99": 0.5},
        "round_trip_ms": {"p50": 2.0, "p95": 50.0, "p99": 80.0}}),
    "startup": json.dumps({"runs": 10, "warm": 2, "trees": [
        {"tree": t, "median": 0.24, "fastest": 0.23} for t in ("this tree", "a", "b")]}),
    "lab-scaling": json.dumps({"games": 10000, "players": "ai:random*2", "repeat": 5,
                               "settings": [
        {"workers": w, "ray": r, "play": 500.0, "play_x": 1.0, "play_x_round": 1.0,
         "whole": 480.0, "whole_x": 1.0, "whole_x_round": 1.0}
        for w, r in ((1, False), (2, False), (2, True))]}),
    "lab-aa": json.dumps({"labs": 100, "blocks": 100, "differences": 39,
                          "labs_with_a_star": 2, "stars": 3,
                          "labs_with_an_interval_clear_of_zero": 60,
                          "intervals_clear_of_zero": 150}),
    "lab-calibration": json.dumps({
        "labs": 4000, "kinds": 19, "lowest_kind": "share of rounds, 3%", "lowest": 0.944,
        "rare_count": 0.982, "redeals": 0.984, "long_tailed_mean": 0.952, "share": 0.945,
        "one_round_reference": 0.969, "wrong_stars": 0, "clear_where_none": 290,
        "differences": 68000, "table": {"rare count": [3928, 4000]}}),
    "move-times": json.dumps({"game": "koikoi", "level": "ai:hard", "moves": 80,
                              "p50_ms": 200.0, "p95_ms": 336.0, "max_ms": 400.0}),
    "calibrate": json.dumps({"players": 4, "games": 1000, "level": "normal",
                             "rounds_mean": 12.6, "bumps_per_painter": 1.33}),
    "suite": json.dumps({"commit": "abc", "exit": 0, "passed": 1369, "skipped": 3,
                         "pytest_seconds": 984.2}),
}


@pytest.mark.parametrize("row", MANIFEST.rows, ids=lambda row: row.id)
def test_a_fresh_measurement_of_every_row_fills_its_cells(row):
    values = measure.parse(row, SAMPLES[row.parse])
    assert all(cell.strip() for line in measure.fill(row, values) for cell in line)


def test_the_arena_parser_reads_the_first_seat_s_side():
    values = measure.PARSERS["arena"](_arena(2))
    assert (values["games"], values["won"], values["lost"], values["drawn"]) == (4, 2, 1, 1)
    assert values["diff"] == "+1.25 ± 0.75"
    assert round(values["decided_share"], 1) == 66.7
    # 2 of 4 games: 50% +- 1.96 * sqrt(0.25 / 4), in percentage points
    assert values["p0_share"] == 50.0 and round(values["p0_share_ci95"], 2) == 49.0


def test_text_values_are_shown_as_they_are_whatever_the_spec():
    row = measure.Row("r", "t", "python -V", "json", (("{a:.3f} s", "{b:,.0f}"),))
    assert measure.fill(row, {"a": "0.237 to 0.244", "b": 21000}) == [["0.237 to 0.244 s",
                                                                       "21,000"]]


# The tool itself, on a manifest of its own in a temporary folder.
def _manifest(folder: Path, rows: dict[str, str]) -> Path:
    lines = ["title: Test figures", "hidden_flags: [--json]", "tables:", "  - id: t",
             "    title: A table", "    columns: [what, x]", "rows:"]
    for row_id, command in rows.items():
        lines += [f"  - id: {row_id}", "    table: t", f"    command: {json.dumps(command)}",
                  "    parse: json", f'    cells: ["{row_id}", "{{x:.1f}}"]']
    path = folder / "manifest.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _reads(value_file: Path) -> str:
    """A row command that prints the JSON object held in ``value_file``."""
    return shlex.join(["python", "-c", "import sys; print(open(sys.argv[1]).read())",
                       str(value_file)])


def _run(folder: Path, *words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), "--manifest", str(folder / "manifest.yaml"),
         "--store", str(folder / "store.json"), "--out", str(folder / "page.md"), *words],
        capture_output=True, text=True, timeout=60, check=False)


def test_measuring_one_row_again_changes_only_its_line(tmp_path):
    for name, x in (("a", 1), ("b", 2)):
        (tmp_path / f"{name}.json").write_text(json.dumps({"x": x}))
    _manifest(tmp_path, {"a": _reads(tmp_path / "a.json"), "b": _reads(tmp_path / "b.json")})
    done = _run(tmp_path)
    assert done.returncode == 0, done.stderr
    before = (tmp_path / "page.md").read_text().splitlines()
    stored = json.loads((tmp_path / "store.json").read_text())
    assert stored["a"]["values"] == {"x": 1} and stored["a"]["by"] == "tools/measure.py"
    assert any(line.startswith("| a | 1.0 |") for line in before)

    (tmp_path / "a.json").write_text(json.dumps({"x": 7}))
    done = _run(tmp_path, "a")
    assert done.returncode == 0, done.stderr
    after = (tmp_path / "page.md").read_text().splitlines()
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert len(changed) == 1 and changed[0][1].startswith("| a | 7.0 |")
    assert json.loads((tmp_path / "store.json").read_text())["b"] == stored["b"]
    assert "--json" not in "\n".join(after)  # the page hides the machine-only flags

    (tmp_path / "page.md").unlink()
    assert _run(tmp_path, "--render").returncode == 0
    assert (tmp_path / "page.md").read_text().splitlines() == after


def test_an_interrupted_run_keeps_the_rows_it_finished(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps({"x": 1}))
    _manifest(tmp_path, {"a": _reads(tmp_path / "a.json"),
                         "b": "python -c 'raise SystemExit(3)'",
                         "c": _reads(tmp_path / "a.json")})
    done = _run(tmp_path)
    assert done.returncode == 2
    message = done.stderr.strip().splitlines()
    assert len(message) == 1 and "row b" in message[0] and "exit status 3" in message[0]
    assert "Traceback" not in done.stderr
    assert set(json.loads((tmp_path / "store.json").read_text())) == {"a"}
    page = (tmp_path / "page.md").read_text()
    assert "| a | 1.0 |" in page and "`python tools/measure.py b`" in page

    # resuming: --missing runs what has no result, and still stops at the failing row
    (tmp_path / "a.json").write_text(json.dumps({"x": 5}))
    done = _run(tmp_path, "--missing", "--dry-run")
    assert done.returncode == 0 and [line.split(":")[0] for line in done.stdout.splitlines()] \
        == ["b", "c"]


@pytest.mark.parametrize("words,said", [
    (["no-such-row"], "no row 'no-such-row'"),
    (["--render", "a"], "--render measures nothing"),
])
def test_mistakes_are_one_line_and_exit_2(tmp_path, words, said):
    (tmp_path / "a.json").write_text(json.dumps({"x": 1}))
    _manifest(tmp_path, {"a": _reads(tmp_path / "a.json")})
    done = _run(tmp_path, *words)
    assert done.returncode == 2
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "store.json").exists()


def test_output_its_parser_cannot_read_is_refused_and_not_stored(tmp_path):
    _manifest(tmp_path, {"a": "python -c 'print(42)'"})
    done = _run(tmp_path)
    assert done.returncode == 2 and "row a" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "store.json").exists()


def test_a_long_row_run_by_hand_is_filed_from_its_saved_output(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps({"x": 1}))
    _manifest(tmp_path, {"a": _reads(tmp_path / "a.json"), "b": _reads(tmp_path / "a.json")})
    assert _run(tmp_path).returncode == 0
    before = json.loads((tmp_path / "store.json").read_text())
    saved = tmp_path / "out.txt"
    saved.write_text(json.dumps({"x": 2.5, "seconds": 3600.04}))

    done = _run(tmp_path, "a", "--from", str(saved))
    assert done.returncode == 0, done.stderr
    stored = json.loads((tmp_path / "store.json").read_text())
    assert stored["a"]["values"] == {"x": 2.5, "seconds": 3600.04}
    assert stored["a"]["by"] == "tools/measure.py --from" and stored["a"]["seconds"] == 3600.0
    assert stored["b"] == before["b"]
    page = (tmp_path / "page.md").read_text()
    assert "| a | 2.5 |" in page and "output filed (`a`)" in page

    # one row only; an output its parser cannot read changes nothing
    saved.write_text("42\n")
    for words in (["a", "b"], ["a"]):
        done = _run(tmp_path, *words, "--from", str(saved))
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
        assert "Traceback" not in done.stderr
    assert json.loads((tmp_path / "store.json").read_text()) == stored
