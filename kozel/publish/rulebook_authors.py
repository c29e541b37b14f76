"""The second part of a rulebook page, "For rule authors": what the rulebook above is made from.

The rule file and the source file by name, the counts and the checker's verdicts, every rule as
written with its place in the file, the readings with their names and games, the author's claims
and the checker's findings. Its anchors (`author-…`, `claim-N`, `findings`) stay the same in
both languages; each rule here links back to the same rule in words (`rule-…`).
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Protocol

from interpreter.language.model import Case, Claim, Option, Restatement, Variant, value_text
from interpreter.language.open_options import values_text
from interpreter.language.printer import format_expr
from interpreter.language.slots import CLAIM_CONTEXTS, SLOTS
from interpreter.language.summary import case_text

from . import cards
from . import wording as w
from checks.reporting.about import RuleAt
from checks.reporting.findings import Finding
from checks.reporting.kinds import Status

from .findings import Report, status_of, witness_rule
from .phrase import Phraser
from .readings_html import readings_remarks
from .sentences import Sentences, default_value
from .text import md_code, md_text



class Book(Protocol):
    """What this part reads of the rulebook page it closes (rulebook.Rulebook)."""

    variant: Variant
    lang: str
    report: Report
    root: Path
    sentences: Sentences

    def w(self, key: str) -> str: ...  # noqa: D102 (a fixed word of the page)

    def source_title(self) -> str: ...  # noqa: D102

    def texts(self, item: Case | Option | Claim | Restatement) -> tuple[str | None, str | None]: ...  # noqa: D102

    def remarks(self, assumption: str | None, note: str | None) -> list[str]: ...  # noqa: D102


def slot_anchor(slot: str) -> str:
    """Return the anchor of a slot's section ("lead match" → "slot-lead-match")."""
    return "slot-" + slot.replace(" ", "-")


def case_kind(case: Case) -> str:
    """Return how a case stands to the text: gap, assumption, cited or uncited."""
    if case.unspecified:
        return "gap"
    if case.assumption:
        return "assumed"
    return "cited" if case.cites else "uncited"


def author_anchor(slot: str, index: int) -> str:
    """Return the anchor of a case in the authors' part ("lead match", 0 → "author-lead-match-1")."""
    return f"author-{slot.replace(' ', '-')}-{index + 1}"


class AuthorsPart:
    """Writes the part of a rulebook page for rule authors."""

    def __init__(self, book: Book) -> None:
        self.book = book
        self.variant = book.variant
        self.lang = book.lang
        self.report = book.report
        self.w = book.w

    def part(self) -> str:
        """Return the whole part, under its own heading."""
        parts = [f"## {self.w('authors')} {{#authors}}",
                 f'<p class="kz-meaning">{escape(self.w("authors_intro"))}</p>',
                 self.provenance(), self.overview(), self.as_written(), self.claims(),
                 self.findings()]
        return "\n\n".join(p for p in parts if p)

    # ---- where the rulebook comes from --------------------------------------------------------
    def provenance(self) -> str:
        """Return the rule file, the source text with its file name, the parent, the legend."""
        v = self.variant
        facts = [f"{self.w('generated_from')} {md_code(self.file_of(v.file))}"]
        if v.source:
            title = f"{self.book.source_title()} " if v.source_title else ""
            facts.append(f"{self.w('source_text')}: {title}({md_code(v.source)})")
        if v.parent:
            facts.append(f"{self.w('extends')}: [{v.parent}]({v.parent}.md)")
        legend = "".join(
            f"<li>{cards.badge(kind, label)} {escape(self.w(text))}</li>" for kind, label, text in (
                ("cited", "«…»", "legend_cited"),
                ("assumed", self.w("assumption"), "legend_assumed"),
                ("gap", self.w("gap"), "legend_gap")))
        return (" · ".join(facts) + "\n\n"
                + f'<details class="kz-legend"><summary>{escape(self.w("legend"))}</summary>'
                  f"<ul>{legend}</ul></details>")

    def file_of(self, file: str) -> str:
        """Return a rule file's path relative to the repository."""
        try:
            return Path(file).resolve().relative_to(self.book.root.resolve()).as_posix()
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
        return (f"### {self.w('overview')} {{#overview}}\n\n"
                f'<ul class="kz-overview">{cells}</ul>\n\n{self.check_status()}')

    def check_status(self) -> str:
        """Return one line saying what the checker found, or that it did not run."""
        if not self.report.checked:
            return (f'<p class="kz-check">{cards.status_badge("not-checked", self.lang)} '
                    f"{escape(self.report.reason)}</p>")
        counts = self.report.counts()
        shown = " ".join(cards.status_badge(s, self.lang) + f" {n}" for s, n in counts.items())
        return f'<p class="kz-check">{shown}</p>'

    # ---- every rule as written ----------------------------------------------------------------
    def as_written(self) -> str:
        """Return the players, the options and every case as the rule file writes them."""
        v = self.variant
        entries = [self.entry("author-players", "cited" if v.player_cites else "uncited",
                              f"players {', '.join(map(str, v.players))}", "", "rule-players")]
        if v.several_goats:
            entries.append(self.entry("author-several-goats", "cited", "several goats: yes", "",
                                      "rule-several-goats"))
        entries += [self.option_entry(o) for o in v.options]
        for slot in SLOTS:
            cases = v.cases(slot)
            entries += [self.case_entry(c, i) for i, c in enumerate(cases)]
            entries += [self.restatement_entry(r, i) for i, r in enumerate(v.restatements)
                        if r.slot == slot]  # beside the rule it says again
        defaults = [self.default_line(s) for s in SLOTS if not v.cases(s)]
        if defaults:
            entries.append(f'<ul class="kz-defaults">{"".join(defaults)}</ul>')
        return f"### {self.w('as_written')} {{#as-written}}\n\n" + "\n\n".join(entries)

    def entry(self, anchor: str, kind: str, code: str, place: str, words_anchor: str,
              remarks: str = "", extra: str = "") -> str:
        """Return one rule as written: its kind, its code, where it is, a link to its words."""
        label = {"cited": "«…»", "assumed": self.w("assumption"), "gap": self.w("gap")}.get(
            kind, self.w("no_citation"))
        where = f'<span class="kz-where">{md_code(place)}</span> · ' if place else ""
        below = f'<div class="kz-rule-findings">{extra}</div>' if extra else ""
        return (f'<div class="kz-rule kz-author kz-{kind}" id="{escape(anchor)}">'
                f'<div class="kz-rule-body"><p class="kz-code">{cards.badge(kind, label)} '
                f"{md_code(code)}</p>{remarks}"  # an option's `say` words are the file's
                f'<p class="kz-meta">{where}<a href="#{escape(words_anchor)}">'
                f"{escape(self.w('to_rule'))}</a></p></div>{below}</div>")

    def place(self, file: str, line: int) -> str:
        """Return `file:line` of an item, or nothing where it has no place."""
        return f"{self.file_of(file)}:{line}" if file and line else ""

    def option_entry(self, option: Option) -> str:
        """Return an option as written, with the checker's findings about it."""
        default = "" if option.default is None else f" = {value_text(option.default)}"
        says = "".join(f'\n  say {value_text(v)} "{en}" ru "{ru}"' for v, en, ru in option.words)
        kind = "assumed" if option.assumption else "cited" if option.cites else "uncited"
        findings = "".join(cards.finding_html(f, self.lang, about="option:",
                                              variant=self.variant)
                           for f in self.report.about(option, self.variant))
        return self.entry(f"author-option-{option.name}", kind,
                          f"option {option.name}: {values_text(option.values)}{default}{says}",
                          self.place(option.pos.file, option.pos.line),
                          f"option-{option.name}", extra=findings)

    def case_entry(self, case: Case, index: int) -> str:
        """Return one case as written: its readings by name and the checker's findings."""
        remarks = readings_remarks(case, self.lang, self.book.sentences.case)
        if case.origin and case.origin != self.variant.name:
            remarks.append(f'<p class="kz-remark kz-inherited">{escape(self.w("inherited"))} '
                           f'<a href="../{case.origin}/">{escape(case.origin)}</a></p>')
        findings = "".join(cards.finding_html(f, self.lang, shown_at=self.witness_anchor(f, case),
                                              variant=self.variant)
                           for f in self.report.about(case, self.variant))
        elsewhere = tuple(c for c in case.cites if c.source and c.source != self.variant.source)
        if elsewhere:  # the file each quote from another text comes from
            remarks.append(cards.citations_html(elsewhere, self.variant.source, self.lang))
        return self.entry(author_anchor(case.slot, index), case_kind(case),
                          f"{case.slot}: {case_text(case)}",
                          self.place(case.pos.file, case.pos.line),
                          f"rule-{slot_anchor(case.slot)[5:]}-{index + 1}",
                          "".join(remarks), findings)

    def restatement_entry(self, restated: Restatement, index: int) -> str:
        """Return a restatement beside its slot's rule: its sentence and the verdict."""
        when = "" if restated.guard is None else f" when {format_expr(restated.guard)}"
        code = f"restates {restated.slot}: {format_expr(restated.value)}{when}"
        if restated.expect_refuted:
            code += "\n  expect refuted"
        remarks = [cards.citations_html(restated.cites, self.variant.source, self.lang)]
        remarks += self.book.remarks(*self.book.texts(restated))
        verdict = "".join(cards.finding_html(f, self.lang, variant=self.variant)
                          for f in self.report.about(restated, self.variant)) or (
            f'<p class="kz-remark">{cards.status_badge("not-checked", self.lang)}</p>'
            if not self.report.checked else "")
        kind = "assumed" if restated.assumption else "cited" if restated.cites else "uncited"
        first = f"rule-{slot_anchor(restated.slot)[5:]}-1"
        return self.entry(f"restates-{index + 1}", kind, code,
                          self.place(restated.pos.file, restated.pos.line), first,
                          "".join(remarks), verdict)

    def default_line(self, slot: str) -> str:
        """Return a slot the variant leaves to the language's default, as one line."""
        value = default_value(slot)
        return (f'<li id="author-{slot.replace(" ", "-")}-default">'
                f'{cards.badge("default", self.w("default_badge"))} '
                f"<code>{escape(slot)}: {escape(format_expr(value))}</code> — "
                f"{escape(self.w('not_written'))}.</li>")

    def witness_anchor(self, finding: Finding, case: Case) -> str:
        """Return the anchor of the case where the finding's witness is drawn, when another
        case than this."""
        home = witness_rule(finding, self.variant)
        for index, other in enumerate(self.variant.cases(case.slot)):
            if RuleAt.of(other) == home and other is not case:
                return author_anchor(case.slot, index)
        return ""

    # ---- claims and findings ------------------------------------------------------------------
    def claims(self) -> str:
        """Return the author's claims, each with its meaning in words and the checker's verdict."""
        if not self.variant.claims:
            return ""
        cards_ = [self.claim_card(c, i) for i, c in enumerate(self.variant.claims)]
        return f"### {self.w('claims')} {{#claims}}\n\n" + "\n\n".join(cards_)

    def claim_card(self, claim: Claim, index: int) -> str:
        """Return one claim: its text, scope, meaning in words, verdict and witness."""
        phraser = Phraser(self.lang, CLAIM_CONTEXTS[claim.context], self.variant)
        scope = w.CLAIM_SCOPES.get(claim.context, {}).get(self.lang, claim.context)
        verdict = "".join(cards.finding_html(f, self.lang, variant=self.variant)
                          for f in self.report.about(claim, self.variant)) or (
            f'<p class="kz-remark">{cards.status_badge("not-checked", self.lang)}</p>')
        said = self.w("claim_says").replace("{scope}", escape(scope))
        words = f'<p class="kz-remark">{said.replace("{claim}", phraser.text(claim.expr))}.</p>'
        kind = "assumed" if claim.assumption else "cited" if claim.cites else "uncited"
        place = self.place(claim.pos.file, claim.pos.line)
        return cards.rule_card(
            anchor=f"claim-{index + 1}", kind=kind, sentence=f"«{md_text(claim.text)}»",
            remarks=[words, *self.book.remarks(*self.book.texts(claim))], extra=verdict,
            meta=f'<span class="kz-where">{md_code(place)}</span>',
            cites_html=cards.citations_html(claim.cites, self.variant.source, self.lang))

    def findings(self) -> str:
        """Return the checker's findings not tied to a single case or claim."""
        loose = self.report.loose(self.variant)
        if not self.report.checked or not loose:
            return ""
        proved = [f for f in loose if status_of(f) is Status.PROVED]
        shown = [cards.finding_html(f, self.lang, variant=self.variant)
                 for f in loose if status_of(f) is not Status.PROVED]
        if proved:
            items = "".join(f"<li>{cards.status_badge(Status.PROVED, self.lang)} "
                            f"{cards.message_html(f.message, self.lang)}</li>" for f in proved)
            shown.append(f'<ul class="kz-proved">{items}</ul>')
        return (f"### {self.w('findings')} {{#findings}}\n\n"
                f'<p class="kz-meaning">{escape(self.w("findings_intro"))}</p>\n\n'
                + "\n\n".join(shown))
