"""What a rulebook marks in a house rule (a variant that `extends` another): the rules it writes
itself, the parent's quotes whose sentence it changes, and the texts it has in English only.

A house rule replaces or drops some of its parent's cases; the sentences those cases cited
(`Variant.departed`) no longer hold as written. A parent's case the house rule keeps may quote
the same sentence (minsk's fish: who loses, and what the loser writes, both quote «Все очки
записываются тем, у кого данная сумма больше»): beside it the quote is shown struck through,
with why, so that a club does not read a sentence its own rule contradicts as if it held.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from interpreter.language.ast import Pos
from interpreter.language.model import Case, Citation, Remarks, Variant
from interpreter.language.sentences import sentences
from interpreter.language.source_texts import normalised


def written_by_house_rule(variant: Variant, case: Case) -> bool:
    """Whether a case is the variant's own rule over a parent (not one it inherits)."""
    return variant.parent is not None and case.origin == variant.name


def changed_sentences(variant: Variant) -> frozenset[tuple[str, str]]:
    """The sentences (source, normalised text) that the cases a house rule replaced or dropped
    cited: a kept case's quote of one of them no longer holds as written."""
    return frozenset((cite.source, normalised(sentence.text))
                     for _, cites in variant.departed for cite in cites
                     for sentence in sentences(cite.quote) if normalised(sentence.text))


def changed_quote(variant: Variant, case: Case, cite: Citation,
                  changed: frozenset[tuple[str, str]]) -> bool:
    """Whether an inherited case's quote says a sentence its house rule changes."""
    if case.origin == variant.name or not changed:
        return False
    quote = normalised(cite.quote)
    return any(source == cite.source and text in quote for source, text in changed)


@dataclass(frozen=True)
class Untranslated:
    """A text an author wrote in English with no Russian wording, at its place."""

    pos: Pos
    what: str  # assume, note, reading or aside
    text: str


def untranslated(variant: Variant) -> list[Untranslated]:
    """Every English text of the variant (its parents' included) that has no `ru` wording:
    a Russian rulebook prints it in English."""
    found = list(_remarks_untranslated(variant))
    for case in (c for _, cases in variant.slots for c in cases):
        found += [Untranslated(case.pos, "reading", r.text) for r in case.readings
                  if r.text and not r.text_ru]
    found += [Untranslated(a.pos, "aside", a.reason) for a in variant.asides
              if a.kind is None and a.reason and not a.reason_ru]
    return sorted(set(found), key=lambda u: (u.pos.file, u.pos.line, u.pos.column, u.what))


def _remarks_untranslated(variant: Variant) -> Iterator[Untranslated]:
    """The assumptions and notes with no Russian wording, of every item that carries them."""
    items: list[tuple[Pos, object]] = [(o.pos, o) for o in variant.options]
    items += [(c.pos, c) for _, cases in variant.slots for c in cases]
    items += [(c.pos, c) for c in variant.claims] + [(r.pos, r) for r in variant.restatements]
    items += [(variant.players_pos, variant.player_remarks),
              (variant.pos, variant.several_goats_remarks)]
    for pos, item in items:
        remarks = item if isinstance(item, Remarks) else Remarks(
            getattr(item, "assumption"), getattr(item, "note"),
            getattr(item, "assumption_ru"), getattr(item, "note_ru"))
        if remarks.assumption and not remarks.assumption_ru:
            yield Untranslated(pos, "assume", remarks.assumption)
        if remarks.note and not remarks.note_ru:
            yield Untranslated(pos, "note", remarks.note)
