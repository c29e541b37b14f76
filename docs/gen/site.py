"""The generated part of the site: load spec/variants, write every page, and the nav entries.

`build_site(root)` returns the pages (path under docs/ → Markdown) and, per language, the nav
section that lists them. It raises `SpecError` when a rule file does not load, so a broken
variant fails the docs build with the rule file's own message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from interpreter.errors import KozelError
from interpreter.model import Variant
from interpreter.resolve import load_paths

from .cards import STATUS_WORDS
from .cli_reference import PAGE as CLI_PAGE, cli_page
from .comparison import PAGE as COMPARISON_PAGE, Comparison
from .findings import Report, reports_for
from .rulebook import Rulebook, case_kind
from .scene_words import scene_word
from .ui import word
from .text import md_text
from .wording import LANGS

VARIANTS_DIR = "variants"


class SpecError(Exception):
    """A rule file of spec/variants does not load: the docs cannot be built from it."""


@dataclass
class Site:
    """The generated pages and the nav sections that list them."""

    pages: dict[str, str] = field(default_factory=dict)
    nav: dict[str, list[dict[str, str] | str]] = field(default_factory=dict)
    variants: list[Variant] = field(default_factory=list)
    reports: dict[str, Report] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)  # page path → its title, as HTML


def page_path(lang: str, name: str = "index") -> str:
    """Return the path (under docs/) of a generated page."""
    return f"{VARIANTS_DIR}/{lang}/{name}.md"


def load_variants(root: Path) -> list[Variant]:
    """Load and resolve every variant of root/spec/variants, in file order."""
    spec = root / "spec" / "variants"
    if not spec.is_dir():
        return []
    try:
        library, names = load_paths([spec])
        return [library.resolve(name) for name in names]
    except KozelError as error:
        raise SpecError(f"a rule file in spec/variants does not load:\n{error}") from error


def build_site(root: Path, reports: dict[str, Report] | None = None) -> Site:
    """Return every generated page and nav section for the variants under root."""
    variants = load_variants(root)
    site = Site(variants=variants, reports=reports if reports is not None else reports_for(
        variants, root))
    comparison = Comparison(variants, root) if len(variants) > 1 else None
    site.pages[CLI_PAGE] = cli_page()  # the nav of mkdocs.yml lists it
    for lang in LANGS:
        site.pages[page_path(lang)] = index_page(variants, site.reports, lang)
        entries: list[dict[str, str] | str] = [page_path(lang)]
        if comparison is not None:  # variants/LANG/compare.md, second in the section
            site.pages[page_path(lang, COMPARISON_PAGE)] = comparison.page(lang)
            entries.append({scene_word(lang, "compare title"): page_path(lang, COMPARISON_PAGE)})
        for variant in variants:
            report = site.reports[variant.name]
            site.pages[page_path(lang, variant.name)] = Rulebook(variant, lang, report, root).page()
            path = page_path(lang, variant.name)
            site.titles[path] = escape(variant.title or variant.name)  # themes show it as HTML
            entries.append({site.titles[path]: path})
        site.nav[lang] = entries
    return site


def index_page(variants: list[Variant], reports: dict[str, Report], lang: str) -> str:
    """Return a language's list of rulebooks: name, title, players, counts, checker status."""
    other = "ru" if lang == "en" else "en"
    rows = [f"| {word(lang, 'variants_table_name')} | {word(lang, 'variants_table_title')} | "
            f"{word(lang, 'variants_table_players')} | {word(lang, 'variants_table_assumed')} | "
            f"{word(lang, 'variants_table_gaps')} | {word(lang, 'variants_table_status')} |",
            "|---|---|---|---|---|---|"]
    for v in variants:
        kinds = [case_kind(c) for _, cases in v.slots for c in cases]
        rows.append(f"| [`{v.name}`]({v.name}.md) | {md_text(v.title or '')} | "
                    f"{', '.join(map(str, v.players))} | {kinds.count('assumed')} | "
                    f"{kinds.count('gap')} | {status_words(reports[v.name], lang)} |")
    return (f"# {word(lang, 'rulebooks')}\n\n"
            f"[{word(lang, 'other_language')}](../{other}/index.md)\n\n"
            f"{word(lang, 'rulebooks_intro')}\n\n" + "\n".join(rows) + "\n")


def status_words(report: Report, lang: str) -> str:
    """Return the checker's verdicts of a variant in a few words."""
    if not report.checked:
        return STATUS_WORDS[lang]["not-checked"]
    counts = report.counts()
    return ", ".join(f"{n} {STATUS_WORDS[lang][s]}" for s, n in counts.items() if n) or "—"
