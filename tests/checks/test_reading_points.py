"""Every reading of the seeds is shown by a game the engine replays under both readings, and
the two readings part there as a player sees it: a rule that reaches the sheet (what a hand
counts, who loses, the points, what hangs over, the goat) writes a different outcome; any
other (the tiles a leader may lead) answers differently at a moment of the game. A reading
the checker proves harmless (the same answer in every situation) has no game, and says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from checks.reporting.about import ReadingRef
from checks.questions.budget import Budget, GameBudget
from checks.compare.diff_games import Pair, replayed_under, written_totals
from checks.reporting.findings import Finding
from checks.reporting.kinds import Kind
from checks.questions.readings import reading_findings
from diff_replay import parting
from interpreter.language.errors import KozelError
from interpreter.language.model import Variant
from interpreter.language.readings import questions, read
from interpreter.language.resolve import load_paths
from interpreter.language.said import Said
from interpreter.language.slots import POINT_SLOTS
from seed_reports import seed_report, seeds

MINSK = Path(__file__).resolve().parents[2] / "spec" / "variants" / "minsk.kozel"
SEEDS = ("gambler-1v1", "kozel-classic", "minsk", "pairs")
# the slots whose answer is written on the sheet or hangs over to the next round
SHEET_SLOTS = (*POINT_SLOTS, "carry", "goat", "wins")
DIFFER = "the choice matters in this game"
COMPARED = (Kind.READING, Kind.UNCONFIRMED, Kind.UNKNOWN)


def test_each_reading_of_a_scoring_rule_is_shown_where_the_points_differ() -> None:
    library, _ = load_paths([MINSK])
    minsk = library.resolve("minsk")
    shown = [f for f in reading_findings(minsk, Budget(), GameBudget())
             if f.slot in POINT_SLOTS and f.witness is not None]
    assert {f.slot for f in shown} >= {"hand value", "score", "bonus"}
    for finding in shown:
        assert finding.message.endswith("the choice matters in this game")
        record = finding.witness.record
        assert isinstance(finding.about, ReadingRef)
        other = read(minsk, [finding.about.other])
        chosen = written_totals(minsk, record, record["options"])
        alternative = written_totals(other, record, record["options"])
        assert chosen is not None and alternative is not None
        assert chosen != alternative, finding.slot


def _outcome(variant: Variant, record: dict[str, Any]) -> Any:
    """What the sheet shows of a record replayed under a variant, round by round (the points
    written, what hangs over, the losers, the goat), or None: not a game of the variant."""
    try:
        result = replayed_under(variant, record, record["options"])
    except KozelError:
        return None
    return [(r.points, r.carry, r.losers, r.goat, r.winner) for r in result.rounds]


def _readings(name: str) -> list[tuple[Finding, str]]:
    """The seed's findings that compare two readings, each with its other reading's name (an
    `unreachable` case under another reading is about that reading, not a comparison)."""
    found = []
    for finding in seed_report(name).findings:
        if isinstance(finding.about, ReadingRef) and finding.kind in COMPARED:
            found.append((finding, finding.about.other))
    return found


@pytest.mark.parametrize("name", SEEDS)
def test_every_seed_reading_parts_in_a_game_the_engine_replays_under_both(name: str) -> None:
    """For each other reading of each sentence, the check shows a game or proves the choice
    harmless; the game replays under both readings, and they part there."""
    variant = seeds()[name]
    shown: set[str] = set()
    for finding, other in _readings(name):
        assert finding.kind is Kind.READING, finding.message  # no unconfirmed, no unknown
        if finding.witness is None:
            assert "does not matter" in finding.message, finding.message
            continue
        shown.add(other)
        alternative = read(variant, [other])
        record = finding.witness.record
        assert record is not None, finding.message
        chosen = _outcome(variant, record)
        assert chosen is not None, finding.message  # a game of the variant as played
        if finding.slot in SHEET_SLOTS and finding.message.endswith(DIFFER):
            under = _outcome(alternative, record)
            said = finding.witness.under[1] if finding.witness.under else None
            if isinstance(said, Said) and said.key == "under.both":  # a game of both readings
                assert under is not None, (other, finding.slot)
            assert under != chosen, (other, finding.slot)
        else:  # the rule is asked at a moment of the game, and the two readings answer apart
            pair = Pair(variant, alternative, (variant.name, other), {}, {},
                        tuple(o.name for o in variant.options))
            assert parting(pair, finding.slot or "", record) is not None, (other, finding.slot)
    harmless = {other for f, other in _readings(name)} - shown
    for question in questions(variant):  # every other reading is looked at
        for other in question.names[1:]:
            assert other in shown or other in harmless, other


def test_the_second_readings_questions_are_each_shown_by_a_game() -> None:
    """The open questions of the second reading (issue 30): which values decide a fish, who
    loses when two of three share the larger sum, what a tied fish hangs over, whether 'Первый
    ход' is every round's, what remembered points do once they pass 12, who of two is 'первым'
    the goat: each a reading with a game where the outcome differs."""
    wanted = {"minsk": {"by_pips", "top_pair", "with_bonuses", "match_only"},
              "pairs": {"by_pips", "with_bonuses", "match_only"},
              "gambler-1v1": {"by_pips", "with_bonuses"},
              "kozel-classic": {"with_remembered", "the_higher"}}
    for name, readings in wanted.items():
        witnessed = {other for f, other in _readings(name)
                     if f.witness is not None and f.slot in SHEET_SLOTS}
        assert readings <= witnessed, (name, readings - witnessed)
