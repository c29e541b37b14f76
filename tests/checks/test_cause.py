"""A witness says what causes its finding as data (`cause`, checks/search/cause.py): the tiles its
rules name or answer, and the parts of the line they read; never words of a message."""

from __future__ import annotations

from pathlib import Path

from checks.search.cause import Cause, cause_of, differing_cases, stop_answers, tiles_named
from checks.search.witnesses import made
from interpreter.engine.tiles import Laid, Tile
from interpreter.language import ast
from interpreter.language.resolve import load_paths
from interpreter.language.summary import case_text
from interpreter.engine.words import Said

ROOT = Path(__file__).resolve().parents[2]
T = Tile.parse


def _hands(*hands: str) -> tuple[tuple[Tile, ...], ...]:
    return tuple(tuple(T(t) for t in hand.split()) for hand in hands)


TABLE = made(hands=_hands("1-1 2-3", "6-6 0-1"), line=(Laid(3, 4), Laid(4, 4)),
             stock=(T("0-0"),))


def test_a_rule_that_names_a_tile_causes_through_that_tile_where_it_lies() -> None:
    minsk = load_paths([ROOT / "spec" / "variants"])[0].resolve("minsk")
    lead = minsk.cases("lead match")
    assert cause_of(TABLE, [c.value for c in lead]).tiles == (T("1-1"),)
    # not on the table at all: nothing to mark
    assert cause_of(made(hands=_hands("2-3")), [c.value for c in lead]).tiles == ()


def test_of_a_list_only_the_first_tile_held_decides() -> None:
    tiles = ast.TileList(tuple(ast.TileLit(n, n) for n in (1, 2, 6)))
    exprs = [ast.Call("holder", (ast.Call("first_dealt", (tiles,)),))]
    assert tiles_named(exprs) == [T("1-1"), T("2-2"), T("6-6")]
    assert cause_of(made(hands=_hands("6-6 2-2", "0-1")), exprs).tiles == (T("2-2"),)


def test_the_ends_are_marked_only_where_a_rule_reads_them() -> None:
    minsk = load_paths([ROOT / "spec" / "variants"])[0].resolve("minsk")
    fish = [c.value for c in minsk.cases("fish")]
    score = [c.value for c in minsk.cases("lead round")]
    assert cause_of(TABLE, fish).ends is True
    assert cause_of(TABLE, fish).to_json()["ends"] is True
    assert "ends" not in cause_of(TABLE, score).to_json()
    assert not cause_of(TABLE.without("line"), fish).ends


def test_an_answer_that_is_a_tile_is_a_cause_and_a_whole_hand_is_not() -> None:
    assert cause_of(TABLE, [], [T("2-3"), (T("6-6"),)]).tiles == (T("2-3"), T("6-6"))
    assert cause_of(TABLE, [], [(T("1-1"), T("2-3"), T("6-6"))]).tiles == ()
    assert cause_of(TABLE, [], [T("2-3")]) == Cause((T("2-3"),))


def test_a_tie_gives_its_two_tiles_as_the_engines_data() -> None:
    tie = Said("undefined.tie most", name="heaviest", tiles="3-6 4-5 0-1", a=T("3-6"),
               b=T("4-5"))

    class Stop:
        slot = "lead match"
        answers = ()
        detail = Said("detail.undefined", part="value", text="heaviest(dealt)", error=tie)
    assert stop_answers(Stop()) == [T("3-6"), T("4-5")]


def test_only_the_cases_that_differ_are_the_rules_of_a_difference() -> None:
    library = load_paths([ROOT / "spec" / "variants"])[0]
    minsk, pairs = library.resolve("minsk"), library.resolve("pairs")
    differ = differing_cases(minsk.cases("lead match"), pairs.cases("lead match"))
    shared = {case_text(c) for c in minsk.cases("lead match")} & \
        {case_text(c) for c in pairs.cases("lead match")}
    assert shared and differ  # pairs keeps minsk's holder(1-1) and adds a case of its own
    assert not {case_text(c) for c in differ} & shared
    same = differing_cases(minsk.cases("fish"), minsk.cases("fish"))
    assert same == [*minsk.cases("fish"), *minsk.cases("fish")]
