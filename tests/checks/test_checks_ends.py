"""Where play ends, as the checker reports it (tests/golden/checks/ends.kozel): an unspecified
case is either reached or never reached, never both; the built-in "one goat at a time" follows
the variant's own goat rule."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from checks.questions.conditions import Condition, conditions_for
from checks.reporting.about import PropertyRef
from checks.reporting.findings import Finding, VariantReport
from checks.questions.playouts import PlayoutStats
from checks.questions.rule_text import reads_other_sides
from checks.running.run import CheckSettings, check_variant, merge_playouts
from checks.questions.solver import ask
from checks.z3_encode import Session
from interpreter.language.resolve import load_paths, load_variant
from checks.search.witnesses import made
from tiers import witness_games

GOLDEN = Path(__file__).parents[1] / "golden" / "checks"
ENDS = GOLDEN / "ends.kozel"
STATIC = CheckSettings(playouts=0, workers=1, games=witness_games())


@lru_cache(maxsize=None)
def report(name: str) -> VariantReport:
    library, _ = load_paths([GOLDEN / "planted.kozel", ENDS])
    return check_variant(library.resolve(name), STATIC)


def variant(name: str):  # type: ignore[no-untyped-def]
    library, _ = load_paths([GOLDEN / "planted.kozel", ENDS])
    return library.resolve(name)


def kinds_at(found: list[Finding], line: int) -> list[str]:
    return sorted(f.kind for f in found if f.line == line and f.file == str(ENDS))


def line_of(text: str) -> int:
    return next(i for i, line in enumerate(ENDS.read_text(encoding="utf-8").splitlines(), 1)
                if text in line)


def test_one_question_decides_whether_play_reaches_an_unspecified_case() -> None:
    """Two questions could get two answers (a time limit, a narrower situation): ask one."""
    silent = variant("silent")
    for slot, cases in silent.slots:
        for index, case in enumerate(cases):
            asked = [c.query for c in conditions_for(silent) if c.slot == slot
                     and c.case == index and c.query in ("reachable", "unspecified")]
            assert asked == (["unspecified"] if case.unspecified else
                             ["reachable"] if case.guard is not None or case.otherwise else [])


def test_an_unspecified_case_play_reaches_is_never_also_unreachable() -> None:
    reached = line_of("loser: unspecified when end = fish")
    assert kinds_at(report("silent").findings, reached) == ["unspecified"]
    finding = next(f for f in report("silent").findings if f.line == reached)
    assert finding.witness and finding.witness.fact("end") == "fish"


def test_an_unspecified_case_play_never_reaches_is_unreachable_only() -> None:
    never = line_of("deal: unspecified when players > 4")
    assert kinds_at(report("silent").findings, never) == ["unreachable"]


def test_every_unspecified_case_gets_exactly_one_verdict() -> None:
    found = report("silent").findings
    for case in variant("silent").unspecified_cases():
        verdicts = [f.kind for f in found if (f.file, f.line) == (case.pos.file, case.pos.line)
                    and f.kind in ("unspecified", "unreachable", "unknown")]
        assert len(verdicts) == 1, (case.pos.line, verdicts)


def test_a_case_play_reached_is_not_kept_as_unreachable() -> None:
    """Should the static check ever miss a case that play reaches, play is the evidence."""
    silent = variant("silent")
    case = next(c for c in silent.unspecified_cases() if c.slot == "deal")
    checked = report("silent")
    static = VariantReport(checked.name, checked.file, list(checked.findings))
    stats = PlayoutStats(matches=1, stops={"deal": 1},
                         stop_messages={"deal": "unspecified: `deal`: the text is silent here"})
    game = made(players=5, shows=stats.stop_messages["deal"])
    stats.reached[(case.pos.file, case.pos.line)] = (case, stats.stop_messages["deal"], game)
    merge_playouts(silent, static, [], stats)
    assert kinds_at(static.findings, case.pos.line) == ["unspecified"]
    reached = next(f for f in static.findings if f.line == case.pos.line)
    assert "playout" in reached.message and reached.witness == game


def two_goats(name: str) -> list[Finding]:
    """The findings about the goat rule, but for whether the match ends (questions/ending.py)."""
    return [f for f in report(name).findings if f.slot == "goat" and f.kind != "assumption"
            and f.about != PropertyRef("match-ends")]


def test_a_plain_threshold_that_two_sides_pass_at_once_is_a_point_the_text_leaves_open() -> None:
    [finding] = two_goats("threshold")
    assert finding.kind == "property-refuted" and finding.fails_strict()  # built in
    assert finding.line == line_of("goat: total > 100") and finding.file == str(ENDS)
    assert finding.message.startswith("the text does not say what happens when two sides pass "
                                      "the target in the same round")
    assert "`goat: total > 100`" in finding.message
    witness = finding.witness  # a game whose last round makes two sides the goat at once
    assert len(witness.fact("goat")) >= 2 and len([t for t in witness.totals() if t > 100]) >= 2
    assert "the goat at once" in witness.shows


def test_a_race_to_a_target_makes_several_goats_by_its_own_rule() -> None:
    """The rule itself names the other sides: several goats at once are its end of match."""
    for name in ("race", "race-others"):
        assert reads_other_sides(variant(name).cases("goat"))
        assert not [c for c in conditions_for(variant(name)) if c.query == "one-goat"]
        assert two_goats(name) == [], [f.message for f in two_goats(name)]
        assert not [f for f in report(name).findings if f.fails_strict()]
    # what is no longer asked really happens in a race: two sides behind the leader both lose
    session = Session.of(variant("race"))
    [result] = ask(session, Condition("one-goat", "goat", "match-all"), session.budget)
    assert result.status == "refuted"


def test_only_rules_that_look_beyond_their_side_read_other_sides() -> None:
    mini = (GOLDEN / "mini.kozel").read_text(encoding="utf-8")

    def goat(text: str) -> bool:
        rules = mini.replace("goat: total > target", f"goat: {text}")
        return reads_other_sides(load_variant(rules, "mini.kozel").cases("goat"))

    assert not goat("total > target")
    assert not goat("total >= 101 and side != team(winner)")
    assert not goat("highest_total(side) > 100")
    assert goat("total < highest_total(all) when highest_total(all) >= 61")
    assert goat("highest_total(others) >= 61")
    assert goat("total > target and value(others) = 0")
