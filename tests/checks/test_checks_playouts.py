"""Dynamic properties through the engine: Hypothesis chooses players, options and seeds."""

from __future__ import annotations

from pathlib import Path

from checks.questions.playouts import playout_findings, run_playouts
from interpreter.engine.referee import replay
from interpreter.engine.records import parse_record
from interpreter.language.resolve import load_paths, load_variant

PLANTED = Path(__file__).parents[1] / "golden" / "checks" / "planted.kozel"


def planted(name: str):  # type: ignore[no-untyped-def]
    library, _ = load_paths([PLANTED])
    return library.resolve(name)


def test_clean_variant_plays_out_without_findings() -> None:
    findings, stats = playout_findings(planted("planted-true"), 6, fish_equal=True)
    assert findings == []
    assert stats.matches == 6 and stats.rounds >= 6
    assert not stats.stops


def test_a_false_play_claim_is_caught_in_play() -> None:
    text = PLANTED.read_text(encoding="utf-8")
    base = text[text.index("variant planted-base"):text.index("variant planted-true")]
    two = base.replace("variant planted-base \"a clean base\"", "variant two").replace(
        "players 4\n  sides: partners", "players 2\n  sides: individual").replace(
        "lead match: holder(1-1)", "lead match: holder(first_dealt([1-1, 2-2, 3-3, 4-4, 5-5, "
        "6-6, 0-0, 0-1, 0-2, 0-3, 0-4, 0-5, 0-6, 1-2, 1-3, 1-4, 1-5, 1-6, 2-3, 2-4, 2-5, 2-6, "
        "3-4, 3-5, 3-6, 4-5, 4-6, 5-6]))")
    claim = '  claim play "the line is short": count(line) < 5\n}'
    variant = load_variant(two.rstrip().rstrip("}") + claim, "two.kozel")
    violations, stats = run_playouts(variant, 3, fish_equal=False)
    caught = [v for v in violations if "the line is short" in v.message]
    assert caught and caught[0].record is not None and caught[0].at is not None
    # the record is the match up to the move that broke the claim, and replays to it
    result = replay(variant, parse_record(caught[0].record), partial=True)
    assert result.unfinished == (caught[0].at["round"], caught[0].at["moves"])
    assert len(caught[0].record["rounds"][-1]["moves"]) == caught[0].at["moves"] >= 4


def test_rule_stops_are_counted_not_raised() -> None:
    _, stats = run_playouts(planted("planted-gap"), 12, fish_equal=False)
    assert stats.matches == 12
    assert stats.stops.get("lead match", 0) >= 1  # 2-3 players: 1-1 undealt, nobody leads
