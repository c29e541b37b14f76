"""The comparison page: every variant side by side, slot by slot, each difference with its game.

The table has a row per rule slot and a column per variant (in spec/variants order), each cell
the slot's cases as written. Each variant is compared with the one to its left by the checker,
exactly as `kozel diff LEFT RIGHT` does (checks/diff.py): a cell whose rule the checker finds
different is marked, and below the table every difference comes with the game that shows it
(a game of the left variant, drawn as a table scene). The comparisons are slow (Z3 and game
searches), so they are kept in a cache file keyed by the rule files and the checker's and
engine's sources: a build with nothing changed reads them back.
"""

from __future__ import annotations

import hashlib
import json
import logging
from html import escape
from pathlib import Path
from typing import Any

from interpreter.language.model import Variant
from interpreter.language.slots import SLOTS
from interpreter.language.summary import case_text

from .cards import message_html
from .said_cache import restored, with_saids
from .scene_html import value_html, witness_html
from .scene_words import scene_word

CACHE_DIR = ".kozel-cache"  # under the folder the site is built from (ignored by git)
PAGE = "compare"  # variants/LANG/compare.md
SOURCES = ("checks", "interpreter")  # a change in these may change a comparison
MARKED = ("different", "unconfirmed", "unknown", "incomparable")

log = logging.getLogger("mkdocs.hooks.kozel")


def fingerprint_files(root: Path) -> list[Path]:
    """What a comparison rests on: the rule files, and the code of the checker, the engine and
    the front end, the grammar included (found wherever it lives, not at a fixed path)."""
    code = Path(__file__).resolve().parents[2]
    files = sorted((root / "spec" / "variants").glob("*.kozel"))
    files += sorted(p for d in SOURCES for p in (code / d).rglob("*.py"))
    return files + sorted((code / "interpreter").rglob("*.lark"))


def _fingerprint(root: Path, pair: tuple[Variant, Variant]) -> str:
    """A key that changes when a rule file, the checker or the engine changes."""
    digest = hashlib.sha256(f"{pair[0].name}\n{pair[1].name}\n".encode())
    for path in fingerprint_files(root):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:24]


def _diff(pair: tuple[Variant, Variant]) -> dict[str, Any] | None:
    """`kozel diff A B --format json`, computed; None when the comparison fails (a warning)."""
    from checks.diff import diff_variants

    try:
        return diff_variants(pair[0], pair[1]).as_json()
    except Exception as error:  # as for the rulebooks: a warning, which fails a strict build
        log.warning("kozel docs: the comparison of %s and %s failed: %r", pair[0].name,
                    pair[1].name, error)
        return None


def cached_diff(root: Path, pair: tuple[Variant, Variant]) -> dict[str, Any] | None:
    """The comparison of two variants, from the cache when nothing it rests on changed."""
    path = root / CACHE_DIR / f"diff-{pair[0].name}-{pair[1].name}-{_fingerprint(root, pair)}.json"
    if path.is_file():
        try:
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            return restored(data)  # its messages said in the page's language again
        except (OSError, ValueError):
            pass  # a broken cache file is computed again
    data_or_none = _diff(pair)
    if data_or_none is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(with_saids(data_or_none), ensure_ascii=False),
                            encoding="utf-8")
        except OSError as error:  # a read-only checkout still builds, only slower
            log.info("kozel docs: the comparison cache cannot be written: %s", error)
    return data_or_none


class Comparison:
    """The comparison of a list of variants, each with its left neighbour; a page per language."""

    def __init__(self, variants: list[Variant], root: Path) -> None:
        self.variants = variants
        self.root = root
        self.pairs = list(zip(variants, variants[1:]))
        self.diffs: list[dict[str, Any] | None] = [cached_diff(root, p) for p in self.pairs]

    def status(self, column: int, slot: str) -> str:
        """The checker's word on a slot of a variant against its left neighbour ('' if none)."""
        if column == 0 or self.diffs[column - 1] is None:
            return ""
        slots = self.diffs[column - 1] or {}
        return next((s["status"] for s in slots.get("slots", []) if s["slot"] == slot), "")

    def page(self, lang: str) -> str:
        """Return the comparison page in a language, as Markdown with raw-HTML blocks."""
        parts = [f"# {scene_word(lang, 'compare title')} {{#top}}",
                 scene_word(lang, "compare intro"), self.table(lang)]
        if not any(self.diffs) and self.pairs:
            parts.append(f'<p class="kz-meaning">{escape(scene_word(lang, "no checker"))}</p>')
        parts += [self.pair_section(i, lang) for i in range(len(self.pairs))]
        return f'<div lang="{lang}" markdown>\n\n' + "\n\n".join(p for p in parts if p) + \
            "\n\n</div>\n"

    def table(self, lang: str) -> str:
        """The side-by-side table: a row per slot, a column per variant."""
        head = "".join(f'<th><a href="../{v.name}/"><code>{escape(v.name)}</code></a></th>'
                       for v in self.variants)
        rows = [self.row(scene_word(lang, "players row"), [
            [", ".join(map(str, v.players))] for v in self.variants], "players", lang)]
        rows.append(self.row(scene_word(lang, "options row"), [
            [o.name for o in v.options] for v in self.variants], "", lang))
        for slot in SLOTS:
            cells = [[case_text(c) for c in v.cases(slot)] for v in self.variants]
            rows.append(self.row(slot, cells, slot, lang))
        return (f'<div class="kz-compare-wrap"><table class="kz-compare"><thead><tr>'
                f'<th>{escape(scene_word(lang, "slot"))}</th>{head}</tr></thead>'
                f'<tbody>{"".join(rows)}</tbody></table></div>')

    def row(self, label: str, cells: list[list[str]], slot: str, lang: str) -> str:
        """One row: each cell marked where it differs from the cell to its left."""
        drawn = []
        for column, text in enumerate(cells):
            status = self.status(column, slot) if slot in SLOTS else ""
            differs = status in MARKED or (not status and column > 0 and text != cells[column - 1])
            mark = f' class="kz-differs kz-differs-{status or "text"}"' if differs else ""
            hint = f' title="{escape(scene_word(lang, "differs"))}"' if differs else ""
            shown = "<br>".join(f"<code>{escape(line)}</code>" for line in text) if text else \
                f"<em>{escape(scene_word(lang, 'not written'))}</em>"
            link = (f' <a class="kz-diff-link" href="#diff-{column}-{slot.replace(" ", "-")}">'
                    f"{escape(scene_word(lang, status))}</a>") if status in MARKED else ""
            drawn.append(f"<td{mark}{hint}>{shown}{link}</td>")
        return f"<tr><th><code>{escape(label)}</code></th>{''.join(drawn)}</tr>"

    def pair_section(self, index: int, lang: str) -> str:
        """One neighbouring pair: its counts and every difference with the game that shows it."""
        a, b = self.pairs[index]
        diff = self.diffs[index]
        title = scene_word(lang, "diff of", a=a.name, b=b.name)
        head = f"## {escape(title)} {{#diff-{index + 1}}}"
        if diff is None:
            return head
        statuses = [s["status"] for s in diff["slots"]]
        counts = scene_word(lang, "diff counts", different=statuses.count("different"),
                            same=statuses.count("same"),
                            other=len(statuses) - statuses.count("different") -
                            statuses.count("same"))
        notes = "".join(f"<li><code>{escape(line)}</code></li>" for line in diff["options"])
        shown = [self.difference(index + 1, entry, a, lang) for entry in diff["slots"]
                 if entry["status"] in MARKED]
        return "\n\n".join([head, f'<p class="kz-meaning">{escape(counts)}</p>'
                            + (f'<ul class="kz-diff-options">{notes}</ul>' if notes else ""),
                            *shown])

    def difference(self, column: int, entry: dict[str, Any], a: Variant, lang: str) -> str:
        """One slot that differs: its status, what each variant does, the game that shows it."""
        slot, witness = entry["slot"], entry.get("witness")
        does = "".join(f"<li><code>{escape(str(name))}</code>: {value_html(value, lang)}</li>"
                       for name, value in ((witness or {}).get("does") or {}).items())
        # what the game shows is among the witness's own words, which mark the scene
        scene = witness_html({k: v for k, v in witness.items() if k != "does"}, lang,
                             variant=a) if witness else ""
        note = f" ({message_html(entry['note'], lang)})" if entry.get("note") else ""
        listed = f'<ul class="kz-does">{does}</ul>' if does else ""
        return (f'<div class="kz-diff" id="diff-{column}-{slot.replace(" ", "-")}">'
                f'<p><strong><code>{escape(slot)}</code></strong> — '
                f'{escape(scene_word(lang, entry["status"]))}{note}</p>{listed}{scene}</div>')
