"""Where the readings of an ambiguous sentence matter: a `reading` finding per other reading.

The variant as played (its chosen readings) and the variant with another reading of one
sentence are compared as `kozel diff` compares two variants, over one shared situation and
the same option setting, slot by slot for the slots the sentence's cases fill. A difference
is shown by a game of the chosen reading (its record replays with `kozel replay --partial`;
the witness says what each reading gives at that moment and whether the game is one of the
other reading too). A proof that they never differ is reported too: the choice is harmless.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from interpreter.language.ast import Pos
from interpreter.language.model import Variant
from interpreter.language.readings import Question, questions, read
from interpreter.language.slots import POINT_SLOTS

from .budget import Budget
from ..reporting.about import ReadingRef, RuleAt
from ..reporting.catalogue import Said
from ..compare.diff import SlotDiff, compare_slot, diff_session
from ..compare.diff_games import Pair
from ..reporting.findings import Finding
from ..reporting.kinds import Kind
from ..search.realise import GameBudget
from ..z3_encode import Session
from ..z3_encode.fresh import fresh_question


def reading_findings(variant: Variant, budget: Budget,
                     games: GameBudget | None) -> list[Finding]:
    """Return one finding per (other reading, slot) of every ambiguous sentence."""
    found = []
    for question in questions(variant):
        for other in question.names[1:]:
            fresh_question()  # each reading on its own (fresh.py)
            found += _compared(variant, question, other, budget, games)
    return found


def _shown(session: Session, slot: str, names: tuple[str, str], games: GameBudget | None,
           pair: Pair) -> tuple[SlotDiff, str]:
    """Compare a slot under the two readings. A slot that reaches the table through the points
    written is shown by a game where the points differ; failing that, by one where only the
    slot's answer does, and the message says the points were the same there."""
    if games is None or slot not in POINT_SLOTS:
        return compare_slot(session, slot, names, games, pair), "reading.differ"
    half = GameBudget(max(1, games.games // 2))
    diff = compare_slot(session, slot, names, half, replace(pair, points=True))
    if diff.status != "unconfirmed":
        return diff, "reading.differ"
    return compare_slot(session, slot, names, half, pair), "reading.differ.same points"


def _compared(variant: Variant, question: Question, other: str, budget: Budget,
              games: GameBudget | None) -> list[Finding]:
    alternative = read(variant, [other])
    options = [o.name for o in variant.options]
    session = diff_session(variant, alternative, None, None, budget)  # every option linked
    names = (f"{variant.name} ({question.chosen})", f"{variant.name} ({other})")
    pair = Pair(variant, alternative, names, {}, {}, tuple(options))
    found = []
    for slot in question.slots:
        case = next(c for c in question.cases if c.slot == slot)
        diff, differ = _shown(session, slot, names, games, pair)
        made = partial(Finding, slot=slot, strict=False, about=ReadingRef(other),
                       cases=(RuleAt.of(case),),
                       at=Pos(case.pos.line, case.pos.column, case.pos.file or variant.file))
        words = Said("readings", chosen=question.chosen, other=other)
        if diff.status == "different":
            found.append(made(kind=Kind.READING, message=Said(differ, words=words, slot=slot),
                              witness=diff.witness))
        elif diff.status == "same":
            found.append(made(kind=Kind.READING,
                              message=Said("reading.same", words=words, slot=slot)))
        elif diff.status == "unconfirmed":
            found.append(made(kind=Kind.UNCONFIRMED,
                              message=Said("reading.unconfirmed", reason=diff.note, words=words,
                                           slot=slot), candidate=diff.candidate))
        else:
            found.append(made(kind=Kind.UNKNOWN, message=Said(
                "reading.unknown", words=words, slot=slot, reason=diff.note)))
    return found
