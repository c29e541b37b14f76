"""What the checker says, in words for the people who write and use a rule text: each rule is
named by its text and line, tiles and seats as they are at the table; never an internal name
of a question or a situation (those stay in checks/conditions.py)."""

from __future__ import annotations

from pathlib import PurePath
from typing import Callable

from interpreter import ast
from interpreter.model import Variant
from interpreter.printer import format_expr
from interpreter.summary import case_text

from .conditions import INVARIANT_WORDS, SITUATION_WORDS, Condition
from .rule_text import expression_at
from .solver import Result

WIDER = " (the example may go beyond real play: see its note)"
REASONS = {"timeout": "out of time", "canceled": "out of time"}


def line_words(pos: ast.Pos, here: str) -> str:
    """Return `line N`, naming the file too when the rule is written in another file than `here`
    (a conflict between a variant's own rule and one it inherits)."""
    if pos.file and here and pos.file != here:
        return f"line {pos.line} of {PurePath(pos.file).name}"
    return f"line {pos.line}"


def rule_words(variant: Variant, cond: Condition, index: int | None) -> str:
    """Return a case as written, with its line: `goat: total > target` (line 108)."""
    case = variant.cases(cond.slot)[index or 0]
    return f"`{cond.slot}: {case_text(case)}` ({line_words(case.pos, cond.pos.file)})"


def where(cond: Condition) -> str:
    """Return the kind of situation a condition is asked in, in words."""
    return SITUATION_WORDS.get(cond.situation, "situation")


def short(expr: ast.Expr, limit: int = 100) -> str:
    """Return an expression as written, cut at `limit` characters."""
    text = format_expr(expr)
    return text if len(text) <= limit else text[:limit - 1] + "…"


# ---- refuted: the situation the question looks for exists ----------------------------------


def _undefined(variant: Variant, result: Result) -> tuple[str, str]:
    """A part of a rule with no single answer somewhere: name the part and when."""
    cond, answer = result.condition, result.answer
    case = variant.cases(cond.slot)[cond.case or 0]
    part = expression_at(case, answer.line, answer.column)
    answers = "two answers" if answer.kind == "ambiguity" else "no answer"
    said = f"`{short(part, 60)}` has {answers}" if part is not None else f"it has {answers}"
    return answer.kind, (f"`{cond.slot}`: {said} when {answer.text}, in "
                         f"{rule_words(variant, cond, cond.case)}")


def _conflict(variant: Variant, result: Result) -> tuple[str, str]:
    cond = result.condition
    return "conflict", (f"`{cond.slot}`: two cases apply and disagree: "
                        f"{rule_words(variant, cond, cond.case)} and "
                        f"{rule_words(variant, cond, cond.other)}")


def _claim(variant: Variant, result: Result) -> tuple[str, str]:
    claim = variant.claims[result.condition.claim or 0]
    return "claim-refuted", (f"claim {claim.text!r} is refuted: `{short(claim.expr)}` does not "
                             "hold in the example")


def _two_goats(variant: Variant, result: Result) -> tuple[str, str]:
    """Two sides pass a plain threshold in one round: a point the text leaves open. (The
    sides and totals are in the example drawn below: a message stays the same from run to
    run, whichever example the solver finds.)"""
    rules = " and ".join(f"`goat: {case_text(c)}`" for c in variant.cases("goat"))
    return "claim-refuted", (f"the text does not say what happens when two sides pass the "
                             f"target in the same round: by {rules} each of them loses the "
                             "match, as in the example")


def _two_winners(variant: Variant, result: Result) -> tuple[str, str]:
    """Two sides win the match in one round: a point the text leaves open."""
    rules = " and ".join(f"`wins: {case_text(c)}`" for c in variant.cases("wins"))
    return "claim-refuted", (f"the text does not say what happens when two sides reach the "
                             f"end of the match in the same round: by {rules} each of them "
                             "wins the match, as in the example")


def _fish_ends(variant: Variant, result: Result) -> tuple[str, str]:
    return "claim-refuted", ("for information, not required by the text: a fish can leave "
                             "different values at the two ends, as in the example")


BUILT_IN_REFUTED = {
    "tile-set": "the set of tiles is not 28 tiles with 168 pips",
    "deal-fits": "`deal` gives some player no tile, or more tiles than the set has for every "
                 "hand",
    "partners-four": "`sides` plays in partners with other than 4 players",
    "reserve-fits": "`reserve` holds back more tiles than the stock has",
    "points-nonnegative": "a side can write negative points for a round",
}


def _built_in(variant: Variant, result: Result) -> tuple[str, str]:
    query = result.condition.query
    words = BUILT_IN_REFUTED.get(query) or INVARIANT_WORDS.get(query, "a built-in check")
    return "claim-refuted", f"{words} (a rule every variant must keep)"


def _simple(kind: str, text: Callable[[Variant, Condition], str]
            ) -> Callable[[Variant, Result], tuple[str, str]]:
    return lambda variant, result: (kind, text(variant, result.condition))


REFUTED: dict[str, Callable[[Variant, Result], tuple[str, str]]] = {
    "defined": _undefined, "conflict": _conflict, "claim": _claim,
    "one-goat": _two_goats, "one-winner": _two_winners, "fish-ends-equal": _fish_ends,
    "no-case": _simple("gap", lambda v, c: (
        f"`{c.slot}`: none of its cases applies in some {where(c)}, so the text gives no "
        "answer there")),
    "unspecified": _simple("unspecified", lambda v, c: (
        f"`{c.slot}`: play reaches a case the text leaves unspecified: "
        f"{rule_words(v, c, c.case)}")),
    "reachable": _simple("unreachable", lambda v, c: unreachable_message(v, c)),
    "lead-empty": _simple("gap", lambda v, c: (
        f"`{c.slot}`: the leader can hold none of the tiles `{c.slot}` allows him to lead")),
    "stuck": _simple("gap", lambda v, c: (
        f"`{c.slot}`: play can get stuck: nobody can lay a tile or draw, and `{c.slot}` "
        "does not end the round")),
}


def refuted_message(variant: Variant, result: Result, *, wider: bool = True
                    ) -> tuple[str, str]:
    """Return (kind, message) for a condition whose bad situation exists (or never occurs);
    `wider`: say so where the solver's situation may go beyond real play (no game shows it)."""
    kind, message = REFUTED.get(result.condition.query, _built_in)(variant, result)
    witness = result.answer.witness
    if wider and witness and "note" in witness:
        message += WIDER
    return kind, message


# ---- proved, never reached, undecided -------------------------------------------------------


def unreachable_message(variant: Variant, cond: Condition) -> str:
    """Return the message of a case that never applies (or, unspecified, is never reached)."""
    case = variant.cases(cond.slot)[cond.case or 0]
    if case.otherwise:
        return (f"`{cond.slot}`: the `otherwise` case never applies: the other cases cover "
                f"every {where(cond)} ({line_words(case.pos, cond.pos.file)})")
    guard = f": `{format_expr(case.guard)}` never holds" if case.guard is not None else ""
    rule = rule_words(variant, cond, cond.case)
    if case.unspecified:
        return (f"`{cond.slot}`: play never reaches {rule}, the case the text leaves "
                f"unspecified{guard} in any {where(cond)}")
    return f"`{cond.slot}`: {rule} never applies{guard} in any {where(cond)}"


def proved_message(variant: Variant, cond: Condition) -> str | None:
    """Return the message of a proof worth showing (claims and properties), else None."""
    if cond.query == "claim":
        claim = variant.claims[cond.claim or 0]
        return f"claim {claim.text!r} is proved: it holds in every {where(cond)}"
    if cond.query == "fish-ends-equal":  # (strict built-ins count, silently)
        return "proved: a fish always leaves the same value at both ends"
    return None


QUESTIONS: dict[str, Callable[[Variant, Condition], str]] = {
    "defined": lambda v, c: f"{rule_words(v, c, c.case)} always has a single answer",
    "no-case": lambda v, c: f"some case of `{c.slot}` applies in every {where(c)}",
    "reachable": lambda v, c: f"{rule_words(v, c, c.case)} ever applies",
    "unspecified": lambda v, c: f"play ever reaches {rule_words(v, c, c.case)}",
    "conflict": lambda v, c: (f"{rule_words(v, c, c.case)} and {rule_words(v, c, c.other)} "
                              "can disagree"),
    "lead-empty": lambda v, c: f"the leader always holds a tile `{c.slot}` allows",
    "stuck": lambda v, c: f"play can get stuck while `{c.slot}` says the round goes on",
    "claim": lambda v, c: (f"claim {v.claims[c.claim or 0].text!r} holds in every "
                           f"{where(c)}"),
}


def unknown_message(variant: Variant, result: Result) -> str:
    """Return the message of a question the solver could not decide."""
    cond, reason = result.condition, result.answer.reason or "timeout"
    question = QUESTIONS.get(cond.query)
    asked = question(variant, cond) if question else INVARIANT_WORDS.get(
        cond.query, "a built-in check holds")
    return (f"undecided ({REASONS.get(reason, reason)}): whether {asked}; not counted as "
            "proved")


# ---- vacuous -----------------------------------------------------------------------------

# The questions about one slot's cases: when their situation is empty, one finding says so.
SLOT_QUERIES = ("defined", "no-case", "reachable", "unspecified", "conflict", "lead-empty",
                "stuck")


def vacuous_message(variant: Variant, result: Result) -> str | None:
    """Return the message of a result that holds only because no situation exists, or None
    where another finding says it (a case that never applies: its `unreachable`)."""
    cond = result.condition
    if result.scope == "case":
        return None
    why = _no_situation(variant, result)
    if cond.query == "claim":
        return f"claim {variant.claims[cond.claim or 0].text!r} holds only vacuously: {why}"
    if cond.query in SLOT_QUERIES:
        return f"`{cond.slot}` is never applied: {why}"
    words = INVARIANT_WORDS.get(cond.query, "a built-in check holds")
    prefix = "built-in" if cond.strict else "for information, not required by the text"
    return f"{prefix}: that {words} holds only vacuously: {why}"


def _no_situation(variant: Variant, result: Result) -> str:
    """Say which situations do not exist and, where the solver found it, which rule empties
    them (a rule the engine stops on there, e.g. an unspecified one)."""
    blamed = [_blamed(variant, slot) for slot in result.because]
    because = f", because {' and '.join(blamed)}" if blamed else ""
    return f"no {where(result.condition)} is ever reached{because}"


def _blamed(variant: Variant, slot: str) -> str:
    cases = variant.cases(slot)
    if not cases:
        return f"of `{slot}`"
    at = line_words(cases[0].pos, variant.file)
    if all(c.unspecified for c in cases):
        return f"`{slot}` is unspecified ({at})"
    return f"of what `{slot}` says ({at})"


__all__ = ["refuted_message", "unreachable_message", "proved_message", "unknown_message",
           "vacuous_message", "line_words", "rule_words", "SLOT_QUERIES"]
