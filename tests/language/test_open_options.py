"""Open options (docs/language.md: `option NAME: LOW..HIGH`): any whole number in a range, given
on the command line, checked by the solver as one bounded integer, compared by diff at the
nearest value."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from checks.compare.diff import diff_variants
from checks.search.realise import GameBudget
from checks.running.run import CheckSettings, check_variant
from checks.z3_encode import VariantEnc
from kozel.cli import main
from interpreter.engine import prepare
from interpreter.engine.evaluate import Env, compile_expr
from interpreter.engine.referee import replay
from interpreter.engine.situations import SetupSituation
from interpreter.language.errors import RecordError, UsageError
from interpreter.language.model import Variant
from interpreter.language.open_options import nearest
from interpreter.engine.records import parse_record
from interpreter.language.resolve import load_variant, parse_variant_file
from interpreter.language.typing_rules import symbols_with_options

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "good" / "open-option.kozel"
HUGE = 999_999_999


@lru_cache(maxsize=1)
def golden() -> Variant:
    (variant,) = parse_variant_file(GOLDEN)
    return variant


def with_target(values: str, claims: str = "", goat: str = "total > target",
                name: str = "v") -> Variant:
    text = GOLDEN.read_text(encoding="utf-8").replace("50..1000 = 101", values)
    text = text.replace("goat: total > target", f"goat: {goat}\n{claims}")
    return load_variant(text.replace("golden-open", name), f"{name}.kozel")


def test_a_given_number_in_the_range_is_played() -> None:
    setup = prepare(golden(), 2, {"target": "250", "limit": "7"})
    assert setup.options == {"target": 250, "limit": 7}
    assert prepare(golden(), 2, {"limit": 0}).options["target"] == 101  # the default


@pytest.mark.parametrize("given", ["49", "1001", "many", "yes", "1e3"])
def test_a_number_outside_the_range_is_a_usage_error(given: str) -> None:
    with pytest.raises(UsageError, match="whole number from 50 to 1000"):
        prepare(golden(), 2, {"target": given, "limit": "1"})


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_gives_an_open_option(capsys: Any, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "simulate", str(GOLDEN), "--matches", "3", "--option",
                       "target=250", "--option", "limit=40", "--format", "json")
    assert code == 0 and json.loads(out)["options"] == {"target": 250, "limit": 40}
    code, _, err = run(capsys, "simulate", str(GOLDEN), "--matches", "3", "--option",
                       "target=2000", "--option", "limit=40")
    assert code == 2 and "'target' is a whole number from 50 to 1000, not '2000'" in err
    code, _, err = run(capsys, "play", str(GOLDEN), "--seed", "1")
    assert code == 2 and "--option limit=0..1000000" in err
    saved = tmp_path / "m.json"
    assert run(capsys, "play", str(GOLDEN), "--seed", "1", "--option", "limit=30",
               "--save", str(saved))[0] == 0
    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["options"] == {"target": 101, "limit": 30}
    replay(golden(), parse_record(record))
    with pytest.raises(RecordError, match="whole number from 0 to 1000000"):
        replay(golden(), parse_record({**record, "options": {"limit": 10**7}}))


def test_the_solver_declares_one_bounded_integer() -> None:
    variant = with_target(f"1..{HUGE} = 101")
    enc = VariantEnc(variant)
    assert not enc.domain  # an option is declared when a rule reads it (VariantEnc.option)
    for option in variant.options:
        enc.option(option.name)
    texts = [str(d) for d in enc.domain]
    assert len(texts) == 2 and all(t.count("option:") <= 2 for t in texts)
    assert f"{HUGE}" in "".join(texts)


def _engine(variant: Variant, expr: Any, options: dict[str, Any]) -> Any:
    values = {o.name: o.values for o in variant.options}
    env = Env("setup", options, {n: "int" for n in values}, symbols_with_options(values), 2)
    return compile_expr(expr, env)(SetupSituation(2))


def test_a_refuted_claim_over_a_huge_range_is_a_game_and_the_engine_agrees() -> None:
    """An enumeration of a billion values could not answer; one bounded integer does."""
    claims = ('  claim setup "never this number": target != 123456789\n'
              '  claim setup "at least one": target >= 1\n'
              '  claim setup "small": target < 1000')
    variant = with_target(f"1..{HUGE} = 101", claims)
    report = check_variant(variant, CheckSettings(playouts=0, workers=1))
    found = {f.message.split("'")[1]: f for f in report.findings
             if f.kind.startswith("claim") and f.message.startswith("claim '")}
    assert found["at least one"].kind == "claim-proved"
    for text, claim in (("never this number", variant.claims[0]), ("small", variant.claims[2])):
        refuted = found[text]
        assert refuted.kind == "claim-refuted", refuted.message
        options = refuted.witness.record["options"]
        assert 1 <= options["target"] <= HUGE
        assert _engine(variant, claim.expr, options) is False  # the engine sees it fail too
    assert found["never this number"].witness.record["options"]["target"] == 123456789


@pytest.mark.parametrize("values, value, expected", [
    (range(50, 1001), 100, 100), (range(50, 1001), 7, 50), (range(50, 1001), 5000, 1000),
    ((100, 300, 500), 260, 300),
])
def test_nearest_value(values: Any, value: int, expected: int) -> None:
    assert nearest(values, value) == expected


def test_diff_plays_a_listed_value_where_the_open_range_holds_it() -> None:
    listed = with_target("100 | 300 = 100", name="listed")
    opened = with_target("50..1000 = 101", goat="total >= target", name="opened")
    result = diff_variants(listed, opened, fixed_a={"limit": 1000}, fixed_b={"limit": 1000},
                           games=GameBudget(games=2000))
    (goat,) = [s for s in result.slots if s.slot == "goat"]
    assert goat.status == "different", goat.note
    options = {name: dict(setting) for name, setting in goat.witness.by_variant}
    assert options["opened"]["target"] == options["listed"]["target"]
    assert goat.witness.record["options"]["target"] == options["listed"]["target"]


def test_the_rulebook_says_the_range_in_words() -> None:
    import sys
    sys.path.insert(0, str(ROOT))
    from kozel.publish.findings import not_checked
    from kozel.publish.rulebook import Rulebook
    for lang, words in (("en", "any whole number from"), ("ru", "любое целое число от")):
        page = Rulebook(golden(), lang, not_checked("-"), ROOT).page()
        # the rulebook for the table says it as a sentence, capitalised, the numbers not as code
        assert words in page.lower() and f"{words} 50 " in page.lower() and "1000" in page
