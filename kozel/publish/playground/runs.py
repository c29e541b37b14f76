"""`kozel simulate playground.kozel --matches N --seed S` run in this process: its text, its
JSON and its plots.

The run is the simulation's own, in this process (simulation.runner.run_here, what
`--workers 1` plays; the statistics do not depend on the workers), with `kozel simulate`'s
defaults: the largest number of players, every option not given at its default, random players, the
compiled match where the compiler covers the variant. The text and the JSON are the ones the
command prints (simulation.figures.report_json, simulation.text.report_lines).
"""

from __future__ import annotations

from typing import Any

from interpreter.engine.setup import prepare
from interpreter.engine.words import said_in
from interpreter.language.errors import KozelError
from interpreter.simulation.figures import report_json
from interpreter.simulation.runner import run_here
from interpreter.simulation.tasks import AUTO, SetupSpec
from interpreter.simulation.text import report_lines
from kozel.commands.numbers import MOST_MATCHES, MOST_SEED

from ..ui import word
from .choices import unchosen
from .files import first_variant
from .plots import plots

STRATEGY = "random"  # `kozel simulate`'s default


def failed(text: str) -> dict[str, Any]:
    """A run that could not be played: its reason as the text, no data, no plots."""
    return {"text": text, "data": {}, "plots": [], "error": text}


def simulate_text(text: str, matches: int, seed: int, lang: str,
                  options: dict[str, str]) -> dict[str, Any]:
    """{"text", "data", "plots"} of a run of the file's first variant, options as `--option`
    gives them."""
    if not 1 <= matches <= MOST_MATCHES or not 0 <= seed <= MOST_SEED:
        return failed(word(lang, "pg_bad_matches").format(most=MOST_MATCHES))
    variant, error = first_variant(text, lang)
    if variant is None:
        return failed(error)
    ask = unchosen(variant, options, lang)
    if ask is not None:
        return failed(ask)
    try:
        setup = prepare(variant, None, options)
        run = run_here(SetupSpec.of(setup, AUTO), STRATEGY, matches, seed)
    except KozelError as stop:
        return failed(said_in(stop.args[0], lang) if stop.args else str(stop))
    data = report_json(setup, run, matches, STRATEGY, seed)
    return {"text": "\n".join(report_lines(data, lang)) + "\n", "data": data,
            "plots": plots(data, lang)}
