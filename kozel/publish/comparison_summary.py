"""The comparison page's summary: a sentence per pair of variants, then the family table.

Each pair is named by its variants' titles (as their rulebooks name them, in the page's
language) and said in one sentence: how many rules differ and which, how many agree, and the
rules the checker did not settle. The family table is `kozel check`'s
(checks/reporting/family_text.py: a row per slot, a column per pair, the same marks), its columns
numbered as the sentences are, so that its heads stay a digit wide and no cell wraps on a phone.
Everything links to the pair's own page (comparison_pair.py), where the details are.
"""

from __future__ import annotations

from html import escape
from typing import Any

from checks.reporting.family_text import CELL
from interpreter.language import catalogue
from interpreter.language.model import Variant
from interpreter.language.numbers import plural_word
from interpreter.language.slots import SLOTS

from .comparison_pair import pair_anchor, pair_page, said, slot_label
from .scene_words import scene_word

# the statuses a sentence lists after the differences, in this order ("different" and "same"
# are its counts)
UNSETTLED = ("no difference found", "incomparable", "unconfirmed", "unknown")
# the marks the legend explains, in the family table's order of meaning
MARKS = ("same", "different", "no difference found", "incomparable", "unconfirmed", "unknown")


def pair_title(a: Variant, b: Variant, lang: str) -> str:
    """Two variants by their titles in a language (plain text: the caller escapes it)."""
    return scene_word(lang, "comppage.pair", a=a.title_in(lang), b=b.title_in(lang))


def in_sentence(label: str) -> str:
    """A rule's heading-case name as a sentence names it: "Redeal" → "redeal" (a name whose
    second letter is a capital, an abbreviation, is left as it is)."""
    return label[:1].lower() + label[1:] if label[1:2].islower() else label


def statuses_of(data: dict[str, Any]) -> dict[str, str]:
    """Each compared slot's status in one pair (the family table's column)."""
    found = {slot: "same" for slot in data["same"]}
    found.update({d["slot"]: d["status"] for d in data["differences"]})
    return found


class Summary:
    """The sentences and the family table of a list of pairs, in one language."""

    def __init__(self, pairs: list[tuple[Variant, Variant]], indices: list[tuple[int, int]],
                 comparisons: list[dict[str, Any] | None], lang: str) -> None:
        self.pairs, self.indices, self.comparisons = pairs, indices, comparisons
        self.lang = lang

    def html(self) -> str:
        """The list of sentences, then the family table and its legend."""
        items = "".join(f'<li id="{pair_anchor(index)}">{self.sentence(pair, index, data)}</li>'
                        for pair, index, data in zip(self.pairs, self.indices, self.comparisons))
        return (f"## {escape(scene_word(self.lang, 'comppage.pairs'))} {{#pairs}}\n\n"
                f'<ol class="kz-pair-list">{items}</ol>\n\n'
                f"## {escape(scene_word(self.lang, 'comppage.table'))} {{#family}}\n\n"
                + self.table())

    def sentence(self, pair: tuple[Variant, Variant], index: tuple[int, int],
                 data: dict[str, Any] | None) -> str:
        """One pair in a sentence: the rules that differ, how many agree, what is unsettled."""
        page = f"../{pair_page(*pair)}/"
        named = f'<a href="{page}">{escape(pair_title(*pair, self.lang))}</a>'
        if data is None:
            return said(self.lang, "comppage.failed", pair=named) + "."
        status = statuses_of(data)
        shown = [slot for slot in SLOTS if status.get(slot) == "different"]
        same = str(sum(1 for s in status.values() if s == "same"))
        if shown:
            rules = plural_word(len(shown), catalogue.forms("count.comppage rules", self.lang),
                                self.lang)
            text = said(self.lang, "comppage.differ", pair=named, n=str(len(shown)),
                        rules=escape(rules), slots=self.links(page, index, shown), same=same)
        else:
            text = said(self.lang, "comppage.none shown", pair=named, same=same)
        for kind in UNSETTLED:
            slots = [slot for slot in SLOTS if status.get(slot) == kind]
            if slots:
                text += "; " + said(self.lang, "comppage.others",
                                    status=escape(scene_word(self.lang, f"comppage.status.{kind}")),
                                    slots=self.links(page, index, slots))
        return text + "."

    def links(self, page: str, index: tuple[int, int], slots: list[str]) -> str:
        """Rules' plain names, each linking to its block on the pair's page."""
        return ", ".join(f'<a href="{page}#{pair_anchor(index, slot)}">'
                         f"{escape(in_sentence(slot_label(slot, self.lang)))}</a>"
                         for slot in slots)

    def table(self) -> str:
        """The family table: a row per slot, a column per pair (its number), each cell a mark
        linking to the rule on the pair's page; the legend of the marks under it."""
        # a head is the pair's number only: the list above says each number's pair
        heads = "".join(f'<th scope="col"><a href="../{pair_page(*pair)}/">{n + 1}</a></th>'
                        for n, pair in enumerate(self.pairs))
        columns = [statuses_of(data) if data else {} for data in self.comparisons]
        rows = "".join(f'<tr><th scope="row">{escape(slot_label(slot, self.lang))}</th>'
                       + "".join(self.cell(pair, index, column.get(slot, ""), slot)
                                 for pair, index, column in zip(self.pairs, self.indices, columns))
                       + "</tr>" for slot in SLOTS)
        slot = escape(scene_word(self.lang, "slot"))
        return (f'<div class="kz-compare-wrap kz-family-wrap"><table class="kz-compare kz-family">'
                f'<thead><tr><th scope="col">{slot}</th>{heads}</tr></thead>'
                f"<tbody>{rows}</tbody></table></div>\n\n"
                f'<p class="kz-meaning kz-marks">{self.legend(columns)}</p>')

    def cell(self, pair: tuple[Variant, Variant], index: tuple[int, int], status: str,
             slot: str) -> str:
        """One mark: a rule's status in one pair, a link to it where the pair's page has it."""
        if not status:
            return "<td></td>"
        word = escape(scene_word(self.lang, f"comppage.status.{status}"))
        mark = escape(CELL.get(status, "?"))
        # marked as the rulebooks mark a difference: shown by a game, or not settled (dashed)
        kind = f' class="kz-differs kz-differs-{status}"' \
            if status in ("different", "unconfirmed", "unknown") else ""
        if status == "same":
            return f'<td title="{word}">{mark}</td>'
        link = f"../{pair_page(*pair)}/#{pair_anchor(index, slot)}"
        return f'<td{kind}><a href="{link}" title="{word}">{mark}</a></td>'

    def meaning(self, status: str) -> str:
        """What a mark means, for the legend (≈ says why it is not "=")."""
        word = scene_word(self.lang, f"comppage.status.{status}")
        if status == "no difference found":  # checks/compare/diff_effect.py
            return f"{word} ({scene_word(self.lang, 'comppage.searched hint')})"
        return word

    def legend(self, columns: list[dict[str, str]]) -> str:
        """What each mark the table uses means."""
        used = {status for column in columns for status in column.values()}
        marks = "; ".join(said(self.lang, "comppage.mark", mark=escape(CELL[status]),
                               status=escape(self.meaning(status)))
                          for status in MARKS if status in used)
        return said(self.lang, "comppage.table hint", marks=marks + "." if marks else "")
