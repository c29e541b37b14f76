"""Every variant the model allows can be checked: random type-checked variants (the shared
strategies of tests/strategies.py) give findings, never an exception or a raw solver term."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings

from checks.reporting.kinds import Kind
from checks.questions.budget import Budget, GameBudget
from checks.running.run import CheckSettings, check_variant
from strategies import variants
from tiers import examples


@settings(max_examples=examples(10), deadline=None, suppress_health_check=list(HealthCheck))
@given(variant=variants(checked=True))
def test_any_variant_is_checked_without_crashing(variant) -> None:  # type: ignore[no-untyped-def]
    report = check_variant(variant, CheckSettings(Budget(1_000_000), playouts=0, workers=1,
                                                  games=GameBudget(games=20)))
    assert all(isinstance(f.kind, Kind) for f in report.findings)
    text = json.dumps([f.as_json() for f in report.findings], ensure_ascii=False)
    assert "If(" not in text and "z3" not in text
    assert report.proved + report.refuted + report.unknown > 0
