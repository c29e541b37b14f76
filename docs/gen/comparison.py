"""The comparison page: every pair of variants compared rule by rule, in words, with its games.

Each unordered pair (in the order the site lists the variants) is compared exactly as
`kozel check spec/variants` compares it (checks/family.py: compare_pair, each variant's options
at their defaults), so the page and the checker say the same thing. The page opens with a
variant × variant table of how many rules differ, each number linking to the pair's section
(comparison_pair.py: the differences in words, each with the game that shows it, drawn as a
table scene, and the rule texts); every rule of every variant as written closes it. The
comparisons are slow (Z3 and game searches), so they are kept in a cache file keyed by the rule
files, the checker's and engine's sources and the budgets: a build with nothing changed reads
them back. Each cached file is sealed with this user's key (interpreter/language/cache_folder.py,
the key kept in kozel's cache folder, not in the checkout), so a file put into `.kozel-cache`
by anyone else, or copied from another checkout, is not believed: the pair is compared again.
"""

from __future__ import annotations

import hashlib
import json
import logging
from html import escape
from pathlib import Path
from typing import Any

from interpreter.language.cache_folder import opened, read_entry, tidy, user_key, write_entry
from interpreter.language.model import Variant
from interpreter.language.slots import SLOTS
from interpreter.language.summary import case_text

from .comparison_pair import PairSection, pair_anchor, slot_label
from .said_cache import restored, with_saids
from .scene_words import scene_word

CACHE_DIR = ".kozel-cache"  # under the folder the site is built from (ignored by git)
PAGE = "compare"  # variants/LANG/compare.md
SOURCES = ("checks", "interpreter")  # a change in these may change a comparison
KEPT = 60  # cached comparisons kept (each change of the code or the rules adds six)
_COMPUTED: dict[str, dict[str, Any] | None] = {}  # this build's comparisons, by cache file
KIND = "family"  # what the cache holds: compare_pair's entries (an older `diff-*` is not read)

log = logging.getLogger("mkdocs.hooks.kozel")


def fingerprint_files(root: Path) -> list[Path]:
    """What a comparison rests on: the rule files, and the code of the checker, the engine and
    the front end, the grammar included (found wherever it lives, not at a fixed path)."""
    code = Path(__file__).resolve().parents[2]
    files = sorted((root / "spec" / "variants").glob("*.kozel"))
    files += sorted(p for d in SOURCES for p in (code / d).rglob("*.py"))
    return files + sorted((code / "interpreter").rglob("*.lark"))


def _budgets() -> tuple[Any, Any]:
    """The budgets `kozel check` uses when none is given (so the page says what it says)."""
    from checks.budget import Budget, GameBudget

    return Budget(), GameBudget()


def _fingerprint(root: Path, pair: tuple[Variant, Variant]) -> str:
    """A key that changes when a rule file, the checker, the engine or a budget changes."""
    budget, games = _budgets()
    digest = hashlib.sha256(f"{KIND}\n{pair[0].name}\n{pair[1].name}\n{budget!r}\n{games!r}\n"
                            .encode())
    for path in fingerprint_files(root):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:24]


def _compare(pair: tuple[Variant, Variant]) -> dict[str, Any] | None:
    """The pair's entry of `kozel check`'s "comparisons"; None when it fails (a warning)."""
    from checks.family import compare_pair

    try:
        return compare_pair(pair[0], pair[1], *_budgets())
    except Exception as error:  # as for the rulebooks: a warning, which fails a strict build
        log.warning("kozel docs: the comparison of %s and %s failed: %r", pair[0].name,
                    pair[1].name, error)
        return None


def cache_path(root: Path, pair: tuple[Variant, Variant]) -> Path:
    """Where the comparison of a pair is cached, under its key."""
    names = f"{pair[0].name}-{pair[1].name}"
    return root / CACHE_DIR / f"{KIND}-{names}-{_fingerprint(root, pair)}.json"


def cached_comparison(root: Path, pair: tuple[Variant, Variant]) -> dict[str, Any] | None:
    """The comparison of two variants, from the cache when nothing it rests on changed."""
    path = cache_path(root, pair)
    if str(path) not in _COMPUTED:  # each language's page asks for the same comparisons
        _COMPUTED[str(path)] = _kept_or_compared(path, pair)
    data = _COMPUTED[str(path)]
    return None if data is None else restored(data)  # its messages in the page's language


def _kept_or_compared(path: Path, pair: tuple[Variant, Variant]) -> dict[str, Any] | None:
    """The cached entry's data (sealed by this user, see cache_folder.py), else computed."""
    key = user_key()  # in kozel's cache folder, never in the checkout a file could be put in
    if key is None:
        log.info("kozel docs: no cache folder to keep a key in: comparisons are computed")
        return _compared(pair)
    with opened(path.parent, key=key) as place:
        payload = None if place is None else read_entry(place, path.name)
        if payload is not None:
            try:
                return dict(json.loads(payload.decode("utf-8")))
            except ValueError:
                pass  # a broken entry is computed again
        data = _compared(pair)
        if place is not None and data is not None:
            tidy(place, KEPT - 1)
            write_entry(place, path.name, json.dumps(data, ensure_ascii=False).encode())
        return data


def _compared(pair: tuple[Variant, Variant]) -> dict[str, Any] | None:
    """The comparison with its messages written as data, ready to be cached."""
    data = _compare(pair)
    return None if data is None else with_saids(data)


class Comparison:
    """Every unordered pair of a list of variants compared; a page per language."""

    def __init__(self, variants: list[Variant], root: Path) -> None:
        self.variants = variants
        self.root = root
        self.indices = [(i, j) for i in range(len(variants)) for j in range(i + 1, len(variants))]
        self.pairs = [(variants[i], variants[j]) for i, j in self.indices]
        self.comparisons: list[dict[str, Any] | None] = [cached_comparison(root, p)
                                                         for p in self.pairs]

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
