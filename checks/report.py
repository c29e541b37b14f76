"""Results → findings with messages a rule author can act on; text and JSON output."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from interpreter import ast
from interpreter.model import Variant
from interpreter.printer import format_expr
from interpreter.summary import case_text

from .conditions import INVARIANT_WORDS, SITUATION_WORDS, Condition
from .findings import Finding, VariantReport
from .solver import Result
from .witness import draw_witness, record_of


def _case_words(variant: Variant, cond: Condition, index: int | None) -> str:
    case = variant.cases(cond.slot)[index or 0]
    return f"`{cond.slot}: {case_text(case)}` (line {case.pos.line})"


def _where(cond: Condition) -> str:
    return SITUATION_WORDS.get(cond.situation, cond.situation)


def _refuted(variant: Variant, result: Result) -> tuple[str, str]:
    """Return (kind, message) for a condition whose bad situation exists (or never occurs)."""
    cond, answer = result.condition, result.answer
    slot = f"`{cond.slot}`"
    if cond.query == "defined":
        return answer.kind, f"{slot}: {answer.text}, in {_case_words(variant, cond, cond.case)}"
    if cond.query == "no-case":
        return "gap", f"{slot}: no case applies in some {_where(cond)}"
    if cond.query == "unspecified":
        return "unspecified", (f"{slot}: play reaches a case the text leaves unspecified: "
                               f"{_case_words(variant, cond, cond.case)}")
    if cond.query == "reachable":
        return "unreachable", _unreachable(variant, cond)
    if cond.query == "conflict":
        return "conflict", (f"{slot}: two cases apply and disagree: "
                            f"{_case_words(variant, cond, cond.case)} and "
                            f"{_case_words(variant, cond, cond.other)}")
    if cond.query == "lead-empty":
        return "gap", f"{slot}: the leader holds none of the tiles the rule allows to lead"
    if cond.query == "stuck":
        return "gap", (f"{slot}: play can get stuck: nobody can lay a tile or draw, and the "
                       "fish rule says the round goes on")
    if cond.query == "claim":
        claim = variant.claims[cond.claim or 0]
        return "claim-refuted", f"claim {claim.text!r} is refuted: {_short(claim.expr)}"
    words = INVARIANT_WORDS.get(cond.query, cond.query)
    prefix = "built-in" if cond.strict else "property (not required)"
    return "claim-refuted", f"{prefix}: {words}: does not hold"


def _short(expr: ast.Expr, limit: int = 100) -> str:
    text = format_expr(expr)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _unreachable(variant: Variant, cond: Condition) -> str:
    case = variant.cases(cond.slot)[cond.case or 0]
    if case.otherwise:
        return (f"`{cond.slot}`: the `otherwise` case never applies: the other cases cover "
                f"every {_where(cond)} (line {case.pos.line})")
    what = "the unspecified case is never reached" if case.unspecified else "never applies"
    guard = f": `{format_expr(case.guard)}` never holds" if case.guard is not None else ""
    return (f"`{cond.slot}`: {_case_words(variant, cond, cond.case)} {what}{guard} in any "
            f"{_where(cond)}")


def _proved(variant: Variant, cond: Condition) -> str | None:
    """Return the message of a proof worth showing (claims and built-ins), else None."""
    if cond.query == "claim":
        claim = variant.claims[cond.claim or 0]
        return f"claim {claim.text!r} is proved: it holds in every {_where(cond)}"
    if cond.query in INVARIANT_WORDS and not cond.strict:  # built-ins count, silently
        return f"property: {INVARIANT_WORDS[cond.query]}: proved"
    return None


# The questions about one slot's cases: when their situation is empty, one finding says so.
SLOT_QUERIES = ("defined", "no-case", "reachable", "unspecified", "conflict", "lead-empty",
                "stuck")


def _vacuous(variant: Variant, result: Result) -> str | None:
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
    prefix = "built-in" if cond.strict else "property (not required)"
    words = INVARIANT_WORDS.get(cond.query, cond.query)
    return f"{prefix}: {words}: holds only vacuously: {why}"


def _no_situation(variant: Variant, result: Result) -> str:
    """Say which situations do not exist and, where the solver found it, which rule empties
    them (a rule the engine stops on there, e.g. an unspecified one)."""
    blamed = [_blamed(variant, slot) for slot in result.because]
    because = f", because {' and '.join(blamed)}" if blamed else ""
    return f"no {_where(result.condition)} is ever reached{because}"


def _blamed(variant: Variant, slot: str) -> str:
    cases = variant.cases(slot)
    if not cases:
        return f"of `{slot}`"
    pos = cases[0].pos
    at = (f"line {pos.line}" if not pos.file or pos.file == variant.file
          else f"{Path(pos.file).name}:{pos.line}")
    if all(c.unspecified for c in cases):
        return f"`{slot}` is unspecified ({at})"
    return f"of what `{slot}` says ({at})"


def finding_of(variant: Variant, result: Result) -> Finding | None:
    """Return the finding a result gives, or None for a proof not worth a line."""
    cond, answer = result.condition, result.answer
    line, column = (answer.line, answer.column) if answer.line else (cond.pos.line,
                                                                      cond.pos.column)
    if result.status == "vacuous":
        message = _vacuous(variant, result)
        if cond.query in SLOT_QUERIES:  # one finding per slot, at its first case
            first = variant.cases(cond.slot)[0].pos
            line, column = first.line, first.column
        return Finding("vacuous", cond.slot, line, column, message, None, variant.file,
                       strict=False) if message else None
    if result.status == "unknown":
        reason = answer.reason or "timeout"
        what = (f"claim {variant.claims[cond.claim or 0].text!r}" if cond.query == "claim"
                else f"{cond.query} of `{cond.slot or 'claim'}`")
        return Finding("unknown", cond.slot, line, column,
                       f"undecided ({reason}): {what} in {_where(cond)}; not counted as "
                       "proved", None, variant.file)
    if result.status == "proved":
        message = _proved(variant, cond)
        return Finding("claim-proved", cond.slot, line, column, message, None,
                       variant.file) if message else None
    kind, message = _refuted(variant, result)
    witness = answer.witness
    if witness and "note" in witness:  # the situation is wider than legal play: say so
        message += " (in an over-approximated situation: see its note)"
    record = record_of(variant, witness) if witness else None
    if witness is not None and record is not None:  # a first deal: replay stops there too
        witness = {**witness, "record": record}
    return Finding(kind, cond.slot, line, column, message, witness, variant.file, cond.strict)


def static_findings(variant: Variant) -> list[Finding]:
    """Findings without a solver: assumptions, and options that no rule or claim uses."""
    found = [Finding("assumption", getattr(item, "slot", "") or "", item.pos.line,
                     item.pos.column, item.assumption or "", None, variant.file,
                     strict=False) for item in variant.assumptions()]
    used = _names_used(variant)
    for option in variant.options:
        if option.name not in used:
            found.append(Finding("unreachable", "", option.pos.line, option.pos.column,
                                 f"option {option.name!r} is never used by any rule or claim",
                                 None, variant.file, strict=False))
    return found


def _names_used(variant: Variant) -> set[str]:
    exprs: list[Any] = [c.value for _, cases in variant.slots for c in cases]
    exprs += [c.guard for _, cases in variant.slots for c in cases]
    exprs += [c.expr for c in variant.claims]
    names: set[str] = set()
    for expr in exprs:
        names |= _names_in(expr)
    return names


def _names_in(expr: Any) -> set[str]:
    if expr is None:
        return set()
    if isinstance(expr, ast.Name):
        return {expr.name}
    found: set[str] = set()
    for value in vars(expr).values():
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if hasattr(item, "pos") and not isinstance(item, ast.Pos):
                found |= _names_in(item)
    return found


def build_report(variant: Variant, results: Iterable[Result], seconds: float) -> VariantReport:
    """Collect a variant's findings (sorted by position) and counts."""
    results = list(results)
    report = VariantReport(variant.name, variant.file, seconds=seconds)
    report.proved = sum(1 for r in results if r.status == "proved")
    report.refuted = sum(1 for r in results if r.status == "refuted")
    report.unknown = sum(1 for r in results if r.status == "unknown")
    report.vacuous = sum(1 for r in results if r.status == "vacuous")
    findings = _distinct([f for f in (finding_of(variant, r) for r in results) if f is not None])
    findings += static_findings(variant)
    report.findings = sorted(findings, key=lambda f: (f.line, f.column, f.kind))
    return report


def _distinct(findings: list[Finding]) -> list[Finding]:
    """Drop repeated vacuous findings (a slot's questions share one), keeping the first."""
    seen: set[tuple[str, int, int, str]] = set()
    kept = []
    for finding in findings:
        key = (finding.slot, finding.line, finding.column, finding.message)
        if finding.kind == "vacuous" and key in seen:
            continue
        seen.add(key)
        kept.append(finding)
    return kept


def render_text(report: VariantReport, *, witnesses: bool = True) -> list[str]:
    """Return `file:line:col: kind: message` lines, each with its witness drawn as tiles."""
    lines = []
    for finding in report.findings:
        lines.append(f"{finding.file}:{finding.line}:{finding.column}: {finding.kind}: "
                     f"{finding.message}")
        if witnesses and finding.witness:
            lines += ["    " + w for w in draw_witness(finding.witness)]
    lines.append(report.summary())
    return lines
