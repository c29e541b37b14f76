"""`kozel balance --plot`: one panel per measure, each figure a bar (a variant's colour) with
its 95% interval as an error bar, grouped by way of playing; drawn from the report's JSON with
matplotlib (the `plots` extra), numbers as the reader's language writes them (exports.py)."""

from __future__ import annotations

from typing import Any, Callable

from ..language.said import Said, say
from .balance_text import strategy_said
from .exports import _svg, _title, plot_number

COLOURS = ("#5d4037", "#ff7043")  # VARIANT, OTHER
Bar = tuple[float, float, float]  # a value and its interval


def _rate(figure: dict[str, Any] | None) -> Bar:
    if figure is None or figure.get("rate") is None:
        return (0.0, 0.0, 0.0)
    return (figure["rate"], figure["low"], figure["high"])


def _mean(figure: dict[str, Any]) -> Bar:
    if figure["mean"] is None:
        return (0.0, 0.0, 0.0)
    return (figure["mean"], figure["low"], figure["high"])


def _word(strategy: str, lang: str) -> str:
    """A strategy's word, short enough for a tick: its catalogue word before any gloss."""
    said = strategy_said(strategy)
    return (said.in_lang(lang) if isinstance(said, Said) else said).split(" (")[0]


# Each panel: its title's key, whether its values are shares, and how to read one bar per
# group (a group: a way of playing, and a side for the goat) of one variant.
def _goat_groups(variant: dict[str, Any], lang: str) -> list[tuple[str, Bar]]:
    return [(f"{_word(s['strategy'], lang)}\n{say(lang, 'plot.side')} {n + 1}", _rate(figure))
            for s in variant["strategies"] for n, figure in enumerate(s["goat"]["by_side"])]


def _per_strategy(read: Callable[[dict[str, Any]], Bar]
                  ) -> Callable[[dict[str, Any], str], list[tuple[str, Bar]]]:
    def groups(variant: dict[str, Any], lang: str) -> list[tuple[str, Bar]]:
        return [(_word(s["strategy"], lang), read(s)) for s in variant["strategies"]]
    return groups


def _wins_groups(variant: dict[str, Any], lang: str) -> list[tuple[str, Bar]]:
    """Each strategy's wins against the other of its pairing."""
    return [(say(lang, "balance.plot against", strategy=_word(p["strategies"][n], lang),
                 other=_word(p["strategies"][1 - n], lang)), _rate(p["wins"][n]))
            for p in variant["pairings"] for n in (0, 1)]


PANELS: dict[str, tuple[str, bool, Callable[[dict[str, Any], str], list[tuple[str, Bar]]]]] = {
    "goat": ("balance.plot goat", True, _goat_groups),
    "advantage": ("balance.advantage", True,
                  _per_strategy(lambda s: _mean(s["first_leader"]["advantage"]))),
    "wins": ("balance.plot wins", True, _wins_groups),
    "length": ("balance.length", False, _per_strategy(lambda s: _mean(s["match_length"]))),
    "fish": ("balance.fish", True, _per_strategy(lambda s: _rate(s["fish"]))),
    "points": ("balance.points", False,
               _per_strategy(lambda s: _mean(s["points_per_round"]))),
}


def _panel(axes: Any, data: dict[str, Any], key: str, lang: str) -> None:
    """Bars of each variant side by side in every group, with their intervals."""
    title, shares, read = PANELS[key]
    variants = data["variants"]
    count = len(variants)
    width = 0.8 / count
    labels: list[str] = []
    for number, variant in enumerate(variants):
        groups = read(variant, lang)
        labels = labels or [label for label, _ in groups]
        places = [g - 0.4 + width * (number + 0.5) for g in range(len(groups))]
        values = [bar[0] for _, bar in groups]
        below = [max(0.0, bar[0] - bar[1]) for _, bar in groups]
        above = [max(0.0, bar[2] - bar[0]) for _, bar in groups]
        axes.bar(places, values, width, yerr=[below, above], capsize=3,
                 color=COLOURS[number % len(COLOURS)], label=variant["variant"])
    axes.set_xticks(range(len(labels)), labels, fontsize=8)
    axes.axhline(0, color="#9e9e9e", linewidth=0.6)
    _title(axes, say(lang, title), 40)
    from matplotlib.ticker import FuncFormatter
    axes.yaxis.set_major_formatter(FuncFormatter(
        lambda value, _: plot_number(value, lang, share=shares)))
    if count > 1:
        axes.legend(fontsize=8)


def balance_svg(data: dict[str, Any], lang: str = "en") -> str:
    """The report as one SVG image, a panel per measure (needs matplotlib)."""
    import matplotlib
    matplotlib.use("svg")
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.hashsalt": "kozel"}):  # the same report, the same file
        figure = Figure(figsize=(13, 7.5), layout="constrained")
        for axes, key in zip(figure.subplots(2, 3).flat, PANELS):
            _panel(axes, data, key, lang)
        return _svg(figure)
