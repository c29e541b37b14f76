"""Alternative readings of an ambiguous sentence: checked when a variant is resolved, and
chosen when it is played or checked.

A case may carry the readings of the sentence it encodes: `reading NAME "why"` names the
case's own (chosen) value, `reading NAME: VALUE [when COND] "why"` gives another reading.
Cases that share a reading name encode the same sentence: together they form one *question*
(a group of readings), and choosing a reading chooses it in every case of its group.

Choosing a reading (`--reading NAME`) yields a variant in which the chosen reading of each
group is the case's value: the engine, the checker and the docs then read that variant as any
other. So every reading has one meaning in the engine and in Z3 by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterable

from . import ast
from .errors import UsageError, did_you_mean
from .model import Case, Reading, Variant
from .said import Said
from .slots import BOOL, SLOTS
from .typing_rules import Scope, expect

Report = Callable[[ast.Pos, str, str], None]  # (where, message, hint)


def case_readings(case: ast.RuleCase, scope: Scope, error: Report) -> tuple[Reading, ...]:
    """Check the readings a case carries and return them (as written)."""
    written = [p for p in case.provenance if isinstance(p, ast.Reading)]
    if not written:
        return ()
    own = [r for r in written if r.value is None]
    if not own:
        error(written[0].pos, Said("reading.no own"), Said("reading.no own hint", slot=case.slot))
    for extra in own[1:]:
        error(extra.pos, Said("reading.two own", slot=case.slot, first=own[0].name,
                              second=extra.name), Said("reading.two own hint"))
    if len(written) < 2 and own:
        error(own[0].pos, Said("reading.alone", name=own[0].name), Said("reading.alone hint"))
    seen: set[str] = set()
    for reading in written:
        if reading.name in seen:
            error(reading.pos, Said("reading.twice", name=reading.name), "")
        seen.add(reading.name)
        _check_other(case, reading, scope, error)
    return tuple(_reading(r, own) for r in written)


def misplaced(items: Iterable[ast.Provenance], what: str, error: Report) -> None:
    """Only a rule case reads a sentence one way or another: readings elsewhere are errors."""
    for item in items:
        if isinstance(item, ast.Reading):
            error(item.pos, Said("reading.misplaced", what=what, name=item.name),
                  Said("reading.misplaced hint"))


def _check_other(case: ast.RuleCase, reading: ast.Reading, scope: Scope,
                 error: Report) -> None:
    if reading.otherwise:
        error(reading.pos, Said("reading.otherwise", name=reading.name),
              Said("reading.otherwise hint"))
    elif case.otherwise and reading.guard is not None:
        error(reading.pos, Said("reading.otherwise when", name=reading.name),
              Said("reading.otherwise when hint"))
    if reading.value is not None and not isinstance(reading.value, ast.Unspecified):
        expect(reading.value, SLOTS[case.slot].type, scope,
               Said("what.reading value", name=reading.name))
    if reading.guard is not None:
        expect(reading.guard, BOOL, scope, Said("what.reading when", name=reading.name))


def _reading(reading: ast.Reading, own: list[ast.Reading]) -> Reading:
    chosen = bool(own) and reading is own[0]
    value = None if isinstance(reading.value, ast.Unspecified) else reading.value
    return Reading(reading.name, reading.text, reading.ru, chosen, value, reading.guard,
                   reading.pos)


@dataclass(frozen=True)
class Question:
    """The readings of one sentence: their names (the chosen one first) and the cases."""

    names: tuple[str, ...]
    cases: tuple[Case, ...]

    @property
    def chosen(self) -> str:
        """The reading the variant plays."""
        return self.names[0]

    @property
    def slots(self) -> tuple[str, ...]:
        """The slots whose cases carry these readings, in the variant's order."""
        return tuple(dict.fromkeys(c.slot for c in self.cases))


def _names(case: Case) -> tuple[str, ...]:
    chosen = [r.name for r in case.readings if r.chosen]
    return tuple(chosen + [r.name for r in case.readings if not r.chosen])


def questions(variant: Variant) -> list[Question]:
    """Group the cases that carry readings by the names of their readings."""
    found: dict[tuple[str, ...], list[Case]] = {}
    for _, cases in variant.slots:
        for case in cases:
            if case.readings:
                found.setdefault(_names(case), []).append(case)
    return [Question(names, tuple(cases)) for names, cases in found.items()]


def check_questions(cases: Iterable[Case], error: Report) -> None:
    """Cases that share a reading name must offer the same readings with the same choice."""
    first: dict[str, Case] = {}
    for case in cases:
        names = _names(case)
        for name in names:
            other = first.setdefault(name, case)
            if other is case or _names(other) == names:
                continue
            pos = next(r.pos for r in case.readings if r.name == name)
            error(pos, Said("reading.elsewhere", name=name, line=other.pos.line,
                            there=", ".join(_names(other)), here=", ".join(names)),
                  Said("reading.elsewhere hint"))
            break


def read(variant: Variant, names: Iterable[str]) -> Variant:
    """Return the variant with the named readings chosen (others keep their choice);
    raise UsageError for an unknown reading or two readings of one sentence."""
    names = list(dict.fromkeys(names))
    if not names:
        return variant
    asked = questions(variant)
    known = [n for q in asked for n in q.names]
    taken: dict[tuple[str, ...], str] = {}
    for name in names:
        question = next((q for q in asked if name in q.names), None)
        if question is None:
            listed = ", ".join(known) or "none"
            raise UsageError(f"variant {variant.name!r} has no reading {name!r}"
                             f"{did_you_mean(name, known)}; its readings: {listed}")
        if taken.setdefault(question.names, name) != name:
            raise UsageError(f"--reading {taken[question.names]} and --reading {name} are two "
                             "readings of one sentence: choose one")
    wanted = set(taken.values())
    slots = tuple((slot, tuple(choose_reading(c, wanted) for c in cases))
                  for slot, cases in variant.slots)
    return replace(variant, slots=slots)


def choose_reading(case: Case, wanted: set[str]) -> Case:
    """The case with the wanted reading as its own value and `when` (if it has one)."""
    picked = next((r for r in case.readings if r.name in wanted and not r.chosen), None)
    if picked is None:
        return case
    guard = picked.guard if picked.guard is not None else case.guard  # never on `otherwise`
    old = next(r for r in case.readings if r.chosen)
    # the reading given up keeps its meaning: the case's value, and the case's `when` where
    # the new one differs (`when yes` for a case that always applied)
    old_guard = None if case.guard == guard else (
        case.guard if case.guard is not None else ast.BoolLit(True))
    readings = tuple(
        replace(r, chosen=True, value=None, guard=None) if r is picked
        else replace(r, chosen=False, value=case.value, guard=old_guard) if r is old else r
        for r in case.readings)
    return replace(case, value=picked.value, guard=guard,
                   readings=readings)



def add_reading_argument(parser: object) -> None:
    """Add `--reading NAME` (repeatable) to a command's arguments."""
    parser.add_argument(  # type: ignore[attr-defined]
        "--reading", action="append", default=[], metavar="NAME", help=Said("help.--reading"))


def read_all(variants: list[Variant], names: list[str]) -> list[Variant]:
    """Choose the named readings in every variant that has them (`kozel check`); a name that
    no variant has is a usage error."""
    for name in dict.fromkeys(names):
        if not any(name in q.names for v in variants for q in questions(v)):
            known = sorted({n for v in variants for q in questions(v) for n in q.names})
            raise UsageError(f"no variant checked has a reading {name!r}"
                             f"{did_you_mean(name, known)}; readings: "
                             f"{', '.join(known) or 'none'}")
    return [read(v, [n for n in names if any(n in q.names for q in questions(v))])
            for v in variants]
