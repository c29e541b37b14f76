"""Check variants end to end: Z3 conditions, static findings, playouts; one report each."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any, Callable

from interpreter.language.model import Variant

from ..reporting.findings import Finding, VariantReport
from ..reporting.kinds import Kind
from ..search.realise import GameBudget
from ..reporting.report import build_report, sort_findings, unchecked_report
from ..questions.unmodelled import unmodelled_case, unmodelled_finding
from ..questions.budget import Budget
from ..questions.solver import check_conditions
from ..z3_encode.fresh import fresh_question

DEFAULT_PLAYOUTS = 20


@dataclass(frozen=True)
class CheckSettings:
    """How hard to look: the solver's budget per condition and the playout budget."""

    budget: Budget = Budget()
    playouts: int = DEFAULT_PLAYOUTS
    workers: int = 2
    games: GameBudget | None = GameBudget()  # None: keep the solver's candidates (tests only)
    timings: bool = False  # report the seconds taken (they depend on the machine's load)
    cluster: str | None = None  # the address of a Ray cluster the tasks run on (cluster.py)

    @classmethod
    def from_args(cls, budget: Budget, playouts: int | None,
                  workers: int | None = None, games: int | None = None,
                  timings: bool = False) -> "CheckSettings":
        """Return settings with the defaults for what was not given."""
        matches = GameBudget() if games is None else GameBudget(games=games)
        return cls(budget,
                   DEFAULT_PLAYOUTS if playouts is None else playouts,
                   (os.cpu_count() or 1) if workers is None else workers, matches, timings)


def check_variant(variant: Variant, settings: CheckSettings = CheckSettings()) -> VariantReport:
    """Return the report of one variant."""
    unmodelled = unmodelled_case(variant)
    if unmodelled is not None:
        return unchecked_report(variant, unmodelled_finding(unmodelled))
    start = time.perf_counter()
    fresh_question()
    results = check_conditions(variant, budget=settings.budget)
    report = build_report(variant, results, 0.0, settings.games)
    _add_readings(variant, report, settings)
    _add_restatements(variant, report, settings)
    if settings.playouts > 0:
        _add_playouts(variant, report, results, settings.playouts)
    _add_endings(variant, report, settings)
    report.seconds, report.timed = time.perf_counter() - start, settings.timings
    return report


def _add_readings(variant: Variant, report: VariantReport, settings: CheckSettings) -> None:
    """Show where each other reading of an ambiguous sentence changes what a rule gives."""
    from ..questions.readings import reading_findings

    found = reading_findings(variant, settings.budget, settings.games)
    report.unconfirmed += sum(1 for f in found if f.kind is Kind.UNCONFIRMED)
    report.unknown += sum(1 for f in found if f.kind is Kind.UNKNOWN)
    report.findings = sort_findings(report.findings + found, variant.file)


def _add_restatements(variant: Variant, report: VariantReport,
                      settings: CheckSettings) -> None:
    """Prove or refute every sentence that says a slot's rule again (questions/restated.py)."""
    if not variant.restatements:
        return
    from ..questions.restated import restatement_findings

    found = restatement_findings(variant, settings.budget, settings.games)
    report.proved += sum(1 for f in found if f.kind is Kind.RESTATEMENT_PROVED)
    report.unconfirmed += sum(1 for f in found if f.kind is Kind.UNCONFIRMED)
    report.unknown += sum(1 for f in found if f.kind is Kind.UNKNOWN)
    report.vacuous += sum(1 for f in found if f.kind is Kind.VACUOUS)
    report.findings = sort_findings(report.findings + found, variant.file)


def _add_endings(variant: Variant, report: VariantReport, settings: CheckSettings) -> None:
    """Whether every match ends (checks/questions/ending.py), and the rules no game reaches under
    each reading (checks/questions/unreached.py)."""
    from ..questions.ending import ending_findings
    from ..questions.unreached import unreached_findings

    fresh_question()
    found = ending_findings(variant, settings.budget, settings.games)
    fresh_question()
    found += unreached_findings(variant, settings.budget)
    report.unconfirmed += sum(1 for f in found if f.kind is Kind.UNCONFIRMED)
    report.unknown += sum(1 for f in found if f.kind is Kind.UNKNOWN)
    report.findings = sort_findings(report.findings + found, variant.file)


def _add_playouts(variant: Variant, report: VariantReport, results: list[Any],
                  budget: int) -> None:
    """Play matches through the engine; add what they found to the report."""
    # Hypothesis, loaded only when playouts are asked
    from ..questions.playouts import playout_findings
    fish_equal = any(r.condition.query == "fish-ends-equal" and r.status == "proved"
                     for r in results)
    refuted = frozenset(r.condition.claim for r in results
                        if r.condition.query == "claim" and r.status == "refuted")
    found, stats = playout_findings(variant, budget, fish_equal=fish_equal,
                                    skip=frozenset(k for k in refuted if k is not None))
    merge_playouts(variant, report, found, stats)


def merge_playouts(variant: Variant, report: VariantReport, found: list[Finding],
                   stats: Any) -> None:
    """Add the playouts' findings and rule stops to a report. An unspecified case play
    reached is reported as reached, and never also as unreachable: play is the evidence."""
    from ..questions.playouts import unexpected_stops

    static_slots = {f.slot for f in report.findings if f.kind.explains_stops}
    static_unspecified = {(f.file, f.line) for f in report.findings
                          if f.kind is Kind.UNSPECIFIED}
    found = found + unexpected_stops(variant, stats, static_slots, static_unspecified)
    kept = [f for f in report.findings
            if not (f.kind is Kind.UNREACHABLE and (f.file, f.line) in stats.reached)]
    report.findings = sort_findings(kept + found, variant.file)
    report.playouts = stats.text()


def check_variants(variants: list[Variant], settings: CheckSettings = CheckSettings(),
                   progress: Callable[[int], None] | None = None) -> list[VariantReport]:
    """Return one report per variant, in order; each variant is checked in a fresh process
    (checks/running/isolated.py: the report must not depend on what the process solved before), at
    most `settings.workers` at once (Z3 holds the GIL while it solves). `progress` is told the
    index of the variant whose report is awaited."""
    from .cluster import run_tasks
    from .remembered import code_key

    code_key()  # once, before the workers fork
    import_before_forking(variants, settings)
    # the biggest variants first, so that no core idles at the end
    order = sorted(range(len(variants)), key=lambda i: -weight(variants[i]))
    found = run_tasks(fresh_report, [(variants[i], settings) for i in order],
                      settings.workers, settings.cluster,
                      progress and (lambda i: progress(order[i])))
    reports = dict(zip(order, found))
    return [reports[i] for i in range(len(variants))]


def import_before_forking(variants: list[Variant], settings: CheckSettings) -> None:
    """Import the playouts (and Hypothesis with them) once in the parent when two or more of the
    forked checks will play them out: each child would import them again, 0.5 CPU-s apiece. A
    check whose reports are all kept imports nothing it does not read."""
    if settings.playouts <= 0:
        return
    from .remembered import is_kept

    computed = sum(settings.timings  # measured, never read back (fresh_report)
                   or not is_kept("report", _report_parts(v, settings), settings.budget)
                   for v in variants)
    if computed >= 2:
        from ..questions import playouts  # noqa: F401


def _report_parts(variant: Variant, settings: CheckSettings) -> list[str]:
    from .remembered import settings_key, variant_key

    return [variant_key(variant), settings_key(settings.budget, settings.games,
                                               settings.playouts)]


def fresh_report(variant: Variant, settings: CheckSettings) -> VariantReport:
    """check_variant as a fresh process computes it, read back when an earlier command kept
    it (checks/running/remembered.py); with timings or a wall-clock limit, always computed."""
    from .remembered import never_kept, remembered

    if settings.timings:  # the seconds it took are asked for: they are measured
        return never_kept(lambda: check_variant(variant, settings))
    return remembered("report", _report_parts(variant, settings),
                      lambda: check_variant(variant, settings), settings.budget)


def weight(variant: Variant) -> int:
    """How much checking a variant is likely to take, roughly: its cases and options (only
    the order tasks are started in rests on it, never a result)."""
    return sum(len(cases) for _, cases in variant.slots) + 2 * len(variant.options)


__all__ = ["CheckSettings", "check_variant", "check_variants", "fresh_report", "Any"]
