"""The lab report in the terminal: rich tables when rich is installed, plain text otherwise."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from asobi.i18n import Translator, translator
from asobi.lab.report import EstimateText, estimate_parts, percent_up
from asobi.lab.stats import MIN_BLOCKS, unseen_share


@dataclass(frozen=True)
class Cell:
    """A cell of a report's table: its text (``str()``), and for an estimate its parts
    (:class:`asobi.lab.report.EstimateText`) and whether it is starred; a web page lays
    the parts out apart, a terminal prints the text."""

    text: str
    parts: EstimateText | None = None
    star: bool = False

    def __str__(self) -> str:
        return self.text


Row = list[Cell]


def estimate_cell(e: Mapping[str, Any], percent: bool, tr: Translator,
                  signed: bool = False) -> Cell:
    """The cell of an estimate; a starred difference ends in `` *``."""
    parts = estimate_parts(e, percent, signed, tr)
    star = bool(e.get("star"))
    return Cell(str(parts) + (" *" if star else ""), parts, star)


def sections(report: Mapping[str, Any], lang: str) -> list[tuple[str, list[str], list[Row]]]:
    """The report as (title, header, rows) tables, every word in ``lang``."""
    tr = translator("asobi", lang)
    names = [v["name"] for v in report["variants"]]
    ref = report.get("reference")
    others = [n for n in names if n != ref] if ref else []
    header = [tr("figure"), tr("unit"), *names,
              *[tr("{variant} minus {reference}").format(variant=n, reference=ref)
                for n in others]]

    def row(label: str, unit: str, by: Mapping[str, Any], diff: Mapping[str, Any] | None,
            percent: bool) -> Row:
        cells = [Cell(label), Cell(unit), *[estimate_cell(by[n], percent, tr) for n in names]]
        for n in others:
            cells.append(estimate_cell((diff or {}).get(n, {}), percent, tr, signed=True))
        return cells

    out = []
    for kind, title in (("general", tr("General figures")), ("game", tr("The game's own figures"))):
        rows = [row(f["label"], f["unit_label"], f["by_variant"], f.get("difference"),
                    f["percent"]) for f in report["figures"] if f["kind"] == kind]
        if rows:
            out.append((title, header, rows))
    rows = []
    for p in report["player_figures"]:
        for what, label, percent in (("wins", tr("wins"), True),
                                     ("game", tr("points per game"), False),
                                     ("round", tr("points per round"), False)):
            rows.append([Cell(f"{p['position'] + 1}. {p['player']}"), Cell(label),
                         *[estimate_cell(p[what][n], percent, tr) for n in names],
                         *[Cell("") for _ in others]])
    out.append((tr("Players"), header, rows))
    rows = []
    for r in report["restricted"]:
        for what in ("round", "game"):
            label = tr("cost of '{restriction}'").format(restriction=r["label"])
            unit = tr("points per round") if what == "round" else tr("points per game")
            rows.append(row(label, unit, r[f"per_{what}"], r.get(f"difference_per_{what}"),
                            False))
    if rows:
        out.append((tr("Restricted play: what a choice is worth"), header, rows))
    return out


def title(report: Mapping[str, Any], lang: str) -> str:
    """``Balance lab: sakura - tuned, standard``: the game and the variants' names."""
    tr = translator("asobi", lang)
    names = ", ".join(v["name"] for v in report["variants"])
    return tr("Balance lab: {game}").format(game=report["game"]) + f" - {names}"


def notes(report: Mapping[str, Any], lang: str) -> list[str]:
    """The games played, the players and seed, and how to read an interval."""
    tr = translator("asobi", lang)
    blocks = report.get("blocks")
    sample = "" if blocks is None else tr.n(
        "{n} block (the sample size)", "{n} blocks (the sample size)", blocks).format(n=blocks)
    return [
        (sample + ", " if sample else "")
        + tr.n("{n} game per variant", "{n} games per variant", report["games_per_variant"])
        .format(n=report["games_per_variant"]) + "; "
        + tr("players: {players}; seed {seed}").format(
            players=", ".join(report["players"]), seed=report["seed"]),
        *reading(report, lang),
    ]


def reading(report: Mapping[str, Any], lang: str) -> list[str]:
    """How to read the tables: what an interval, a star, "blocks differ", ``p`` and "no
    variation" say; or, for a lab of too few blocks, that it gives values only."""
    tr = translator("asobi", lang)
    blocks = int(report.get("blocks") or 0)
    least = int(report.get("min_blocks") or MIN_BLOCKS)
    if blocks < least:
        return [tr("Too few blocks for intervals: {k} of the {m} a 95% interval needs (with "
                   "fewer, no difference can be told from chance). The values are what these "
                   "games gave, no more; play at least --games {games}.").format(
                       k=blocks, m=least, games=least * int(report.get("games_per_block") or 1))]
    family = (report.get("family") or {}).get("differences")
    lines = [tr("How to read it: [low, high] is a 95% interval: labs like this one catch the "
                "true value in 95 of 100 runs; the sample is the blocks (a block is one deal "
                "with every seating).")]
    if family:
        lines.append(tr("* marks a difference that is real with 95% confidence across all {n} "
                        "differences of the report: its p, after Holm's correction for "
                        "comparing {n} at once, is under 0.05 (p = in the table). An interval "
                        "clear of zero without a star is a hint, not a finding.").format(
                            n=family))
    lines.append(tr("\"3/100 blocks differ\": in how many blocks the two variants played "
                    "differently. \"no variation in {k} blocks\": every block gave that value, "
                    "which is no certainty: other values stay possible, unseen, in up to {share} "
                    "of blocks (at 95%, the rule of three: about 3 blocks in {k}), and how far "
                    "from it they lie, the blocks cannot tell.").format(
                        k=blocks, share=percent_up(unseen_share(blocks))))
    return lines


def intro(report: Mapping[str, Any], lang: str) -> list[str]:
    """The lines before the tables: the title, each variant's name and title, the notes."""
    return [title(report, lang), *[f"{v['name']}: {v['title']}" for v in report["variants"]],
            *notes(report, lang)]


def format_report(report: Mapping[str, Any], lang: str, width: int = 160) -> str:
    """The whole report as text for a terminal ``width`` columns wide."""
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        return plain(report, lang)
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=False, color_system=None)
    for line in intro(report, lang):
        console.print(line, markup=False, highlight=False)
    for title, header, rows in sections(report, lang):
        table = Table(title=title, title_justify="left", show_lines=False)
        for i, column in enumerate(header):
            table.add_column(column, justify="left" if i < 2 else "right", overflow="fold")
        for cells in rows:
            table.add_row(*map(str, cells))
        console.print(table)
    return buffer.getvalue().rstrip("\n")


def plain(report: Mapping[str, Any], lang: str) -> str:
    lines = intro(report, lang)
    for title, header, rows in sections(report, lang):
        texts = [header, *[[str(c) for c in r] for r in rows]]
        widths = [max(len(r[i]) for r in texts) for i in range(len(header))]
        lines += ["", title, *[_line(r, widths) for r in texts]]
    return "\n".join(lines)


def _line(cells: Sequence[str], widths: Sequence[int]) -> str:
    return "  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                     for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()
