"""Golden cases: small variants with one planted defect each (tests/golden/checks/planted.kozel).

Each test checks the finding (kind, slot, position) and that its witness really shows the
defect in domino terms; the clean base must have its true claims proved.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from checks.reporting.findings import ClaimRef, Finding, RuleAt, VariantReport
from checks.reporting.kinds import Kind
from checks.running.run import CheckSettings, check_variant
from interpreter.language.model import Variant
from interpreter.language.resolve import load_paths
from interpreter.language.summary import case_text
from interpreter.engine.tiles import Tile

GOLDEN = Path(__file__).parents[1] / "golden" / "checks"
PLANTED = GOLDEN / "planted.kozel"
STATIC = CheckSettings(playouts=0, workers=1)


@lru_cache(maxsize=None)
def variant(name: str) -> Variant:
    library, _ = load_paths([PLANTED])
    return library.resolve(name)


@lru_cache(maxsize=None)
def report(name: str) -> VariantReport:
    return check_variant(variant(name), STATIC)


def case_at(name: str, slot: str, text: str) -> RuleAt:
    """The place of the variant's case written as `text` (`slot: ...`)."""
    (place,) = [RuleAt.of(c) for c in variant(name).cases(slot)
                if f"{slot}: {case_text(c)}" == text]
    return place


def only(name: str, kind: str) -> Finding:
    found = [f for f in report(name).findings if f.kind == kind and f.strict]
    assert len(found) == 1, [f.message for f in found]
    return found[0]


def line_of(text: str) -> int:
    return next(i for i, line in enumerate(PLANTED.read_text(encoding="utf-8").splitlines(), 1)
                if text in line)


def test_clean_base_has_no_defects_and_true_claims_are_proved() -> None:
    base = report("planted-true")
    assert not [f for f in base.findings if f.fails_strict()], [f.message for f in base.findings]
    proved = [f.message for f in base.findings if f.kind == "claim-proved"]
    claims = {f.about for f in base.findings if f.kind is Kind.CLAIM_PROVED}
    for claim in ("four players hold every tile", "two doubles share a hand",
                  "a blocked line shows the same value at both ends",
                  "a dealt hand holds seven tiles"):
        assert any(claim in m for m in proved), claim
        assert ClaimRef(claim) in claims  # the finding says which claim as data too
    assert base.unknown == 0


def test_gap_holder_of_an_undealt_tile() -> None:
    finding = next(f for f in report("planted-gap").findings
                   if f.kind == "gap" and f.slot == "lead match")
    assert (finding.line, finding.column) == (line_of("lead match: holder(1-1)"), 15)
    assert "1-1 was not dealt" in finding.message
    assert finding.cases == (case_at("planted-gap", "lead match", "lead match: holder(1-1)"),)
    assert finding.named.tiles == (Tile(1, 1),) and finding.about is None
    witness = finding.witness
    assert witness.players in (2, 3)
    one_one = Tile(1, 1)
    assert one_one in witness.stock and all(one_one not in hand for hand in witness.hands)
    assert all(len(hand) == 7 for hand in witness.hands)
    assert witness.record["format"] == "kozel-record/1"


def test_gap_no_case_for_a_leader_without_doubles() -> None:
    finding = only("planted-no-case", "gap")
    assert finding.slot == "lead tile"
    assert finding.line == line_of("lead tile: doubles(hand) when")
    witness = finding.witness
    leader_hand = witness.hands[witness.seat_facts()["seat to lead"]]
    assert not [t for t in leader_hand if t.is_double]
    assert witness.first is False  # in the first round the holder of 1-1 leads


def test_ambiguity_heaviest_tile_tie() -> None:
    finding = only("planted-ambiguity", "ambiguity")
    assert finding.slot == "lead match" and "`heaviest(dealt)` has two answers" in finding.message
    dealt = [t for hand in finding.witness.hands for t in hand]
    top = max(t.pips for t in dealt)
    assert len([t for t in dealt if t.pips == top]) >= 2


def test_conflict_two_scores_after_a_fish() -> None:
    finding = only("planted-conflict", "conflict")
    assert finding.slot == "score"
    assert finding.line == line_of("score: 0 when end = fish")
    assert finding.cases == tuple(case_at("planted-conflict", "score", text) for text in (
        "score: value(all) when loser", "score: 0 when end = fish"))
    witness = finding.witness
    assert witness.fact("end") == "fish" and witness.fact("loser") is True
    (_, first), (_, second) = witness.values
    assert first != second


def test_unreachable_case() -> None:
    finding = only("planted-unreachable", "unreachable")
    assert finding.slot == "deal" and finding.line == line_of("deal: 6 when players > 4")
    assert finding.cases == (case_at("planted-unreachable", "deal", "deal: 6 when players > 4"),)
    assert finding.witness is None


def test_false_claim_is_refuted_with_a_deal() -> None:
    finding = next(f for f in report("planted-claim").findings
                   if f.kind == "claim-refuted" and "6-6 is always dealt" in f.message)
    assert finding.line == line_of('claim deal "6-6 is always dealt"')
    assert finding.about == ClaimRef("6-6 is always dealt")
    assert finding.named.tiles == (Tile(6, 6),)
    assert Tile(6, 6) in finding.witness.stock
    assert finding.witness.players == 2


@pytest.mark.parametrize("name", ["planted-gap", "planted-no-case", "planted-ambiguity",
                                  "planted-conflict", "planted-claim"])
def test_strict_findings_fail_strict(name: str) -> None:
    assert any(f.fails_strict() for f in report(name).findings)


def test_unreachable_alone_does_not_hide_other_proofs() -> None:
    assert report("planted-unreachable").unknown == 0
    assert report("planted-unreachable").proved > 30
