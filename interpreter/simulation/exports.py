"""The figures of a run as CSV rows and as an SVG image (matplotlib, the `plots` extra).

Both read the JSON object of figures.py, so `--csv`, `--plot` and the site's statistics pages
(which draw from a cached JSON file) show the same numbers.
"""

from __future__ import annotations

import csv
import io
from typing import Any, Iterator

from ..language.errors import UsageError

CSV_COLUMNS = ("figure", "group", "value", "low", "high", "of")
LABELS = {
    "en": {"length": "Match length (rounds)", "matches": "matches", "rates": "Rates per round",
           "fish": "fish", "redeal": "redeal", "goat": "Goat", "side": "side", "seat": "seat",
           "first": "Goat by seat after the match's first leader (+0)", "rate": "rate",
           "of": "of {n} completed matches", "rounds": "of {n} rounds",
           "leader": "leader's side loses", "other": "another side loses"},
    "ru": {"length": "Длина партии (раундов)", "matches": "партий", "rates": "Доли раундов",
           "fish": "рыба", "redeal": "пересдача", "goat": "Козёл", "side": "сторона",
           "seat": "место", "first": "Козёл по месту после первого заходившего (+0)",
           "rate": "доля", "of": "из {n} доигранных партий", "rounds": "из {n} раундов",
           "leader": "сторона заходившего проиграла",
           "other": "другая сторона проиграла"},
}


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


def _bars(axes: Any, labels: list[str], figures: list[dict[str, Any]], colour: str) -> None:
    """Bars of rates with their 95% intervals as error bars."""
    values = [f["rate"] or 0.0 for f in figures]
    low = [v - (f["low"] if f["low"] is not None else v) for v, f in zip(values, figures)]
    high = [(f["high"] if f["high"] is not None else v) - v for v, f in zip(values, figures)]
    axes.bar(labels, values, yerr=[low, high], capsize=3, color=colour)
    axes.set_ylim(0, max([1e-9] + [v + h for v, h in zip(values, high)]) * 1.15)
    axes.tick_params(axis="x", labelrotation=25, labelsize=8)


def figures_svg(data: dict[str, Any], lang: str = "en") -> str:
    """The figures of a run as one SVG image of four panels (needs matplotlib)."""
    import matplotlib
    matplotlib.use("svg")
    from matplotlib.figure import Figure

    words = LABELS[lang]
    matplotlib.rcParams["svg.hashsalt"] = "kozel"  # the same figures give the same file
    figure = Figure(figsize=(10, 7), layout="constrained")
    (lengths, rates), (goats, first) = figure.subplots(2, 2)
    histogram = data["match_length"]["histogram"]
    lengths.bar([int(k) for k in histogram], list(histogram.values()), color="#8d6e63")
    lengths.set_title(f"{words['length']}, {words['of'].format(n=data['completed'])}")
    lengths.set_ylabel(words["matches"])
    lead = data["first_lead"]
    _bars(rates, [words["fish"], words["redeal"], words["leader"], words["other"]],
          [data["rates"]["fish"], data["rates"]["redeal"], lead["round_loss_leader_side"],
           lead["round_loss_other_sides"]], "#5d4037")
    rates.set_title(f"{words['rates']}, {words['rounds'].format(n=data['rounds'])}")
    goat = data["goat"]
    _bars(goats, [f"{words['side']} {i + 1}" for i in range(len(goat["by_side"]))]
          + [f"{words['seat']} {i + 1}" for i in range(len(goat["by_seat"]))],
          goat["by_side"] + goat["by_seat"], "#ff7043")
    goats.set_title(f"{words['goat']}, {words['of'].format(n=data['completed'])}")
    _bars(first, [f"+{i}" for i in range(len(goat["after_first_leader"]))],
          goat["after_first_leader"], "#a1887f")
    first.set_title(words["first"])
    for axes in (rates, goats, first):
        axes.set_ylabel(words["rate"])
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()
