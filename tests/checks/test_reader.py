"""What a careful reader asks next (issue 30, items 1 and 2): whether every match ends, and
which rules no game reaches, under each reading (tests/golden/checks/endless.kozel and
unreached.kozel; real Z3 and the real engine, every game replayed)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from checks.questions.budget import Budget, GameBudget
from checks.questions.ending import ending_findings
from checks.questions.unreached import unreached_findings
from checks.reporting.about import PropertyRef, ReadingRef
from checks.reporting.catalogue import said_in
from checks.reporting.findings import Finding, VariantReport
from checks.reporting.kinds import Kind
from checks.running.run import CheckSettings, check_variant
from interpreter.engine import RuleStop, play_match, prepare
from interpreter.engine.players import RandomPlayer
from interpreter.engine.records import parse_record
from interpreter.engine.referee import replay
from interpreter.language.model import Variant
from interpreter.language.resolve import load_paths
from interpreter.language.resolve import load_variant as load_variant_text
from kozel.loading import load_variant

GOLDEN = Path(__file__).parents[1] / "golden" / "checks"
STATIC = CheckSettings(playouts=0, workers=1)


@lru_cache(maxsize=None)
def golden(file: str, name: str) -> Variant:
    library, _ = load_paths([GOLDEN / file])
    return library.resolve(name)


@lru_cache(maxsize=None)
def report(file: str, name: str) -> VariantReport:
    return check_variant(golden(file, name), STATIC)


def line_of(file: str, text: str) -> int:
    lines = (GOLDEN / file).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def of_kind(found: list[Finding], kind: Kind) -> list[Finding]:
    return [f for f in found if f.kind is kind]


def idle_round_replays(variant: Variant, finding: Finding) -> None:
    """The finding's game replays in the engine, and its last round (a later one) writes
    nothing: every total stays as the round before left it, and the match goes on."""
    assert finding.witness is not None and finding.witness.record is not None
    result = replay(variant, parse_record(finding.witness.record), partial=True)
    *_, before, idle = result.rounds
    assert idle.number >= 2 and idle.number == finding.witness.at.round
    assert idle.scores == before.scores and not any(idle.points)
    assert not idle.goat and not idle.winner


def test_a_match_that_cannot_end_is_endless_with_its_game_and_fails_strict() -> None:
    found = report("endless.kozel", "endless").findings
    (finding,) = of_kind(found, Kind.ENDLESS)
    assert finding.fails_strict()
    assert finding.about == PropertyRef("match-ends")
    assert finding.line == line_of("endless.kozel", "goat: total > 100")
    assert "no match ever ends" in finding.message
    assert "ни один матч не кончается" in said_in(finding.message, "ru")
    idle_round_replays(golden("endless.kozel", "endless"), finding)
    assert report("endless.kozel", "endless").count(Kind.ENDLESS) == 1
    # the engine agrees: a match played on stops as endless at the very rule
    setup = prepare(golden("endless.kozel", "endless"))
    with pytest.raises(RuleStop) as stopped:
        play_match(setup, [RandomPlayer(seat) for seat in range(4)], seed=3,
                   max_rounds=30)
    assert stopped.value.kind == "endless" and stopped.value.slot == finding.slot
    assert {c.pos.line for c in stopped.value.cases} == {finding.line}


def test_its_repair_proves_that_every_match_ends_within_a_bound() -> None:
    found = report("endless.kozel", "ends").findings
    assert not of_kind(found, Kind.ENDLESS)
    (proof,) = [f for f in found if f.about == PropertyRef("match-ends")]
    assert proof.kind is Kind.PROPERTY_PROVED and not proof.fails_strict()
    assert "a side with 101 points or more ends it" in proof.message


def test_a_rule_no_game_reaches_names_the_rule_that_excludes_it() -> None:
    found = of_kind(report("unreached.kozel", "unreached").findings, Kind.UNREACHABLE)
    six = line_of("unreached.kozel", "lead = 6-6 and first")
    lead = f"`lead tile: [1-1] when first` (line {line_of('unreached.kozel', '[1-1] when first')})"
    (chosen,) = [f for f in found if f.line == six]
    assert chosen.about is None and not chosen.fails_strict()
    assert lead in chosen.message
    assert [(c.slot, c.line) for c in chosen.cases] == [("bonus", six)]


def test_a_case_only_another_reading_leaves_unreached_is_reported_under_it() -> None:
    found = of_kind(report("unreached.kozel", "unreached").findings, Kind.UNREACHABLE)
    zero = line_of("unreached.kozel", "bonus: 25 when loser and lead = 0-0")
    at_zero = [f for f in found if f.line == zero]
    (opening,) = at_zero  # the chosen reading 'every' reaches it in later rounds
    assert opening.about == ReadingRef("opening")
    assert "under the reading 'opening'" in opening.message
    assert "при прочтении `opening`" in said_in(opening.message, "ru")


def test_gambler_bonus_for_a_deal_opened_with_0_0_is_unreached_under_match_only() -> None:
    variant = load_variant("gambler-1v1")
    (finding,) = unreached_findings(variant, Budget())
    assert finding.about == ReadingRef("match_only")
    assert "lead = 0-0 and first" in finding.message
    assert "`lead tile: [first_dealt([1-1, 2-2, 3-3, 4-4, 5-5, 6-6])] when first`" \
        in finding.message


def test_gambler_matches_end_only_by_the_deal_a_tied_fish_comes_round() -> None:
    variant = load_variant("gambler-1v1")
    (finding,) = of_kind(ending_findings(variant, Budget(), GameBudget()), Kind.ENDLESS)
    assert not finding.fails_strict()  # other rounds write points: the deal ends the match
    assert "a fish with equal hands" in finding.message
    idle_round_replays(variant, finding)
    assert finding.witness is not None and dict(finding.witness.facts)["end"] == "fish"


ROUND_BASE = """variant knock "knock" {
  players 4
  sides: partners
  deal: 7
  draw: none
  lead match: holder(1-1)
  lead round: winner when previous = out
  lead round: fisher when previous = fish
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: side != team(winner) when end = out
  loser: value(side) > value(others) when end = fish
  score: value(all) when loser
  score: 0 otherwise
  goat: total > 100
"""


def round_endings(rules: str) -> list[Finding]:
    variant = load_variant_text(ROUND_BASE + rules + "}\n", "knock.kozel")
    return [f for f in ending_findings(variant, Budget(), None)
            if f.about == PropertyRef("round-ends")]


def test_a_pass_that_lets_players_knock_while_they_could_lay_is_an_endless_round() -> None:
    (finding,) = round_endings("  pass: yes when count(hand) > 3\n  pass: no otherwise\n")
    assert finding.kind is Kind.ENDLESS and finding.fails_strict() and finding.slot == "pass"
    assert round_endings("  pass: no\n") == []


def test_a_redeal_that_throws_in_every_deal_is_an_endless_round() -> None:
    (finding,) = round_endings("  redeal: automatic when count(hand) = 7\n"
                               "  redeal: never otherwise\n")
    assert finding.kind is Kind.ENDLESS and finding.slot == "redeal"
    assert "throws in every deal" in finding.message
    assert round_endings("  redeal: automatic when count(doubles(hand)) >= 5\n"
                         "  redeal: never otherwise\n") == []


def test_a_reading_whose_case_no_table_of_the_variant_allows_says_so() -> None:
    variant = load_variant_text(ROUND_BASE + """  bonus: 5 when loser and end = fish
      reading any "a fish"
      reading three: 5 when loser and end = fish and players = 3 "a fish at a table of three"
}
""", "three.kozel")
    (finding,) = unreached_findings(variant, Budget())
    assert finding.about == ReadingRef("three") and finding.kind is Kind.UNREACHABLE
    assert "holds in no situation this variant's table allows" in finding.message
