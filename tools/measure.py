"""Measure the figures of docs/benchmarks.md again, row by row, from the manifest.

    python tools/measure.py                   # every row of tools/benchmarks.yaml (hours)
    python tools/measure.py bench-koikoi      # one row (or every row of a table: its id)
    python tools/measure.py --missing         # the rows without a result for their command
    python tools/measure.py --list            # the rows, their commands and when measured
    python tools/measure.py --render          # rewrite docs/benchmarks.md from the store
    python tools/measure.py --dry-run ...     # say what would run, run nothing
    python tools/measure.py ROW --from FILE   # store ROW from its command's saved output

Each row of the manifest names a command (a shell-free argv string: ``asobi`` is the asobi
script beside this python, ``python`` is this python), a parser that turns the command's
output into a flat dict of values, and the templates (``str.format`` with named fields) of its
cells. A row's result (values, command, date, core count, seconds, ``by``) is written to
docs/benchmarks.json as soon as the row finishes (a temporary file, then ``os.replace``), and
the page is rendered again from the manifest and the store: an interrupted run keeps every
row it finished, and measuring one row again changes only that row's lines of the page.

A row of hours (a 400-game arena run) may be run by hand instead, its output saved, and filed
with ``--from FILE``: the file is read by the row's parser exactly as a run's output would be,
and the result says so (``by``: ``tools/measure.py --from``; its seconds are those the output
reports, when it reports them). The command run must be the row's, give or take flags that do
not change what it measures (``--records``, ``--quiet``, ``--workers`` of a fixed-work arena):
the tool cannot check that, and the page shows the row's command.

A stored value that is text is shown as it is, whatever the template's format spec: a figure
transcribed by hand as a range ("0.237 to 0.244") keeps its words.

A mistake (an unknown row, a manifest that does not hold together, a command that fails, an
output its parser cannot read) is one line on stderr and exit status 2; the row's stored result
is then left as it was, and the rows after it are not run.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import shlex
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "tools" / "benchmarks.yaml"
STORE = ROOT / "docs" / "benchmarks.json"
PAGE = ROOT / "docs" / "benchmarks.md"
TOOL = "tools/measure.py"
"""What ``by`` says of a result this script measured (the others are ``FILED``, and ``hand``:
transcribed from an earlier README)."""
FILED = f"{TOOL} --from"
"""What ``by`` says of a result read from a saved output by ``--from``."""


class MeasureError(Exception):
    """A mistake a user can make or fix: printed as one line, exit status 2."""


# ----------------------------------------------------------------------------- the manifest


@dataclass(frozen=True)
class Table:
    id: str
    title: str
    columns: tuple[str, ...]
    intro: str = ""
    outro: str = ""


@dataclass(frozen=True)
class Row:
    id: str
    table: str
    command: str
    parse: str
    lines: tuple[tuple[str, ...], ...]
    """The cell templates of each line the row shows (most rows show one)."""
    command_note: str = ""
    """Shown after the command in its cell: what the command does, in words."""

    def fields(self) -> set[str]:
        """The value names the row's templates use."""
        return {name for line in self.lines for cell in line for name in template_fields(cell)}


@dataclass(frozen=True)
class Manifest:
    title: str
    intro: str
    hidden_flags: tuple[str, ...]
    tables: tuple[Table, ...]
    rows: tuple[Row, ...]

    def row(self, row_id: str) -> Row:
        for row in self.rows:
            if row.id == row_id:
                return row
        raise MeasureError(f"no row {row_id!r} in the manifest "
                           f"(`python {TOOL} --list` shows them)")

    def shown_command(self, row: Row) -> str:
        """The command as the page shows it: the manifest's, less the machine-only flags."""
        return shlex.join(w for w in shlex.split(row.command) if w not in self.hidden_flags)


def template_fields(template: str) -> list[str]:
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise MeasureError(f"template {template!r}: {exc}") from None
    names = []
    for _text, name, _spec, _conversion in parsed:
        if name is not None:
            if not name or name.isdigit():
                raise MeasureError(f"template {template!r}: name every field ({{name}})")
            names.append(name.split(".")[0].split("[")[0])
    return names


def _text(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise MeasureError(f"{where}: `{key}` must be text")
    return value.strip()


def load_manifest(path: Path) -> Manifest:
    """The manifest at ``path``, checked: every mistake in it is one MeasureError."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MeasureError(f"cannot read the manifest {path}: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        raise MeasureError(f"{path}: not valid YAML: {str(exc).splitlines()[0]}") from None
    if not isinstance(data, dict) or not isinstance(data.get("tables"), list) \
            or not isinstance(data.get("rows"), list):
        raise MeasureError(f"{path}: expected a mapping with `tables` and `rows` lists")
    tables: list[Table] = []
    for number, item in enumerate(data["tables"], 1):
        where = f"{path.name}: table {number}"
        if not isinstance(item, dict):
            raise MeasureError(f"{where}: expected a mapping")
        columns: Any = item.get("columns")
        if not isinstance(columns, list) or not columns \
                or not all(isinstance(c, str) for c in columns):
            raise MeasureError(f"{where}: `columns` must be a list of headers")
        tables.append(Table(_text(item, "id", where), _text(item, "title", where),
                            tuple(columns), _text(item, "intro", where, ""),
                            _text(item, "outro", where, "")))
    by_id = {t.id: t for t in tables}
    rows: list[Row] = []
    for number, item in enumerate(data["rows"], 1):
        where = f"{path.name}: row {number}"
        if not isinstance(item, dict):
            raise MeasureError(f"{where}: expected a mapping")
        row_id = _text(item, "id", where)
        where = f"{path.name}: row {row_id}"
        table = by_id.get(_text(item, "table", where))
        if table is None:
            raise MeasureError(f"{where}: no table {item['table']!r}")
        parse = _text(item, "parse", where)
        if parse not in PARSERS:
            raise MeasureError(f"{where}: no parser {parse!r} (there are "
                               f"{', '.join(sorted(PARSERS))})")
        command = _text(item, "command", where)
        try:
            if not shlex.split(command):
                raise ValueError("it is empty")
        except ValueError as exc:
            raise MeasureError(f"{where}: command: {exc}") from None
        cells: Any = item.get("cells")
        lines: list[Any] = cells if isinstance(cells, list) and cells and all(
            isinstance(c, list) for c in cells) else [cells]
        for line in lines:
            if not isinstance(line, list) or not all(isinstance(c, str) for c in line):
                raise MeasureError(f"{where}: `cells` must be a list of templates "
                                   "(or a list of such lists, one a line)")
            if len(line) != len(table.columns):
                raise MeasureError(f"{where}: {len(line)} cells for the "
                                   f"{len(table.columns)} columns of table {table.id}")
        row = Row(row_id, table.id, command, parse, tuple(tuple(line) for line in lines),
                  _text(item, "command_note", where, ""))
        row.fields()  # every template must parse
        rows.append(row)
    names = [t.id for t in tables] + [r.id for r in rows]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise MeasureError(f"{path.name}: ids used twice (rows and tables share one "
                           f"namespace): {', '.join(twice)}")
    hidden = data.get("hidden_flags", [])
    if not isinstance(hidden, list) or not all(isinstance(h, str) for h in hidden):
        raise MeasureError(f"{path.name}: `hidden_flags` must be a list of flags")
    return Manifest(_text(data, "title", path.name, "Measured figures"),
                    _text(data, "intro", path.name, ""), tuple(hidden), tuple(tables),
                    tuple(rows))


# ----------------------------------------------------------------------------- the parsers


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """A flat dict of ``data``: nested keys joined with ``_``, list items numbered from 1,
    floats rounded to 4 decimal places."""
    if isinstance(data, dict):
        out: dict[str, Any] = {}
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}_{key}" if prefix else str(key)))
        return out
    if isinstance(data, list):
        out = {}
        for number, value in enumerate(data, 1):
            out.update(flatten(value, f"{prefix}_{number}" if prefix else str(number)))
        return out
    if isinstance(data, float):
        data = round(data, 4) if math.isfinite(data) else None
    return {prefix or "value": data}


def _json(output: str) -> Any:
    try:
        return json.loads(output)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg}, line {exc.lineno})") from None


def plus_minus(mean: float, ci95: float) -> str:
    return f"{mean:+.2f} ± {ci95:.2f}"


def binomial_ci95(won: int, games: int) -> float | None:
    """Half the 95% interval, in percentage points, of a share of games won (normal
    approximation of the binomial); None for no games."""
    if not games:
        return None
    share = won / games
    return 100.0 * 1.96 * math.sqrt(share * (1.0 - share) / games)


def seat_values(players: list[dict[str, Any]], games: int) -> dict[str, Any]:
    """Per seat of an ``asobi arena --json`` report (p0 is the first of ``--players``): its
    name, games won, their share (percent) with half its binomial 95% interval, points a game
    (mean, 95% CI) and move times."""
    values: dict[str, Any] = {}
    for seat in sorted(players, key=lambda p: p["position"]):
        p = f"p{seat['position']}"
        points = seat["points_per_game"]
        values.update({
            f"{p}_player": seat["player"],
            f"{p}_won": seat["wins"],
            f"{p}_share": 100.0 * seat["wins"] / games if games else None,
            f"{p}_share_ci95": binomial_ci95(seat["wins"], games),
            f"{p}_points": plus_minus(points["mean"], points["ci95"]),
            f"{p}_points_mean": points["mean"],
            f"{p}_points_ci95": points["ci95"],
            f"{p}_ms_p50": seat["move_ms_median"],
            f"{p}_ms_p95": seat["move_ms_p95"],
        })
    return values


def parse_arena_table(output: str) -> dict[str, Any]:
    """``asobi arena --json`` of any number of seats: games, drawn, and per seat (p0, p1...)
    the games won, their share in percent, points a game (mean, 95% CI) and move ms."""
    report = _json(output)
    games = report["games"]
    return {"game": report["game"], "variant": report["variant"], "games": games,
            "drawn": report["draws"], **seat_values(report["players"], games)}


def parse_arena(output: str) -> dict[str, Any]:
    """``asobi arena --json`` of two seats: ``parse_arena_table``'s values, and from the
    first seat's side: won, lost, the difference of points a game (``diff``, "+8.72 ± 5.26"),
    and its share of the decided games with the binomial 95% interval (percent)."""
    report = _json(output)
    if len(report["players"]) != 2:
        raise ValueError(f"{len(report['players'])} seats: the `arena` parser reads two "
                         "(use `arena-table`)")
    values = parse_arena_table(output)
    won, lost = values["p0_won"], values["p1_won"]
    per_game = report["difference"]["per_game"]
    decided = won + lost
    share = won / decided if decided else math.nan
    half = 1.96 * math.sqrt(share * (1 - share) / decided) if decided else math.nan
    values.update({
        "won": won, "lost": lost, "decided": decided,
        "diff": plus_minus(per_game["mean"], per_game["ci95"]),
        "diff_mean": per_game["mean"], "diff_ci95": per_game["ci95"],
        "decided_share": 100 * share, "decided_low": 100 * (share - half),
        "decided_high": 100 * (share + half),
    })
    return values


def parse_bench(output: str) -> dict[str, Any]:
    """``asobi bench GAME --json``: per_second_median, per_second_runs_1..., unit, variant."""
    return flatten(_json(output))


def parse_loadtest(output: str) -> dict[str, Any]:
    """tools/loadtest.py's report, flattened (server_ms_p95, round_trip_ms_p50...), with
    ``errors`` the number of requests that failed (errors_WHAT for each kind)."""
    report = _json(output)
    values = flatten(report)
    values["errors"] = sum(report["errors"].values())
    return values


def parse_startup(output: str) -> dict[str, Any]:
    """``tools/startup_time.py --json``: runs, and per tree (0 is this tree, then the commits
    in the order given) tree_N, median_N and fastest_N in seconds."""
    report = _json(output)
    values: dict[str, Any] = {"runs": report["runs"], "warm": report["warm"]}
    for number, tree in enumerate(report["trees"]):
        values.update({f"tree_{number}": tree["tree"], f"median_{number}": tree["median"],
                       f"fastest_{number}": tree["fastest"]})
    return values


def parse_lab_scaling(output: str) -> dict[str, Any]:
    """``tools/lab_scaling.py --json``: per setting (``w1``, ``w2``, ``w2_ray``...) the median
    games per second playing (play_w2) and in all (whole_w2), and the speed-ups over the first
    setting (play_x_w2, play_x_round_w2...)."""
    report = _json(output)
    values: dict[str, Any] = {k: report[k] for k in ("games", "players", "repeat")}
    for setting in report["settings"]:
        tag = f"w{setting['workers']}" + ("_ray" if setting["ray"] else "")
        for key, value in setting.items():
            if key not in ("workers", "ray"):
                values[f"{key}_{tag}"] = value
    return flatten(values)


def parse_move_times(output: str) -> dict[str, Any]:
    """``tools/ai_move_times.py --json``: moves, p50_ms, p95_ms, max_ms (CPU time)."""
    return flatten(_json(output))


def parse_calibrate(output: str) -> dict[str, Any]:
    """``python tools/sakura_calibrate.py``: one JSON line per player count; with one count,
    its statistics (rounds_mean, bumps_per_painter...), with more, prefixed pN_."""
    lines = [_json(line) for line in output.splitlines() if line.strip()]
    if len(lines) == 1:
        return flatten(lines[0])
    return flatten({f"p{line['players']}": line for line in lines})


def parse_suite(output: str) -> dict[str, Any]:
    """``bash tools/suite_time.sh``: passed, skipped..., pytest_seconds, and ``duration``
    ("16 min 24 s")."""
    values = flatten(_json(output))
    minutes, seconds = divmod(round(values["pytest_seconds"]), 60)
    values["duration"] = f"{minutes} min {seconds} s"
    return values


def parse_json(output: str) -> dict[str, Any]:
    """Any JSON object, flattened."""
    data = _json(output)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return flatten(data)


PARSERS: dict[str, Callable[[str], dict[str, Any]]] = {
    "arena": parse_arena,
    "arena-table": parse_arena_table,
    "bench": parse_bench,
    "loadtest": parse_loadtest,
    "startup": parse_startup,
    "lab-scaling": parse_lab_scaling,
    "move-times": parse_move_times,
    "calibrate": parse_calibrate,
    "suite": parse_suite,
    "json": parse_json,
    "lab-aa": parse_json,  # tools/lab_aa.py --json: labs, blocks, labs_with_a_star, ...
    # tests/core/test_lab_calibration.py N --json: labs, kinds, lowest, lowest_kind, ...
    "lab-calibration": parse_json,
}


def parse(row: Row, output: str) -> dict[str, Any]:
    """The values of ``row`` read from its command's output; every field its templates use
    must be among them."""
    try:
        values = {k: ((round(v, 4) if math.isfinite(v) else None) if isinstance(v, float)
                      else v) for k, v in PARSERS[row.parse](output).items()}
    except (ValueError, KeyError, TypeError, IndexError, ZeroDivisionError) as exc:
        what = f"no {exc}" if isinstance(exc, KeyError) else str(exc)
        raise MeasureError(f"row {row.id}: the `{row.parse}` parser cannot read its output: "
                           f"{what}") from None
    missing = sorted(row.fields() - values.keys())
    if missing:
        raise MeasureError(f"row {row.id}: its templates use {', '.join(missing)}, which the "
                           f"`{row.parse}` parser did not give")
    return values


# ----------------------------------------------------------------------------- the page


class CellFormatter(string.Formatter):
    """``str.format`` for cells: a text value is shown as it is whatever the spec, None as
    "n/a", and a ``|`` in a value cannot break the table."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if value is None:
            shown = "n/a"
        elif isinstance(value, str):
            shown = value
        else:
            shown = super().format_field(value, format_spec)
        return shown.replace("|", "\\|").replace("\n", " ")


def fill(row: Row, values: Mapping[str, Any]) -> list[list[str]]:
    missing = sorted(row.fields() - values.keys())
    if missing:
        raise MeasureError(f"row {row.id}: its stored values lack {', '.join(missing)}, which "
                           f"its templates use: run `python {TOOL} {row.id}`")
    formatter = CellFormatter()
    try:
        return [[formatter.vformat(cell, (), values) for cell in line] for line in row.lines]
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        raise MeasureError(f"row {row.id}: a template does not fit its values: {exc}") from None


def measured_cell(row: Row, entry: Mapping[str, Any] | None, command: str) -> str:
    if entry is None:
        return f"not yet: `python {TOOL} {row.id}`"
    cell = f"{entry['date']}, {entry['cores']} cores"
    if entry.get("by") == "hand":
        cell += ", by hand"
    elif entry.get("by") == FILED:
        cell += ", output filed"
    if entry.get("command") != command:
        cell += ", **command changed since**"
    return f"{cell} (`{row.id}`)"


def row_lines(manifest: Manifest, row: Row, entry: Mapping[str, Any] | None) -> list[str]:
    table = next(t for t in manifest.tables if t.id == row.table)
    if entry is None:
        filled = [["not measured yet"] * len(table.columns)]
    else:
        filled = fill(row, entry["values"])
    command = f"`{manifest.shown_command(row)}`"
    if row.command_note:
        command += f" ({row.command_note})"
    out = []
    for number, cells in enumerate(filled):
        extra = [command, measured_cell(row, entry, row.command)] if number == 0 \
            else ["same run", "same"]
        out.append("| " + " | ".join([*cells, *extra]) + " |")
    return out


def shown_path(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.name


def render(manifest: Manifest, store: Mapping[str, Any], manifest_path: Path = MANIFEST,
           store_path: Path = STORE) -> str:
    """The page: the manifest's prose and tables, every row filled from its stored values."""
    parts = [
        f"<!-- Generated by `python {TOOL}` from {shown_path(manifest_path)} (the rows) and "
        f"{shown_path(store_path)} (their results): do not edit. Measure rows again with "
        f"`python {TOOL} ROW ...`; rewrite this page with `python {TOOL} --render`. -->",
        f"# {manifest.title}",
    ]
    if manifest.intro:
        parts.append(manifest.intro)
    for table in manifest.tables:
        parts.append(f"## {table.title}")
        if table.intro:
            parts.append(table.intro)
        columns = [*table.columns, "command", "measured (row)"]
        lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
        for row in manifest.rows:
            if row.table == table.id:
                lines += row_lines(manifest, row, store.get(row.id))
        parts.append("\n".join(lines))
        if table.outro:
            parts.append(table.outro)
    return "\n\n".join(parts) + "\n"


# ----------------------------------------------------------------------------- running rows


def load_store(path: Path) -> dict[str, Any]:
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise MeasureError(f"cannot read the results {path}: {exc}") from None
    if not isinstance(data, dict):
        raise MeasureError(f"{path}: expected a JSON object of results by row id")
    for row_id, entry in data.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("values"), dict) \
                or not all(isinstance(entry.get(k), str) for k in ("command", "date", "by")) \
                or not isinstance(entry.get("cores"), int):
            raise MeasureError(f"{path}: the result of row {row_id} needs `values` (an object), "
                               "`command`, `date`, `by` (text) and `cores` (a number)")
    return data


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader (or a crash) sees the old file or the new
    one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save_store(path: Path, store: Mapping[str, Any]) -> None:
    write_atomically(path, json.dumps(store, indent=1, sort_keys=True, ensure_ascii=False)
                     + "\n")


def argv_of(command: str) -> list[str]:
    """The argv of a manifest command: ``asobi`` and ``python`` are this environment's."""
    words = shlex.split(command)
    if words[0] == "python":
        words[0] = sys.executable
    elif words[0] == "asobi":
        script = Path(sys.executable).parent / ("asobi.exe" if os.name == "nt" else "asobi")
        if not script.exists():
            raise MeasureError(f"no asobi script beside {sys.executable}: run this with the "
                               "python of the environment asobi is installed in")
        words[0] = str(script)
    return words


def run_row(row: Row) -> tuple[dict[str, Any], float]:
    """Run ``row``'s command and parse its output: (values, wall seconds). The command's
    stderr reaches the terminal as it runs (progress bars) when there is one."""
    argv = argv_of(row.command)
    live = sys.stderr.isatty()
    start = time.perf_counter()
    try:
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=None if live else subprocess.PIPE, text=True)
    except OSError as exc:
        raise MeasureError(f"row {row.id}: cannot run {argv[0]}: {exc.strerror}") from None
    try:
        output, errors = proc.communicate()
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        said = [line for line in (errors or "").splitlines() if line.strip()]
        why = f": {said[-1].strip()}" if said else (" (its messages are above)" if live else "")
        raise MeasureError(f"row {row.id}: `{row.command}` failed with exit status "
                           f"{proc.returncode}{why}")
    return parse(row, output), seconds


def select(manifest: Manifest, names: Iterable[str]) -> list[Row]:
    """The rows named (a table's id names its rows), in manifest order; all when none."""
    names = list(names)
    if not names:
        return list(manifest.rows)
    tables = {t.id for t in manifest.tables}
    wanted: set[str] = set()
    for name in names:
        if name in tables:
            wanted |= {r.id for r in manifest.rows if r.table == name}
        else:
            wanted.add(manifest.row(name).id)
    return [r for r in manifest.rows if r.id in wanted]


def current(row: Row, store: Mapping[str, Any]) -> bool:
    """Whether the store holds a result of ``row``'s present command."""
    entry = store.get(row.id)
    return isinstance(entry, dict) and entry.get("command") == row.command


def list_rows(manifest: Manifest, store: Mapping[str, Any]) -> None:
    width = max(len(r.id) for r in manifest.rows) if manifest.rows else 0
    for row in manifest.rows:
        entry = store.get(row.id)
        if entry is None:
            state = "not measured"
        elif not current(row, store):
            state = "command changed"
        else:
            state = f"{entry['date']} {entry['by']}"
        print(f"{row.id:<{width}}  {state:<20}  {row.command}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rows", nargs="*", metavar="ROW",
                        help="row ids (or table ids) to measure; all rows when none")
    parser.add_argument("--list", action="store_true", help="list the rows and their commands")
    parser.add_argument("--render", action="store_true",
                        help="only rewrite the page from the stored results")
    parser.add_argument("--missing", action="store_true",
                        help="only the rows with no result for their present command")
    parser.add_argument("--dry-run", action="store_true", help="say what would run; run nothing")
    parser.add_argument("--manifest", type=Path, default=MANIFEST,
                        help="the rows (tools/benchmarks.yaml)")
    parser.add_argument("--store", type=Path, default=STORE,
                        help="the results (docs/benchmarks.json)")
    parser.add_argument("--out", type=Path, default=PAGE, help="the page (docs/benchmarks.md)")
    parser.add_argument("--from", dest="saved", type=Path, metavar="FILE",
                        help="store the one ROW given from its command's output saved in FILE "
                             "(a long run made by hand), instead of running the command")
    args = parser.parse_args(argv)
    try:
        return measure(args)
    except MeasureError as exc:
        print(f"measure: {exc}", file=sys.stderr)
        return 2


def measure(args: argparse.Namespace) -> int:
    manifest = load_manifest(args.manifest)
    store = load_store(args.store)
    if args.list:
        list_rows(manifest, store)
        return 0
    if args.render:
        if args.rows or args.missing:
            raise MeasureError("--render measures nothing: give it no rows and no --missing")
        write_atomically(args.out, render(manifest, store, args.manifest, args.store))
        print(f"wrote {args.out}")
        return 0
    rows = select(manifest, args.rows)
    if args.saved is not None:
        return file_output(args, manifest, rows)
    if args.missing:
        rows = [r for r in rows if not current(r, store)]
    if args.dry_run:
        for row in rows:
            print(f"{row.id}: would run {shlex.join(argv_of(row.command))}")
        return 0
    for number, row in enumerate(rows, 1):
        print(f"[{number}/{len(rows)}] {row.id}: {row.command}", flush=True)
        try:
            values, seconds = run_row(row)
        except MeasureError as exc:
            rest = " ".join(r.id for r in rows[number - 1:])
            raise MeasureError(f"{exc}; its stored result is unchanged, the rows finished "
                               f"before it are stored; to go on: python {TOOL} {rest}") from None
        except KeyboardInterrupt:
            print(f"measure: interrupted in row {row.id}; the rows finished before it are stored",
                  file=sys.stderr)
            return 130
        store = load_store(args.store)  # as it is now: another run may have stored rows
        store[row.id] = {"values": values, "command": row.command,
                         "date": datetime.date.today().isoformat(), "cores": os.cpu_count(),
                         "seconds": round(seconds, 1), "by": TOOL}
        save_store(args.store, store)
        write_atomically(args.out, render(manifest, store, args.manifest, args.store))
        for line in row_lines(manifest, row, store[row.id]):
            print(f"    {line}  ({seconds:.1f} s)", flush=True)
    return 0


def file_output(args: argparse.Namespace, manifest: Manifest, rows: list[Row]) -> int:
    """``ROW --from FILE``: store ``ROW``'s values read from FILE, its command's output."""
    if len(rows) != 1 or args.missing or args.dry_run:
        raise MeasureError("--from files one row: name exactly one row, without --missing "
                           "or --dry-run")
    row = rows[0]
    try:
        output = args.saved.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise MeasureError(f"--from {args.saved}: cannot read it ({why})") from None
    values = parse(row, output)
    try:
        reported = json.loads(output).get("seconds")
    except (json.JSONDecodeError, AttributeError):
        reported = None
    entry: dict[str, Any] = {
        "values": values, "command": row.command, "date": datetime.date.today().isoformat(),
        "cores": os.cpu_count(), "by": FILED}
    if isinstance(reported, (int, float)) and not isinstance(reported, bool):
        entry["seconds"] = round(float(reported), 1)
    store = load_store(args.store)
    store[row.id] = entry
    save_store(args.store, store)
    write_atomically(args.out, render(manifest, store, args.manifest, args.store))
    for line in row_lines(manifest, row, entry):
        print(f"    {line}  (filed from {args.saved})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
