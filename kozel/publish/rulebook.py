"""A variant's rulebook page in one language: first the rulebook a club would print, then the
part for rule authors.

The first part is the rules in prose, section by section in the order of play (wording.SECTIONS),
the options in the words their file gives them, readings said in words, and the quotes of the
source beside each rule: no file names, slot names or command flags. The second part
(rulebook_authors.py), under its own heading, has the rule file, each rule as written, the
readings with their games, the claims and the checker's findings. The page is Markdown whose
headings build the table of contents; each rule is a raw-HTML card (cards.py). Anchors are the
same in both languages, so the language switch keeps the place.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from interpreter.language import catalogue
from interpreter.language.model import Case, Citation, Claim, Option, Restatement, Variant
from interpreter.language.slots import SLOTS

from .readings_html import readings_words
from . import cards
from . import wording as w
from .findings import Report
from .house_marks import changed_quote, changed_sentences, written_by_house_rule
from .languages import other_language, translation_href
from .phrase import Phraser
from .rulebook_authors import AuthorsPart, case_kind, slot_anchor  # noqa: F401 (their home)
from .sentences import Sentences
from .text import latin_marked, md_text
from .ui import word


def sections() -> list[tuple[str, dict[str, str], tuple[str, ...]]]:
    """Return the page sections with their slots; slots no section names go to "other"."""
    listed = {s for _, _, slots in w.SECTIONS for s in slots}
    other = tuple(s for s in SLOTS if s not in listed)
    found = [(key, title, tuple(s for s in slots if s in SLOTS)) for key, title, slots in w.SECTIONS]
    return found + ([("other", w.OTHER_SECTION, other)] if other else [])


class Rulebook:
    """Writes the rulebook of one variant in one language."""

    def __init__(self, variant: Variant, lang: str, report: Report, root: Path,
                 titles: dict[str, str] | None = None) -> None:
        self.variant = variant
        # the titles of the source texts (file → title), to name a quote from another text
        self.titles = titles or {}
        self.lang = lang
        self.report = report
        self.root = root
        self.sentences = Sentences(variant, lang)
        self.changed = changed_sentences(variant)  # the sentences its house rules change
        self.authors = AuthorsPart(self)

    def w(self, key: str) -> str:
        """Return a fixed word of the page in this language."""
        return word(self.lang, key)

    def page(self) -> str:
        """Return the whole page as Markdown: the rulebook, then the part for rule authors."""
        parts = [self.header(), self.rules(), self.authors.part()]
        body = "\n\n".join(p for p in parts if p)
        return f'<div lang="{self.lang}" markdown>\n\n{body}\n\n</div>\n'  # md_in_html

    def claims(self) -> str:
        """Return the author's claims (in the second part)."""
        return self.authors.claims()

    # ---- header -------------------------------------------------------------------------------
    def header(self) -> str:
        """Return the title, the language switch and the source text by its title."""
        v, other = self.variant, other_language(self.lang)
        switch = translation_href(self.lang, f"variants/{v.name}/", other)
        source = (f"\n\n{self.w('source_text')}: {self.source_title()}"
                  if v.source_title else "")
        return (f"# {md_text(v.title_in(self.lang))} {{#top}}\n\n"
                f'<p class="kz-switch"><a href="{switch}" hreflang="{other}" target="_self">'
                f"{escape(self.w('other_language'))}</a> · "
                f'<a href="#authors">{escape(self.w("authors"))}</a></p>{source}')

    def source_title(self) -> str:
        """Return the source text as a reader knows it: its title, linked where it has a link."""
        v = self.variant
        title = f'<span lang="ru">{latin_marked(v.source_title or "", md_text)}</span>'
        if v.source_link and v.source_link.startswith(("https://", "http://")):  # no script
            # md_text, not escape: in a Markdown paragraph, `[a](b)` inside an attribute
            # would still become a link and break out of it
            title = f'<a href="{md_text(v.source_link)}" rel="nofollow">{title}</a>'
        return title

    # ---- the rules, in the order of play ------------------------------------------------------
    def rules(self) -> str:
        """Return the rules, section by section in the order of play, slot by slot."""
        parts = [f"## {self.w('rules')} {{#rules}}"]
        for key, title, slots in sections():
            parts.append(f"### {title[self.lang]} {{#section-{key}}}")
            if key == "players":
                parts.append(self.players())
            parts += [self.slot(s) for s in slots if w.shown(self.variant, s)]
            if key == "players" and self.variant.options:
                parts.append(self.options())
            if key == "match" and self.variant.several_goats:
                parts.append(self.several_goats())
        return "\n\n".join(parts)

    def players(self) -> str:
        """Return the card of the number of players, with its citation."""
        counts = [str(n) for n in self.variant.players]
        listed = counts[0] if len(counts) == 1 else (
            ", ".join(counts[:-1]) + f" {self.w('or')} {counts[-1]}")
        return cards.rule_card(
            anchor="rule-players", kind="cited" if self.variant.player_cites else "uncited",
            sentence=escape(self.w("players_sentence").format(n=listed)), remarks=[], meta="",
            cites_html=self.quotes(self.variant.player_cites))

    def several_goats(self) -> str:
        """Return the card of `several goats: yes`."""
        v = self.variant
        remarks = v.several_goats_remarks
        assumption = (remarks.assumption_ru or remarks.assumption) if self.lang == "ru" \
            else remarks.assumption
        note = (remarks.note_ru or remarks.note) if self.lang == "ru" else remarks.note
        kind = "assumed" if assumption else "cited" if v.several_goats_cites else "uncited"
        return cards.rule_card(
            anchor="rule-several-goats", kind=kind,
            sentence=escape(self.w("several_goats_sentence")),
            remarks=self.remarks(assumption, note), meta="",
            cites_html=self.quotes(v.several_goats_cites))

    def options(self) -> str:
        """Return what is agreed before the match: each option's values in words."""
        head = f"### {escape(w.OPTIONS_SECTION[self.lang])} {{#options}}"
        return head + "\n\n" + "\n\n".join(self.option_card(o) for o in self.variant.options)

    def option_card(self, option: Option) -> str:
        """Return one option in words: its values, the usual one, and its name in small print."""
        phraser = Phraser(self.lang, "setup", self.variant)
        if isinstance(option.values, range):
            values = escape(phraser.agreed_values(option))
        else:
            words = [f"<strong>{phraser.option_value(option, v, link=False)}</strong>"
                     for v in option.values]
            values = words[0] if len(words) == 1 else (
                ", ".join(words[:-1]) + f" {escape(self.w('or'))} " + words[-1])
        usual = (f"{escape(self.w('if_not_agreed'))}: "
                 f"{phraser.option_value(option, option.default, link=False)}"
                 if option.default is not None else escape(self.w("choose_before")))
        sentence = f"{capital(values)} — {escape(self.w('or_as_agreed'))}; {usual}."
        kind = "assumed" if option.assumption else "cited" if option.cites else "uncited"
        small = (f'<small class="kz-opt-name">{escape(self.w("in_file"))}: '
                 f"<code>{escape(option.name)}</code></small>")
        return cards.rule_card(
            anchor=f"option-{option.name}", kind=kind, sentence=sentence,
            remarks=self.remarks(*self.texts(option)), meta=small,
            cites_html=self.quotes(option.cites))

    def slot(self, slot: str) -> str:
        """Return one slot: its heading in words, and a card per case."""
        label = w.SLOT_LABELS.get(slot, {}).get(self.lang, slot)
        head = f"#### {label} {{#{slot_anchor(slot)}}}"
        cases = self.variant.cases(slot)
        if not cases:
            return head + "\n\n" + cards.rule_card(
                anchor=f"rule-{slot_anchor(slot)[5:]}-default", kind="default",
                sentence=escape(capital(self.sentences.unwritten(slot)) + "."), remarks=[],
                meta="", cites_html="")
        return head + "\n\n" + "\n\n".join(self.case_card(c, i) for i, c in enumerate(cases))

    def case_card(self, case: Case, index: int) -> str:
        """Return one case in words: its sentence, the text's silence or the reason of an
        assumption, the note, the readings, and the quotes of the source beside it."""
        kind = case_kind(case)
        remarks = []
        if kind == "gap":
            remarks.append(f'<p class="kz-remark">{cards.badge("gap", self.w("gap"))} '
                           f"{escape(self.w('gap_title'))}.</p>")
        remarks += self.case_remarks(case)
        remarks += readings_words(case, self.lang, self.sentences.case)
        cites_html = cards.citations_html(
            case.cites, self.variant.source, self.lang, self.titles,
            changed=lambda cite: changed_quote(self.variant, case, cite, self.changed)
        ) if case.cites else ""
        return cards.rule_card(
            anchor=f"rule-{slot_anchor(case.slot)[5:]}-{index + 1}", kind=kind,
            sentence=self.sentences.case(case), remarks=remarks, meta="", cites_html=cites_html)

    def case_remarks(self, case: Case) -> list[str]:
        """A case's assumption and note; a house rule's own case is labelled as one."""
        assumption, note = self.texts(case)
        if not written_by_house_rule(self.variant, case):
            return self.remarks(assumption, note)
        over = word(self.lang, "house_rule")
        because = assumption or catalogue.by_language("rulebook print.", "site: rulebook")[
            self.lang]["house rule over"].replace("{parent}", self.variant.parent or "")
        return [cards.remark("assumed", over, because)] + self.remarks(None, note)

    def quotes(self, cites: tuple[Citation, ...]) -> str:
        """Return the source's quotes beside a rule, a quote from another text named by its
        title; nothing where the rule quotes none (the second part says so)."""
        return cards.citations_html(cites, self.variant.source, self.lang, self.titles) \
            if cites else ""

    # ---- remarks ------------------------------------------------------------------------------
    def texts(self, item: Case | Option | Claim | Restatement) -> tuple[str | None, str | None]:
        """Return an item's assumption and note in this page's language, where written."""
        if self.lang == "ru":
            return (item.assumption_ru or item.assumption), (item.note_ru or item.note)
        return item.assumption, item.note

    def remarks(self, assumption: str | None, note: str | None) -> list[str]:
        """Return the assumption's reason and the note, labelled."""
        found = []
        if assumption:
            found.append(cards.remark("assumed", self.w("assumption"), assumption))
        if note:
            found.append(cards.remark("note", self.w("note"), note))
        return found


def source_titles(variant: Variant) -> dict[str, str]:
    """The title of the variant's source text, by its file name (empty when it has none)."""
    return {variant.source: variant.source_title} if variant.source and variant.source_title \
        else {}


def capital(html: str) -> str:
    """Upper-case the first letter of a phrase that may start with a tag (`<strong>с …`)."""
    return re.sub(r"^((?:<[^>]*>)*)(\w)", lambda m: m.group(1) + m.group(2).upper(), html,
                  count=1)
