"""Every witness game of an assumption or an ambiguity of the four seeds shows its point: the
engine, replaying the game, asks the rule there and its answer shows in what the table does.

An assumed case's answer shows when the same record, replayed under the variant with that case
changed to what a table would otherwise do (an added amount left out; points below the
threshold kept instead of written off; a player who may draw instead of knocking), writes
something else or is no longer a legal game. An ambiguity's game holds its tied candidates in
different hands, so that the two readings name different seats.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from checks.questions.assumed import assumption_games
from checks.questions.budget import GameBudget
from checks.reporting.kinds import Kind
from checks.reporting.report import static_findings
from checks.reporting.findings import Finding
from interpreter.engine import tileset as ts
from interpreter.engine.records import parse_record
from interpreter.engine.referee import replay
from interpreter.language import ast
from interpreter.language.errors import KozelError
from shared_runs import main_job_report
from interpreter.language.model import Case, Variant
from interpreter.language.resolve import load_paths, load_variant
from interpreter.language.slots import SLOTS

SEEDS = Path(__file__).resolve().parents[2] / "spec" / "variants"
NAMES = ("gambler-1v1", "kozel-classic", "minsk", "pairs")


@lru_cache(maxsize=None)
def seed(name: str) -> Variant:
    library, _ = load_paths([SEEDS / f"{name}.kozel"])
    return library.resolve(name)


@lru_cache(maxsize=None)
def assumptions(name: str) -> tuple[Finding, ...]:
    variant = seed(name)
    found = assumption_games(variant, static_findings(variant), GameBudget())
    return tuple(f for f in found if f.kind is Kind.ASSUMPTION and f.cases)


def case_at(variant: Variant, finding: Finding) -> Case:
    [case] = [c for _, cs in variant.slots for c in cs
              if c.assumption and (c.pos.line, c.pos.column) == (finding.line, finding.column)]
    return case


def other_way(variant: Variant, case: Case) -> Variant | None:
    """The variant with the assumed case changed to what a table would otherwise do (None:
    the assumption is not one of the kinds whose answer is read off what is written)."""
    if SLOTS[case.slot].additive:  # left out
        changed: Case | None = None
    elif case.slot == "remember":  # kept instead of written off (or the other way round)
        kept = ast.Arith("+", ast.Name("remembered"), ast.Name("points"))
        zero = ast.IntLit(0)
        changed = replace(case, value=zero if case.value == kept else kept)
    elif case.slot == "draw":  # drawing instead of knocking (or the other way round)
        kind = "one" if getattr(case.value, "name", "") == "none" else "none"
        changed = replace(case, value=ast.Name(kind))
    else:
        return None
    slots = tuple((slot, tuple(c for c in (changed if c is case else c for c in cases)
                               if c is not None)) for slot, cases in variant.slots)
    return replace(variant, slots=slots)


def written(variant: Variant, record: dict[str, Any]) -> tuple[Any, ...] | None:
    """What the record writes under a variant (every round's points, remembered points,
    totals and carry, to where it ends), or None when it is not a game of that variant."""
    try:
        result = replay(variant, parse_record({**record, "variant": variant.name}), partial=True)
    except KozelError:
        return None
    return tuple((r.points, r.remembered, r.scores, r.carry) for r in result.rounds)


POINTED = [(name, i) for name in NAMES for i, _ in enumerate(assumptions(name))]


@pytest.mark.parametrize("name,index", POINTED)
def test_an_assumed_rule_s_answer_shows_in_its_game(name: str, index: int) -> None:
    variant = seed(name)
    finding = assumptions(name)[index]
    assert finding.witness is not None, finding.message
    case = case_at(variant, finding)
    other = other_way(variant, case)
    if other is None:
        return  # the lead, the sides, the loser: shown where the case applies (as before)
    assert finding.witness.record is not None
    record = dict(finding.witness.record)
    assert not finding.witness.note, finding.witness.note  # the search found a point
    mine = written(variant, record)
    assert mine is not None  # its record replays under its own variant
    assert written(other, record) != mine, (name, case.slot, case.pos.line)


def test_the_four_cases_of_the_issue_are_pointed() -> None:
    """The hanging points, the undealt tiles and the points below 13 (issue 30) each have a
    game where their rule changes what is written."""
    kinds = {(name, case_at(seed(name), f).slot) for name in NAMES
             for f in assumptions(name) if other_way(seed(name), case_at(seed(name), f))}
    assert {("gambler-1v1", "bonus"), ("minsk", "draw"), ("pairs", "remember")} <= kinds


def ambiguity_witnesses() -> list[dict[str, Any]]:
    """The witnesses of the seeds' ambiguities in the README's main job (`kozel check
    spec/variants`, a process of its own: what a user reads, whatever this worker ran before)."""
    return [finding["witness"] for variant in main_job_report()["variants"]
            for finding in variant["findings"] if finding["kind"] == Kind.AMBIGUITY.value]


def test_an_ambiguity_s_game_holds_its_candidates_in_different_hands() -> None:
    found = ambiguity_witnesses()
    assert found  # kozel-classic's `heaviest(dealt)`
    for witness in found:
        assert witness is not None and "note" not in witness and witness.get("record")
        deal = witness["record"]["rounds"][0]
        hands = [ts.set_of(ts.parse_tiles(hand)) for hand in deal["hands"]]
        dealt = [t for hand in hands for t in ts.members(hand)]
        most = max(ts.PIPS[t] for t in dealt)
        tied = [t for t in dealt if ts.PIPS[t] == most]
        holders = {seat for seat, hand in enumerate(hands) for t in tied if hand >> t & 1}
        assert len(tied) >= 2 and len(holders) >= 2, (tied, holders)


def _deal(variant: Variant, hands: list[str]) -> Any:
    """A first deal of two hands (tiles as written), the rest in the stock."""
    from interpreter.engine import prepare
    from interpreter.engine.situations import DealSituation

    setup = prepare(variant, 2, {"teams": True})
    masks = [ts.set_of(ts.parse_tiles(hand.split())) for hand in hands]
    dealt = masks[0] | masks[1]
    pile = [t for t in range(ts.TILE_COUNT) if not dealt >> t & 1]
    return setup, DealSituation(setup.seating, masks, pile, True)


def test_candidates_in_one_hand_do_not_show_an_ambiguity() -> None:
    """3-6 and 4-5 share the most pips among the dealt tiles: held by one player, the holder
    of either is the same seat; held by two, `holder(heaviest(dealt))` names two seats."""
    from checks.search.point import candidates_differ, candidates_part

    variant = seed("kozel-classic")
    cases = variant.cases("lead match")
    [index] = [i for i, c in enumerate(cases) if "heaviest" in repr(c.value)]
    line = cases[index].pos.line  # `  lead match: holder(heaviest(dealt)) when ...`
    found = candidates_part(variant, "lead match", index, line, 22)
    assert found is not None
    case, part = found
    assert part.func == "heaviest"
    together = ["0-1 0-4 1-3 3-6 4-5 2-3 3-5", "0-3 0-5 1-2 1-6 2-4 2-5 1-4"]
    apart = ["0-1 0-4 1-3 3-6 1-4 2-3 3-5", "0-3 0-5 1-2 1-6 2-4 2-5 4-5"]
    for hands, differ in ((together, False), (apart, True)):
        setup, situation = _deal(variant, hands)
        options = tuple(sorted(setup.options.items()))
        assert candidates_differ(variant, case, part, situation, options, 2) is differ


def test_a_point_no_game_can_show_is_said_in_the_note() -> None:
    """With nothing ever left hanging (a tied fish carries 0), the bonus of the carried
    points is never more than 0: its game is one where the case only applies, and its note
    says so; the finding keeps its message."""
    text = (SEEDS / "gambler-1v1.kozel").read_text(encoding="utf-8")
    hanging = "carry: value(all) + carried when end = fish and tie"
    assert hanging in text
    variant = load_variant(text.replace(hanging, "carry: 0 when end = fish and tie"),
                           str(SEEDS / "gambler-1v1.kozel"))
    found = assumption_games(variant, static_findings(variant), GameBudget(games=80))
    line = next(i for i, written in enumerate(text.splitlines(), 1)
                if written.strip() == "bonus: carried when loser")
    [carried] = [f for f in found if f.kind is Kind.ASSUMPTION and f.cases
                 and case_at(variant, f).slot == "bonus" and f.line == line]
    assert carried.witness is not None and carried.witness.note
    assert "no game of the 20 played shows what `bonus` answers" in carried.witness.note
