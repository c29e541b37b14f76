"""A reading that changes what a hand counts is shown by a game where the two readings write
different points: the lone 6-6 on the winning side changes the hand's value and nothing else."""

from __future__ import annotations

from pathlib import Path

from checks.about import ReadingRef
from checks.budget import Budget, GameBudget
from checks.diff_games import written_totals
from checks.readings import reading_findings
from interpreter.language.readings import read
from interpreter.language.resolve import load_paths
from interpreter.language.slots import POINT_SLOTS

MINSK = Path(__file__).resolve().parents[2] / "spec" / "variants" / "minsk.kozel"


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
