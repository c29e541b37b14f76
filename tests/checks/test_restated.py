"""Restatements (`restates SLOT: VALUE when COND`, checks/questions/restated.py): proved over every
situation of the slot, or refuted by a game the engine replays, at whose moment the slot's rule
gives something else than the sentence says."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from checks.reporting.about import RestatedAt
from checks.compare.diff_games import Pair
from checks.reporting.findings import Finding
from checks.reporting.kinds import Kind
from checks.search.realise import GameBudget
from checks.questions.budget import Budget
from checks.questions.restated import check_restatement, restated_variant
from checks.search.witnesses import SeatIs
from interpreter.engine.records import parse_record
from interpreter.engine.referee import replay
from interpreter.engine.tiles import Tile
from interpreter.language.model import Variant
from interpreter.language.printer import format_variant
from interpreter.language.resolve import load_variant, parse_variant_file
from small_variant import play_rules
from tests.diff_replay import parting

GOOD = Path(__file__).parents[1] / "golden" / "good" / "restates.kozel"
GAMES = GameBudget(games=400)


@lru_cache(maxsize=1)
def house() -> Variant:
    (variant,) = parse_variant_file(GOOD)
    return variant


@lru_cache(maxsize=None)
def finding(slot: str) -> Finding:
    variant = house()
    (restated,) = [r for r in variant.restatements if r.slot == slot]
    return check_restatement(variant, restated, Budget(), GAMES)


def test_a_house_rule_inherits_restatements_and_drops_one() -> None:
    slots = [r.slot for r in house().restatements]
    # minsk's `lead tile` one is inherited, its `fish` one dropped; the house's four follow
    assert slots == ["lead tile", "redeal", "bonus", "lead match", "lead round"]


def test_a_summary_the_rule_agrees_with_is_proved() -> None:
    found = finding("redeal")
    assert found.kind is Kind.RESTATEMENT_PROVED and not found.fails_strict()
    assert found.witness is None
    assert found.about == RestatedAt("redeal", str(GOOD), 9, 3)
    assert "is proved" in found.message


def test_a_bonus_restatement_speaks_of_all_its_cases_added_up() -> None:
    # minsk's `carried` case (0 here) and its 50 for a 6-6 lead both apply: 50 in all
    assert finding("bonus").kind is Kind.RESTATEMENT_PROVED


def test_a_summary_the_rule_disagrees_with_is_refuted_by_a_game() -> None:
    found = finding("lead match")
    assert found.kind is Kind.RESTATEMENT_REFUTED and found.fails_strict()
    witness = found.witness
    assert witness is not None and witness.record is not None
    holder = {tile: seat for seat, hand in enumerate(witness.hands) for tile in hand}
    does = dict(witness.does)
    # the rule: the holder of 1-1 leads; the summary: the holder of the smallest double, 0-0
    assert does[house().name] == SeatIs(holder[Tile(1, 1)])
    assert does[f"{house().name}:14"] == SeatIs(holder[Tile(0, 0)])
    assert holder[Tile(0, 0)] != holder[Tile(1, 1)]


def test_the_refuted_game_replays_and_the_rule_gives_another_answer_there() -> None:
    variant = house()
    (restated,) = [r for r in variant.restatements if r.slot == "lead match"]
    record = finding("lead match").witness.record  # type: ignore[union-attr]
    replay(variant, parse_record(record), partial=True)  # the engine plays it: no error
    other = restated_variant(variant, restated)
    names = (variant.name, "restated")
    pair = Pair(variant, other, names, {}, {}, tuple(o.name for o in variant.options))
    found = parting(pair, "lead match", record)  # each rule compiled by the engine
    assert found is not None, "the replayed game never shows the two rules apart"


def test_expect_refuted_keeps_a_refutation_out_of_strict() -> None:
    found = finding("lead round")
    assert found.kind is Kind.RESTATEMENT_REFUTED and not found.fails_strict()
    assert "expect refuted" in found.message


def _small(restates: str) -> Variant:
    """A small variant (tests/small_variant.py) with the restatement given."""
    return load_variant("variant small {\n  players 2..4\n  sides: individual\n  deal: 7\n"
                        f"  draw: none\n{play_rules()}  {restates}\n}}")


def test_a_proof_expected_refuted_fails_strict() -> None:
    variant = _small("restates deal: 7\n      expect refuted")
    found = check_restatement(variant, variant.restatements[0], Budget(), GAMES)
    assert found.kind is Kind.RESTATEMENT_PROVED and found.fails_strict()


def test_a_condition_that_never_holds_proves_nothing() -> None:
    variant = _small("restates deal: 6 when players > 4")
    found = check_restatement(variant, variant.restatements[0], Budget(), GAMES)
    assert found.kind is Kind.VACUOUS and not found.fails_strict()


def test_a_slot_left_to_its_default_is_restated_against_the_default() -> None:
    variant = _small("restates pass: no when count(hand) > 3")
    found = check_restatement(variant, variant.restatements[0], Budget(), GAMES)
    assert found.kind is Kind.RESTATEMENT_PROVED


def test_a_restatement_prints_and_parses_back() -> None:
    variant = house()
    printed = format_variant(variant)
    assert "restates lead round: winner when previous = out\n      expect refuted" in printed
    assert load_variant(printed, "printed.kozel") == variant
