"""What the checker says, in words for the people who write and use a rule text: each rule is
named by its text and line, tiles and seats as they are at the table; never an internal name
of a question or a situation (those stay in checks/questions/conditions.py).

Every message is a `Said` of the one catalogue (interpreter/language/words/*.json): English as a
str, Russian on request."""

from __future__ import annotations

from pathlib import PurePath
from typing import Callable

from interpreter.language import ast
from interpreter.language.model import Case, Variant
from interpreter.language.printer import format_expr
from interpreter.language.summary import case_text

from interpreter.language import catalogue

from .catalogue import Said
from ..questions.conditions import INVARIANT_WORDS, SITUATION_WORDS, Condition
from .kinds import Kind
from ..questions.rule_text import expression_at
from ..questions.solver import Result

REASONS = {"timeout": "reason.timeout", "canceled": "reason.timeout",
           "max. resource limit exceeded": "reason.steps"}


def line_words(pos: ast.Pos, here: str) -> Said:
    """Return `line N`, naming the file too when the rule is written in another file than `here`
    (a conflict between a variant's own rule and one it inherits)."""
    if pos.file and here and pos.file != here:
        return Said("line of file", line=pos.line, file=PurePath(pos.file).name)
    return Said("line", line=pos.line)


def rule_words(variant: Variant, cond: Condition, index: int | None) -> Said:
    """Return a case as written, with its line: `goat: total > target` (line 108)."""
    case = variant.cases(cond.slot)[index or 0]
    return Said("rule", rule=f"{cond.slot}: {case_text(case)}",
                line=line_words(case.pos, cond.pos.file))


def where(cond: Condition) -> Said:
    """Return the kind of situation a condition is asked in, in words."""
    return Said(f"situation.{cond.situation}" if cond.situation in SITUATION_WORDS
                else "situation")


def whole(expr: ast.Expr) -> str:
    """Return an expression as written, whole: a formula cut in the middle says nothing."""
    return format_expr(expr)


# ---- refuted: the situation the question looks for exists ----------------------------------


def _undefined(variant: Variant, result: Result) -> tuple[Kind, Said]:
    """A part of a rule with no single answer somewhere: name the part and when."""
    cond, answer = result.condition, result.answer
    case = variant.cases(cond.slot)[cond.case or 0]
    part = expression_at(case, answer.line, answer.column)
    kind = answer.kind or Kind.GAP  # a question about a value: its hazard's kind
    answers = Said("answers.two" if kind is Kind.AMBIGUITY else "answers.none")
    rule = rule_words(variant, cond, cond.case)
    if part is not None:
        return kind, Said("undefined part", slot=cond.slot,
                                       part=whole(part), answers=answers,
                                       when=answer.text, rule=rule)
    return kind, Said("undefined", slot=cond.slot, answers=answers,
                                   when=answer.text, rule=rule)


def _conflict(variant: Variant, result: Result) -> tuple[Kind, Said]:
    cond = result.condition
    return Kind.CONFLICT, Said("conflict", slot=cond.slot,
                               rule=rule_words(variant, cond, cond.case),
                               other=rule_words(variant, cond, cond.other))


def _claim(variant: Variant, result: Result) -> tuple[Kind, Said]:
    claim = variant.claims[result.condition.claim or 0]
    return Kind.CLAIM_REFUTED, Said("claim refuted", claim=repr(claim.text),
                                    expr=whole(claim.expr))


def _two_goats(variant: Variant, result: Result) -> tuple[Kind, Said]:
    """Two sides pass a plain threshold in one round: a point the text leaves open. (The
    sides and totals are in the example drawn below: a message stays the same from run to
    run, whichever example the solver finds.)"""
    return Kind.PROPERTY_REFUTED, Said("two goats", rules=_cases_joined(variant, "goat"))


def _two_winners(variant: Variant, result: Result) -> tuple[Kind, Said]:
    """Two sides win the match in one round: a point the text leaves open."""
    return Kind.PROPERTY_REFUTED, Said("two winners", rules=_cases_joined(variant, "wins"))


def _cases_joined(variant: Variant, slot: str) -> str | Said:
    """The slot's cases as rule text, joined by "and" in the reader's language."""
    rules = [f"`{slot}: {case_text(c)}`" for c in variant.cases(slot)]
    joined: str | Said = rules[0] if rules else ""
    for rule in rules[1:]:
        joined = Said("and", a=joined, b=rule)
    return joined


def _fish_ends(variant: Variant, result: Result) -> tuple[Kind, Said]:
    return Kind.PROPERTY_REFUTED, Said("fish ends")


BUILT_IN_REFUTED = {key: text for key, text in catalogue.keys_under("built-in.", "checks").items()
                    if key != "other"}


def _built_in(variant: Variant, result: Result) -> tuple[Kind, Said]:
    query = result.condition.query
    if query in BUILT_IN_REFUTED:
        words = Said(f"built-in.{query}")
    else:
        words = Said(f"invariant.{query}" if query in INVARIANT_WORDS else "built-in.other")
    return Kind.PROPERTY_REFUTED, Said("built-in refuted", words=words)


def _simple(kind: Kind, text: Callable[[Variant, Condition], Said]
            ) -> Callable[[Variant, Result], tuple[Kind, Said]]:
    return lambda variant, result: (kind, text(variant, result.condition))


REFUTED: dict[str, Callable[[Variant, Result], tuple[Kind, Said]]] = {
    "defined": _undefined, "conflict": _conflict, "claim": _claim,
    "one-goat": _two_goats, "one-winner": _two_winners, "fish-ends-equal": _fish_ends,
    "no-case": _simple(Kind.GAP, lambda v, c: Said("no case", slot=c.slot, where=where(c))),
    "unspecified": _simple(Kind.UNSPECIFIED, lambda v, c: Said(
        "unspecified reached", slot=c.slot, rule=rule_words(v, c, c.case))),
    "reachable": _simple(Kind.UNREACHABLE, lambda v, c: unreachable_message(v, c)),
    "lead-empty": _simple(Kind.GAP, lambda v, c: Said("lead empty", slot=c.slot)),
    "stuck": _simple(Kind.GAP, lambda v, c: Said("stuck", slot=c.slot)),
}


def refuted_message(variant: Variant, result: Result, *, wider: bool = True
                    ) -> tuple[Kind, Said]:
    """Return (kind, message) for a condition whose bad situation exists (or never occurs);
    `wider`: say so where the solver's situation may go beyond real play (no game shows it)."""
    kind, message = REFUTED.get(result.condition.query, _built_in)(variant, result)
    witness = result.answer.witness
    if wider and witness and witness.note:
        message = Said("wider", message=message)
    return kind, message


# ---- proved, never reached, undecided -------------------------------------------------------


def unreachable_message(variant: Variant, cond: Condition) -> Said:
    """Return the message of a case that never applies (or, unspecified, is never reached)."""
    case = variant.cases(cond.slot)[cond.case or 0]
    if case.otherwise:
        return Said("otherwise never", slot=cond.slot, where=where(cond),
                    line=line_words(case.pos, cond.pos.file))
    guard: str | Said = (Said("guard never holds", guard=format_expr(case.guard))
                         if case.guard is not None else "")
    rule = rule_words(variant, cond, cond.case)
    if case.unspecified:
        return Said("unspecified never", slot=cond.slot, rule=rule, guard=guard,
                    where=where(cond))
    return Said("never applies", slot=cond.slot, rule=rule, guard=guard, where=where(cond))


def proved_message(variant: Variant, cond: Condition) -> Said | None:
    """Return the message of a proof worth showing (claims and properties), else None."""
    if cond.query == "claim":
        claim = variant.claims[cond.claim or 0]
        return Said("claim proved", claim=repr(claim.text), where=where(cond))
    if cond.query == "fish-ends-equal":  # (strict built-ins count, silently)
        return Said("fish ends proved")
    return None


QUESTIONS: dict[str, Callable[[Variant, Condition], Said]] = {
    "defined": lambda v, c: Said("q.defined", rule=rule_words(v, c, c.case)),
    "no-case": lambda v, c: Said("q.no-case", slot=c.slot, where=where(c)),
    "reachable": lambda v, c: Said("q.reachable", rule=rule_words(v, c, c.case)),
    "unspecified": lambda v, c: Said("q.unspecified", rule=rule_words(v, c, c.case)),
    "conflict": lambda v, c: Said("q.conflict", rule=rule_words(v, c, c.case),
                                  other=rule_words(v, c, c.other)),
    "lead-empty": lambda v, c: Said("q.lead-empty", slot=c.slot),
    "stuck": lambda v, c: Said("q.stuck", slot=c.slot),
    "claim": lambda v, c: Said("q.claim", claim=repr(v.claims[c.claim or 0].text),
                               where=where(c)),
}


def unknown_message(variant: Variant, result: Result) -> Said:
    """Return the message of a question the solver could not decide."""
    cond, reason = result.condition, result.answer.reason or "max. resource limit exceeded"
    question = QUESTIONS.get(cond.query)
    asked = question(variant, cond) if question else _invariant(cond.query, "q.built-in")
    return Said("undecided", reason=Said(REASONS[reason]) if reason in REASONS else reason,
                asked=asked)


def _invariant(query: str, otherwise: str) -> Said:
    return Said(f"invariant.{query}" if query in INVARIANT_WORDS else otherwise)


# ---- vacuous -----------------------------------------------------------------------------

# The questions about one slot's cases: when their situation is empty, one finding says so.
SLOT_QUERIES = ("defined", "no-case", "reachable", "unspecified", "conflict", "lead-empty",
                "stuck")


def vacuous_message(variant: Variant, result: Result) -> Said | None:
    """Return the message of a result that holds only because no situation exists, or None
    where another finding says it (a case that never applies: its `unreachable`)."""
    cond = result.condition
    if result.scope == "case":
        return None
    why = _no_situation(variant, result)
    if cond.query == "claim":
        return Said("claim vacuous", claim=repr(variant.claims[cond.claim or 0].text), why=why)
    if cond.query in SLOT_QUERIES:
        return Said("slot vacuous", slot=cond.slot, why=why)
    words = _invariant(cond.query, "q.built-in")
    return Said("built-in vacuous" if cond.strict else "property vacuous", words=words, why=why)


def _no_situation(variant: Variant, result: Result) -> Said:
    """Say which situations do not exist and, where the solver found it, which rule empties
    them (a rule the engine stops on there, e.g. an unspecified one)."""
    blamed = [_blamed(variant, slot) for slot in result.because]
    joined: str | Said = blamed[0] if blamed else ""
    for more in blamed[1:]:
        joined = Said("and", a=joined, b=more)
    because: str | Said = Said("because", blamed=joined) if blamed else ""
    return Said("no situation", where=where(result.condition), because=because)


def _blamed(variant: Variant, slot: str) -> Said:
    cases = variant.cases(slot)
    if not cases:
        return Said("blamed.slot", slot=slot)
    at = line_words(cases[0].pos, variant.file)
    if all(c.unspecified for c in cases):
        return Said("blamed.unspecified", slot=slot, line=at)
    return Said("blamed.says", slot=slot, line=at)


# ---- what a message quotes -------------------------------------------------------------


def quoted_cases(variant: Variant, result: Result) -> tuple[Case, ...]:
    """Return the cases a result's message names (`rule_words`, or by line where `otherwise`
    never applies): the condition's case, and the other one of a conflict; every case of the
    slot where two sides lose or win at once. A message about a slot as a whole (a question
    without a case, a situation that never occurs) names none."""
    cond = result.condition
    cases = variant.cases(cond.slot)
    if result.status == "vacuous":
        return ()
    if cond.query in ("one-goat", "one-winner"):  # _cases_joined, when it is refuted
        return tuple(cases) if result.status == "refuted" else ()
    if cond.query not in SLOT_QUERIES:
        return ()
    return tuple(cases[i] for i in (cond.case, cond.other) if i is not None)


__all__ = ["refuted_message", "unreachable_message", "proved_message", "unknown_message",
           "vacuous_message", "quoted_cases", "line_words", "rule_words", "SLOT_QUERIES"]
