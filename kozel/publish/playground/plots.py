"""A run's plots as small standalone SVG charts, without matplotlib.

The panels are the site's and `kozel simulate --plot`'s own (interpreter/simulation/exports.py
PANELS): each panel function is called, as it is with matplotlib, on an axes object; this one
keeps the bars, titles and labels it is given and writes them as SVG. So the numbers, their
intervals and the labels (in `lang`) are exactly those of the other plots, and so is the
way a number is written on them (exports.plot_number: shares as percents, «69,4 %» in Russian).
"""

from __future__ import annotations

import math
from functools import partial
from html import escape
from typing import Any, Callable, Sequence

from interpreter.simulation.exports import LABELS, PANELS, RATE_AXES, plot_number

WIDTH, HEIGHT = 420, 300
LEFT, RIGHT, TOP, BOTTOM = 52, 14, 46, 58  # the margins around the plotting area


class Bars:
    """What a panel draws: bars with their error bars, a title, the axis labels."""

    def __init__(self) -> None:
        self.labels: list[str] = []
        self.values: list[float] = []
        self.errors: list[tuple[float, float]] = []
        self.across = False  # bars on their side (many of them, labels on the left)
        self.colour = "#8d6e63"
        self.title, self.value_label, self.top = "", "", 0.0
        self.share = False  # its values are shares (a percent each), not counts
        self.number: Callable[[float], str] = str  # a value as the plot writes it (panel_svg)

    def bar(self, labels: Sequence[Any], values: Sequence[float], yerr: Any = None,
            color: str = "#8d6e63", **_: Any) -> None:
        """Upright bars (matplotlib's Axes.bar as the panels call it)."""
        self._keep(labels, values, yerr, color)

    def barh(self, labels: Sequence[Any], values: Sequence[float], xerr: Any = None,
             color: str = "#8d6e63", **_: Any) -> None:
        """Bars on their side, given bottom first (Axes.barh): kept top first."""
        self.across = True
        self._keep(list(labels)[::-1], list(values)[::-1],
                   [list(e)[::-1] for e in xerr] if xerr is not None else None, color)

    def _keep(self, labels: Sequence[Any], values: Sequence[float], errors: Any,
              colour: str) -> None:
        self.labels = [str(label) for label in labels]  # wrapped by the panel, lines by \n
        self.values = [float(v) for v in values]
        low, high = errors if errors is not None else ([0.0] * len(values), [0.0] * len(values))
        self.errors = [(float(a), float(b)) for a, b in zip(low, high)]
        self.colour = colour

    def set_title(self, text: str) -> None:
        """The panel's title (its lines joined again: the SVG wraps it itself)."""
        self.title = " ".join(text.split("\n"))

    def set_ylabel(self, text: str) -> None:
        """The label of the values' axis."""
        self.value_label = text

    set_xlabel = set_ylabel

    def set_ylim(self, low: float, high: float) -> None:
        """The top of the values' axis."""
        self.top = high

    set_xlim = set_ylim

    def tick_params(self, **_: Any) -> None:
        """Tick sizes: the SVG has its own."""


def _top(bars: Bars) -> float:
    return bars.top or max([1e-9] + [v + e[1] for v, e in zip(bars.values, bars.errors)]) * 1.15


def _text(x: float, y: float, text: str, size: int = 11, anchor: str = "middle",
          extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"{extra}>'
            f"{escape(text)}</text>")


def _title_lines(title: str, width: int = 58) -> list[str]:
    words, lines = title.split(), [""]
    for item in words:
        if lines[-1] and len(lines[-1]) + 1 + len(item) > width:
            lines.append("")
        lines[-1] = f"{lines[-1]} {item}".strip()
    return lines[:2]


def _upright(bars: Bars) -> list[str]:
    """The bars standing, their labels below, the value axis on the left."""
    area_w, area_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    top, n = _top(bars), len(bars.values)
    step, shapes = area_w / max(n, 1), []
    for i, (label, value, (low, high)) in enumerate(zip(bars.labels, bars.values, bars.errors)):
        x, h = LEFT + i * step + step * 0.15, area_h * value / top
        shapes.append(f'<rect x="{x:.1f}" y="{TOP + area_h - h:.1f}" width="{step * 0.7:.1f}" '
                      f'height="{h:.1f}" fill="{bars.colour}"><title>{escape(" ".join(label.split()))}: '
                      f"{escape(bars.number(value))}</title></rect>")
        centre = x + step * 0.35
        if low or high:
            y1 = TOP + area_h * (1 - (value - low) / top)
            y2 = TOP + area_h * (1 - (value + high) / top)
            shapes.append(f'<line x1="{centre:.1f}" y1="{y1:.1f}" x2="{centre:.1f}" y2="{y2:.1f}" '
                          'stroke="#222" stroke-width="1.2"/>')
        size = 10 if n <= 8 else 8
        if n <= 12 or i % 2 == 0:  # many bars (a long histogram): every other label
            shapes += [_text(centre, TOP + area_h + 14 + 11 * row, line, size)
                       for row, line in enumerate(label.split("\n"))]
    shapes.append(_text(14, TOP + area_h / 2, bars.value_label, 10, extra=(
        f' transform="rotate(-90 14 {TOP + area_h / 2:.1f})"')))
    shapes += _axis(bars, top, vertical=True)
    return shapes


def _across(bars: Bars) -> list[str]:
    """The bars lying, top first, their labels on the left, the value axis below."""
    left, area_w = LEFT + 30, WIDTH - LEFT - 30 - RIGHT
    area_h, top, n = HEIGHT - TOP - BOTTOM, _top(bars), len(bars.values)
    step, shapes = area_h / max(n, 1), []
    for i, (label, value, (low, high)) in enumerate(zip(bars.labels, bars.values, bars.errors)):
        y, w = TOP + i * step + step * 0.15, area_w * value / top
        shapes.append(f'<rect x="{left}" y="{y:.1f}" width="{w:.1f}" height="{step * 0.7:.1f}" '
                      f'fill="{bars.colour}"><title>{escape(label)}: '
                      f"{escape(bars.number(value))}</title></rect>")
        middle = y + step * 0.35
        if low or high:
            x1, x2 = left + area_w * (value - low) / top, left + area_w * (value + high) / top
            shapes.append(f'<line x1="{x1:.1f}" y1="{middle:.1f}" x2="{x2:.1f}" y2="{middle:.1f}" '
                          'stroke="#222" stroke-width="1.2"/>')
        shapes.append(_text(left - 4, middle + 4, " ".join(label.split()), 10, "end"))
    shapes.append(_text(left + area_w / 2, HEIGHT - 12, bars.value_label, 10))
    return shapes + _axis(bars, top, vertical=False, left=left)


def _tick_values(top: float, whole: bool) -> list[float]:
    """Round ticks from 0 up to the top, at most five steps (1, 2 or 5 times a power of ten, as
    matplotlib picks them for the other plots). A count's step is at least 1 (matches are
    whole), a share's 0.1 % (plot_number writes one decimal of a percent, no more)."""
    rough = top / 5
    power = 10.0 ** math.floor(math.log10(rough))
    step = next(power * m for m in (1, 2, 5, 10) if power * m >= rough * (1 - 1e-9))
    step = max(step, 1.0 if whole else 0.001)
    return [round(i * step, 12) for i in range(int(top / step * (1 + 1e-9)) + 1)]


def _axis(bars: Bars, top: float, *, vertical: bool, left: int = LEFT) -> list[str]:
    """The value axis: its line and round ticks, written as the other plots write them."""
    area_w, area_h = WIDTH - left - RIGHT, HEIGHT - TOP - BOTTOM
    marks = []
    for value in _tick_values(top, whole=not bars.share):
        text, share = bars.number(value), value / top
        if vertical:
            y = TOP + area_h * (1 - share)
            marks.append(_text(left - 4, y + 4, text, 9, "end"))
        else:
            marks.append(_text(left + area_w * share, TOP + area_h + 14, text, 9))
    end = (f'<line x1="{left}" y1="{TOP}" x2="{left}" y2="{TOP + area_h}" stroke="#444"/>'
           if vertical else
           f'<line x1="{left}" y1="{TOP + area_h}" x2="{left + area_w}" y2="{TOP + area_h}" '
           'stroke="#444"/>')
    return marks + [end]


def panel_svg(key: str, data: dict[str, Any], lang: str) -> str:
    """One panel of PANELS drawn from a run's JSON, as a standalone SVG image."""
    bars = Bars()
    bars.share = bool(RATE_AXES[key])  # a panel of rates: its values are shares
    bars.number = partial(plot_number, lang=lang, share=bars.share)
    PANELS[key](bars, data, LABELS[lang], 58)
    heads = [_text(WIDTH / 2, 18 + 15 * i, line, 12, extra=' font-weight="bold"')
             for i, line in enumerate(_title_lines(bars.title))]
    body = _across(bars) if bars.across else _upright(bars)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="kz-plot" data-panel="{key}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(bars.title)}" '
            'font-family="sans-serif">'
            f"<title>{escape(bars.title)}</title>{''.join(heads + body)}</svg>")


def plots(data: dict[str, Any], lang: str) -> list[str]:
    """Every panel of a run, in the order the site shows them."""
    return [panel_svg(key, data, lang) for key in PANELS]
