"""The plots of the lab's web page: SVG drawn with matplotlib, sized for a phone.

Every plot is 4 inches (288 points) wide, its numbers in 9-point and its labels in 10-point
text: scaled to a phone's 358 px column they are 11 and 12 px high, and the page caps a plot's
width (28rem) so that on a wide screen they stay under 16 px. Text stays text
(``svg.fonttype: none``): the browser draws it in any script. Long labels are not tick labels
squeezed beside the bars but lines of their own above them, wrapped to the plot's width.
matplotlib comes with the ``lab`` extra and is imported only here.
"""

from __future__ import annotations

import io
import math
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from asobi.errors import AsobiError
from asobi.i18n import break_lines, is_wide

COLOURS = ("#3465a4", "#cc0000", "#4e9a06", "#c4a000", "#75507b", "#ce5c00")
"""One colour a variant, in the report's order (the page's key uses the same)."""
WIDTH = 288.0
"""Points: every plot's width."""
FONT = 9.0
"""Points: the plots' numbers."""
LABEL = 10.0
"""Points: the labels of a stacked plot's rows."""
LINE = 13.5
"""Points: a line of a label or one bar of a stacked plot."""
AXIS = 24.0
"""Points under a stacked plot for its axis and tick labels."""
EDGE = (12.0, 14.0)
"""Points left and right of a stacked plot's axes (each holds half a tick label)."""
TEXT_EMS = (WIDTH - EDGE[1]) / LABEL - 1.0
"""How many ems a label line may take before it wraps."""
TALL = 6
"""A stacked plot of more rows than this has its scale above the rows as well as below."""


def pyplot() -> Any:
    """matplotlib's pyplot on the Agg backend; AsobiError when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise AsobiError(
            "--html needs matplotlib: install asobi with the lab extra (pip install 'asobi[lab]')"
        ) from None
    return plt


RC = {"svg.fonttype": "none", "font.size": FONT, "svg.hashsalt": "asobi-lab",
      "axes.spines.top": False, "axes.spines.right": False}
"""matplotlib's settings while the page's plots are drawn (``plt.rc_context(RC)``): text kept
as text, the same element ids for the same report."""


@contextmanager
def _glyphs_unchecked() -> Iterator[None]:
    """Glyphs DejaVu lacks (Japanese) are no matter here: the browser draws the text."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Glyph", category=UserWarning)
        yield


def _svg(plt: Any, fig: Any) -> str:
    buffer = io.StringIO()
    with _glyphs_unchecked():
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def ems(text: str) -> float:
    """The width of ``text`` in ems, roughly: 1 for a wide (CJK) character, 0.6 for others."""
    return sum(1.0 if is_wide(c) else 0.6 for c in text)


def wrap(text: str, limit: float = TEXT_EMS) -> list[str]:
    """``text`` in lines of at most ``limit`` ems (:func:`asobi.i18n.break_lines`). A word
    longer than a line keeps a line of its own."""
    return break_lines(text, limit, ems)


SCALE_APART = 3.0
"""Variants whose largest values differ by more than this factor get panels of their own
(twelve rounds of points against a single deal's): on one axis the smaller is a sliver."""
BINS = 20
"""The most bars a variant has in a panel: exact values while they are few, else bins."""


@dataclass(frozen=True)
class Bins:
    """A panel's bars: ``count`` bins of ``width`` from ``start`` (exact whole values when
    ``width`` is 1 and ``start`` whole)."""

    start: float
    width: float
    count: int

    def index(self, value: float) -> int:
        return min(self.count - 1, max(0, int((value - self.start) / self.width + 1e-9)))

    def centre(self, i: int, exact: bool) -> float:
        return self.start + i * self.width + (0.0 if exact else self.width / 2)


def _nice(step: float, whole: bool) -> float:
    """The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least ``step`` (a
    whole number for ``whole`` values, which a width of 2.5 would share out unevenly)."""
    power = 10.0 ** math.floor(math.log10(step))
    widths = [m * power for m in (1.0, 2.0, 2.5, 5.0, 10.0)]
    if whole:
        widths = [max(1.0, w) for w in widths if w >= 1.0 and float(w).is_integer()] or [1.0]
    return next((w for w in widths if w >= step - 1e-12), widths[-1])


def panel_bins(histograms: Sequence[Sequence[Sequence[float]]]) -> tuple[Bins, bool]:
    """The bins of a panel of these histograms (``[value, count]`` pairs): one a whole value
    while there are at most BINS of them, else BINS or fewer bins of a round width; and
    whether the bars stand on exact values."""
    values = [h[0] for hist in histograms for h in hist]
    low, high = min(values), max(values)
    whole = all(float(x).is_integer() for x in values)
    steps = [_step([h[0] for h in hist]) for hist in histograms if len(hist) > 1]
    step = min(steps, default=1.0)
    if whole and high - low + 1 <= BINS:
        return Bins(low, 1.0, int(high - low) + 1), True
    if not whole and (high - low) / step + 1 <= BINS:  # few values, binned already
        return Bins(low, step, int(round((high - low) / step)) + 1), True
    width = _nice(max(high - low, 1e-9) / BINS, whole)
    start = math.floor(low / width) * width
    return Bins(start, width, int((high - start) // width) + 1), False


def scale_groups(histograms: Mapping[int, Sequence[Sequence[float]]]) -> list[list[int]]:
    """The variants grouped into panels: in order of their largest value, a new panel when
    one's largest value is more than SCALE_APART times the first of its panel's."""
    reach = {i: max((abs(h[0]) for h in hist), default=0.0) for i, hist in histograms.items()}
    groups: list[list[int]] = []
    for i in sorted(histograms, key=lambda i: (reach[i], i)):
        if groups and reach[i] <= SCALE_APART * max(reach[groups[-1][0]], 1.0):
            groups[-1].append(i)
        else:
            groups.append([i])
    return [sorted(g) for g in groups]


def distribution_svg(plt: Any, histograms: Mapping[int, Sequence[Sequence[float]]],
                     names: Sequence[str], unit: str, observed: str) -> str:
    """Bars side by side: for each variant (by its place in the report, which picks its
    colour and its name in ``names``), the share of observations (``observed``: "share of
    games") at each value of its histogram, ``unit`` along the bottom. Variants of very
    different scales (:func:`scale_groups`) get panels of their own, one under the other,
    each titled with its variants' names."""
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    drawn = {i: h for i, h in histograms.items() if h}
    groups = scale_groups(drawn)
    fig, axes = plt.subplots(len(groups), 1, figsize=(WIDTH / 72, 0.4 + 1.9 * len(groups)),
                             layout="constrained", squeeze=False)
    for ax, group in zip(axes[:, 0], groups, strict=True):
        bins, exact = panel_bins([drawn[i] for i in group])
        width = 0.8 / len(group)
        for slot, i in enumerate(group):
            counts = [0.0] * bins.count
            for value, count in drawn[i]:
                counts[bins.index(value)] += count
            total = sum(counts) or 1.0
            xs = [bins.centre(b, exact) + (slot - (len(group) - 1) / 2) * width * bins.width
                  for b in range(bins.count)]
            ax.bar(xs, [100 * c / total for c in counts], width=width * bins.width,
                   color=COLOURS[i % len(COLOURS)])
        ax.yaxis.set_major_formatter(PercentFormatter(decimals=0))
        ax.yaxis.set_major_locator(MaxNLocator(4))
        ax.xaxis.set_major_locator(MaxNLocator(7, integer=exact and bins.width == 1))
        ax.set_xlabel(unit)
        ax.set_ylabel(observed)
        if len(groups) > 1:
            ax.set_title(", ".join(names[i] for i in group), loc="left", fontsize=FONT)
    return _svg(plt, fig)


def _step(xs: Sequence[float]) -> float:
    gaps = [b - a for a, b in zip(xs, xs[1:], strict=False) if b > a]
    return min(gaps) if gaps else 1.0


@dataclass(frozen=True)
class Row:
    """One entry of a stacked plot: its label, and one mark a line under it."""

    label: str
    marks: Sequence[Any]


def stacked_svg(plt: Any, rows: Sequence[Row], draw: Callable[[Any, float, Any], None],
                limits: tuple[float, float] | None = None, zero: bool = False) -> str:
    """Rows one under the other, each its wrapped label and then its marks, a line each;
    ``draw(ax, y, mark)`` draws a mark centred on ``y``. The x axis is in percent."""
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    placed: list[tuple[float, list[str], float]] = []
    y = 0.3
    for row in rows:
        lines = wrap(row.label) if row.label else []
        placed.append((y, lines, y + len(lines)))
        y += len(lines) + len(row.marks) + 0.6
    height = y * LINE
    above = AXIS if len(rows) > TALL else 2.0
    total = height + AXIS + above
    fig = plt.figure(figsize=(WIDTH / 72, total / 72))
    ax = fig.add_axes((EDGE[0] / WIDTH, AXIS / total, 1 - sum(EDGE) / WIDTH, height / total))
    if len(rows) > TALL:  # the scale above the rows too
        ax.tick_params(axis="x", labeltop=True)
    ax.set_ylim(y, 0)
    ax.set_yticks([])
    ax.spines["left"].set_visible(False)
    ax.xaxis.set_major_formatter(PercentFormatter(decimals=None))
    ax.xaxis.set_major_locator(MaxNLocator(5))
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    if zero:
        ax.axvline(0, color="#888888", linewidth=0.8)
    side = ax.get_yaxis_transform()  # x in axes fractions, y in data
    flush = -EDGE[0] / (WIDTH - sum(EDGE))  # the plot's left edge
    for (start, lines, first), row in zip(placed, rows, strict=True):
        for k, text in enumerate(lines):
            ax.text(flush, start + k + 0.5, text, transform=side, va="center", ha="left",
                    color="#1b1b1b", fontsize=LABEL)
        for k, mark in enumerate(row.marks):
            draw(ax, first + k + 0.5, mark)
    if limits is not None:
        ax.set_xlim(*limits)
    _ticks_inside(fig, ax)
    return _svg(plt, fig)


def _ticks_inside(fig: Any, ax: Any, margin: float = 2.0) -> None:
    """Align a tick label that would stick out of the plot with the plot's edge instead of
    centring it on its tick (an interval far from zero puts a tick at the very edge)."""
    with _glyphs_unchecked():
        fig.draw_without_rendering()  # text extents, no pixels
    renderer = fig.canvas.get_renderer()
    edge = margin * fig.dpi / 72
    for tick in ax.xaxis.get_major_ticks():
        for label in (tick.label1, tick.label2):
            if not label.get_visible() or not label.get_text():
                continue
            box = label.get_window_extent(renderer)
            if box.x0 < edge:
                label.set_horizontalalignment("left")
            elif box.x1 > fig.bbox.width - edge:
                label.set_horizontalalignment("right")


@dataclass(frozen=True)
class Share:
    """A bar: a variant's share in percent with its interval, in that variant's colour."""

    colour: str
    value: float
    low: float | None
    high: float | None


def draw_share(ax: Any, y: float, share: Share) -> None:
    """The bar, and its interval cut to 0-100% (an interval of a few games may reach past)."""
    ax.barh([y], [share.value], height=0.75, color=share.colour)
    if share.low is not None and share.high is not None:
        low, high = max(0.0, share.low), min(100.0, share.high)
        ax.errorbar([share.value], [y], xerr=[[max(0.0, share.value - low)],
                                              [max(0.0, high - share.value)]],
                    fmt="none", ecolor="#1b1b1b", elinewidth=0.8, capsize=2)


@dataclass(frozen=True)
class Interval:
    """A difference in percentage points with its interval, red when it leaves out zero."""

    value: float
    low: float
    high: float
    clear: bool


def draw_interval(ax: Any, y: float, interval: Interval) -> None:
    colour = COLOURS[1] if interval.clear else "#555555"
    ax.plot([interval.low, interval.high], [y, y], color=colour, linewidth=1.6)
    ax.plot([interval.value], [y], "o", color=colour, markersize=4)
