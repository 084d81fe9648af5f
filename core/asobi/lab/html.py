"""``--html FILE``: the lab report as one self-contained page that reads on a phone and on a
wide screen.

The plots (:mod:`asobi.lab.plots`) are inline SVG scaled to the column, their text drawn by
the browser in any script; a distribution whose every value is the same is said in words
instead of drawn, and each figure's differences get a plot of their own scale. Tables never
break a word: a value and its interval stay whole, what is said of them goes on a line of its
own, and names with a hyphen or a slash stay on one line. A table of many variants may use a
wider column than the text; where even that is too narrow, and on a phone, each row becomes a
card of its own, every value under the name of its column (in a grid of such pairs on a
medium screen), so nothing scrolls sideways. Every word is in the report's language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.i18n import is_wide, translator
from asobi.lab.figures import OBSERVED
from asobi.lab.plots import (
    COLOURS,
    RC,
    Interval,
    Row,
    Share,
    distribution_svg,
    draw_interval,
    draw_share,
    pyplot,
    stacked_svg,
)
from asobi.lab.text import Cell, notes, sections, title

NARROW = 40.0
"""rem: below this width every table is a column of cards."""
TEXT_REM = 60.0
"""rem: the text's column; a table that needs more may take the page's (PAGE_REM)."""
PAGE_REM = 80.0
TYPE = 0.85
"""The tables' type, in rem."""
BOLD = 1.1
"""How much wider a header's bold type is."""
PADDING = 1.0
"""rem of a cell's padding, left and right together; GUTTER adds the page's margins (2 rem)
and a little room for an estimate of the type's widths that falls short."""
GUTTER = 4.0
LATIN = 0.55
"""ems of a Latin character or a digit, about (a little more than the page's sans-serif
type gives them on average, so that a table is cards rather than a little too wide)."""


def _cards(table: str) -> str:
    """The rules that make each row of ``table`` (a selector) a card: the header only for
    screen readers, each value after the name of its column."""
    t = table
    return (
        f"{t},{t} tbody,{t} tr,{t} td{{display:block}}"
        f"{t} thead{{position:absolute;width:1px;height:1px;overflow:hidden;"
        "clip-path:inset(50%)}"
        f"{t} tr{{border:1px solid #ddd;border-radius:.4rem;margin:.6rem 0;"
        "padding:.4rem .6rem}"
        f"{t} td{{border:0;padding:.1rem 0;display:flex;flex-wrap:wrap;"
        "justify-content:space-between;column-gap:.8rem;text-align:right}"
        f"{t} td::before{{content:attr(data-label);color:#555;text-align:left}}"
        f"{t} td:first-child{{font-weight:bold}}"
        f"{t} td:first-child,{t} td:nth-child(2){{display:block;text-align:left}}"
        f"{t} td:first-child::before,{t} td:nth-child(2)::before{{content:none}}"
        f"{t} td:nth-child(2){{color:#555}}"
        f"{t} td:empty{{display:none}}"
        f"{t} td .est{{margin-left:auto}}"
    )


STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem;max-width:80rem;
line-height:1.4;color:#1b1b1b;background:#fff}
body>*{max-width:60rem}
body>table.wide{max-width:none}
h1,h2,h3,p,li,figcaption{overflow-wrap:anywhere}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}h3{font-size:1rem;margin:1.2rem 0 .3rem}
ul.variants{padding-left:1.2rem}
table{border-collapse:collapse;font-size:.85rem;width:100%}
th,td{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:right;vertical-align:top}
th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left}
.nw,.est .v,.est .i{white-space:nowrap}
.est .s{display:block;color:#555;font-size:.9em}
td.clear{font-weight:bold;color:#8a1c1c}
figure{margin:0 0 1rem}
figure svg{display:block;width:100%;max-width:28rem;height:auto}
figcaption{font-weight:bold;margin:.6rem 0 .2rem}
.unit{font-size:.85rem;color:#555}
div.plots{display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));column-gap:1.5rem}
div.plots figure{margin:0}
p.key span{display:inline-block;margin-right:1rem;white-space:nowrap}
p.key i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}
p.constant{margin:.2rem 0 1rem}
"""


def style(needs: Sequence[float]) -> str:
    """The page's rules, with the breakpoint of each table (``table.tN``, the ``N``-th, needs
    ``needs[N]`` rem of screen, :func:`table_rem`): below it, and below NARROW, its rows are
    cards; on a medium screen a card lays its values out in a grid."""
    out = [STYLE, f"@media (max-width:{NARROW}rem){{{_cards('table')}}}"]
    for n, need in enumerate(needs):
        if need <= NARROW:
            continue
        t = f"table.t{n}"
        out.append(f"@media (max-width:{need:.1f}rem){{{_cards(t)}}}")
        out.append(f"@media (min-width:{NARROW + 0.01:g}rem) and (max-width:{need:.1f}rem){{"
                   f"{t} tr{{display:grid;grid-template-columns:repeat(auto-fill,"
                   "minmax(15rem,1fr));column-gap:1.5rem}"
                   f"{t} td:first-child,{t} td:nth-child(2){{grid-column:1/-1}}}}")
    return "\n".join(out)


def pieces(text: str) -> list[float]:
    """The widths, in ems, of what a line cannot break inside in ``text``: its words (a word
    of wide characters breaks between them)."""
    out = [0.0]
    for word in text.split():
        run = 0.0
        for c in word:
            if is_wide(c):
                out += [run, 1.0]
                run = 0.0
            else:
                run += LATIN
        out.append(run)
    return out


def _cell_ems(cell: Cell) -> float:
    """The widest thing a line cannot break inside in a table cell, in ems: a value, an
    interval, a word or a p value of what is said of it."""
    parts = cell.parts
    if parts is None:
        return max(pieces(cell.text))
    star = " *" if cell.star else ""
    said = [LATIN * (len(s) + 2) if P_VALUE.match(s) else max(pieces(s)) for s in parts.said]
    return max(LATIN * len(parts.value + star), LATIN * len(parts.interval + star), *said)


def table_rem(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> float:
    """About how many rem of screen a table needs, its every column as narrow as the widest
    thing a line cannot break in it, padding and the page's margins included (estimated
    from the characters: LATIN em a Latin one, 1 em a wide one)."""
    columns = [BOLD * max(pieces(h)) for h in header]
    for cells in rows:
        columns = [max(w, _cell_ems(c)) for w, c in zip(columns, cells, strict=True)]
    return sum(TYPE * w + PADDING for w in columns) + GUTTER


def write_html(report: Mapping[str, Any], path: Path, lang: str) -> None:
    """Write the page; AsobiError when matplotlib is missing or the file cannot be written."""
    page = render(report, lang)
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise AsobiError(f"--html {path}: cannot write it ({exc.strerror})") from None


def render(report: Mapping[str, Any], lang: str) -> str:
    """The whole page (AsobiError when matplotlib is not installed)."""
    plt = pyplot()
    tr = translator("asobi", lang)
    head = title(report, lang)
    tables = sections(report, lang)
    needs = [table_rem(header, rows) for _, header, rows in tables]
    parts = [
        "<!doctype html>", f'<html lang="{escape(lang)}">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(head)}</title>", f"<style>{style(needs)}</style>", "</head>",
        "<body>", f"<h1>{escape(head)}</h1>", '<ul class="variants">',
        *[f"<li><b>{escape(v['name'])}</b>: {escape(v['title'])}</li>"
          for v in report["variants"]],
        "</ul>", *[f"<p>{escape(line)}</p>" for line in notes(report, lang)],
    ]
    key = _key(report)
    with plt.rc_context(RC):
        distributions = _distributions(plt, report, lang)
        shares = _shares(plt, report)
        differences = _differences(plt, report)
    if distributions:
        parts += [f"<h2>{escape(tr('Distributions side by side'))}</h2>", key, *distributions]
    if shares:
        heading = tr("The game's own figures (shares)")
        parts += [f"<h2>{escape(heading)}</h2>", key, f"<figure>{shares}</figure>"]
    if differences:
        heading = tr("Differences from {reference}, with their 95% intervals").format(
            reference=report.get("reference"))
        parts += [f"<h2>{escape(heading)}</h2>", '<div class="plots">', *differences,
                  "</div>"]
    for n, ((name, header, rows), need) in enumerate(zip(tables, needs, strict=True)):
        parts += [f"<h2>{escape(name)}</h2>", _table(header, rows, f"t{n}", need > TEXT_REM)]
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


JOINED = re.compile(r"[0-9A-Za-z\u00c0-\u024f_:.*+]+(?:[-/][0-9A-Za-z\u00c0-\u024f_:.*+]+)+")
"""A word of Latin letters joined by hyphens or slashes: ``sake-and-blossom``,
``ai:random/no-koikoi``, ``koi-koi``."""


P_VALUE = re.compile(r"p [=<] ")
"""What :func:`asobi.lab.report.p_text` writes."""


def unbroken(text: str) -> str:
    """``text`` as HTML whose words joined by a hyphen or a slash (:data:`JOINED`) are kept
    on one line: a browser breaks a line after a hyphen, which leaves a name in pieces in a
    narrow column. (Only Latin words: a Japanese line has no spaces to break at.)"""
    return JOINED.sub(lambda m: f'<span class="nw">{m.group(0)}</span>', escape(text))


def _table(header: Sequence[str], rows: Sequence[Sequence[Cell]], name: str,
           wide: bool) -> str:
    """A table whose cells carry their column's name (``data-label``) for the card layout;
    ``name`` is its class for its breakpoint (:func:`style`), and a ``wide`` one (wider than
    the text's column) may take the page's width."""
    out = [f'<table class="{name}{" wide" if wide else ""}">',
           "<thead><tr>" + "".join(f"<th>{unbroken(h)}</th>" for h in header)
           + "</tr></thead>", "<tbody>"]
    for cells in rows:
        tds = []
        for i, (cell, column) in enumerate(zip(cells, header, strict=True)):
            if i < 2 or cell.parts is None:
                tds.append(f"<td>{unbroken(cell.text)}</td>" if cell.text else "<td></td>")
                continue
            mark = ' class="clear"' if cell.star else ""
            tds.append(f'<td{mark} data-label="{escape(column)}">{_estimate(cell)}</td>')
        out.append("<tr>" + "".join(tds) + "</tr>")
    out += ["</tbody>", "</table>"]
    return "\n".join(out)


def _estimate(cell: Cell) -> str:
    """An estimate's value and interval, each kept whole (a line may break between them),
    and what is said of it on a line of its own."""
    assert cell.parts is not None
    star = " *" if cell.star else ""
    parts = cell.parts
    html = f'<span class="v">{escape(parts.value)}{"" if parts.interval else star}</span>'
    if parts.interval:
        html += f' <span class="i">{escape(parts.interval)}{star}</span>'
    if parts.said:  # a p value kept whole: "p = 0.41", never "p =" at the end of a line
        said = [f'<span class="nw">{escape(s)}</span>' if P_VALUE.match(s) else escape(s)
                for s in parts.said]
        html += f'<span class="s">({"; ".join(said)})</span>'
    return f'<span class="est">{html}</span>'


def _key(report: Mapping[str, Any]) -> str:
    """Which colour is which variant."""
    spans = [f'<span><i style="background:{COLOURS[i % len(COLOURS)]}"></i>'
             f"{escape(v['name'])}</span>" for i, v in enumerate(report["variants"])]
    return f'<p class="key">{"".join(spans)}</p>'


def constant_value(distribution: Mapping[str, Any]) -> float | None:
    """The one value of a distribution whose every observation is the same, else None."""
    if not distribution.get("n") or distribution.get("min") != distribution.get("max"):
        return None
    return float(distribution["min"])


def number(value: float) -> str:
    """``3`` for a whole number, ``2.50`` otherwise."""
    return str(round(value)) if abs(value - round(value)) < 1e-9 else f"{value:.2f}"


def _distributions(plt: Any, report: Mapping[str, Any], lang: str) -> list[str]:
    """For each figure with a distribution: its plot of the variants whose values vary (the
    figure's unit along the bottom, the share of games or rounds up the side), and in words
    the variants where every observation has the same value."""
    tr = translator("asobi", lang)
    names = [v["name"] for v in report["variants"]]
    out = []
    for figure in report["figures"]:
        if "distribution" not in figure:
            continue
        varied: dict[int, Sequence[Sequence[float]]] = {}
        same: dict[str, list[str]] = {}
        for i, name in enumerate(names):
            d = figure["distribution"].get(name, {})
            value = constant_value(d)
            if value is not None:
                same.setdefault(number(value), []).append(name)
            elif d.get("n"):
                varied[i] = d.get("histogram", [])
        words = [tr("{variants}: always {value}").format(variants=", ".join(vs), value=v)
                 for v, vs in same.items()]
        heading = f"<h3>{escape(figure['label'])}</h3>"
        if varied:
            svg = distribution_svg(plt, varied, names, figure["unit_label"],
                                   tr(OBSERVED.get(figure["key"], "share of games")))
            out.append(f"<figure>{heading}{svg}</figure>")
            heading = ""
        if words:
            unit = f'<div class="unit">{escape(figure["unit_label"])}</div>' if heading else ""
            out.append(f'{heading}{unit}<p class="constant">'
                       + "<br>".join(escape(w) for w in words) + "</p>")
    return out


def _shares(plt: Any, report: Mapping[str, Any]) -> str:
    """The game's own shares, each variant a bar with its interval, labels above the bars."""
    shown = [f for f in report["figures"] if f["kind"] == "game" and f["percent"]
             and any((e.get("value") or 0) > 0 for e in f["by_variant"].values())]
    if not shown:
        return ""
    names = [v["name"] for v in report["variants"]]
    rows = []
    for f in shown:
        bars = []
        for i, name in enumerate(names):
            e = f["by_variant"][name]
            bars.append(Share(COLOURS[i % len(COLOURS)], 100 * (e["value"] or 0.0),
                              _percent(e.get("low")), _percent(e.get("high"))))
        rows.append(Row(f["label"], bars))
    return stacked_svg(plt, rows, draw_share, limits=(0.0, 100.0))


def _percent(x: float | None) -> float | None:
    return None if x is None else 100 * x


def _differences(plt: Any, report: Mapping[str, Any]) -> list[str]:
    """Each share's differences from the reference with their intervals (red: starred), a
    plot of its own scale for each figure, its variants a row each (named when there are
    several)."""
    out = []
    several = len(report["variants"]) > 2
    for f in report["figures"]:
        if not f["percent"]:
            continue
        rows = [Row(variant if several else "", [Interval(
                    100 * d["value"], 100 * d["low"], 100 * d["high"], bool(d.get("star")))])
                for variant, d in (f.get("difference") or {}).items()
                if d.get("value") is not None and d.get("low") is not None]
        if rows:
            svg = stacked_svg(plt, rows, draw_interval, zero=True)
            out.append(f"<figure><figcaption>{escape(f['label'])}</figcaption>{svg}</figure>")
    return out
