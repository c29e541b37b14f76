"""One pair of variants on the comparison page: the differences in words, then each one's game.

The section reads like a rulebook: which rules differ (named as the rulebook pages name them),
what each variant says there (the rulebook's own sentences), the game that shows the two rules
answering differently (the table scene of scene_html.py), and the rule texts as written, with
the sentences they cite. Its data is one entry of `kozel check`'s "comparisons"
(checks/compare/family.py: compare_pair), so the page and the checker say the same thing.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from checks.reporting.catalogue import Said, is_translated
from checks.search.witnesses import Witness
from interpreter.language.model import Variant
from interpreter.language.summary import case_text

from . import wording as w
from .cards import citations_html, message_html
from .rulebook import slot_anchor
from .scene_html import answer_html, option_html, witness_html
from .scene_words import scene_word
from .sentences import Sentences
from .text import md_text

SHOWN = ("different",)  # a difference a game shows; the other statuses are not settled


def said(lang: str, key: str, **html: str) -> str:
    """A comparison word in a language, its template escaped and filled with HTML pieces."""
    return escape(scene_word(lang, key), quote=False).format(**html)


def slot_label(slot: str, lang: str) -> str:
    """The slot in plain words, as the rulebook pages name it."""
    return w.SLOT_LABELS.get(slot, {}).get(lang, slot)


def pair_anchor(index: tuple[int, int], slot: str = "") -> str:
    """The anchor of a pair's section (1-based, in site order), or of one of its rules."""
    base = f"pair-{index[0] + 1}-{index[1] + 1}"
    return f"{base}-{slot.replace(' ', '-')}" if slot else base


def pair_page(a: Variant, b: Variant) -> str:
    """The name of a pair's page, beside the rulebooks (variants/NAME.md): its links to
    them (`../minsk/`) are the summary's."""
    return f"compare-{a.name}-{b.name}"


def variant_link(variant: Variant, slot: str = "") -> str:
    """A link to a variant's rulebook (at a slot's section when given)."""
    anchor = f"#{slot_anchor(slot)}" if slot else ""
    return f'<a href="../{escape(variant.name)}/{anchor}"><code>{escape(variant.name)}</code></a>'


def rulebook_html(html: str, variant: Variant) -> str:
    """A rulebook sentence moved to this page: its links to the variant's option rows point at
    the variant's page (on this page there are none)."""
    return html.replace('href="#option-', f'href="../{escape(variant.name)}/#option-')


def readable(witness: Witness, lang: str) -> Witness:
    """The witness to draw: without what each variant does (said above the scene), and, on a
    page not in English, without the engine's own English words (its reason why a record is
    not a game of the other variant, and what stops play after the moment)."""
    shown = witness.without("does")
    if lang == "en":
        return shown
    under = witness.under
    if under is not None and isinstance(under[1], Said) and under[1].key == "under.not a game":
        shown = shown.adding(under=(under[0], Said("under.not a game of",
                                                   name=under[1].args.get("name", ""))))
    if witness.then and not is_translated(witness.then, lang):
        shown = shown.without("then")
    return shown


class PairSection:
    """The section of one pair, in one language."""

    def __init__(self, pair: tuple[Variant, Variant], index: tuple[int, int],
                 data: dict[str, Any] | None, lang: str,
                 titles: dict[str, str] | None = None) -> None:
        self.a, self.b = pair
        self.index, self.data, self.lang = index, data, lang
        self.sentences = {v.name: Sentences(v, lang) for v in pair}
        # source file → title, of every variant: an inherited rule may cite a third one's text
        self.titles = titles if titles is not None else \
            {v.source: v.source_title for v in pair if v.source and v.source_title}

    def page(self, number: int, total: int) -> str:
        """The pair's own page: a link back to the summary, then the section."""
        back = (f'<p class="kz-back"><a href="../compare/#{pair_anchor(self.index)}">'
                f'{escape(scene_word(self.lang, "comppage.back"))}</a> · '
                f'{said(self.lang, "comppage.pair of", n=str(number), total=str(total))}</p>')
        return "---\nhide:\n  - toc\n---\n\n" + f'<div lang="{self.lang}" markdown>\n\n' + \
            self.html(back) + "\n\n</div>\n"

    def html(self, back: str = "") -> str:
        """The pair's heading (its variants' titles), its paragraph in words, then every rule
        it differs in."""
        title = scene_word(self.lang, "comppage.pair", a=self.a.title_in(self.lang),
                           b=self.b.title_in(self.lang))
        head = f"# {md_text(title)} {{#{pair_anchor(self.index)}}}"
        # each block apart: a <p> block's text is read as Markdown, and the rule texts' titles
        # in the blocks after it must stay as written
        if self.data is None:
            failed = f'<p class="kz-meaning">{said(self.lang, "compare failed")}</p>'
            return "\n\n".join(part for part in (head, back, failed) if part)
        blocks = [self.difference(entry) for entry in self.data["differences"]]
        return "\n\n".join(part for part in (head, back, self.summary(), *blocks) if part)

    def summary(self) -> str:
        """The paragraph an organiser reads: the rules that differ, the rest, players, options."""
        found = self.data["differences"] if self.data else []
        names = {"a": self.name(self.a), "b": self.name(self.b)}
        shown = [d["slot"] for d in found if d["status"] in SHOWN]
        apart = [d["slot"] for d in found if d["status"] == "incomparable"]
        other = [d for d in found if d["status"] not in (*SHOWN, "incomparable")]
        same = len((self.data or {}).get("same", []))
        # "agree" only where every rule was shown the same; else how many were
        lines = [said(self.lang, "pair differs", **names, n=str(len(shown)),
                      slots=self.slot_links(shown)) if shown
                 else said(self.lang, "pair agrees", **names) if not (other or apart)
                 else said(self.lang, "sizes pair none shown", **names, n=str(same))]
        if shown:
            lines.append(said(self.lang, "pair same", n=str(len((self.data or {})["same"]))))
        if other:
            listed = ", ".join(f"{self.slot_link(d['slot'])} "
                               f"({escape(scene_word(self.lang, d['status']))})" for d in other)
            lines.append(said(self.lang, "pair unsettled", n=str(len(other)), slots=listed))
        if apart:
            lines.append(said(self.lang, "pair incomparable", n=str(len(apart)),
                              slots=self.slot_links(apart)))
        if self.a.players != self.b.players:
            lines.append(said(self.lang, "pair players", **names,
                              pa=", ".join(map(str, self.a.players)),
                              pb=", ".join(map(str, self.b.players))))
        lines.append(self.options())
        return '<div class="kz-pair-words">' + "".join(f"<p>{line}</p>" for line in lines) + \
            "</div>"

    def name(self, variant: Variant) -> str:
        """A variant's title, as its rulebook names it, linking to the rulebook."""
        return f'<a href="../{escape(variant.name)}/">{escape(variant.title_in(self.lang))}</a>'

    def slot_link(self, slot: str) -> str:
        """A rule's plain name, linking to its block in this section."""
        return (f'<a href="#{pair_anchor(self.index, slot)}">'
                f"{escape(slot_label(slot, self.lang))}</a>")

    def slot_links(self, slots: list[str]) -> str:
        """Rules' plain names, each linking to its block."""
        return ", ".join(self.slot_link(s) for s in slots)

    def options(self) -> str:
        """How the comparison set each variant's options (the family check's "options")."""
        shown = (self.data or {}).get("options") or {}
        parts = []
        for variant in (self.a, self.b):
            options = shown.get(variant.name) or {}
            if not options:
                parts.append(said(self.lang, "no options", name=self.name(variant)))
                continue
            fixed = [self.option(name, how) for name, how in options.items()
                     if how.get("set") == "default"]
            left = [f"<code>{escape(n)}</code>" for n, how in options.items()
                    if how.get("set") != "default"]
            if left:
                fixed.append(said(self.lang, "options open", options=", ".join(left)))
            listed = "; ".join(fixed)
            parts.append(said(self.lang, "options of", name=self.name(variant), options=listed))
        return said(self.lang, "pair options", listed="; ".join(parts))

    def option(self, name: str, how: dict[str, Any]) -> str:
        """An option set at its default, in words."""
        return said(self.lang, "option default", option=f"<code>{escape(name)}</code>",
                    value=option_html(how.get("value"), self.lang))

    def difference(self, entry: dict[str, Any]) -> str:
        """One rule that differs: what each variant says, why, the game, the rule texts."""
        slot, status = entry["slot"], entry["status"]
        head = (f'<p class="kz-diff-head"><strong>{escape(slot_label(slot, self.lang))}</strong> '
                f"<code>{escape(slot)}</code> — {escape(scene_word(self.lang, status))}</p>")
        says = "".join(self.says(v, slot) for v in (self.a, self.b))
        parts = [head, f'<div class="kz-diff-says">{says}</div>', self.through(entry),
                 self.note(entry), self.game(entry), self.texts(slot)]
        return (f'<div class="kz-diff kz-diff-{escape(status)}" '
                f'id="{pair_anchor(self.index, slot)}">{"".join(p for p in parts if p)}</div>')

    def says(self, variant: Variant, slot: str) -> str:
        """What a variant says in a slot, in its rulebook's sentences."""
        sentences = self.sentences[variant.name]
        cases = variant.cases(slot)
        default = escape(scene_word(self.lang, "default applies"))
        lines = [sentences.case(c) for c in cases] or [
            f"{sentences.default(slot)} <em>({default})</em>"]
        shown = " ".join(rulebook_html(line, variant) for line in lines)
        who = said(self.lang, "in variant", name=variant_link(variant, slot))
        return f'<p class="kz-sentence">{who}: {shown}</p>'

    def through(self, entry: dict[str, Any]) -> str:
        """Why a rule of the same words answers differently (the family check's `through`)."""
        through = entry.get("through") or ""
        if through.startswith("option "):
            text = said(self.lang, "through option", option=f"<code>{escape(through[7:])}</code>")
        elif through:  # the slots the rule reads that differ (slot names hold no comma)
            shown = {d["slot"] for d in (self.data or {})["differences"]}
            text = said(self.lang, "through slot", slot=", ".join(
                self.slot_link(name) if name in shown else escape(slot_label(name, self.lang))
                for name in through.split(", ")))
        else:
            return ""
        return f'<p class="kz-remark kz-through">{text}</p>'

    def note(self, entry: dict[str, Any]) -> str:
        """The checker's note on a difference shown by a game (a boundary, say)."""
        if not entry.get("note") or not entry.get("witness"):
            return ""  # without a game the note is the reason given with "no game"
        if entry.get("through") and getattr(entry["note"], "key", "") == "note.same text":
            return ""  # the `through` sentence says it, and why
        return f'<p class="kz-remark">{message_html(entry["note"], self.lang)}</p>'

    def game(self, entry: dict[str, Any]) -> str:
        """What each variant does in the game, and the game drawn (the record's variant's)."""
        witness = entry.get("witness")
        if not witness:
            why = entry.get("note") or entry.get("why") or ""
            reason = message_html(why, self.lang) if why else \
                escape(scene_word(self.lang, entry["status"]))
            return f'<p class="kz-remark kz-no-game">{said(self.lang, "no game", why=reason)}</p>'
        does = "".join(f"<li><code>{escape(str(name))}</code>: {self.value(value)}</li>"
                       for name, value in witness.does)
        listed = (f'<p>{said(self.lang, "in the game")}:</p><ul class="kz-does">{does}</ul>'
                  if does else "")
        # what each does is said above; the scene draws the rest of the witness
        # a game of the first, or of the second where the first leaves the rule unspecified
        whose = self.b if (witness.record or {}).get("variant") == self.b.name else self.a
        scene = witness_html(readable(witness, self.lang), self.lang, variant=whose)
        return listed + scene + self.other_table(entry, witness)

    def other_table(self, entry: dict[str, Any], shown: Witness) -> str:
        """Variants of different tables: the other table's result and its own game."""
        across = entry.get("across")
        parts = []
        for table in across.tables if across is not None else ():
            if table.witness is None or table.witness is shown:
                continue
            host = self.a if table.table == self.a.name else self.b
            head = said(self.lang, "sizes at table", table=self.name(host),
                        players=escape(", ".join(map(str, table.players))),
                        status=escape(scene_word(self.lang, table.status)))
            does = "".join(f"<li><code>{escape(str(name))}</code>: {self.value(value)}</li>"
                           for name, value in table.witness.does)
            parts.append(f'<p class="kz-remark">{head}</p><ul class="kz-does">{does}</ul>'
                         + witness_html(readable(table.witness, self.lang), self.lang,
                                        variant=host))
        return "".join(parts)

    def value(self, value: Any) -> str:
        """What a rule answers in the game, in words: seats and sides from 1, symbols said."""
        return answer_html(value, self.lang)

    def texts(self, slot: str) -> str:
        """The rule texts of both variants: each case as written, with its cited sentences."""
        blocks = []
        for variant in (self.a, self.b):
            cases = variant.cases(slot)
            rows = "".join(
                f'<div class="kz-diff-case"><p class="kz-meta"><code>'
                f"{escape(slot)}: {escape(case_text(c))}</code> "
                f"<small><code>{escape(Path(c.pos.file or variant.file or '').name)}:{c.pos.line}"
                f"</code></small>"
                f"</p>"
                f"{citations_html(c.cites, variant.source, self.lang, self.titles, with_file=True)}"
                f"</div>" for c in cases) \
                or f"<p><em>{escape(scene_word(self.lang, 'default applies'))}</em></p>"
            blocks.append(f"<p><strong>{variant_link(variant, slot)}</strong></p>{rows}")
        return (f'<details class="kz-diff-texts"><summary>'
                f'{escape(scene_word(self.lang, "texts"))}</summary>{"".join(blocks)}</details>')
