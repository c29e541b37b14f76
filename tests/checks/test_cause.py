"""A witness says what causes its finding as data (`cause`, checks/cause.py): the tiles its
rules name or answer, and the parts of the line they read; never words of a message."""

from __future__ import annotations

from pathlib import Path

from checks.cause import cause_of, differing_cases, stop_answers, tiles_named
from interpreter.language import ast
from interpreter.language.resolve import load_paths
from interpreter.language.summary import case_text
from interpreter.engine.words import Said

ROOT = Path(__file__).resolve().parents[2]
TABLE = {"hands": [["1-1", "2-3"], ["6-6", "0-1"]], "line": ["3-4", "4-4"], "stock": ["0-0"]}



def test_a_rule_that_names_a_tile_causes_through_that_tile_where_it_lies() -> None:
    minsk = load_paths([ROOT / "spec" / "variants"])[0].resolve("minsk")
    lead = minsk.cases("lead match")
    assert cause_of(TABLE, [c.value for c in lead])["tiles"] == ["1-1"]
    # not on the table at all: nothing to mark
    assert cause_of({"hands": [["2-3"]]}, [c.value for c in lead])["tiles"] == []


def test_of_a_list_only_the_first_tile_held_decides() -> None:
    tiles = ast.TileList(tuple(ast.TileLit(n, n) for n in (1, 2, 6)))
    exprs = [ast.Call("holder", (ast.Call("first_dealt", (tiles,)),))]
    assert tiles_named(exprs) == ["1-1", "2-2", "6-6"]
    assert cause_of({"hands": [["6-6", "2-2"], ["0-1"]]}, exprs)["tiles"] == ["2-2"]


def test_the_ends_are_marked_only_where_a_rule_reads_them() -> None:
    minsk = load_paths([ROOT / "spec" / "variants"])[0].resolve("minsk")
    fish = [c.value for c in minsk.cases("fish")]
    score = [c.value for c in minsk.cases("lead round")]
    assert cause_of(TABLE, fish).get("ends") is True
    assert "ends" not in cause_of(TABLE, score)
    assert "ends" not in cause_of({k: v for k, v in TABLE.items() if k != "line"}, fish)


def test_an_answer_that_is_a_tile_is_a_cause_and_a_whole_hand_is_not() -> None:
    assert cause_of(TABLE, [], ["2-3", ["6-6"]])["tiles"] == ["2-3", "6-6"]
    assert cause_of(TABLE, [], [["1-1", "2-3", "6-6"]])["tiles"] == []


def test_a_tie_gives_its_two_tiles_as_the_engines_data() -> None:
    tie = Said("undefined.tie most", name="heaviest", tiles="3-6 4-5 0-1", a="3-6", b="4-5")

    class Stop:
        values = ()
        detail = Said("detail.undefined", part="value", text="heaviest(dealt)", error=tie)
    assert stop_answers(Stop()) == ["3-6", "4-5"]


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
