"""Where the readings of an ambiguous sentence matter: a `reading` finding per other reading.

The variant as played (its chosen readings) and the variant with another reading of one
sentence are compared as `kozel diff` compares two variants, over one shared situation and
the same option setting, slot by slot for the slots the sentence's cases fill. A difference
is shown by a game of the chosen reading (its record replays with `kozel replay --partial`;
the witness says what each reading gives at that moment and whether the game is one of the
other reading too). A proof that they never differ is reported too: the choice is harmless.
"""

from __future__ import annotations

from interpreter.language.model import Variant
from interpreter.language.readings import Question, questions, read

from .budget import Budget
from .catalogue import Said
from .diff import compare_slot
from .diff_games import Pair
from .findings import Finding
from .realise import GameBudget
from .z3_encode import Session, VariantEnc


def reading_findings(variant: Variant, budget: Budget,
                     games: GameBudget | None) -> list[Finding]:
    """Return one finding per (other reading, slot) of every ambiguous sentence."""
    found = []
    for question in questions(variant):
        for other in question.names[1:]:
            found += _compared(variant, question, other, budget, games)
    return found


def _compared(variant: Variant, question: Question, other: str, budget: Budget,
              games: GameBudget | None) -> list[Finding]:
    alternative = read(variant, [other])
    options = [o.name for o in variant.options]
    enc_a, enc_b = VariantEnc(variant, "a:"), VariantEnc(alternative, "b:")
    enc_b.link(enc_a, options)
    session = Session([enc_a, enc_b], budget)
    names = (f"{variant.name} ({question.chosen})", f"{variant.name} ({other})")
    pair = Pair(variant, alternative, names, {}, {}, tuple(options))
    found = []
    for slot in question.slots:
        case = next(c for c in question.cases if c.slot == slot)
        diff = compare_slot(session, slot, names, games, pair)
        where = (slot, case.pos.line, case.pos.column)
        file = case.pos.file or variant.file
        words = Said("readings", chosen=repr(question.chosen), other=repr(other))
        if diff.status == "different":
            found.append(Finding("reading", *where, Said("reading.differ", words=words,
                                                          slot=slot), diff.witness, file,
                                 strict=False, reading=other))
        elif diff.status == "same":
            found.append(Finding("reading", *where, Said("reading.same", words=words, slot=slot),
                                 None, file, strict=False, reading=other))
        elif diff.status == "unconfirmed":
            found.append(Finding("unconfirmed", *where,
                                 Said("reading.unconfirmed", reason=diff.note, words=words,
                                      slot=slot), None, file, strict=False,
                                 candidate=diff.candidate, reading=other))
        else:
            found.append(Finding("unknown", *where, Said("reading.unknown", words=words,
                                                          slot=slot, reason=diff.note),
                                 None, file, strict=False, reading=other))
    return found
