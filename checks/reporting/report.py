"""Results → findings with messages a rule author can act on; text and JSON output."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any, Callable, Iterable

from interpreter.language.ast import Pos
from interpreter.language.model import Case, Claim, Option, Variant
from interpreter.language.reads import variant_names

from ..questions.assumed import assumption_games
from .about import About, ClaimRef, OptionRef, PropertyRef, RuleAt
from .catalogue import Said, Written, said_in
from ..search.cause import PROPERTY_READS, case_exprs, named_by
from ..questions.defaults import default_findings
from .findings import Finding, VariantReport
from .kinds import Kind
from .messages import (SLOT_QUERIES, proved_message, quoted_cases, refuted_message,
                       unknown_message, unreachable_message, vacuous_message)
from ..search.realise import GameBudget, realise
from ..questions.solver import Result
from ..questions.unaccounted import source_parts
from ..search.witness import draw_witness, record_of


def _place(variant: Variant, result: Result) -> Pos:
    """Return where the rule a result is about is written: the place of the undefined part
    when the answer names one, else the condition's rule; the file is where that rule is
    written (the parent's file for an inherited rule)."""
    cond, answer = result.condition, result.answer
    if answer.line:
        return Pos(answer.line, answer.column, answer.file or cond.pos.file or variant.file)
    return Pos(cond.pos.line, cond.pos.column, cond.pos.file or variant.file)


def finding_of(variant: Variant, result: Result, games: GameBudget | None = None
               ) -> Finding | None:
    """Return the finding a result gives, or None for a proof not worth a line.

    With a game budget, a refuted condition's witness is a game the engine played (see
    realise.py); a candidate no game shows is `unconfirmed`."""
    cond, answer = result.condition, result.answer
    made = partial(Finding, slot=cond.slot, at=_place(variant, result),
                   **_about(variant, result))
    if result.status == "vacuous":
        return _vacuous(variant, result, made)
    if result.status == "unknown":
        return made(kind=Kind.UNKNOWN, message=unknown_message(variant, result))
    if result.status == "proved" and cond.query == "unspecified":  # play never gets there
        return made(kind=Kind.UNREACHABLE, message=unreachable_message(variant, cond),
                    strict=False)
    if result.status == "proved":
        message = proved_message(variant, cond)
        if message is None:
            return None
        if cond.query == "claim":  # the text's own claim; any other proof is a built-in's
            return made(kind=Kind.CLAIM_PROVED, message=message)
        return made(kind=Kind.PROPERTY_PROVED, message=message)
    kind, message = refuted_message(variant, result, wider=games is None)
    witness = answer.witness
    if games is not None and witness is not None:
        return _realised(variant, result, made(kind=kind, message=message, strict=cond.strict),
                         games)
    record = record_of(variant, witness) if witness else None
    if witness is not None and record is not None:  # a first deal: replay stops there too
        witness = witness.adding(record=record)
    return made(kind=kind, message=message, witness=witness, strict=cond.strict)


def _about(variant: Variant, result: Result) -> dict[str, Any]:
    """What a result's finding is about, as data: its claim or the built-in property, the
    cases its message names, and the tiles and parts of the line those rules name."""
    cond = result.condition
    cases = quoted_cases(variant, result)
    exprs = case_exprs(cases)
    about: About = None
    if cond.query == "claim":
        claim = variant.claims[cond.claim or 0]
        about, exprs = ClaimRef(claim.text), [*exprs, claim.expr]
    elif cond.query not in SLOT_QUERIES:
        about = PropertyRef(cond.query)
    return {"about": about, "cases": tuple(RuleAt.of(c) for c in cases),
            "named": named_by(exprs, PROPERTY_READS.get(cond.query, frozenset()))}


def _vacuous(variant: Variant, result: Result, made: Callable[..., Finding]) -> Finding | None:
    """A proof over no situation at all: one finding per slot, at its first case."""
    cond = result.condition
    message = vacuous_message(variant, result)
    if message is None:
        return None
    finding = made(kind=Kind.VACUOUS, message=message, strict=False)
    if cond.query in SLOT_QUERIES:
        first = variant.cases(cond.slot)[0].pos
        return replace(finding, at=Pos(first.line, first.column, first.file or variant.file))
    return finding


def _distinct(findings: list[Finding]) -> list[Finding]:
    """Drop repeated vacuous findings (a slot's questions share one), keeping the first."""
    seen: set[tuple[str, Pos, str]] = set()
    kept = []
    for finding in findings:
        key = (finding.slot, finding.at, finding.message)
        if finding.kind is Kind.VACUOUS and key in seen:
            continue
        seen.add(key)
        kept.append(finding)
    return kept


def _realised(variant: Variant, result: Result, finding: Finding,
              games: GameBudget) -> Finding:
    """The finding with a game as its witness, or `unconfirmed` with the solver's candidate."""
    answer = result.answer  # a part with two answers: its game holds them apart (point.py)
    ambiguous = (answer.line, answer.column) if answer.kind is Kind.AMBIGUITY else None
    found = realise(variant, result.condition, answer.witness, games, ambiguous)
    if found.witness is not None:
        return replace(finding, witness=found.witness)
    message = Said("unconfirmed", reason=found.reason, kind=finding.kind.value,
                   message=finding.message)
    return replace(finding, kind=Kind.UNCONFIRMED, strict=False, message=message,
                   candidate=result.answer.witness)


def static_findings(variant: Variant) -> list[Finding]:
    """Findings without a solver: assumptions, and options that no rule or claim uses."""
    found = [_assumed(variant, item) for item in variant.assumptions()]
    used = variant_names(variant)
    for option in variant.options:
        if option.name not in used:
            found.append(Finding(kind=Kind.UNREACHABLE, slot="", at=_at(option.pos, variant),
                                 message=Said("unused option", option=option.name),
                                 strict=False, about=OptionRef(option.name)))
    return found


def _at(pos: Pos, variant: Variant) -> Pos:
    """A place in a rule file, in the variant's own file when it names none."""
    return pos if pos.file else Pos(pos.line, pos.column, variant.file)


def _assumed(variant: Variant, item: Case | Option | Claim) -> Finding:
    """The assumption of a case, an option or a claim, naming it."""
    about: About = (OptionRef(item.name) if isinstance(item, Option) else
                    ClaimRef(item.text) if isinstance(item, Claim) else None)
    cases = (RuleAt.of(item),) if isinstance(item, Case) else ()
    reason = Written(item.assumption or "", item.assumption_ru)
    return Finding(kind=Kind.ASSUMPTION, slot=getattr(item, "slot", "") or "",
                   at=_at(item.pos, variant), message=reason, strict=False, about=about,
                   cases=cases)


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
    report.unconfirmed = sum(1 for f in findings if f.kind is Kind.UNCONFIRMED)
    assumptions = static_findings(variant)
    if games is not None:
        assumptions = assumption_games(variant, assumptions, games)
    unaccounted, report.sources = source_parts(variant)
    findings += assumptions + default_findings(variant, games) + unaccounted
    report.findings = sort_findings(findings, variant.file)
    return report


def unchecked_report(variant: Variant, why: Finding) -> VariantReport:
    """The report of a variant the checker does not check (questions/unmodelled.py): why, and
    what the text itself accounts for (its assumptions, its source's concordance)."""
    report = VariantReport(variant.name, variant.file, unknown=1)
    unaccounted, report.sources = source_parts(variant)
    report.findings = sort_findings([why, *static_findings(variant), *unaccounted],
                                    variant.file)
    return report


def sort_findings(findings: list[Finding], home: str) -> list[Finding]:
    """Return the findings in reading order: the variant's own file first, then each file it
    inherits rules from, by line and column within a file."""
    return sorted(findings, key=lambda f: (f.file != home, f.file, f.line, f.column, f.kind))


def finding_head(finding: Finding, lang: str = "en") -> tuple[str, str, str]:
    """A finding's `file:line:col:`, its kind's word and its message, in `lang`."""
    return (f"{finding.file}:{finding.line}:{finding.column}:", finding.kind.word(lang),
            said_in(finding.message, lang))


def render_text(report: VariantReport, *, witnesses: bool = True, lang: str = "en"
                ) -> list[str]:
    """Return `file:line:col: kind: message` lines, each with its witness drawn as tiles; with
    lang="ru" the kind's word and the message are Russian (kinds.py, catalogue.py)."""
    return plain_lines(report.findings, witnesses=witnesses, lang=lang) + [report.summary(lang)]


def plain_lines(findings: list[Finding], *, witnesses: bool = True, lang: str = "en"
                ) -> list[str]:
    """Each finding's `file:line:col: kind: message`, with its witness drawn as tiles."""
    lines = []
    for finding in findings:
        place, word, message = finding_head(finding, lang)
        lines.append(f"{place} {word}: {message}")
        if witnesses and finding.witness:
            lines += ["    " + w for w in draw_witness(finding.witness, lang)]
    return lines
