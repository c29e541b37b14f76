"""Results → findings with messages a rule author can act on; text and JSON output."""

from __future__ import annotations

from typing import Any, Iterable

from interpreter.language.model import Case, Claim, Option, Variant
from interpreter.language.reads import variant_names

from .assumed import assumption_games
from .catalogue import Said, Written, said_in
from .defaults import default_findings
from .findings import Finding, RuleAt, VariantReport
from .kinds import kind_word
from .messages import (SLOT_QUERIES, proved_message, quoted_cases, refuted_message,
                       unknown_message, unreachable_message, vacuous_message)
from .realise import GameBudget, realise
from .solver import Result
from .unaccounted import sources_json, unaccounted_findings
from .witness import draw_witness, record_of


def _place(variant: Variant, result: Result) -> tuple[str, int, int]:
    """Return (file, line, column) of the rule a result is about: the place of the undefined
    part when the answer names one, else the condition's rule; the file is where that rule is
    written (the parent's file for an inherited rule)."""
    cond, answer = result.condition, result.answer
    if answer.line:
        return answer.file or cond.pos.file or variant.file, answer.line, answer.column
    return cond.pos.file or variant.file, cond.pos.line, cond.pos.column


def finding_of(variant: Variant, result: Result, games: GameBudget | None = None
               ) -> Finding | None:
    """Return the finding a result gives, or None for a proof not worth a line.

    With a game budget, a refuted condition's witness is a game the engine played (see
    realise.py); a candidate no game shows is `unconfirmed`."""
    cond, answer = result.condition, result.answer
    file, line, column = _place(variant, result)
    about = _about(variant, result)
    if result.status == "vacuous":
        return _vacuous(variant, result, file, line, column, about)
    if result.status == "unknown":
        return Finding("unknown", cond.slot, line, column, unknown_message(variant, result),
                       None, file, **about)
    if result.status == "proved" and cond.query == "unspecified":  # play never gets there
        return Finding("unreachable", cond.slot, line, column,
                       unreachable_message(variant, cond), None, file, strict=False, **about)
    if result.status == "proved":
        message = proved_message(variant, cond)
        return Finding("claim-proved", cond.slot, line, column, message, None,
                       file, **about) if message else None
    kind, message = refuted_message(variant, result, wider=games is None)
    witness = answer.witness
    if games is not None and witness is not None:
        return _realised(variant, result, Finding(kind, cond.slot, line, column, message,
                                                  None, file, cond.strict, **about), games)
    record = record_of(variant, witness) if witness else None
    if witness is not None and record is not None:  # a first deal: replay stops there too
        witness = witness.adding(record=record)
    return Finding(kind, cond.slot, line, column, message, witness, file, cond.strict, **about)


def _about(variant: Variant, result: Result) -> dict[str, Any]:
    """What a result's finding is about, as data: its claim's text or the built-in property's
    name, and the cases its message names."""
    cond = result.condition
    about: dict[str, Any] = {
        "cases": tuple(RuleAt.of(c) for c in quoted_cases(variant, result))}
    if cond.query == "claim":
        about["claim"] = variant.claims[cond.claim or 0].text
    elif cond.query not in SLOT_QUERIES:
        about["built_in"] = cond.query
    return about


def _vacuous(variant: Variant, result: Result, file: str, line: int, column: int,
             about: dict[str, Any]) -> Finding | None:
    """A proof over no situation at all: one finding per slot, at its first case."""
    cond = result.condition
    message = vacuous_message(variant, result)
    if message is None:
        return None
    if cond.query in SLOT_QUERIES:
        first = variant.cases(cond.slot)[0].pos
        file, line, column = first.file or variant.file, first.line, first.column
    return Finding("vacuous", cond.slot, line, column, message, None, file, strict=False,
                   **about)


def _distinct(findings: list[Finding]) -> list[Finding]:
    """Drop repeated vacuous findings (a slot's questions share one), keeping the first."""
    seen: set[tuple[str, str, int, int, str]] = set()
    kept = []
    for finding in findings:
        key = (finding.slot, finding.file, finding.line, finding.column, finding.message)
        if finding.kind == "vacuous" and key in seen:
            continue
        seen.add(key)
        kept.append(finding)
    return kept


def _realised(variant: Variant, result: Result, finding: Finding,
              games: GameBudget) -> Finding:
    """The finding with a game as its witness, or `unconfirmed` with the solver's candidate."""
    found = realise(variant, result.condition, result.answer.witness, games)
    if found.witness is not None:
        finding.witness = found.witness
        return finding
    finding.message = Said("unconfirmed", reason=found.reason, kind=finding.kind,
                           message=finding.message)
    finding.kind, finding.strict = "unconfirmed", False
    finding.candidate = result.answer.witness
    return finding


def static_findings(variant: Variant) -> list[Finding]:
    """Findings without a solver: assumptions, and options that no rule or claim uses."""
    found = [_assumed(variant, item) for item in variant.assumptions()]
    used = variant_names(variant)
    for option in variant.options:
        if option.name not in used:
            found.append(Finding("unreachable", "", option.pos.line, option.pos.column,
                                 Said("unused option", option=option.name),
                                 None, option.pos.file or variant.file, strict=False,
                                 option=option.name))
    return found


def _assumed(variant: Variant, item: Case | Option | Claim) -> Finding:
    """The assumption of a case, an option or a claim, naming it."""
    about: dict[str, Any] = (
        {"option": item.name} if isinstance(item, Option) else
        {"claim": item.text} if isinstance(item, Claim) else {"cases": (RuleAt.of(item),)})
    reason = Written(item.assumption or "", item.assumption_ru)
    return Finding("assumption", getattr(item, "slot", "") or "", item.pos.line,
                   item.pos.column, reason, None, item.pos.file or variant.file,
                   strict=False, **about)


def build_report(variant: Variant, results: Iterable[Result], seconds: float,
                 games: GameBudget | None = None) -> VariantReport:
    """Collect a variant's findings (sorted by position) and counts."""
    results = list(results)
    report = VariantReport(variant.name, variant.file, seconds=seconds)
    report.proved = sum(1 for r in results if r.status == "proved")
    report.unknown = sum(1 for r in results if r.status == "unknown")
    report.vacuous = sum(1 for r in results if r.status == "vacuous")
    findings = _distinct([f for f in (finding_of(variant, r, games) for r in results)
                          if f is not None])
    report.unconfirmed = sum(1 for f in findings if f.kind == "unconfirmed")
    assumptions = static_findings(variant)
    if games is not None:
        assumption_games(variant, assumptions, games)
    findings += assumptions + default_findings(variant, games) + unaccounted_findings(variant)
    report.sources = sources_json(variant)
    report.findings = sort_findings(findings, variant.file)
    return report


def sort_findings(findings: list[Finding], home: str) -> list[Finding]:
    """Return the findings in reading order: the variant's own file first, then each file it
    inherits rules from, by line and column within a file."""
    return sorted(findings, key=lambda f: (f.file != home, f.file, f.line, f.column, f.kind))


def finding_head(finding: Finding, lang: str = "en") -> tuple[str, str, str]:
    """A finding's `file:line:col:`, its kind's word and its message, in `lang`."""
    return (f"{finding.file}:{finding.line}:{finding.column}:", kind_word(finding.kind, lang),
            said_in(finding.message, lang))


def render_text(report: VariantReport, *, witnesses: bool = True, lang: str = "en"
                ) -> list[str]:
    """Return `file:line:col: kind: message` lines, each with its witness drawn as tiles; with
    lang="ru" the kind's word and the message are Russian (checks/kinds.py, catalogue.py)."""
    lines = []
    for finding in report.findings:
        place, word, message = finding_head(finding, lang)
        lines.append(f"{place} {word}: {message}")
        if witnesses and finding.witness:
            lines += ["    " + w for w in draw_witness(finding.witness, lang)]
    lines.append(report.summary(lang))
    return lines
