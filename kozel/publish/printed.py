"""A variant's rulebook for print: what a player needs, as a typed document (printed_out.py
typesets it with typst or writes it as one HTML page).

The rules in sentences, section by section in the order of play (wording.SECTIONS), each with
the source's quotes beside it; the options agreed before a match; what the text leaves open,
said as a question the table settles; a slot the variant does not write, said once in words
that hold whatever the rules beside it say. No rule-file syntax, file names or records: those
are in the part for rule authors, which only `for_authors` adds (each rule as written, the
author's claims, the checker's findings).

Every text of the document is rich text (markup.RichText): plain words in which a tile or a
formula stands as a placeholder that the document's `rich` hands back as a piece.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Union

from interpreter.language import catalogue
from interpreter.language.model import Case, Citation, Claim, Option, Variant, value_text
from interpreter.language.open_options import values_text
from interpreter.language.printer import format_expr
from interpreter.language.readings import choose_reading
from interpreter.language.slots import SLOTS
from interpreter.language.summary import case_text

from checks.reporting.findings import Finding

from . import wording as w
from .findings import Report
from .house_marks import changed_quote, changed_sentences, written_by_house_rule
from .markup import RichText
from .phrase import Phraser
from .rulebook import capital, sections
from .sentences import Sentences, capitalised
from .ui import word

WORDS = catalogue.by_language("rulebook print.", "site: rulebook")
GAP = {lang: WORDS[lang]["gap"] for lang in WORDS}  # a gap: the question the table settles


@dataclass(frozen=True)
class Heading:
    """A section's title (level 2) or a slot's label (level 3)."""

    level: int
    text: str


@dataclass(frozen=True)
class Quote:
    """A phrase of the source text a rule encodes; `origin` names another text by its title."""

    text: str
    origin: str = ""
    changed: bool = False  # a sentence the variant's house rule changes: shown struck through


@dataclass(frozen=True)
class Rule:
    """One rule: its sentence, the remarks under it (label, text) and the quotes beside it.
    `kind` is how it stands to the text: cited, assumed, gap, uncited or unwritten."""

    sentence: str
    kind: str
    remarks: tuple[tuple[str, str], ...] = ()
    quotes: tuple[Quote, ...] = ()


@dataclass(frozen=True)
class Written:
    """For rule authors: one rule as the file writes it, at its line, with what the checker
    says of it and the game that shows each finding (its lines as `kozel check` draws them)."""

    code: str
    line: int
    said: tuple[str, ...] = ()
    games: tuple[str, ...] = ()


Block = Union[Heading, Rule, Written]


@dataclass
class Document:
    """A printed rulebook: its language, title, source text, and blocks in reading order."""

    lang: str
    title: str
    source: str = ""
    blocks: list[Block] = field(default_factory=list)
    rich: RichText = field(default_factory=RichText)


class PrintedRulebook:
    """Builds the printed rulebook of one variant in one language."""

    def __init__(self, variant: Variant, lang: str, titles: dict[str, str] | None = None
                 ) -> None:
        self.variant = variant
        self.lang = lang
        self.titles = titles or {}  # a source text's file → its title, to name a quote's text
        self.doc = Document(lang, "", "")
        self.sentences = Sentences(variant, lang, self.doc.rich, gap=GAP)
        self.changed = changed_sentences(variant)  # the sentences its house rules change

    def document(self, report: Report | None = None) -> Document:
        """Return the rulebook; with a report (or "not checked"), the authors' part too."""
        v, text = self.variant, self.doc.rich.author
        self.doc.title = text(v.title_in(self.lang))
        if v.source_title:
            self.doc.source = f"{word(self.lang, 'source_text')}: {text(v.source_title)}"
        self.rules()
        if report is not None:
            self.authors(report)
        return self.doc

    def add(self, block: Block) -> None:
        """Add one block at the end of the document."""
        self.doc.blocks.append(block)

    # ---- the rules, in the order of play ------------------------------------------------------
    def rules(self) -> None:
        """Add the rules, section by section, the options after the players."""
        v = self.variant
        for key, title, slots in sections():
            self.add(Heading(2, title[self.lang]))
            if key == "players":
                self.add(self.players())
            for slot in slots:
                if w.shown(v, slot):
                    self.slot(slot)
            if key == "players" and v.options:
                self.add(Heading(2, w.OPTIONS_SECTION[self.lang]))
                for option in v.options:
                    self.add(self.option(option))
            if key == "match" and v.several_goats:
                remarks = v.several_goats_remarks
                self.add(Rule(word(self.lang, "several_goats_sentence"),
                              "cited" if v.several_goats_cites else "uncited",
                              self.remarks(remarks.assumption, remarks.assumption_ru,
                                           remarks.note, remarks.note_ru),
                              self.quotes(v.several_goats_cites)))

    def players(self) -> Rule:
        """The number of players, with its quotes."""
        counts = [str(n) for n in self.variant.players]
        listed = counts[0] if len(counts) == 1 else (
            ", ".join(counts[:-1]) + f" {word(self.lang, 'or')} {counts[-1]}")
        cites = self.variant.player_cites
        return Rule(word(self.lang, "players_sentence").format(n=listed),
                    "cited" if cites else "uncited", quotes=self.quotes(cites))

    def option(self, option: Option) -> Rule:
        """One option: its values in the words of its file, and the usual one."""
        phraser = Phraser(self.lang, "setup", self.variant, self.doc.rich)
        kind = "assumed" if option.assumption else "cited" if option.cites else "uncited"
        remarks, quotes = self.remarks_of(option), self.quotes(option.cites)
        if not isinstance(option.values, range) and len(option.values) == 1:  # nothing to choose
            said = phraser.option_value(option, option.values[0], link=False)
            return Rule(capitalised(WORDS[self.lang]["one value"].replace("{v}", said)) + ".",
                        kind, remarks, quotes)
        if isinstance(option.values, range):
            values = phraser.agreed_values(option)
        else:
            named = [phraser.option_value(option, v, link=False) for v in option.values]
            values = named[0] if len(named) == 1 else (
                ", ".join(named[:-1]) + f" {word(self.lang, 'or')} " + named[-1])
        usual = (f"{word(self.lang, 'if_not_agreed')}: "
                 f"{phraser.option_value(option, option.default, link=False)}"
                 if option.default is not None else word(self.lang, "choose_before"))
        sentence = f"{capital(values)} — {word(self.lang, 'or_as_agreed')}; {usual}."
        return Rule(sentence, kind, remarks, quotes)

    def slot(self, slot: str) -> None:
        """Add one slot: its label, then each case, or once what is not said about it."""
        self.add(Heading(3, w.SLOT_LABELS.get(slot, {}).get(self.lang, slot)))
        cases = self.variant.cases(slot)
        if not cases:
            self.add(Rule(capitalised(self.sentences.unwritten(slot)) + ".", "unwritten"))
        for case in cases:
            self.add(self.case(case))

    def case(self, case: Case) -> Rule:
        """One case: its sentence (a gap as the question the table settles), its remarks,
        its readings in words, its quotes."""
        kind = "gap" if case.unspecified else self.kind_of(case)
        sentence = self.sentences.case(case)
        remarks = self.case_remarks(case) + self.readings(case)
        quotes = tuple(replace(q, changed=changed_quote(self.variant, case, c, self.changed))
                       for q, c in zip(self.quotes(case.cites), case.cites))
        return Rule(sentence, kind, remarks, quotes)

    def case_remarks(self, case: Case) -> tuple[tuple[str, str], ...]:
        """A case's remarks; a house rule's own case is labelled as one, its assumption (the
        reason the club gives) under that label."""
        if not written_by_house_rule(self.variant, case):
            return self.remarks_of(case)
        house = word(self.lang, "house_rule")
        assumption = case.assumption_ru or case.assumption if self.lang == "ru" \
            else case.assumption
        if assumption:
            return ((house, self.doc.rich.author(assumption)),) + self.remarks(
                None, None, case.note, case.note_ru)
        over = WORDS[self.lang]["house rule over"].replace(
            "{parent}", self.doc.rich.author(self.variant.parent or ""))
        return ((house, over),) + self.remarks_of(case)

    @staticmethod
    def kind_of(item: Case | Option | Claim) -> str:
        """How a rule stands to the text: assumed, cited or uncited."""
        return "assumed" if item.assumption else "cited" if item.cites else "uncited"

    def readings(self, case: Case) -> tuple[tuple[str, str], ...]:
        """The readings of an ambiguous sentence, in words: how it is read here, and each other
        reading as the rule it would make."""
        found = []
        for reading in case.readings:
            why = self.doc.rich.author(reading.text_ru or reading.text
                                       if self.lang == "ru" else reading.text)
            if reading.chosen:
                found.append(("", WORDS[self.lang]["reading chosen"].replace("{why}", why)))
                continue
            rule = self.sentences.case(choose_reading(case, {reading.name})).rstrip(".")
            found.append(("", WORDS[self.lang]["reading other"].replace("{why}", why)
                          .replace("{rule}", rule[:1].lower() + rule[1:]) + "."))
        return tuple(found)

    # ---- remarks and quotes -------------------------------------------------------------------
    def remarks_of(self, item: Case | Option | Claim) -> tuple[tuple[str, str], ...]:
        """An item's assumption and note, labelled, in this language where written."""
        return self.remarks(item.assumption, item.assumption_ru, item.note, item.note_ru)

    def remarks(self, assumption: str | None, assumption_ru: str | None, note: str | None,
                note_ru: str | None) -> tuple[tuple[str, str], ...]:
        """The assumption's reason and the note, labelled."""
        if self.lang == "ru":
            assumption, note = assumption_ru or assumption, note_ru or note
        found = []
        if assumption:
            found.append((word(self.lang, "assumption"), self.doc.rich.author(assumption)))
        if note:
            found.append((word(self.lang, "note"), self.doc.rich.author(note)))
        return tuple(found)

    def quotes(self, cites: tuple[Citation, ...]) -> tuple[Quote, ...]:
        """The source's quotes, a quote from another text named by its title."""
        text = self.doc.rich.author
        own = self.variant.source
        return tuple(Quote(text(c.quote), text(self.titles.get(c.source, "")) if
                           c.source and c.source != own else "") for c in cites)

    # ---- for rule authors ---------------------------------------------------------------------
    def authors(self, report: Report) -> None:
        """Add the part for rule authors: each rule as written, the claims, the findings."""
        self.add(Heading(2, word(self.lang, "authors")))
        self.add(Rule(WORDS[self.lang]["authors intro"], "uncited"))
        v, text = self.variant, self.doc.rich.author
        self.add(Heading(3, word(self.lang, "as_written")))
        for option in v.options:
            default = "" if option.default is None else f" = {value_text(option.default)}"
            self.add(Written(text(f"option {option.name}: {values_text(option.values)}"
                                  f"{default}"), option.pos.line,
                             *self.said(report.about(option, v))))
        for slot in SLOTS:
            for case in v.cases(slot):
                names = "".join(f" [{r.name}]" for r in case.readings)
                self.add(Written(text(f"{case.slot}: {case_text(case)}{names}"), case.pos.line,
                                 *self.said(report.about(case, v))))
            for restated in (r for r in v.restatements if r.slot == slot):  # beside its rule
                when = "" if restated.guard is None else f" when {format_expr(restated.guard)}"
                self.add(Written(text(f"restates {slot}: {format_expr(restated.value)}{when}"),
                                 restated.pos.line, *self.said(report.about(restated, v))))
        if v.claims:
            self.add(Heading(3, word(self.lang, "claims")))
            for claim in v.claims:
                self.add(Written(text(f"«{claim.text}»"), claim.pos.line,
                                 *self.said(report.about(claim, v))))
        loose = report.loose(v) if report.checked else []
        if loose or not report.checked:
            self.add(Heading(3, word(self.lang, "findings")))
            said = self.said(loose) if report.checked else (
                (WORDS[self.lang]["not checked"],), ())
            self.add(Written("", 0, *said))

    def said(self, findings: list[Finding]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What the checker says in each finding (its kind and its message, in this language),
        and the games that show them."""
        from checks.reporting.catalogue import said_in
        from checks.search.witness import draw_witness

        text = self.doc.rich.author
        said = tuple(text(f"{f.kind.word(self.lang)}: {said_in(f.message, self.lang)}")
                     for f in findings)
        games = tuple(text("\n".join(draw_witness(f.witness, self.lang)))
                      for f in findings if f.witness)
        return said, games
