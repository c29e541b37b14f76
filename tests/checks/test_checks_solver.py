"""Three-way results: running out of steps or time is `unknown`, never `proved`; findings
carry no raw terms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checks.questions.budget import DEFAULT_STEPS, Budget
from checks.questions.conditions import Condition
from checks.questions.solver import check_conditions, classify
from checks.running.run import CheckSettings, check_variant
from checks.z3_encode import Answer
from checks.z3_encode import session as z3_session
from interpreter.language.resolve import load_paths

PLANTED = Path(__file__).parents[1] / "golden" / "checks" / "planted.kozel"


def variant(name: str):  # type: ignore[no-untyped-def]
    library, _ = load_paths([PLANTED])
    return library.resolve(name)


@pytest.mark.parametrize("bad_if", ["sat", "unsat"])
def test_unknown_answer_is_unknown_for_either_polarity(bad_if: str) -> None:
    condition = Condition("claim", "", "deal", bad_if=bad_if)
    assert classify(condition, Answer("unknown", reason="timeout")) == "unknown"


def test_forced_timeout_gives_unknown_never_proved(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every solver call runs out of time: nothing may be counted as proved by the solver."""
    def out_of_time(self, formula, budget, keep=True):  # type: ignore[no-untyped-def]
        return "unknown", None, "timeout"

    monkeypatch.setattr(z3_session.Prepared, "_check", out_of_time)
    results = check_conditions(variant("planted-true"), budget=Budget(50_000))
    solved = [r for r in results if r.answer.status != "unsat" or r.answer.reason]
    assert all(r.status == "unknown" for r in solved)
    assert not [r for r in results if r.condition.query == "claim" and r.status == "proved"]
    report = check_variant(variant("planted-true"), CheckSettings(Budget(50_000), 0, 1))
    assert report.unknown > 0
    assert not [f for f in report.findings if f.kind == "claim-proved" and "claim '" in f.message]
    assert all("not counted as proved" in f.message
               for f in report.findings if f.kind == "unknown")


def test_tiny_real_budget_never_refutes_a_true_claim() -> None:
    """With 1 step or 1 ms per condition the pigeonhole claim is proved or unknown, never
    refuted; out of steps, the message says which limit it was."""
    for budget in (Budget(1), Budget(DEFAULT_STEPS, 1)):
        results = check_conditions(variant("planted-true"), budget=budget)
        claims = [r for r in results if r.condition.query == "claim"]
        assert claims and all(r.status in ("proved", "unknown") for r in claims)
    report = check_variant(variant("planted-true"), CheckSettings(Budget(1), 0, 1))
    unknown = [f for f in report.findings if f.kind == "unknown"]
    assert unknown and all("out of steps" in f.message for f in unknown)


def test_witnesses_are_plain_json_in_domino_terms() -> None:
    report = check_variant(variant("planted-gap"), CheckSettings(Budget(), 0, 1))
    text = json.dumps([f.as_json() for f in report.findings])
    for raw in ("If(", "Bool", "Int(", "seat0[", "z3"):
        assert raw not in text
