"""The generated part of the site: load spec/variants, write every page, and the nav entries.

`build_site(root, lang)` returns one language's pages (path under docs/ → Markdown) and the nav
section that lists the rulebooks. Each language is its own mkdocs build (mkdocs.yml: English at
the site's root; mkdocs.ru.yml: Russian under ru/), with the same paths in both. It raises
`SpecError` when a rule file does not load, so a broken variant fails the docs build with the
rule file's own message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Callable

from interpreter.language.catalogue import LANGS
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from interpreter.language.resolve import load_paths
from kozel.terminal import visible

from .cards import STATUS_WORDS
from .api_reference import PAGE as API_PAGE, api_page
from .cli_reference import PAGE as CLI_PAGE, cli_page
from .comparison import PAGE as COMPARISON_PAGE, Comparison
from .findings import Report, reports_for
from .glossary import GLOSSARY_PATH, glossary_page
from .rulebook import Rulebook, case_kind
from .source_pages import source_pages
from .scene_words import scene_word
from .ui import word
from .text import md_text

VARIANTS_DIR = "variants"


class SpecError(Exception):
    """A rule file of spec/variants does not load: the docs cannot be built from it."""


@dataclass
class Site:
    """The generated pages of one language, the nav section that lists the rulebooks, and what
    they were made from."""

    lang: str = "en"
    pages: dict[str, str] = field(default_factory=dict)
    nav: list[dict[str, str] | str] = field(default_factory=list)
    variants: list[Variant] = field(default_factory=list)
    reports: dict[str, Report] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)  # page path → its title, as HTML
    # pages reached from another page, not from the nav (a comparison's pair pages)
    not_in_nav: set[str] = field(default_factory=set)
    root: Path = Path(".")


# A page generator: (site, lang) → {path under docs/: Markdown}. Each language's build calls
# every generator with its own language; paths are the same in both languages (the language
# switch keeps the page). docs/hooks.py adds the pages; mkdocs.yml's nav names them.
PageGenerator = Callable[[Site, str], dict[str, str]]


def page_path(name: str = "index") -> str:
    """Return the path (under docs/) of a generated rulebook page (the same in every language)."""
    return f"{VARIANTS_DIR}/{name}.md"


def load_variants(root: Path) -> list[Variant]:
    """Load and resolve every variant of root/spec/variants, in file order."""
    spec = root / "spec" / "variants"
    if not spec.is_dir():
        return []
    try:
        library, names = load_paths([_as_given(spec)])
        return [library.resolve(name) for name in names]
    except KozelError as error:
        raise SpecError(f"a rule file in spec/variants does not load:\n{error}") from error


def _as_given(folder: Path) -> Path:
    """The folder relative to the working folder when it lies in it: the rule files then carry
    the names `kozel check spec/variants` gives them, so the pages name the same files and the
    checker's results kept by a `kozel check` are the site's (checks/running/remembered.py)."""
    try:
        return folder.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return folder


def rulebook_pages(site: Site, lang: str) -> dict[str, str]:
    """Return the index of rulebooks, the comparison of the variants (when there are two or
    more: its summary second in the section, each pair's page and the rules as written left
    out of the nav, reached from the summary) and one rulebook per variant, in one language."""
    pages = {page_path(): index_page(site.variants, site.reports, lang)}
    site.nav.append(page_path())
    if len(site.variants) > 1:  # the summary in the nav; its pages of details linked from it
        comparison = Comparison(site.variants)
        pages.update({page_path(name): text for name, text in comparison.pages(lang).items()})
        site.nav.append({scene_word(lang, "compare title"): page_path(COMPARISON_PAGE)})
        for name, title in comparison.titles(lang).items():  # the pages the nav leaves out
            site.not_in_nav.add(page_path(name))
            site.titles[page_path(name)] = escape(title)
    titles = {v.source: v.source_title for v in site.variants if v.source and v.source_title}
    for variant in site.variants:
        path = page_path(variant.name)
        pages[path] = Rulebook(variant, lang, site.reports[variant.name], site.root,
                               titles).page()
        site.titles[path] = escape(variant.title_in(lang))  # themes show it as HTML
        site.nav.append({site.titles[path]: path})
    return pages


def glossary_pages(site: Site, lang: str) -> dict[str, str]:
    """Return the glossary page in one language."""
    return {GLOSSARY_PATH: glossary_page(lang)}


def cli_pages(site: Site, lang: str) -> dict[str, str]:
    """Return the command-line reference (generated from the argument parser, its help said in
    the page's language)."""
    return {CLI_PAGE: cli_page(lang)}


def api_pages(site: Site, lang: str) -> dict[str, str]:
    """Return the Python API page (generated from the facades; their docstrings are English)."""
    return {API_PAGE: api_page(lang)}


GENERATORS: list[PageGenerator] = [rulebook_pages, source_pages, glossary_pages, cli_pages,
                                   api_pages]


def build_site(root: Path, lang: str = "en", reports: dict[str, Report] | None = None) -> Site:
    """Return every generated page in one language, and the nav section of the rulebooks."""
    if lang not in LANGS:
        raise SpecError(f"the site has no language {lang!r} (it has {', '.join(LANGS)})")
    variants = load_variants(root)
    site = Site(lang, variants=variants, root=root,
                reports=reports if reports is not None else reports_for(variants, root))
    for generate in GENERATORS:
        site.pages.update(generate(site, lang))
    _show_controls(site)
    return site


def _show_controls(site: Site) -> None:
    """Write every control and bidi character of a rule text as a visible `\\u202e` on every
    page, title and nav entry: an override in a title (`abc\\u202egnp.exe`) would otherwise
    show it as `abcexe.png`, and an isolate (`<bdi>`) would still reorder what it holds."""
    site.pages = {path: visible(text) for path, text in site.pages.items()}
    site.titles = {path: visible(text) for path, text in site.titles.items()}
    site.nav = [{visible(k): v for k, v in entry.items()} if isinstance(entry, dict) else entry
                for entry in site.nav]


def index_page(variants: list[Variant], reports: dict[str, Report], lang: str) -> str:
    """Return a language's list of rulebooks: name, title, players, counts, checker status."""
    rows = [f"| {word(lang, 'variants_table_name')} | {word(lang, 'variants_table_title')} | "
            f"{word(lang, 'variants_table_players')} | {word(lang, 'variants_table_assumed')} | "
            f"{word(lang, 'variants_table_gaps')} | {word(lang, 'variants_table_status')} |",
            "|---|---|---|---|---|---|"]
    for v in variants:
        kinds = [case_kind(c) for _, cases in v.slots for c in cases]
        rows.append(f"| [`{v.name}`]({v.name}.md) | {md_text(v.title_in(lang))} | "
                    f"{', '.join(map(str, v.players))} | {kinds.count('assumed')} | "
                    f"{kinds.count('gap')} | {status_words(reports[v.name], lang)} |")
    return (f"# {word(lang, 'rulebooks')}\n\n"
            f"{word(lang, 'rulebooks_intro')}\n\n" + "\n".join(rows) + "\n")


def status_words(report: Report, lang: str) -> str:
    """Return the checker's verdicts of a variant in a few words."""
    if not report.checked:
        return STATUS_WORDS[lang]["not-checked"]
    counts = report.counts()
    return ", ".join(f"{n} {STATUS_WORDS[lang][s]}" for s, n in counts.items() if n) or "—"
