"""Statistics pages: how each variant plays, from cached `kozel simulate` results.

The site build never runs a long simulation: it reads docs/statistics/VARIANT.json (the JSON of
`kozel simulate`, committed) and draws its figures as SVG (matplotlib, the `plots` extra).
Regenerate the cache with

    python -m kozel.publish.statistics --matches 10000

which runs, for each variant of spec/variants, the `kozel simulate` command that its page
shows (the default player count and options; an option without a default takes its first
value), and the `kozel balance` command of its balance section (statistics_balance.py: the
same players and options, BALANCE_MATCHES matches a run) into docs/statistics/balance/. A
variant without a cached file gets a page that says how to make one.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from interpreter.engine.stops import KINDS as STOP_KINDS
from interpreter.engine.words import Said, said_in
from interpreter.language import catalogue
from interpreter.language.catalogue import LANGS
from interpreter.language.model import Option, Variant, value_text
from interpreter.simulation.exports import PANELS
from kozel.outputs import write_text_file

from .statistics_balance import BALANCE_DIR, BALANCE_MATCHES, balance_command, balance_lines
from .text import md_code, md_text

CACHE_DIR = Path("docs") / "statistics"
PANEL_KEYS = tuple(PANELS)  # the panels of a variant's figures, each its own image
PAGES_DIR = "statistics"


def _words(lang: str) -> dict[str, Any]:
    """The statistics pages' words in a language (the catalogue's "site: statistics")."""
    words: dict[str, Any] = catalogue.keys_under("statistics.", "site: statistics", lang)
    return {**words, "panels": catalogue.keys_under("statistics panel.", "site: statistics",
                                                    lang)}


WORDS: dict[str, dict[str, Any]] = {lang: _words(lang) for lang in LANGS}


def simulate_command(name: str, players: int, options: dict[str, Any], matches: int) -> list[str]:
    """The `kozel simulate` command whose JSON is a variant's cached results."""
    command = ["kozel", "simulate", name, "--players", str(players), "--matches", str(matches)]
    for option, value in options.items():
        command += ["--option", f"{option}={value_text(value)}"]
    return command + ["--format", "json"]


def _command_of(data: dict[str, Any]) -> str:
    command = simulate_command(data["variant"], data["players"], data["options"],
                               data["matches"])
    return shlex.join(command) + f" > {CACHE_DIR.as_posix()}/{data['variant']}.json"


def _interval(figure: dict[str, Any], unit: str) -> tuple[str, str, str]:
    if figure.get("rate") is None:
        return "—", "—", unit.format(n=0)
    return (f"{figure['rate']:.1%}", f"{figure['low']:.1%} – {figure['high']:.1%}",
            unit.format(n=figure["of"]))


def figure_rows(data: dict[str, Any], lang: str) -> list[tuple[str, str, str, str]]:
    """(figure, value, interval, rests on) for every figure of a run."""
    w, rows = WORDS[lang], []
    rows.append((w["fish"], *_interval(data["rates"]["fish"], w["rounds"])))
    rows.append((w["redeal"], *_interval(data["rates"]["redeal"], w["rounds"])))
    length = data["match_length"]
    if length["mean"] is not None:
        rows.append((w["length"], f"{length['mean']:.2f}",
                     f"{length['low']:.2f} – {length['high']:.2f}",
                     w["matches"].format(n=length["of"])))
    goat = data["goat"]
    for key, label in (("by_side", "goat_side"), ("by_seat", "goat_seat"),
                       ("after_first_leader", "after")):
        for number, figure in enumerate(goat[key]):
            shown = number if key == "after_first_leader" else number + 1
            rows.append((w[label].format(n=shown), *_interval(figure, w["matches"])))
    lead = data["first_lead"]
    rows.append((w["leader"], *_interval(lead["round_loss_leader_side"], w["rounds"])))
    rows.append((w["other"], *_interval(lead["round_loss_other_sides"], w["rounds"])))
    return rows


def options_said(data: dict[str, Any], lang: str, options: Iterable[Option] = ()) -> str:
    """The run's option settings in the words of the options' own `say` clauses; a value the
    file gives no words for is shown as the command line writes it, as code."""
    known = {o.name: o for o in options}
    return ", ".join(_option_said(known.get(k), k, v, lang) for k, v in data["options"].items())


def _option_said(option: Option | None, name: str, value: Any, lang: str) -> str:
    words = option.said(value, lang) if option is not None else None
    return md_text(words) if words else md_code(f"{name}={value_text(value)}")


# The JSON keeps a stop's rule in English ("`slot` at file:line", the engine's "stop.rule"):
# read it back into its parts so that the page says it in its own language.
_STOP_RULE = re.compile("^" + re.escape(catalogue.text("stop.rule", "en")).replace(
    re.escape("{slot}"), "(?P<slot>[^`]+)").replace(re.escape("{refs}"), "(?P<refs>.+)") + "$")


def stop_said(rule: str, lang: str) -> str:
    """A cached stop's rule in a language, its rule and its positions as code."""
    found = _STOP_RULE.match(rule)
    if not found:
        return f"`{rule.replace('`', '')}`"
    refs = ", ".join(f"`{ref}`" for ref in found["refs"].split(", "))
    return said_in(Said("stop.rule", slot=found["slot"], refs=refs), lang)


def _kind_said(kind: str, lang: str) -> str:
    return said_in(Said(f"kind.{kind}"), lang) if kind in STOP_KINDS else f"`{kind}`"


def statistics_page(data: dict[str, Any], lang: str, *, plot: bool = True,
                    options_of: Iterable[Option] = (),
                    balance: dict[str, Any] | None = None) -> str:
    """A variant's statistics page in `lang` ("ru"/"en"), from its cached results (and its
    cached balance report, where there is one); its options are said in their own words where
    `options_of` gives them."""
    w = WORDS[lang]
    name = data["variant"]
    options = options_said(data, lang, options_of)
    lines = [f"# {w['of_variant'].format(name=name)}", "",
             f"{w['players']}: {data['players']}" + (f"; {w['options']}: {options}" if options
                                                     else "")
             + f"; {w['played']}: {data['played']}; [{w['data']}]({name}.json)", "",
             f"{w['command']}:", "", "```sh", _command_of(data), "```", ""]
    for warning in page_warnings(data, lang):
        lines += [f'!!! warning "{w["warning"]}"', f"    {warning}", ""]
    lines += [f"| {w['figure']} | {w['value']} | {w['interval']} | {w['of']} |",
              "|---|---|---|---|"]
    lines += [f"| {' | '.join(row)} |" for row in figure_rows(data, lang)]
    lines += ["", f"## {w['plot']}", ""]
    # one image per panel, side by side where the screen has room, one under another on a phone
    lines += ([f"![{w['plot']}: {w['panels'][key]}]({plot_name(name, key)}.svg)"
               for key in PANEL_KEYS] if plot else [w["no_plot"]])
    if data["stops"]:
        lines += ["", f"## {w['stops']}", ""]
        lines += [f"- {s['count']} × {_kind_said(s['kind'], lang)}: {stop_said(s['rule'], lang)}"
                  for s in data["stops"]]
    lines += balance_lines(balance, name, lang, w)
    return "\n".join(lines) + "\n"


def plot_name(name: str, panel: str) -> str:
    """The file name (without .svg) of one panel of a variant's figures."""
    return f"{name}-{panel}"


def page_warnings(data: dict[str, Any], lang: str) -> list[str]:
    """The run's warnings in `lang`: a cached run is never an interrupted one, so what can be
    said is that matches stopped (the JSON's own wording is English)."""
    if not data["stopped"]:
        return []
    rules = ", ".join(stop_said(s["rule"], lang) for s in data["stops"])
    return [WORDS[lang]["stopped"].format(
        stopped=data["stopped"], played=data["played"], share=data["stopped"] / data["played"],
        rules=rules, completed=data["completed"], rounds=data["rounds"])]


def missing_page(name: str, lang: str) -> str:
    """The page of a variant without cached results: how to make them."""
    return (f"# {WORDS[lang]['of_variant'].format(name=name)}\n\n{WORDS[lang]['none']}\n\n"
            f"```sh\npython -m kozel.publish.statistics --matches 10000\n```\n")


def index_page(names: list[str], lang: str) -> str:
    """A language's list of statistics pages."""
    w = WORDS[lang]
    return (f"# {w['title']}\n\n{w['intro']}\n\n"
            + "".join(f"- [`{n}`]({n}.md)\n" for n in names))


def page_path(name: str = "index", suffix: str = "md") -> str:
    """Where (under docs/) a generated statistics page or image goes (each language's build
    has the same paths)."""
    return f"{PAGES_DIR}/{name}.{suffix}"


@dataclass
class StatisticsSite:
    """The generated statistics pages and images, and each language's nav section."""

    files: dict[str, str] = field(default_factory=dict)
    nav: dict[str, list[Any]] = field(default_factory=dict)

    def expand_nav(self, nav: list[Any]) -> list[Any]:
        """Replace a nav entry naming a language's statistics index by its section."""
        expanded: list[Any] = []
        for item in nav:
            if isinstance(item, dict) and len(item) == 1:
                (title, value), = item.items()
                if isinstance(value, str) and value in self.nav:
                    item = {title: self.nav[value]}
                elif isinstance(value, list):
                    item = {title: self.expand_nav(value)}
            expanded.append(item)
        return expanded


def _plots_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def statistics_site(root: Path, names: list[str], lang: str,
                    variants: Iterable[Variant] = ()) -> StatisticsSite:
    """Every statistics page and image of one language's build for the named variants, from
    root's cached results (options in the words of `variants`, where given)."""
    options = {v.name: v.options for v in variants}
    from interpreter.simulation.exports import figure_svgs

    site, plot = StatisticsSite(), _plots_available()
    entries: list[Any] = [page_path()]
    for name in names:
        cached = root / CACHE_DIR / f"{name}.json"
        if cached.is_file():
            data = json.loads(cached.read_text(encoding="utf-8"))
            site.files[page_path(name)] = statistics_page(data, lang, plot=plot,
                                                          options_of=options.get(name, ()),
                                                          balance=_cached_balance(root, name))
            if plot:
                for key, image in figure_svgs(data, lang).items():
                    site.files[page_path(plot_name(name, key), "svg")] = image
        else:
            site.files[page_path(name)] = missing_page(name, lang)
        entries.append({name: page_path(name)})
    site.files[page_path()] = index_page(names, lang)
    site.nav[page_path()] = entries
    return site


def _cached_balance(root: Path, name: str) -> dict[str, Any] | None:
    cached = root / BALANCE_DIR / f"{name}.json"
    if not cached.is_file():
        return None
    data: dict[str, Any] = json.loads(cached.read_text(encoding="utf-8"))
    return data


def refresh(root: Path, matches: int, balance_matches: int = BALANCE_MATCHES,
            only: str | None = None) -> None:
    """Run `kozel simulate` and `kozel balance` (or `only` one of them) for every variant of
    root/spec/variants; write the cache."""
    from interpreter.engine.setup import player_count
    from interpreter.language.resolve import load_paths

    library, names = load_paths([root / "spec" / "variants"])
    for folder in (CACHE_DIR, BALANCE_DIR):
        (root / folder).mkdir(parents=True, exist_ok=True)
    for name in names:
        variant = library.resolve(name)
        options = {o.name: o.default if o.default is not None else o.values[0]
                   for o in variant.options}
        players = player_count(variant, None)
        if only in (None, "simulate"):
            _cache(root, simulate_command(name, players, options, matches),
                   CACHE_DIR / f"{name}.json")
        if only in (None, "balance"):
            _cache(root, balance_command(name, players, options, balance_matches),
                   BALANCE_DIR / f"{name}.json")


def _cache(root: Path, command: list[str], path: Path) -> None:
    """Run a kozel command from root and keep its JSON at root/path."""
    print(shlex.join(command), file=sys.stderr)
    out = subprocess.run([sys.executable, "-m", "kozel.cli", *command[1:]], cwd=root,
                         check=True, capture_output=True, text=True).stdout
    write_text_file(root / path, out)


def main() -> None:
    """`python -m kozel.publish.statistics --matches N`: regenerate the cached results."""
    parser = argparse.ArgumentParser(description="regenerate docs/statistics/*.json")
    parser.add_argument("--matches", type=int, default=10000)
    parser.add_argument("--balance-matches", type=int, default=BALANCE_MATCHES)
    parser.add_argument("--only", choices=("simulate", "balance"))
    args = parser.parse_args()
    refresh(Path(__file__).resolve().parents[2], args.matches, args.balance_matches, args.only)


if __name__ == "__main__":
    main()
