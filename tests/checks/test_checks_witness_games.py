"""Every witness the checker prints is a game: its kozel-record/1 replays through the engine up
to the situation it shows (the record ends there, or the engine stops at the very rule the
finding names, or, for a moment just before a rule stops, right after the record's last move).
A candidate of the solver that no game shows is `unconfirmed`, has no witness, and does not
fail --strict."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from checks.reporting.findings import Finding, VariantReport
from checks.reporting.kinds import Kind
from checks.questions.budget import Budget, GameBudget
from checks.running.run import CheckSettings, check_variant
from checks.search.witnesses import SeatIs, Stated
from interpreter.engine import RuleStop
from interpreter.engine.referee import replay
from interpreter.language.model import Variant
from interpreter.engine.records import parse_record
from interpreter.engine.tiles import Tile
from seed_reports import seed_report, seeds
from strategies import variants
from tiers import examples

SPEC = Path(__file__).resolve().parents[2] / "spec" / "variants"
SEEDS = ("minsk", "pairs", "kozel-classic", "gambler-1v1")


def seed(name: str) -> tuple[Variant, VariantReport]:
    """A seed and the report `kozel check spec/variants` gives it (tests/seed_reports.py)."""
    return seeds()[name], seed_report(name)


def assert_replays_to_its_situation(variant: Variant, finding: Finding) -> None:
    """The witness's record replays: every move is legal, and it ends at the situation."""
    witness = finding.witness
    assert witness is not None and witness.record is not None, finding.message
    record = witness.record
    try:
        result = replay(variant, parse_record(record), partial=True)
    except RuleStop as stop:
        rounds = record["rounds"]
        at_rule = stop.slot == finding.slot and (finding.slot or stop.slot)
        if rounds:  # the record's last move was played, then a rule of the variant stopped
            after_last = bool(witness.then) and stop.round_no == len(rounds) and \
                (stop.move_no or 0) >= len(rounds[-1]["moves"])
        else:  # the players sat down (a setup claim), then a setup rule stopped
            after_last = bool(witness.then) and not stop.round_no
        assert at_rule or after_last, (finding.message, str(stop))
        return
    at = witness.at
    if result.unfinished is not None:  # broken off: exactly where the witness says
        assert at is not None and result.unfinished == (at.round, at.moves), finding.message
    else:  # played to the end of its last round
        assert len(result.rounds) == len(record["rounds"]), finding.message


def witnessed(report: VariantReport) -> list[Finding]:
    return [f for f in report.findings if f.witness is not None]


@pytest.mark.parametrize("name", SEEDS)
def test_every_seed_witness_is_a_game_the_engine_replays(name: str) -> None:
    variant, report = seed(name)
    for finding in witnessed(report):
        assert_replays_to_its_situation(variant, finding)


@pytest.mark.parametrize("name", SEEDS)
def test_unconfirmed_has_no_witness_and_does_not_fail_strict(name: str) -> None:
    _, report = seed(name)
    for finding in report.findings:
        if finding.kind == "unconfirmed":
            assert finding.witness is None and finding.candidate is not None
            assert not finding.fails_strict()
            assert "not confirmed by a game" in finding.message
    assert report.unconfirmed == report.count(Kind.UNCONFIRMED)


def test_the_seed_findings_that_games_show() -> None:
    """The findings of the seeds (the closing note lists them) are games where they say."""
    kinds = {name: sorted((f.line, f.kind) for f in seed(name)[1].findings
                          if f.kind not in ("assumption", "claim-proved", "property-proved",
                                             "unreachable"))
             for name in SEEDS}
    assert (line("minsk", "lead match: holder(1-1)"), "gap") in kinds["minsk"]
    assert (line("minsk", "lead round: partner(winner)"), "gap") in kinds["minsk"]
    assert (line("minsk", "bonus: unspecified"), "unspecified") in kinds["minsk"]
    # two goats at once: a game of 3 players (a built-in property, not a claim of the text)
    assert (line("minsk", "goat: total > target"), "property-refuted") in kinds["minsk"]
    assert (line("kozel-classic", "goat: total >= 101"), "property-refuted") \
        in kinds["kozel-classic"]
    assert (line("pairs", "lead match: holder(first_dealt"), "conflict") in kinds["pairs"]
    assert (line("kozel-classic", "lead match: holder(heaviest(dealt))"), "ambiguity") \
        in kinds["kozel-classic"]
    assert (line("kozel-classic", "loser: unspecified"), "unspecified") in kinds["kozel-classic"]
    assert (line("gambler-1v1", "lead match: holder(first_dealt"), "gap") in kinds["gambler-1v1"]


def line(name: str, text: str) -> int:
    """The line of a seed's rule file where a rule is written (the encodings move)."""
    lines = (SPEC / f"{name}.kozel").read_text(encoding="utf-8").splitlines()
    return next(i for i, written in enumerate(lines, 1) if written.strip().startswith(text))


def test_a_stop_witness_names_the_rule_and_the_engine_facts() -> None:
    variant, report = seed("pairs")
    conflict = next(f for f in report.findings if f.kind == "conflict")
    witness = conflict.witness
    assert witness is not None
    values = dict(witness.values)
    assert set(values) == {line('pairs', 'lead match: holder(1-1)'),
                           line('pairs', 'lead match: holder(first_dealt')}
    seats = {v.value for v in values.values() if isinstance(v, Stated)}
    assert len(seats) == 2 and all(isinstance(s, SeatIs) for s in seats)  # two seats to lead
    assert set(witness.to_json()["values"].values()) == {str(s) for s in seats}
    assert witness.setting["bonuses"] is True and witness.setting["double_lead"] is True
    assert "rules conflict" in str(witness.shows)


def test_the_summary_of_a_target_is_refuted_by_a_game_ending_exactly_on_it() -> None:
    """gambler-1v1: 'наберёт оговоренное число' (the summary, a restatement) against 'больше
    оговоренного' (the detailed rule): a game whose loser's total is exactly the target."""
    variant, report = seed("gambler-1v1")
    claim = next(f for f in report.findings if f.kind == "restatement-refuted"
                 and "restates goat: yes when total >= target" in f.message)
    witness = claim.witness
    assert witness is not None and int(witness.setting["target"]) in witness.totals()
    assert_replays_to_its_situation(variant, claim)


def test_a_moment_of_play_breaks_the_record_off_mid_round() -> None:
    variant, report = seed("minsk")
    claim = next(f for f in report.findings
                 if f.kind == "claim-refuted" and "рыба: на обоих концах" in f.message)
    witness = claim.witness
    assert witness is not None
    result = replay(variant, parse_record(witness.record), partial=True)
    assert result.unfinished is not None or len(result.rounds) >= 1
    assert witness.left != witness.right


def test_a_candidate_no_game_shows_is_unconfirmed_with_the_reason() -> None:
    """kozel-classic's unspecified fish score is met only after the unspecified loser: every
    game stops at `loser` first, and the report says so instead of calling it a fact."""
    _, report = seed("kozel-classic")
    score = next(f for f in report.findings if f.slot == "score")
    assert score.kind == "unconfirmed"
    assert "`loser`" in score.message


@settings(max_examples=examples(8), deadline=None, suppress_health_check=list(HealthCheck))
@given(variant=variants(checked=True))
def test_random_variants_have_only_game_witnesses(variant: Any) -> None:
    budget = GameBudget(games=40)
    report = check_variant(variant, CheckSettings(Budget(1_000_000), playouts=0, workers=1,
                                                  games=budget))
    for finding in witnessed(report):
        assert_replays_to_its_situation(variant, finding)
    for finding in report.findings:
        if finding.kind == "unconfirmed":
            assert finding.witness is None


def test_a_default_of_the_language_is_said_with_a_game_where_it_decides() -> None:
    """minsk does not write `two doubles`: the report says the language's default applies,
    with a game where a seat holds the doubles of both ends and lays one at a time."""
    variant, report = seed("minsk")
    default = next(f for f in report.findings if f.kind == "default"
                   and f.slot == "two doubles")
    assert not default.fails_strict() and "default" in default.message
    witness = default.witness
    assert witness is not None and witness.left is not None and witness.right is not None
    doubles = {Tile(witness.left, witness.left), Tile(witness.right, witness.right)}
    assert any(doubles <= set(hand) for hand in witness.hands)
    assert_replays_to_its_situation(variant, default)
    kinds = {f.slot for f in report.findings if f.kind == "default"}
    assert "reserve" not in kinds  # minsk never draws: the stock's default decides nothing


def test_an_assumption_is_shown_at_work_in_a_game() -> None:
    """minsk reads '= +50' two ways (a lone 6-6 counts 50, or 12 + 50): the reading comes
    with a game whose round ends with a hand of 6-6 alone, counted 50 by the chosen reading and
    62 by the other; and every assumption about a rule comes with a game where it decides."""
    variant, report = seed("minsk")
    lone = next(f for f in report.findings if f.kind == "reading" and f.slot == "hand value")
    witness = lone.witness
    assert witness is not None
    assert [value for _, value in witness.does] == [50, 62]
    assert (Tile(6, 6),) in witness.hands
    assert_replays_to_its_situation(variant, lone)
    for finding in report.findings:  # every assumption about a rule is shown at work
        if finding.kind == "assumption":
            assert finding.witness is not None, finding.message
