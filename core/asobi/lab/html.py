"""``--html FILE``: the lab report as one self-contained page that reads on a phone.

The plots (:mod:`asobi.lab.plots`) are inline SVG scaled to the column, their text drawn by
the browser in any script; a distribution whose every value is the same is said in words
instead of drawn. On a narrow screen each row of a table becomes a card of its own, every
value under the name of its column, so nothing scrolls sideways. Every word is in the
report's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.i18n import translator
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
from asobi.lab.text import notes, sections, title

STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem;max-width:60rem;
line-height:1.4;color:#1b1b1b;background:#fff;overflow-wrap:anywhere}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}h3{font-size:1rem;margin:1.2rem 0 .3rem}
ul.variants{padding-left:1.2rem}
table{border-collapse:collapse;font-size:.85rem;width:100%}
th,td{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}
th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left;white-space:normal}
td.clear{font-weight:bold;color:#8a1c1c}
figure{margin:0 0 1rem}
figure svg{display:block;width:100%;max-width:28rem;height:auto}
figcaption,.unit{font-size:.85rem;color:#555}
p.key span{display:inline-block;margin-right:1rem;white-space:nowrap}
p.key i{display:inline-block;width:.9em;height:.9em;margin-right:.3em;vertical-align:-.1em}
p.constant{margin:.2rem 0 1rem}
@media (max-width:40rem){
table,tbody,tr,td{display:block}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
tr{border:1px solid #ddd;border-radius:.4rem;margin:.6rem 0;padding:.4rem .6rem}
td{border:0;padding:.1rem 0;display:flex;flex-wrap:wrap;justify-content:space-between;
column-gap:.8rem;text-align:right;white-space:normal}
td::before{content:attr(data-label);color:#555;text-align:left;white-space:normal}
td:first-child{font-weight:bold}
td:first-child,td:nth-child(2){display:block}
td:first-child::before,td:nth-child(2)::before{content:none}
td:nth-child(2){color:#555}
td:empty{display:none}
td span{margin-left:auto}
}
"""


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
    parts = [
        "<!doctype html>", f'<html lang="{escape(lang)}">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(head)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        f"<h1>{escape(head)}</h1>", '<ul class="variants">',
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
        parts += [f"<h2>{escape(heading)}</h2>", f"<figure>{differences}</figure>"]
    for name, header, rows in sections(report, lang):
        parts += [f"<h2>{escape(name)}</h2>", _table(header, rows)]
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table whose cells carry their column's name (``data-label``) for the narrow layout."""
    out = ["<table>", "<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in header)
           + "</tr></thead>", "<tbody>"]
    for cells in rows:
        tds = []
        for i, (cell, column) in enumerate(zip(cells, header, strict=True)):
            if i < 2 or not cell:
                tds.append(f"<td>{escape(cell)}</td>")
                continue
            mark = ' class="clear"' if cell.endswith(" *") else ""
            tds.append(f'<td{mark} data-label="{escape(column)}"><span>{escape(cell)}'
                       "</span></td>")
        out.append("<tr>" + "".join(tds) + "</tr>")
    out += ["</tbody>", "</table>"]
    return "\n".join(out)


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
    """For each figure with a distribution: its plot of the variants whose values vary, and
    in words the variants where every observation has the same value."""
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
        caption = (f"<h3>{escape(figure['label'])}</h3>"
                   f'<div class="unit">{escape(figure["unit_label"])}</div>')
        if varied:
            out.append(f"<figure>{caption}{distribution_svg(plt, varied)}</figure>")
            caption = ""
        if words:
            out.append(f'{caption}<p class="constant">'
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


def _differences(plt: Any, report: Mapping[str, Any]) -> str:
    """Each share's difference from the reference with its interval (red: clear of zero)."""
    rows = []
    several = len(report["variants"]) > 2
    for f in report["figures"]:
        for variant, d in (f.get("difference") or {}).items():
            if d.get("value") is not None and d.get("low") is not None and f["percent"]:
                label = f"{f['label']} · {variant}" if several else f["label"]
                rows.append(Row(label, [Interval(
                    100 * d["value"], 100 * d["low"], 100 * d["high"], bool(d.get("star")))]))
    if not rows:
        return ""
    return stacked_svg(plt, rows, draw_interval, zero=True)
