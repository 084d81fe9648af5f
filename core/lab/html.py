"""``--html FILE``: the lab report as one self-contained page, plots made with matplotlib.

The plots are inline SVG whose text stays text (the browser draws it, in any script), the
tables scroll sideways on a narrow screen, and every word is in the report's language.
matplotlib comes with the ``lab`` extra and is imported only here.
"""

from __future__ import annotations

import io
import textwrap
import warnings
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from asobi.errors import AsobiError
from asobi.i18n import translator
from asobi.lab.text import intro, sections

STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem;max-width:60rem;
line-height:1.4;color:#1b1b1b;background:#fff}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:2rem}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;font-size:.85rem;min-width:100%}
th,td{padding:.3rem .5rem;border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}
th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left;white-space:normal}
td.clear{font-weight:bold;color:#8a1c1c}
figure{margin:1rem 0}figure svg{width:100%;height:auto}
figcaption{font-size:.85rem;color:#555}
"""
COLOURS = ("#3465a4", "#cc0000", "#4e9a06", "#c4a000", "#75507b", "#ce5c00")


def write_html(report: Mapping[str, Any], path: Path, lang: str) -> None:
    """Write the page; AsobiError when matplotlib is missing or the file cannot be written."""
    page = render(report, lang)
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise AsobiError(f"--html {path}: cannot write it ({exc.strerror})") from None


def render(report: Mapping[str, Any], lang: str) -> str:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise AsobiError(
            "--html needs matplotlib: install asobi with the lab extra (pip install 'asobi[lab]')"
        ) from None
    head = intro(report, lang)
    parts = [
        "<!doctype html>", f'<html lang="{escape(lang)}">', "<head>", '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(head[0])}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        f"<h1>{escape(head[0])}</h1>", *[f"<p>{escape(line)}</p>" for line in head[1:]],
    ]
    plt.rcParams.update({"svg.fonttype": "none", "font.size": 9})
    with warnings.catch_warnings():  # glyphs DejaVu lacks (Japanese): the browser draws them
        warnings.filterwarnings("ignore", message="Glyph", category=UserWarning)
        plots = _plots(plt, report, lang)
    for title, svg in plots:
        if svg:
            parts += [f"<h2>{escape(title)}</h2>", f"<figure>{svg}</figure>"]
    for title, header, rows in sections(report, lang):
        parts += [f"<h2>{escape(title)}</h2>", '<div class="scroll"><table>',
                  "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in header) + "</tr>"]
        for cells in rows:
            parts.append("<tr>" + "".join(
                f'<td class="clear">{escape(c)}</td>' if c.endswith(" *") else
                f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
        parts.append("</table></div>")
    parts += ["</body>", "</html>", ""]
    return "\n".join(parts)


def _plots(plt: Any, report: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    tr = translator("asobi", lang)
    return [
        (tr("Distributions side by side"), _distributions(plt, report, lang)),
        (tr("The game's own figures (shares)"), _shares(plt, report)),
        (tr("Differences from {reference}, with their 95% intervals").format(
            reference=report.get("reference")), _differences(plt, report)),
    ]


def _svg(plt: Any, fig: Any) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _distributions(plt: Any, report: Mapping[str, Any], lang: str) -> str:
    shown = [f for f in report["figures"] if "distribution" in f]
    if not shown:
        return ""
    fig, axes = plt.subplots(len(shown), 1, figsize=(7, 2.6 * len(shown)))
    axes = axes if len(shown) > 1 else [axes]
    names = [v["name"] for v in report["variants"]]
    for ax, figure in zip(axes, shown, strict=True):
        width = 0.8 / len(names)
        for i, name in enumerate(names):
            hist = figure["distribution"][name].get("histogram", [])
            if not hist:
                continue
            step = _step([h[0] for h in hist])
            xs = [h[0] + (i - (len(names) - 1) / 2) * width * step for h in hist]
            total = sum(h[1] for h in hist) or 1.0
            ax.bar(xs, [h[1] / total for h in hist], width=width * step,
                   color=COLOURS[i % len(COLOURS)], label=name)
        ax.set_title(figure["label"])
        ax.set_xlabel(figure["unit_label"])
        ax.legend()
    fig.tight_layout()
    return _svg(plt, fig)


def _step(xs: Sequence[float]) -> float:
    gaps = [b - a for a, b in zip(xs, xs[1:], strict=False) if b > a]
    return min(gaps) if gaps else 1.0


def _shares(plt: Any, report: Mapping[str, Any]) -> str:
    shown = [f for f in report["figures"] if f["kind"] == "game" and f["percent"]
             and any((e.get("value") or 0) > 0 for e in f["by_variant"].values())]
    if not shown:
        return ""
    names = [v["name"] for v in report["variants"]]
    fig, ax = plt.subplots(figsize=(7, 0.32 * len(shown) * len(names) + 1))
    height = 0.8 / len(names)
    for i, name in enumerate(names):
        ys: list[float] = []
        xs: list[float] = []
        errs: list[list[float]] = [[], []]
        for row, f in enumerate(shown):
            e = f["by_variant"][name]
            value = 100 * (e["value"] or 0.0)
            ys.append(row + (i - (len(names) - 1) / 2) * height)
            xs.append(value)
            errs[0].append(value - 100 * e["low"] if e["low"] is not None else 0.0)
            errs[1].append(100 * e["high"] - value if e["high"] is not None else 0.0)
        errs = [[max(0.0, x) for x in side] for side in errs]
        ax.barh(ys, xs, height=height, xerr=errs, color=COLOURS[i % len(COLOURS)], label=name)
    ax.set_yticks(range(len(shown)), [_wrap(f["label"]) for f in shown])
    ax.invert_yaxis()
    ax.set_xlabel("%")
    ax.legend()
    fig.tight_layout()
    return _svg(plt, fig)


def _differences(plt: Any, report: Mapping[str, Any]) -> str:
    rows = []
    for f in report["figures"]:
        for variant, d in (f.get("difference") or {}).items():
            if d.get("value") is not None and d.get("low") is not None and f["percent"]:
                rows.append((f"{f['label']} ({variant})", 100 * d["value"], 100 * d["low"],
                             100 * d["high"], d["clear_of_zero"]))
    if not rows:
        return ""
    fig, ax = plt.subplots(figsize=(7, 0.42 * len(rows) + 1))
    for y, (_, value, low, high, clear) in enumerate(rows):
        colour = COLOURS[1] if clear else "#555555"
        ax.plot([low, high], [y, y], color=colour)
        ax.plot([value], [y], "o", color=colour)
    ax.axvline(0, color="#999999", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [_wrap(r[0]) for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel("%")
    fig.tight_layout()
    return _svg(plt, fig)


def _wrap(label: str) -> str:
    return textwrap.fill(label, 30)
