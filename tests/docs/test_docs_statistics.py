"""Statistics pages: drawn from the cached `kozel simulate` and `kozel balance` results, never by
simulating."""

from __future__ import annotations

import json
import sys
from html import unescape
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from kozel.publish.statistics import (CACHE_DIR, PANEL_KEYS, WORDS,  # noqa: E402
                                 simulate_command, statistics_page, statistics_site)
from kozel.publish.statistics_balance import (BALANCE_DIR, BALANCE_MATCHES,  # noqa: E402
                                              balance_command)
from interpreter.engine.setup import player_count  # noqa: E402
from interpreter.language.model import value_text  # noqa: E402
from interpreter.language.resolve import load_paths  # noqa: E402

LIBRARY, NAMES = load_paths([ROOT / "spec" / "variants"])


def cached(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / CACHE_DIR / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize("name", NAMES)
def test_every_variant_has_a_cache_made_by_the_command_its_page_shows(name: str) -> None:
    """A variant whose options or players changed since the cache was made shows up here."""
    variant, data = LIBRARY.resolve(name), cached(name)
    assert data["players"] == player_count(variant, None)
    assert set(data["options"]) == {o.name for o in variant.options}
    command = simulate_command(name, data["players"], data["options"], data["matches"])
    page = statistics_page(data, "en", plot=False)
    assert " ".join(command) in page
    assert data["played"] == data["matches"] and not data["interrupted"]


def test_a_variant_whose_matches_stop_warns_on_both_pages() -> None:
    data = cached("kozel-classic")
    assert data["stopped"] > data["completed"]  # the seed text leaves the loser of a fish open
    words = {"en": f"{data['stopped']} of {data['played']} matches",
             "ru": f"Остановлено {data['stopped']} из {data['played']} партий"}
    for lang, said in words.items():
        page = statistics_page(data, lang, plot=False)
        assert page.count("!!! warning") == len(data["warnings"]) == 1
        assert said in page and f"{data['completed']}" in page


def test_the_table_shows_the_cached_figures_and_what_they_rest_on() -> None:
    data = cached("minsk")
    page = statistics_page(data, "ru", plot=False)
    fish = data["rates"]["fish"]
    assert (f"| {WORDS['ru']['fish']} | {fish['rate']:.1%} | {fish['low']:.1%} – "
            f"{fish['high']:.1%} | раундов: {fish['of']} |") in page
    for figure in data["goat"]["by_seat"]:
        assert f"| доигранных партий: {figure['of']} |" in page


def test_a_variant_without_a_cache_gets_the_command_to_make_one(tmp_path: Path) -> None:
    for lang in ("en", "ru"):
        site = statistics_site(tmp_path, ["minsk"], lang)
        assert "python -m kozel.publish.statistics" in site.files["statistics/minsk.md"]
        assert site.nav["statistics/index.md"][1] == {"minsk": "statistics/minsk.md"}


def test_the_site_draws_each_cached_run_as_svg() -> None:
    pytest.importorskip("matplotlib", reason="plots need the plots extra (matplotlib)")
    for lang in ("en", "ru"):
        site = statistics_site(ROOT, NAMES, lang)
        for name in NAMES:  # each panel its own image, linked from the page
            for panel in PANEL_KEYS:
                assert "</svg>" in site.files[f"statistics/{name}-{panel}.svg"]
                assert f"]({name}-{panel}.svg)" in site.files[f"statistics/{name}.md"]
            assert f"statistics/{name}.svg" not in site.files
    english = statistics_site(ROOT, NAMES, "en")
    assert value_text(True) in english.files["statistics/kozel-classic.md"]


def test_the_built_site_has_a_statistics_page_per_variant_and_language() -> None:
    from site_build import built_site, page_file
    out, errors = built_site()
    assert not errors, errors
    for lang in ("en", "ru"):
        for name in NAMES:
            page = page_file(out, lang, "statistics", name).read_text(encoding="utf-8")
            assert "<table>" in page and f"{name}.json" in page
            assert f"../balance/{name}.json" in page  # the balance section's data
        assert page_file(out, lang, "statistics").is_file()


def test_a_page_names_the_options_in_their_own_words_and_the_stop_in_its_language() -> None:
    """An organiser reads «до 501 очка», not `target=501`; the command line keeps the option."""
    options = {name: LIBRARY.resolve(name).options for name in NAMES}
    classic = cached("kozel-classic")
    page = statistics_page(classic, "ru", plot=False, options_of=options["kozel-classic"])
    assert "опции: командами, два на два;" in page and "teams=yes" in page
    assert "× вариант оставляет это неоговорённым: `loser` в `spec/variants/kozel-classic" in page
    assert " at " not in page.replace(_command_text(classic), "")
    english = statistics_page(cached("gambler-1v1"), "en", plot=False,
                              options_of=options["gambler-1v1"])
    assert "options: to 501 points;" in english
    assert "`lead match` at `spec/variants/gambler-1v1.kozel:33`" in english


def test_an_option_without_words_is_shown_as_the_command_line_writes_it() -> None:
    page = statistics_page(cached("minsk"), "ru", plot=False)
    assert "опции: <code>target=100</code>;" in unescape(page)  # as a reader sees it


def _command_text(data: dict[str, Any]) -> str:
    return " ".join(simulate_command(data["variant"], data["players"], data["options"],
                                     data["matches"]))


# --- the balance section: cached `kozel balance` reports -------------------------------------

def cached_balance(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / BALANCE_DIR / f"{name}.json").read_text())
    return data


@pytest.mark.parametrize("name", NAMES)
def test_every_variant_has_a_balance_report_made_by_the_command_its_page_shows(name: str
                                                                               ) -> None:
    variant, data = LIBRARY.resolve(name), cached_balance(name)
    shown, = data["variants"]
    assert shown["players"] == player_count(variant, None) and not shown["chosen"]
    assert set(shown["options"]) == {o.name for o in variant.options}
    assert shown["options"] == cached(name)["options"]  # the simulate run's settings
    assert data["matches"] == BALANCE_MATCHES and data["comparison"] is None
    assert all(run["played"] == data["matches"]
               for run in shown["strategies"] + shown["pairings"])
    command = balance_command(name, shown["players"], shown["options"], data["matches"])
    page = statistics_page(cached(name), "en", plot=False, balance=data)
    assert " ".join(command) in page and f"](balance/{name}.json)" in page


@pytest.mark.parametrize("lang, goat, interval, rests", [
    ("en", "side 1 (seats 1 and 3) is the goat", "{low}–{high}%", "{n} completed matches"),
    ("ru", "сторона 1 (места 1 и 3) — козёл", "{low}–{high}\xa0%", "доигранных партий: {n}")])
def test_the_balance_tables_say_each_figure_in_the_pages_language(
        lang: str, goat: str, interval: str, rests: str) -> None:
    from interpreter.language.numbers import decimal, percent

    data = cached_balance("minsk")
    page = statistics_page(cached("minsk"), lang, plot=False, balance=data)
    figure = data["variants"][0]["strategies"][0]["goat"]["by_side"][0]
    row = (f"| {goat} | {percent(figure['rate'], lang, 1)} | "
           + interval.format(low=decimal(figure["low"] * 100, lang, 1),
                             high=decimal(figure["high"] * 100, lang, 1))
           + f" | {rests.format(n=figure['of'])} |")
    assert row in page
    assert page.count("\n### ") == 3  # random, greedy, and the one against the other
    if lang == "ru":
        assert "## Баланс" in page and "преимущество первого заходящего | +" in page


def test_a_page_without_a_balance_report_says_how_to_make_one() -> None:
    for lang in ("en", "ru"):
        page = statistics_page(cached("minsk"), lang, plot=False)
        assert WORDS[lang]["balance_none"] in page and "\n### " not in page
