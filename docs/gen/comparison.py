"""The comparison page: every pair of variants compared rule by rule, in words, with its games.

Each unordered pair (in the order the site lists the variants) is compared exactly as
`kozel check spec/variants` compares it (checks/family.py: fresh_comparison, each variant's
options at their defaults, each pair in a fresh process), so the page and the checker say the
same thing. The page opens with a variant × variant table of how many rules differ, each number
linking to the pair's section (comparison_pair.py: the differences in words, each with the game
that shows it, drawn as a table scene, and the rule texts); every rule of every variant as
written closes it. The comparisons are slow (Z3 and game searches): they are read from the
checker's own cache (checks/remembered.py, sealed by this user in kozel's cache folder), so a
build after a `kozel check` of the same files, or a second build, compares nothing again.
"""

from __future__ import annotations

import logging
from html import escape
from typing import Any

from interpreter.language.model import Variant
from interpreter.language.slots import SLOTS
from interpreter.language.summary import case_text

from .comparison_pair import PairSection, pair_anchor, slot_label
from .scene_words import scene_word

PAGE = "compare"  # variants/LANG/compare.md
_COMPUTED: dict[str, list[dict[str, Any] | None]] = {}  # this build's (every language's)

log = logging.getLogger("mkdocs.hooks.kozel")


def _budgets() -> tuple[Any, Any]:
    """The budgets `kozel check` uses when none is given (so the page says what it says)."""
    from checks.budget import Budget, GameBudget

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
    from checks.family import compare_family
    from interpreter.language.workers import usable_cores

    try:
        return list(compare_family(variants, *_budgets(), usable_cores()))
    except Exception:  # one failed: each alone, so that the warning names the pair
        return [_compare_one(a, b) for i, a in enumerate(variants) for b in variants[i + 1:]]


def _compare_one(a: Variant, b: Variant) -> dict[str, Any] | None:
    from checks.family import compare_family

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

    def page(self, lang: str) -> str:
        """Return the comparison page in a language, as Markdown with raw-HTML blocks."""
        parts = [f"# {scene_word(lang, 'compare title')} {{#top}}",
                 scene_word(lang, "compare intro"), self.overview(lang)]
        if not any(self.comparisons) and self.pairs:
            parts.append(f'<p class="kz-meaning">{escape(scene_word(lang, "no checker"))}</p>')
        titles = {v.source: v.source_title for v in self.variants if v.source and v.source_title}
        parts += [PairSection(pair, index, data, lang, titles).html()
                  for pair, index, data in zip(self.pairs, self.indices, self.comparisons)]
        parts += [f"## {escape(scene_word(lang, 'as written'))} {{#as-written}}",
                  self.table(lang)]
        # the page's own table of contents would take a third of the width its words need
        return "---\nhide:\n  - toc\n---\n\n" + f'<div lang="{lang}" markdown>\n\n' + \
            "\n\n".join(p for p in parts if p) + "\n\n</div>\n"

    def overview(self, lang: str) -> str:
        """The variant × variant table: how many rules differ, each linking to its pair."""
        head = "".join(f'<th title="{escape(v.name)}">{n + 1}</th>'
                       for n, v in enumerate(self.variants))
        rows = []
        for i, variant in enumerate(self.variants):
            cells = "".join(self.count_cell(i, j) for j in range(len(self.variants)))
            rows.append(f'<tr><th>{i + 1}. <a href="../{escape(variant.name)}/">'
                        f"<code>{escape(variant.name)}</code></a></th>{cells}</tr>")
        return (f'<div class="kz-compare-wrap"><table class="kz-compare kz-overview">'
                f'<caption>{escape(scene_word(lang, "overview"))}</caption>'
                f"<thead><tr><th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
                f'</table></div>\n\n<p class="kz-meaning">'
                f'{escape(scene_word(lang, "overview hint"))}</p>')

    def count_cell(self, i: int, j: int) -> str:
        """One cell: the number of rules two variants differ in, linking to their section."""
        data = None if i == j else self.of(i, j)
        if data is None:
            return "<td>—</td>"
        statuses = [d["status"] for d in data["differences"]]
        shown = statuses.count("different")
        other = len(statuses) - shown
        text = f"{shown}" + (f" + {other}" if other else "")
        mark = ' class="kz-differs kz-differs-different"' if shown else ""
        anchor = pair_anchor((min(i, j), max(i, j)))
        return f'<td{mark}><a href="#{anchor}">{escape(text)}</a></td>'

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
