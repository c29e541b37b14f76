"""Check variants end to end: Z3 conditions, static findings, playouts; one report each."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from interpreter.model import Variant

from .findings import Finding, VariantReport
from .report import build_report
from .solver import DEFAULT_TIMEOUT_MS, check_conditions

DEFAULT_PLAYOUTS = 20


@dataclass(frozen=True)
class CheckSettings:
    """How hard to look: the time limit per condition and the playout budget."""

    timeout_ms: int = DEFAULT_TIMEOUT_MS
    playouts: int = DEFAULT_PLAYOUTS

    @classmethod
    def from_args(cls, timeout_ms: int | None, playouts: int | None) -> "CheckSettings":
        """Return settings with the defaults for what was not given."""
        return cls(DEFAULT_TIMEOUT_MS if timeout_ms is None else timeout_ms,
                   DEFAULT_PLAYOUTS if playouts is None else playouts)


def check_variant(variant: Variant, settings: CheckSettings = CheckSettings()) -> VariantReport:
    """Return the report of one variant."""
    start = time.perf_counter()
    results = check_conditions(variant, timeout_ms=settings.timeout_ms)
    extra: list[Finding] = []
    if settings.playouts > 0:
        extra = _playout_findings(variant, settings.playouts)
    report = build_report(variant, results, 0.0)
    report.findings = sorted(report.findings + extra, key=lambda f: (f.line, f.column, f.kind))
    report.refuted += sum(1 for f in extra if f.kind == "claim-refuted")
    report.proved += sum(1 for f in extra if f.kind == "claim-proved")
    report.seconds = time.perf_counter() - start
    return report


def _playout_findings(variant: Variant, playouts: int) -> list[Finding]:
    try:
        from .playouts import playout_findings
    except ImportError:  # the engine is not there: the static part still runs
        return []
    return playout_findings(variant, playouts)


def check_variants(variants: list[Variant], settings: CheckSettings = CheckSettings()
                   ) -> list[VariantReport]:
    """Return one report per variant, in order."""
    return [check_variant(v, settings) for v in variants]


__all__ = ["CheckSettings", "check_variant", "check_variants", "Any"]
