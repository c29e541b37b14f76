"""Restatements (`restates SLOT: VALUE when COND`): proved over every situation of the slot, or
refuted with a game the engine plays.

A restatement is checked as a comparison of two variants (checks/compare/diff.py): the variant as
written, and the same variant whose rule of SLOT gives VALUE wherever COND holds and is left
as written elsewhere (its cases' conditions joined with `not COND`; an `otherwise` case keeps
applying where no other case does). The two differ exactly where the variant's own cases give
something else than VALUE while COND holds: another value, no value (a gap, an unspecified
case, an undefined value) or two values (a conflict). For the additive `bonus` the
restatement speaks of all its cases added up. A difference is shown by a game of the variant
as written (its record replays with `kozel replay --partial`), at whose moment the rule's
answer and the restated one are both the engine's; no difference is a proof, once a situation
where COND holds is shown to exist (a proof over none proves nothing: `vacuous`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from interpreter.language import ast
from interpreter.language.ast import Pos
from interpreter.language.model import Case, Restatement, Variant
from interpreter.language.restatements import restatement_words
from interpreter.language.slots import SLOTS

from ..compare.diff import SlotDiff, compare_slot, diff_session
from ..compare.diff_games import Pair
from ..reporting.about import RestatedAt, RuleAt
from ..reporting.catalogue import Said
from ..reporting.findings import Finding
from ..reporting.kinds import Kind
from ..search.realise import GameBudget
from ..search.witnesses import Witness
from ..z3_encode import EncodingError, Session
from ..z3_encode.fresh import fresh_question
from ..z3_encode.session import Query
from .budget import Budget
from .conditions import slot_situation


def _default(slot: str, pos: Pos) -> ast.Expr:
    """The language's default of an optional slot as an expression (a slot left unwritten)."""
    value = SLOTS[slot].default
    if isinstance(value, bool):
        return ast.BoolLit(value, pos)
    if isinstance(value, int):
        return ast.IntLit(value, pos)
    return ast.Name(str(value), pos)


def restated_cases(variant: Variant, restated: Restatement) -> tuple[Case, ...]:
    """The slot's cases with the restatement put in: VALUE where COND holds, the variant's own
    cases elsewhere."""
    pos = restated.pos
    new = Case(restated.slot, restated.value, restated.guard, origin=variant.name, pos=pos)
    if restated.guard is None:
        return (new,)
    cases = variant.cases(restated.slot) or (
        Case(restated.slot, _default(restated.slot, pos), otherwise=True, pos=pos),)
    apart = ast.Negation(restated.guard, pos)
    kept = tuple(c if c.otherwise else replace(
        c, guard=apart if c.guard is None else ast.AllOf((apart, c.guard), pos), readings=())
        for c in cases)  # `not COND` first: where COND holds no other guard is evaluated
    return (new, *kept)


def restated_variant(variant: Variant, restated: Restatement) -> Variant:
    """The variant whose rule of the slot gives what the restatement says."""
    cases = restated_cases(variant, restated)
    slots = dict(variant.slots)
    slots[restated.slot] = cases
    ordered = tuple((name, slots[name]) for name in SLOTS if name in slots)
    return replace(variant, slots=ordered, claims=(), restatements=())


def made(variant: Variant, restated: Restatement, **parts: Any) -> Finding:
    pos = restated.pos
    return Finding(slot=restated.slot, at=Pos(pos.line, pos.column, pos.file or variant.file),
                   about=RestatedAt(restated.slot, pos.file or variant.file, pos.line,
                                    pos.column),
                   cases=tuple(RuleAt.of(c) for c in variant.cases(restated.slot)), **parts)


def _vacuous(session: Session, slot: str, key: str) -> bool:
    """No situation of the slot's context where the restatement's condition holds."""
    applies = session.slot(key, slot, 1).cases[0].applies
    return session.ask(key, [Query(applies)], witness_wanted=False)[0].status == "unsat"


def check_restatement(variant: Variant, restated: Restatement, budget: Budget,
                      games: GameBudget | None) -> Finding:
    """The finding of one restatement: proved, refuted with its game, or unsettled."""
    other = restated_variant(variant, restated)
    options = tuple(o.name for o in variant.options)
    session = diff_session(variant, other, None, None, budget)  # every option linked
    # the restated rule is named by the restatement's line, in no language: `minsk:60`
    names = (variant.name, f"{variant.name}:{restated.pos.line}")
    words = restatement_words(restated.slot, restated.value, restated.guard)
    diff = compare_slot(session, restated.slot, names, games,
                        Pair(variant, other, names, {}, {}, options))
    if diff.status == "same":
        try:
            empty = restated.guard is not None and _vacuous(
                session, restated.slot, slot_situation(restated.slot, variant, other))
        except EncodingError as error:
            return _unsettled(variant, restated, SlotDiff(restated.slot, "unknown", None,
                                                          str(error)), words)
        if empty:
            return made(variant, restated, kind=Kind.VACUOUS, strict=False,
                         message=Said("restates.vacuous", words=words))
        return _proved(variant, restated, words)
    if diff.status == "different":
        message = Said("restates.refuted", words=words, slot=restated.slot)
        if restated.expect_refuted:
            message = Said("joined", a=message, b=Said("restates.expected"))
        return made(variant, restated, kind=Kind.RESTATEMENT_REFUTED, message=message,
                     witness=_one_setting(diff.witness), strict=not restated.expect_refuted)
    return _unsettled(variant, restated, diff, words)


def _one_setting(witness: Witness | None) -> Witness | None:
    """The two rules are one variant's, played with one setting: it is shown once."""
    if witness is None or len({s for _, s in witness.by_variant}) != 1:
        return witness
    return witness.without("by_variant").adding(options=witness.by_variant[0][1])


def _proved(variant: Variant, restated: Restatement, words: str) -> Finding:
    message = Said("restates.proved", words=words, slot=restated.slot)
    if restated.expect_refuted:  # strict only where the text was expected to disagree
        message = Said("joined", a=message, b=Said("restates.unexpected"))
    return made(variant, restated, kind=Kind.RESTATEMENT_PROVED, message=message,
                 strict=restated.expect_refuted)


def _unsettled(variant: Variant, restated: Restatement, diff: SlotDiff, words: str) -> Finding:
    """Unconfirmed (the solver's situation, no game), unknown, or never comparable."""
    kind = Kind.UNCONFIRMED if diff.status == "unconfirmed" else Kind.UNKNOWN
    return made(variant, restated, kind=kind, strict=False, candidate=diff.candidate,
                 message=Said("restates.unsettled", words=words,
                              status=Said(f"status.{diff.status}"), reason=diff.note or ""))


def restatement_findings(variant: Variant, budget: Budget,
                         games: GameBudget | None) -> list[Finding]:
    """Return one finding per restatement of the variant, in the order written."""
    found = []
    for restated in variant.restatements:
        fresh_question()  # each restatement on its own (fresh.py)
        found.append(check_restatement(variant, restated, budget, games))
    return found


__all__ = ["check_restatement", "restated_cases", "restated_variant", "restatement_findings"]
