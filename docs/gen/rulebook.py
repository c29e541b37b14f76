"""A variant's rulebook page in one language: players, options, rules, claims, findings.

The page is Markdown whose headings build the table of contents; each rule is a raw-HTML card
(cards.py). Anchors are the same in both languages, so the language switch keeps the place.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from interpreter.language import ast
from interpreter.language.model import Case, Claim, Option, Variant
from interpreter.language.slots import CLAIM_CONTEXTS, SLOTS
from interpreter.language.summary import case_text

from .open_options_html import open_values_html
from .readings_html import readings_remarks
from . import cards
from . import wording as w
from .findings import PROVED, Finding, Report, at_rule
from .languages import other_language, translation_href
from .phrase import Phraser
from .sentences import Sentences
from .text import md_code, md_text
from .ui import word


def slot_anchor(slot: str) -> str:
    """Return the anchor of a slot's section ("lead match" → "slot-lead-match")."""
    return "slot-" + slot.replace(" ", "-")


def sections() -> list[tuple[str, dict[str, str], tuple[str, ...]]]:
    """Return the page sections with their slots; slots no section names go to "other"."""
    listed = {s for _, _, slots in w.SECTIONS for s in slots}
    other = tuple(s for s in SLOTS if s not in listed)
    found = [(key, title, tuple(s for s in slots if s in SLOTS)) for key, title, slots in w.SECTIONS]
    return found + ([("other", w.OTHER_SECTION, other)] if other else [])


def case_kind(case: Case) -> str:
    """Return how a case stands to the text: gap, assumption, cited or uncited."""
    if case.unspecified:
        return "gap"
    if case.assumption:
        return "assumed"
    return "cited" if case.cites else "uncited"


class Rulebook:
    """Writes the rulebook of one variant in one language."""

    def __init__(self, variant: Variant, lang: str, report: Report, root: Path) -> None:
        self.variant = variant
        self.lang = lang
        self.report = report
        self.root = root
        self.sentences = Sentences(variant, lang)

    def w(self, key: str) -> str:
        """Return a fixed word of the page in this language."""
        return word(self.lang, key)

    def page(self) -> str:
        """Return the whole page as Markdown."""
        parts = [self.header(), self.overview(), self.players(), self.options(), self.rules(),
                 self.claims(), self.findings()]
        body = "\n\n".join(p for p in parts if p)
        return f'<div lang="{self.lang}" markdown>\n\n{body}\n\n</div>\n'  # md_in_html

    # ---- header -------------------------------------------------------------------------------
    def header(self) -> str:
        """Return the title, the language switch, the provenance line and the legend."""
        v, other = self.variant, other_language(self.lang)
        title = md_text(v.title_in(self.lang))
        facts = [f"{self.w('generated_from')} {md_code(self.file_of(v.file))}"]
        if v.source:
            facts.append(f"{self.w('source_text')}: {self.source_html()}")
        if v.parent:
            facts.append(f"{self.w('extends')}: [{v.parent}]({v.parent}.md)")
        legend = "".join(
            f"<li>{cards.badge(kind, label)} {escape(self.w(text))}</li>" for kind, label, text in (
                ("cited", "«…»", "legend_cited"),
                ("assumed", self.w("assumption"), "legend_assumed"),
                ("gap", self.w("gap"), "legend_gap")))
        switch = translation_href(self.lang, f"variants/{v.name}/", other)
        return (f"# {title} {{#top}}\n\n"
                f'<p class="kz-switch"><span class="kz-variant-name"><code>{v.name}</code></span> '
                f'· <a href="{switch}" hreflang="{other}" target="_self">'
                f"{escape(self.w('other_language'))}</a></p>\n\n"
                + " · ".join(facts) + "\n\n"
                + f'<details class="kz-legend"><summary>{escape(self.w("legend"))}</summary>'
                  f"<ul>{legend}</ul></details>")

    def source_html(self) -> str:
        """Return the source text as a reader knows it: its title (linked where it has a link)
        with the file name after it, or the file name alone."""
        v = self.variant
        if not v.source_title:
            return md_code(v.source or "")
        title = f'<span lang="ru">{md_text(v.source_title)}</span>'
        if v.source_link and v.source_link.startswith(("https://", "http://")):  # no script
            title = f'<a href="{escape(v.source_link)}" rel="nofollow">{title}</a>'
        return f"{title} ({md_code(v.source or '')})"

    def file_of(self, file: str) -> str:
        """Return a rule file's path relative to the repository."""
        try:
            return Path(file).resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return Path(file).name

    def overview(self) -> str:
        """Return the counts: rules, cited, assumptions, gaps, and the checker's verdicts."""
        cases = [c for _, cs in self.variant.slots for c in cs]
        kinds = [case_kind(c) for c in cases]
        items = [(len(cases), self.w("rules_count"), "")]
        items += [(kinds.count(k), self.w(label), k) for k, label in (
            ("cited", "cited"), ("assumed", "assumed"), ("gap", "gaps"), ("uncited", "uncited"))]
        cells = "".join(f'<li class="kz-count kz-{k}"><strong>{n}</strong> {escape(label)}</li>'
                        for n, label, k in items)
        return (f"## {self.w('overview')} {{#overview}}\n\n"
                f'<ul class="kz-overview">{cells}</ul>\n\n{self.check_status()}')

    def check_status(self) -> str:
        """Return one line saying what the checker found, or that it did not run."""
        if not self.report.checked:
            return (f'<p class="kz-check">{cards.status_badge("not-checked", self.lang)} '
                    f"{escape(self.report.reason)}</p>")
        counts = self.report.counts()
        shown = " ".join(cards.status_badge(s, self.lang) + f" {n}" for s, n in counts.items())
        return f'<p class="kz-check">{shown}</p>'

    # ---- players and options ------------------------------------------------------------------
    def players(self) -> str:
        """Return the section on the number of players, with its citation."""
        counts = [str(n) for n in self.variant.players]
        listed = counts[0] if len(counts) == 1 else (
            ", ".join(counts[:-1]) + f" {self.w('or')} {counts[-1]}")
        sentence = escape(self.w("players_sentence").format(n=listed))
        card = cards.rule_card(
            anchor="rule-players", kind="cited" if self.variant.player_cites else "uncited",
            sentence=sentence, remarks=[], meta=f"<code>players {', '.join(counts)}</code>",
            cites_html=cards.citations_html(self.variant.player_cites, self.variant.source,
                                            self.lang))
        return f"## {self.w('players')} {{#players}}\n\n{card}{self.several_goats()}"

    def several_goats(self) -> str:
        """Return the card of `several goats: yes` (nothing for a variant without it)."""
        v = self.variant
        if not v.several_goats:
            return ""
        remarks = v.several_goats_remarks
        assumption = (remarks.assumption_ru or remarks.assumption) if self.lang == "ru" \
            else remarks.assumption
        note = (remarks.note_ru or remarks.note) if self.lang == "ru" else remarks.note
        kind = "assumed" if assumption else "cited" if v.several_goats_cites else "uncited"
        return "\n\n" + cards.rule_card(
            anchor="rule-several-goats", kind=kind,
            sentence=escape(self.w("several_goats_sentence")),
            remarks=self.remarks(assumption, note), meta="<code>several goats: yes</code>",
            cites_html=cards.citations_html(v.several_goats_cites, v.source, self.lang))

    def options(self) -> str:
        """Return the section listing each option with its values, default and provenance."""
        head = f"## {self.w('options')} {{#options}}\n\n"
        if not self.variant.options:
            return head + escape(self.w("no_options"))
        return head + "\n\n".join(self.option_card(o) for o in self.variant.options)

    def option_card(self, option: Option) -> str:
        """Return one option as a card: values, default, citation, assumption or note."""
        values = (open_values_html(option.values, self.lang) if isinstance(option.values, range)
                  else " | ".join(self.option_value(v) for v in option.values))
        default = (self.option_value(option.default) if option.default is not None
                   else escape(self.w("no_default")))
        sentence = (f'{escape(self.w("option"))} <code class="kz-opt-name">{escape(option.name)}'
                    f'</code>: {values}; {escape(self.w("default"))}: <strong>{default}</strong>')
        kind = "assumed" if option.assumption else "cited" if option.cites else "uncited"
        findings = "".join(cards.finding_html(f, self.lang, about="option:",
                                              variant=self.variant)
                           for f in self.report.about(option))
        return cards.rule_card(
            anchor=f"option-{option.name}", kind=kind, sentence=sentence, extra=findings,
            remarks=self.remarks(*self.texts(option)),
            meta=self.meta(option.pos.file, option.pos.line, None),
            cites_html=cards.citations_html(option.cites, self.variant.source, self.lang))

    def option_value(self, value: object) -> str:
        """Return an option's value as shown: yes/no in words, numbers and names as written."""
        if isinstance(value, bool):
            return escape(Phraser(self.lang, "setup", self.variant).text(ast.BoolLit(value)))
        return f"<code>{escape(str(value))}</code>"

    def texts(self, item: Case | Option | Claim) -> tuple[str | None, str | None]:
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

    def meta(self, file: str, line: int, written: str | None) -> str:
        """Return the small print under a rule: the rule as written and where."""
        place = f"{self.file_of(file)}:{line}" if file and line else ""
        code = f'{escape(self.w("written"))}: <code>{escape(written)}</code> · ' if written else ""
        return f"{code}<span class=\"kz-where\">{escape(place)}</span>"

    # ---- rules --------------------------------------------------------------------------------
    def rules(self) -> str:
        """Return the rules, section by section, slot by slot."""
        parts = [f"## {self.w('rules')} {{#rules}}"]
        for key, title, slots in sections():
            parts.append(f"### {title[self.lang]} {{#section-{key}}}")
            parts += [self.slot(s) for s in slots]
        return "\n\n".join(parts)

    def slot(self, slot: str) -> str:
        """Return one slot: its heading, what it decides, and a card per case."""
        label = w.SLOT_LABELS.get(slot, {}).get(self.lang, slot)
        meaning = SLOTS[slot].meaning if self.lang == "en" else w.SLOT_MEANINGS_RU.get(
            slot, SLOTS[slot].meaning)
        head = (f"#### {label} {{#{slot_anchor(slot)}}}\n\n"
                f'<p class="kz-meaning"><code>{escape(slot)}</code> — {escape(meaning)}</p>')
        cases = self.variant.cases(slot)
        if not cases:
            return head + "\n\n" + self.default_card(slot)
        return head + "\n\n" + "\n\n".join(self.case_card(c, i) for i, c in enumerate(cases))

    def default_card(self, slot: str) -> str:
        """Return the card of an optional slot left to the language's default."""
        return cards.rule_card(
            anchor=f"rule-{slot_anchor(slot)[5:]}-default", kind="default",
            sentence=self.sentences.default(slot),
            remarks=[f'<p class="kz-remark">{cards.badge("default", self.w("default_badge"))} '
                     f"{escape(self.w('not_written'))}.</p>"],
            meta="", cites_html="")

    def case_card(self, case: Case, index: int) -> str:
        """Return one case: sentence, assumption or gap, note, the rule as written, citations."""
        kind = case_kind(case)
        remarks = []
        if kind == "gap":
            remarks.append(f'<p class="kz-remark">{cards.badge("gap", self.w("gap"))} '
                           f"{escape(self.w('gap_title'))}.</p>")
        remarks += self.remarks(*self.texts(case))
        remarks += readings_remarks(case, self.lang, self.sentences.case)
        if case.origin and case.origin != self.variant.name:
            remarks.append(f'<p class="kz-remark kz-inherited">{escape(self.w("inherited"))} '
                           f'<a href="../{case.origin}/">{escape(case.origin)}</a></p>')
        findings = "".join(cards.finding_html(f, self.lang, shown_at=self.witness_anchor(f, case),
                                              variant=self.variant)
                           for f in self.report.about(case))
        return cards.rule_card(
            anchor=f"rule-{slot_anchor(case.slot)[5:]}-{index + 1}", kind=kind,
            sentence=self.sentences.case(case), remarks=remarks, extra=findings,
            meta=self.meta(case.pos.file, case.pos.line, f"{case.slot}: {case_text(case)}"),
            cites_html=cards.citations_html(case.cites, self.variant.source, self.lang))

    def witness_anchor(self, finding: Finding, case: Case) -> str:
        """Return the anchor of the case at the finding's line, when another case than this."""
        cases = self.variant.cases(case.slot)
        for index, other in enumerate(cases):
            if at_rule(finding, other) and other is not case and not at_rule(finding, case):
                return f"rule-{slot_anchor(case.slot)[5:]}-{index + 1}"
        return ""

    # ---- claims and findings ------------------------------------------------------------------
    def claims(self) -> str:
        """Return the author's claims, each with its meaning in words and the checker's verdict."""
        if not self.variant.claims:
            return ""
        cards_ = [self.claim_card(c, i) for i, c in enumerate(self.variant.claims)]
        return f"## {self.w('claims')} {{#claims}}\n\n" + "\n\n".join(cards_)

    def claim_card(self, claim: Claim, index: int) -> str:
        """Return one claim: its text, scope, meaning in words, verdict and witness."""
        phraser = Phraser(self.lang, CLAIM_CONTEXTS[claim.context], self.variant)
        scope = w.CLAIM_SCOPES.get(claim.context, {}).get(self.lang, claim.context)
        findings = self.report.about(claim)
        verdict = "".join(cards.finding_html(f, self.lang, variant=self.variant)
                          for f in findings) or (
            f'<p class="kz-remark">{cards.status_badge("not-checked", self.lang)}</p>')
        sentence = f'«{escape(claim.text)}»'
        said = self.w("claim_says").replace("{scope}", escape(scope))
        words = f'<p class="kz-remark">{said.replace("{claim}", phraser.text(claim.expr))}.</p>'
        kind = "assumed" if claim.assumption else "cited" if claim.cites else "uncited"
        return cards.rule_card(
            anchor=f"claim-{index + 1}", kind=kind, sentence=sentence,
            remarks=[words, *self.remarks(*self.texts(claim))], extra=verdict,
            meta=self.meta(claim.pos.file, claim.pos.line, None),
            cites_html=cards.citations_html(claim.cites, self.variant.source, self.lang))

    def findings(self) -> str:
        """Return the checker's findings not tied to a single case or claim."""
        loose = self.report.loose(self.variant)
        if not self.report.checked or not loose:
            return ""
        proved = [f for f in loose if f.status == PROVED]
        shown = [cards.finding_html(f, self.lang, variant=self.variant)
                 for f in loose if f.status != PROVED]
        if proved:
            items = "".join(f"<li>{cards.status_badge(PROVED, self.lang)} "
                            f"{cards.message_html(f.message, self.lang)}</li>" for f in proved)
            shown.append(f'<ul class="kz-proved">{items}</ul>')
        return (f"## {self.w('findings')} {{#findings}}\n\n"
                f'<p class="kz-meaning">{escape(self.w("findings_intro"))}</p>\n\n'
                + "\n\n".join(shown))
