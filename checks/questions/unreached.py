"""Rules no game reaches, under the chosen reading and under each other reading, with what
excludes them.

The per-case `reachable` question of checks/questions/conditions.py asks whether a case's guard can
hold at the end of a round; that situation sees the hands and the line as they are left, not
the deal, so it lets any tile on the line be the round's lead. A case that reads `lead` is
asked here again with the lead refined: the lead of a first round (and of a later one) is one
of the tiles `lead tile` can allow a leader in such a round (asked of the deal, where the
leader's hand is known). Both situations over-approximate play, so a case found unreachable
here is unreachable in every game (a proof, not a sample).

Under another reading of an ambiguous sentence the variant is read again (readings.read) and
the sentence's cases, with every case that reads `lead`, are asked the same questions: a
reading that makes a rule unreachable is worth knowing before choosing it. What excludes a
case is named: the lead rule (its cases that lead in such a round), or each rule whose
requirements, left out, let the case apply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from interpreter.language.ast import Pos
from interpreter.language.errors import KozelError
from interpreter.language.model import Case, Variant
from interpreter.language.readings import questions, read
from interpreter.language.reads import case_parts, names_read
from interpreter.language.summary import case_text

from ..reporting.about import ReadingRef, RuleAt
from ..reporting.catalogue import Said, said_list
from ..reporting.findings import Finding
from ..reporting.kinds import Kind
from ..reporting.messages import line_words
from ..z3_encode.leads import Leads, Reached, excluding_slots, refined_reach
from .budget import Budget
from .conditions import Condition, slot_conditions

# the situations that see the round's `lead` (the end of a round and what follows it)
ROUND_ENDS = frozenset({"round", "end", "scored", "recorded", "recorded-any", "match",
                        "match-all"})


@dataclass(frozen=True)
class Reading:
    """A way the variant is read: its name (None: as chosen) and the variant so read."""

    name: str | None
    chosen: str | None  # the chosen reading of the same sentence, for the message
    variant: Variant
    cases: tuple[Case, ...]  # the cases of its sentence (none for the chosen readings)


def unreached_findings(variant: Variant, budget: Budget) -> list[Finding]:
    """One `unreachable` finding per case no game reaches under a reading (the chosen one
    first), naming what excludes it. Cases the plain `reachable` question already reports
    unreachable under the chosen reading are left to it; under another reading, a case the
    chosen reading never reaches either is reported only if it is the sentence's own."""
    found: list[Finding] = []
    unreached: set[Pos] = set()
    for reading in _readings(variant):
        own = {c.pos for c in reading.cases}
        try:
            asked = _unreached(variant, reading, budget)
        except KozelError:  # the solver gave up on the situations: nothing is claimed
            continue
        for case, finding in asked:
            if reading.name is None:
                unreached.add(case.pos)
            elif case.pos in unreached and case.pos not in own:
                continue
            found.append(finding)
    return found


def _readings(variant: Variant) -> Iterable[Reading]:
    yield Reading(None, None, variant, ())
    for question in questions(variant):
        for other in question.names[1:]:
            yield Reading(other, question.chosen, read(variant, [other]),
                          tuple(question.cases))


def _reads_lead(case: Case) -> bool:
    return case.guard is not None and "lead" in names_read(*case_parts([case]))


def _examined(reading: Reading) -> list[tuple[int, Case, Condition]]:
    """The cases asked under a reading: those that read `lead`, and the sentence's own."""
    own = {c.pos for c in reading.cases}
    asked = []
    for slot, _ in reading.variant.slots:
        conditions = {c.case: c for c in slot_conditions(reading.variant, slot)
                      if c.query == "reachable"}
        for index, case in enumerate(reading.variant.cases(slot)):
            cond = conditions.get(index)
            if cond is not None and (case.pos in own or _reads_lead(case)):
                asked.append((index, case, cond))
    return sorted(asked, key=lambda item: (item[1].pos.line, item[1].pos.column))


def _unreached(variant: Variant, reading: Reading, budget: Budget
               ) -> list[tuple[Case, Finding]]:
    leads = Leads.of(reading.variant, budget)
    found = []
    for _, case, cond in _examined(reading):
        refine = _reads_lead(case) and cond.situation in ROUND_ENDS
        reach = refined_reach(leads, cond, refine)
        if reach.status != "unsat" or (reading.name is None and not reach.refined):
            continue  # reached, undecided, or (chosen reading, plain) reported by `reachable`
        excluded = _excluded(leads, cond, reach)
        found.append((case, _finding(variant, reading, case, cond, excluded)))
    return found


def _excluded(leads: Leads, cond: Condition, reach: Reached) -> Said:
    """What excludes a case: the lead rule's cases, or the rules whose requirements do."""
    if reach.refined:
        cases = leads.leading_cases(reach.rounds)
        return Said("reader.excluded lead", rules=said_list([_rule(c) for c in cases]))
    slots = excluding_slots(leads.session, cond, leads.budget)
    if not slots:
        return Said("reader.excluded guard")
    return Said("reader.excluded slots",
                slots=said_list([Said("reader.slot", slot=s) for s in slots]))


def _rule(case: Case) -> Said:
    return Said("rule", rule=f"{case.slot}: {case_text(case)}", line=line_words(case.pos, ""))


def _finding(variant: Variant, reading: Reading, case: Case, cond: Condition,
             excluded: Said) -> Finding:
    rule = _rule(case)
    if reading.name is None:
        message = Said("reader.never reached", slot=case.slot, rule=rule, excluded=excluded)
    else:
        message = Said("reader.never reached under", slot=case.slot, rule=rule,
                       reading=reading.name, chosen=reading.chosen, excluded=excluded)
    at = Pos(case.pos.line, case.pos.column, case.pos.file or variant.file)
    return Finding(kind=Kind.UNREACHABLE, slot=case.slot, at=at, message=message,
                   strict=False, about=ReadingRef(reading.name) if reading.name else None,
                   cases=(RuleAt.of(case),))


__all__ = ["unreached_findings", "ROUND_ENDS"]
