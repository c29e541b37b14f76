"""The comparison of the variants: a summary page, a page per pair, the rules as written.

Each unordered pair (in the order the site lists the variants) is compared exactly as
`kozel check spec/variants` compares it (checks/compare/family.py: fresh_comparison, each variant's
options at their defaults, each pair in a fresh process), so the pages and the checker say the
same thing. The summary (comparison_summary.py) says each pair in a sentence, by its variants'
titles, and shows the family table; each pair's page (comparison_pair.py) has the details: the
differences in words, each with the game that shows it, drawn as a table scene, and the rule
texts. A page of its own has every rule of every variant as written. The pair pages are not in
the nav (a pair for every two variants would bury the rulebooks under it); the summary links to
each, and each back to it. The comparisons are slow (Z3 and game searches): they are read from
the checker's own cache (checks/running/remembered.py, sealed by this user in kozel's cache folder),
so a build after a `kozel check` of the same files, or a second build, compares nothing again.
"""

from __future__ import annotations

import logging
from html import escape
from typing import Any

from interpreter.language.model import Variant
from interpreter.language.slots import SLOTS
from interpreter.language.summary import case_text

from .comparison_pair import PairSection, pair_page, said, slot_label
from .comparison_summary import Summary, pair_title
from .scene_words import scene_word

PAGE = "compare"  # variants/compare.md: the summary
WRITTEN = "compare-as-written"  # variants/compare-as-written.md: every rule as written
_COMPUTED: dict[str, list[dict[str, Any] | None]] = {}  # this build's (every language's)

log = logging.getLogger("mkdocs.hooks.kozel")


def _budgets() -> tuple[Any, Any]:
    """The budgets `kozel check` uses when none is given (so the page says what it says)."""
    from checks.questions.budget import Budget, GameBudget

    return Budget(), GameBudget()


def comparisons_of(variants: list[Variant]) -> list[dict[str, Any] | None]:
    """The comparison of every unordered pair, in the order compare_family gives them (None
    for one that failed, with a warning): once per build for every language's page."""
    key = repr(variants)
    if key not in _COMPUTED:
        _COMPUTED[key] = _compare(variants)
    return _COMPUTED[key]


def _compare(variants: list[Variant]) -> list[dict[str, Any] | None]:
    """`kozel check`'s "comparisons", computed as it computes them (a process per core)."""
    from checks.compare.family import compare_family
    from interpreter.language.workers import usable_cores

    try:
        return list(compare_family(variants, *_budgets(), usable_cores()))
    except Exception:  # one failed: each alone, so that the warning names the pair
        return [_compare_one(a, b) for i, a in enumerate(variants) for b in variants[i + 1:]]


def _compare_one(a: Variant, b: Variant) -> dict[str, Any] | None:
    from checks.compare.family import compare_family

    try:
        return dict(compare_family([a, b], *_budgets())[0])
    except Exception as error:  # as for the rulebooks: a warning, which fails a strict build
        log.warning("kozel docs: the comparison of %s and %s failed: %r", a.name, b.name, error)
        return None


class Comparison:
    """Every unordered pair of a list of variants compared; a page per language."""

    def __init__(self, variants: list[Variant]) -> None:
        self.variants = variants
        self.indices = [(i, j) for i in range(len(variants)) for j in range(i + 1, len(variants))]
        self.pairs = [(variants[i], variants[j]) for i, j in self.indices]
        self.comparisons = comparisons_of(variants)

    def of(self, i: int, j: int) -> dict[str, Any] | None:
        """The comparison of the i-th and j-th variants (in either order)."""
        return self.comparisons[self.indices.index((min(i, j), max(i, j)))]

    def pages(self, lang: str) -> dict[str, str]:
        """Every page of the comparison in a language, by name beside the rulebooks
        (variants/NAME.md): the summary, each pair's details, every rule as written."""
        pages = {PAGE: self.summary_page(lang), WRITTEN: self.written_page(lang)}
        titles = {v.source: v.source_title for v in self.variants if v.source and v.source_title}
        for number, (pair, index, data) in enumerate(
                zip(self.pairs, self.indices, self.comparisons), start=1):
            pages[pair_page(*pair)] = PairSection(pair, index, data, lang, titles).page(
                number, len(self.pairs))
        return pages

    def titles(self, lang: str) -> dict[str, str]:
        """The title of each page the nav leaves out, as plain text, by name (the theme would
        otherwise make one from the page's file name)."""
        titles = {WRITTEN: scene_word(lang, "as written")}
        titles.update({pair_page(*pair): pair_title(*pair, lang) for pair in self.pairs})
        return titles

    def summary_page(self, lang: str) -> str:
        """The summary: a sentence per pair, the family table, a link to the rules as written."""
        parts = [f"# {scene_word(lang, 'compare title')} {{#top}}",
                 scene_word(lang, "comppage.intro")]
        if not any(self.comparisons) and self.pairs:
            parts.append(f'<p class="kz-meaning">{escape(scene_word(lang, "no checker"))}</p>')
        parts.append(Summary(self.pairs, self.indices, self.comparisons, lang).html())
        link = f'<a href="../{WRITTEN}/">{escape(scene_word(lang, "as written"))}</a>'
        parts.append(f'<p>{said(lang, "comppage.written link", link=link)}</p>')
        return _page(lang, parts)

    def written_page(self, lang: str) -> str:
        """Every rule of every variant as written: a row per slot, a column per variant."""
        back = f'<a href="../{PAGE}/">{escape(scene_word(lang, "comppage.back"))}</a>'
        return _page(lang, [f"# {escape(scene_word(lang, 'as written'))} {{#as-written}}",
                            f'<p class="kz-back">{back}</p>', self.table(lang)])

    def table(self, lang: str) -> str:
        """Every rule as written: a row per slot, a column per variant."""
        head = "".join(f'<th><a href="../{v.name}/"><code>{escape(v.name)}</code></a></th>'
                       for v in self.variants)
        names = [v.name for v in self.variants]
        rows = [self.row(scene_word(lang, "players row"), "",
                         [[", ".join(map(str, v.players))] for v in self.variants], lang, names)]
        rows.append(self.row(scene_word(lang, "options row"), "",
                             [[o.name for o in v.options] for v in self.variants], lang, names))
        for slot in SLOTS:
            cells = [[case_text(c) for c in v.cases(slot)] for v in self.variants]
            rows.append(self.row(slot_label(slot, lang), slot, cells, lang, names))
        return (f'<div class="kz-compare-wrap"><table class="kz-compare kz-as-written"><thead>'
                f'<tr><th>{escape(scene_word(lang, "slot"))}</th>{head}</tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table></div>')

    def row(self, label: str, slot: str, cells: list[list[str]], lang: str,
            names: list[str]) -> str:
        """One row: the rule's plain name (and its name in the rule language), then each cell,
        labelled with its variant for a small screen, where each row is a card of its own."""
        drawn = []
        for name, text in zip(names, cells):
            shown = "<br>".join(f"<code>{escape(line)}</code>" for line in text) if text else \
                f"<em>{escape(scene_word(lang, 'not written'))}</em>"
            drawn.append(f'<td data-variant="{escape(name)}">{shown}</td>')
        code = f" <code>{escape(slot)}</code>" if slot else ""
        return f'<tr><th>{escape(label)}{code}</th>{"".join(drawn)}</tr>'


def _page(lang: str, parts: list[str]) -> str:
    """A comparison page: its parts in a block of the page's language, without the theme's
    table of contents (it would take a third of the width the tables need)."""
    return "---\nhide:\n  - toc\n---\n\n" + f'<div lang="{lang}" markdown>\n\n' + \
        "\n\n".join(p for p in parts if p) + "\n\n</div>\n"
