"""Alternative readings of an ambiguous sentence (docs/language.md, "Readings"): chosen by
name in the engine, compared by the checker with a game, counted by simulate, shown in the
rulebook."""

from __future__ import annotations

import json
from html import unescape
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checks.reporting.about import ReadingRef
from checks.questions.readings import reading_findings
from checks.questions.budget import Budget, GameBudget
from kozel.cli import main
from interpreter.engine import prepare
from interpreter.engine.referee import replay
from interpreter.engine.situations import HandSituation
from interpreter.engine import tileset as ts
from interpreter.engine.stops import RuleStop
from interpreter.language.errors import UsageError
from interpreter.language.model import Variant
from interpreter.language.readings import questions, read
from interpreter.engine.records import parse_record
from interpreter.language.resolve import parse_variant_file
from interpreter.engine.tiles import Tile
from tiers import examples

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the docs generator is a folder of the checkout
GOLDEN = ROOT / "tests" / "golden" / "good" / "readings.kozel"
SIX_SIX = ts.set_of([Tile(6, 6).index])


@lru_cache(maxsize=1)
def golden() -> Variant:
    (variant,) = parse_variant_file(GOLDEN)
    return variant


def hand_value(variant: Variant, hand: int) -> Any:
    setup = prepare(variant, 2)
    situation = HandSituation(2, False)
    situation.hand, situation.seat = hand, 0
    return setup.rules["hand value"](situation)


def test_the_variant_plays_its_chosen_reading_and_another_on_request() -> None:
    assert hand_value(golden(), SIX_SIX) == 50
    assert hand_value(read(golden(), ["added"]), SIX_SIX) == 62
    with pytest.raises(RuleStop, match="unspecified"):
        hand_value(read(golden(), ["open"]), SIX_SIX)


@settings(max_examples=examples(40), deadline=None)
@given(st.sets(st.integers(0, 27), min_size=1, max_size=7))
def test_another_reading_changes_only_what_its_case_decides(tiles: set[int]) -> None:
    hand = ts.set_of(sorted(tiles))
    chosen, added = hand_value(golden(), hand), hand_value(read(golden(), ["added"]), hand)
    if hand == SIX_SIX:
        assert (chosen, added) == (50, 62)
    else:
        assert chosen == added == sum(ts.tile_of(i).pips for i in tiles)


def test_a_reading_chosen_in_one_case_is_chosen_in_every_case_of_its_sentence() -> None:
    out = read(golden(), ["out"])
    texts = [str(c.guard) for c in out.cases("bonus")]
    assert all("out" in t for t in texts), texts
    (asked,) = [q for q in questions(out) if "out" in q.names]
    assert asked.chosen == "out" and len(asked.cases) == 2


@pytest.mark.parametrize("names, message", [
    (["aded"], "did you mean 'added'"),
    (["added", "open"], "two readings of one sentence"),
])
def test_a_bad_reading_is_a_usage_error(names: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        read(golden(), names)


@lru_cache(maxsize=1)
def findings() -> list[Any]:
    return reading_findings(golden(), Budget(), GameBudget())


def _finding(slot: str, other: str) -> Any:
    (found,) = [f for f in findings() if f.slot == slot and f.about == ReadingRef(other)]
    assert f"{other!r}" in found.message  # the reading the finding names is the one it says
    return found


def test_the_checker_shows_a_game_where_the_readings_differ() -> None:
    found = _finding("hand value", "added")
    assert found.kind == "reading" and "different values" in found.message
    does = found.witness.does
    assert [value for _, value in does] == [50, 62]  # the engine's answers under each reading
    record = parse_record(found.witness.record)
    replay(golden(), record, partial=True)  # a game of the chosen reading
    bonus = _finding("bonus", "out")
    assert bonus.kind == "reading" and bonus.witness.record
    values = [value for _, value in bonus.witness.does]
    assert values[0] in (25, 50) and values[1] == 0  # a fish on 6-6 or 0-0: no bonus
    assert "fish" in json.dumps(bonus.witness.to_json())


def test_the_checker_proves_readings_that_mean_the_same() -> None:
    text = GOLDEN.read_text(encoding="utf-8").replace("reading added: 12 + 50",
                                                      "reading added: 20 + 30")
    path = GOLDEN.with_name("same.kozel")
    from interpreter.language.resolve import load_variant
    variant = load_variant(text, str(path))
    found = [f for f in reading_findings(variant, Budget(), GameBudget())
             if f.slot == "hand value" and f.about == ReadingRef("added")]
    assert found[0].kind == "reading" and "does not matter" in found[0].message
    assert found[0].witness is None


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_commands_take_a_reading(capsys: Any, tmp_path: Path) -> None:
    saved = tmp_path / "m.json"
    code, _, _ = run(capsys, "play", str(GOLDEN), "--seed", "4", "--reading", "added",
                     "--save", str(saved))
    assert code == 0
    code, out, _ = run(capsys, "replay", str(GOLDEN), str(saved), "--reading", "added",
                       "--format", "json")
    assert code == 0 and json.loads(out)["rounds"]
    code, _, err = run(capsys, "play", str(GOLDEN), "--reading", "nope")
    assert code == 2 and "has no reading 'nope'" in err
    code, _, err = run(capsys, "check", str(GOLDEN), "--reading", "nope", "--playouts", "0")
    assert code == 2 and "no variant checked has a reading 'nope'" in err


def test_simulate_counts_the_rounds_another_reading_changes(capsys: Any) -> None:
    code, out, _ = run(capsys, "simulate", str(GOLDEN), "--matches", "30", "--seed", "2",
                       "--compare-readings", "--format", "json")
    assert code == 0
    data = json.loads(out)
    effects = {e["reading"]: e for e in data["readings"]}
    assert set(effects) == {"added", "open", "out"}
    for effect in effects.values():
        assert effect["rounds"] == data["rounds"]
        assert 0 <= effect["rounds_changed"] <= effect["rounds"]
    # `open` leaves a lone 6-6 unspecified: from the first round that ends with one, the
    # other reading stops; `added` can change only those rounds
    assert effects["added"]["rounds_changed"] <= effects["open"]["rounds_changed"]
    assert effects["added"]["matches_changed"] <= effects["open"]["matches_changed"]


def test_simulate_counts_nothing_for_readings_that_mean_the_same(capsys: Any,
                                                                 tmp_path: Path) -> None:
    text = GOLDEN.read_text(encoding="utf-8").replace("reading added: 12 + 50",
                                                      "reading added: 20 + 30")
    path = tmp_path / "same.kozel"
    path.write_text(text, encoding="utf-8")
    source = GOLDEN.parent / "golden-readings.txt"  # a source is read beside its rule file only
    (tmp_path / source.name).write_bytes(source.read_bytes())
    code, out, _ = run(capsys, "simulate", str(path), "--matches", "20", "--seed", "5",
                       "--compare-readings", "--format", "json")
    effects = {e["reading"]: e for e in json.loads(out)["readings"]}
    assert code == 0 and effects["added"]["rounds_changed"] == 0


@pytest.mark.parametrize("lang, chosen", [("en", "chosen"), ("ru", "выбрано")])
def test_the_rulebook_shows_every_reading_and_the_chosen_one(lang: str, chosen: str) -> None:
    from kozel.publish.findings import not_checked
    from kozel.publish.rulebook import Rulebook
    page = Rulebook(golden(), lang, not_checked("not checked here"), ROOT).page()
    for name in ("instead", "added", "open", "last", "out"):
        assert f"Прочтение <code>{name}</code>" in page or f"Reading <code>{name}</code>" in page
    assert chosen in page
    if lang == "ru":
        assert "одинокий 6-6 стоит 50 вместо своих очков" in unescape(page)  # as a reader sees it


def test_the_rulebook_shows_the_game_where_the_readings_part() -> None:
    from checks.reporting.findings import VariantReport
    from kozel.publish.findings import report_of
    from kozel.publish.rulebook import Rulebook
    checked = VariantReport(golden().name, golden().file, findings=findings())
    page = Rulebook(golden(), "ru", report_of(checked), ROOT).page()
    from checks.reporting.kinds import Kind
    badge = Kind.READING.word("ru")  # the glossary's word for the kind
    assert page.count(f">{badge}<") == len(findings()), page
    assert "партия, в которой они дают" in page and "kz-witness" in page


def test_check_compares_the_reading_it_is_told_to_play(capsys: Any) -> None:
    code, out, _ = run(capsys, "check", str(GOLDEN), "--reading", "added", "--playouts", "0",
                       "--format", "json")
    assert code == 0
    (variant,) = json.loads(out)["variants"]
    messages = [f["message"] for f in variant["findings"] if f["kind"] == "reading"]
    assert any("'added' (chosen) and 'instead'" in m for m in messages), messages
    assert any("'added' (chosen) and 'open'" in m for m in messages), messages
