"""The figures of a run as CSV rows and as an SVG image (matplotlib, the `plots` extra).

Both read the JSON object of figures.py, so `--csv`, `--plot` and the site's statistics pages
(which draw from a cached JSON file) show the same numbers.
"""

from __future__ import annotations

import csv
import io
import textwrap
from typing import Any, Iterator

from ..language import catalogue
from ..language.errors import UsageError
from ..language.numbers import decimal, percent

CSV_COLUMNS = ("figure", "group", "value", "low", "high", "of")
LABELS = catalogue.by_language("plot.", "simulation")  # the plots' words, the catalogue's


def csv_rows(data: dict[str, Any]) -> Iterator[tuple[Any, ...]]:
    """Every figure as (figure, group, value, low, high, of)."""
    def rate(name: str, group: Any, figure: dict[str, Any]) -> tuple[Any, ...]:
        return (name, group, figure["rate"], figure["low"], figure["high"], figure["of"])

    yield rate("fish_rate", "", data["rates"]["fish"])
    yield rate("redeal_rate", "", data["rates"]["redeal"])
    length = data["match_length"]
    yield ("match_length_mean", "", length["mean"], length["low"], length["high"], length["of"])
    for rounds, count in length["histogram"].items():
        yield ("match_length_matches", rounds, count, "", "", length["of"])
    for key, name in (("by_side", "goat_by_side"), ("by_seat", "goat_by_seat"),
                      ("after_first_leader", "goat_by_seat_after_first_leader")):
        for group, figure in enumerate(data["goat"][key]):
            yield rate(name, group, figure)
    first = data["first_lead"]
    yield rate("round_loss_leader_side", "", first["round_loss_leader_side"])
    yield rate("round_loss_other_sides", "", first["round_loss_other_sides"])
    for stop in data["stops"]:
        yield ("stopped_matches", stop["rule"], stop["count"], "", "", data["played"])


def csv_text(data: dict[str, Any]) -> str:
    """The figures as a CSV file's text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(("" if v is None else v for v in row) for row in csv_rows(data))
    return out.getvalue()


def require_matplotlib() -> None:
    """Raise UsageError when matplotlib is not installed (checked before any match)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'kozel[plots]'") from None


def _wrapped(label: str, width: int = 8) -> str:
    """A tick label over lines of at most `width` characters (long labels cross each other)."""
    return "\n".join(textwrap.wrap(label, width, break_long_words=False)) or label


def _bars(axes: Any, labels: list[str], figures: list[dict[str, Any]], colour: str,
          across: bool = False) -> None:
    """Bars of rates with their 95% intervals as error bars; `across` lays them on their side,
    for many bars whose labels would run into each other below them."""
    values = [f["rate"] or 0.0 for f in figures]
    low = [v - (f["low"] if f["low"] is not None else v) for v, f in zip(values, figures)]
    high = [(f["high"] if f["high"] is not None else v) - v for v, f in zip(values, figures)]
    top = max([1e-9] + [v + h for v, h in zip(values, high)]) * 1.15
    if across:
        axes.barh(labels[::-1], values[::-1], xerr=[low[::-1], high[::-1]], capsize=3,
                  color=colour)
        axes.set_xlim(0, top)
        return
    axes.bar([_wrapped(label) for label in labels], values, yerr=[low, high], capsize=3,
             color=colour)
    axes.set_ylim(0, top)


def _title(axes: Any, text: str, width: int) -> None:
    """A panel's title over lines that fit it (a long one would be cut at the figure's edge)."""
    axes.set_title("\n".join(textwrap.wrap(text, width)))


def _length_panel(axes: Any, data: dict[str, Any], words: dict[str, str], width: int) -> None:
    histogram = data["match_length"]["histogram"]
    axes.bar([int(k) for k in histogram], list(histogram.values()), color="#8d6e63")
    _title(axes, f"{words['length']}, {words['of'].format(n=data['completed'])}", width)
    axes.set_ylabel(words["matches"])


def _rates_panel(axes: Any, data: dict[str, Any], words: dict[str, str], width: int) -> None:
    lead = data["first_lead"]
    _bars(axes, [words["fish"], words["redeal"], words["leader"], words["other"]],
          [data["rates"]["fish"], data["rates"]["redeal"], lead["round_loss_leader_side"],
           lead["round_loss_other_sides"]], "#5d4037")
    _title(axes, f"{words['rates']}, {words['rounds'].format(n=data['rounds'])}", width)
    axes.set_ylabel(words["rate"])


def _goat_panel(axes: Any, data: dict[str, Any], words: dict[str, str], width: int) -> None:
    goat = data["goat"]
    _bars(axes, [f"{words['side']} {i + 1}" for i in range(len(goat["by_side"]))]
          + [f"{words['seat']} {i + 1}" for i in range(len(goat["by_seat"]))],
          goat["by_side"] + goat["by_seat"], "#ff7043", across=True)
    _title(axes, f"{words['goat']}, {words['of'].format(n=data['completed'])}", width)
    axes.set_xlabel(words["rate"])


def _first_panel(axes: Any, data: dict[str, Any], words: dict[str, str], width: int) -> None:
    after = data["goat"]["after_first_leader"]
    _bars(axes, [f"+{i}" for i in range(len(after))], after, "#a1887f")
    _title(axes, words["first"], width)
    axes.set_ylabel(words["rate"])


# The panels of a run's figures, in the order they are shown; the key names each one's file.
PANELS = {"length": _length_panel, "rates": _rates_panel, "goat": _goat_panel,
          "first": _first_panel}
# The axes of each panel that show a rate (said as a percent), the others counting matches or
# rounds (said as numbers): ticks as the reader's language writes them, 74 % not 0.742.
RATE_AXES = {"length": "", "rates": "y", "goat": "x", "first": "y"}


def plot_number(value: float, lang: str, *, share: bool) -> str:
    """A number on a plot as the language writes it: a share as a percent («69 %», "69%"),
    else a count; `kozel simulate --plot`, the site and the playground all say it with this."""
    if share:
        return percent(value, lang, _digits(value * 100))
    return decimal(value, lang, _digits(value))


def _localised_ticks(axes: Any, key: str, lang: str) -> None:
    """Each value axis's ticks as the language writes numbers (Babel): rates as percents."""
    from matplotlib.ticker import FuncFormatter

    rate = FuncFormatter(lambda value, _: plot_number(value, lang, share=True))
    count = FuncFormatter(lambda value, _: plot_number(value, lang, share=False))
    if RATE_AXES[key]:
        getattr(axes, f"{RATE_AXES[key]}axis").set_major_formatter(rate)
    else:  # the length panel: match lengths (x) and numbers of matches (y)
        axes.xaxis.set_major_formatter(count)
        axes.yaxis.set_major_formatter(count)


def _digits(value: float) -> int:
    """No decimals for a whole tick, one for a tick between (2.5): a tick said exactly."""
    return 0 if abs(value - round(value)) < 1e-6 else 1


def _svg(figure: Any) -> str:
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def figures_svg(data: dict[str, Any], lang: str = "en") -> str:
    """The figures of a run as one SVG image of four panels (needs matplotlib)."""
    import matplotlib
    matplotlib.use("svg")
    from matplotlib.figure import Figure

    matplotlib.rcParams["svg.hashsalt"] = "kozel"  # the same figures give the same file
    figure = Figure(figsize=(10, 7), layout="constrained")
    for axes, (key, panel) in zip(figure.subplots(2, 2).flat, PANELS.items()):
        panel(axes, data, LABELS[lang], 55)
        _localised_ticks(axes, key, lang)
        axes.tick_params(axis="x", labelsize=8)
    return _svg(figure)


# One panel as its own image, for a page read on any screen: small enough that its text, at
# 11 pt in a 4.2 in wide image, is still 12 px or more where a phone shows it 360 px wide.
PANEL_SIZE = (4.2, 3.2)
# (Any: matplotlib types rc_context's keys as a Literal of every rc name)
PANEL_STYLE: Any = {"svg.hashsalt": "kozel", "svg.fonttype": "none", "font.size": 11,
                    "axes.titlesize": 11, "xtick.labelsize": 10.5, "ytick.labelsize": 10.5}


def figure_svgs(data: dict[str, Any], lang: str = "en") -> dict[str, str]:
    """Each panel of a run's figures as an SVG image of its own, by PANELS key (needs
    matplotlib); its text is text, which the page's reader can select and search."""
    import matplotlib
    matplotlib.use("svg")
    from matplotlib.figure import Figure

    images = {}
    with matplotlib.rc_context(PANEL_STYLE):
        for key, panel in PANELS.items():
            figure = Figure(figsize=PANEL_SIZE, layout="constrained")
            axes = figure.subplots()
            panel(axes, data, LABELS[lang], 36)
            _localised_ticks(axes, key, lang)
            images[key] = _svg(figure)
    return images
