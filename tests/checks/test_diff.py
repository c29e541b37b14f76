"""`kozel diff`: same where no shared situation tells the variants apart, different with a
situation and what each variant does there; across extends chains and option settings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checks.compare.diff import diff_variants, parse_fixed
from checks.search.witnesses import NoValue
from kozel.cli import main
from interpreter.language.errors import UsageError
from interpreter.language.resolve import load_paths

PLANTED = Path(__file__).parents[1] / "golden" / "checks" / "planted.kozel"


def planted(name: str):  # type: ignore[no-untyped-def]
    library, _ = load_paths([PLANTED])
    return library.resolve(name)


def statuses(a: str, b: str) -> dict[str, str]:
    return {s.slot: s.status for s in diff_variants(planted(a), planted(b)).slots}


def test_a_variant_is_the_same_as_itself() -> None:
    assert set(statuses("planted-base", "planted-base").values()) == {"same"}


def test_extends_chain_differs_only_where_it_overrides() -> None:
    found = statuses("planted-base", "planted-conflict")
    assert found["score"] == "different"
    assert all(status == "same" for slot, status in found.items() if slot != "score")


def test_difference_comes_with_a_situation_and_what_each_does() -> None:
    result = diff_variants(planted("planted-base"), planted("planted-no-case"))
    lead_tile = next(s for s in result.slots if s.slot == "lead tile")
    assert lead_tile.status == "different"
    does = dict(lead_tile.witness.does)
    assert set(does) == {"planted-base", "planted-no-case"}
    assert does["planted-base"] != does["planted-no-case"]
    narrow = does["planted-no-case"]  # doubles only, or no value when the leader has none
    assert isinstance(narrow, NoValue) or all(t.is_double for t in narrow)
    assert len(lead_tile.witness.hands) == 4


def test_equivalent_rewriting_is_proved_the_same() -> None:
    # planted-unreachable writes `deal` as two cases, one never applying: still 7 everywhere
    assert statuses("planted-base", "planted-unreachable")["deal"] == "same"


def test_option_settings_on_either_side() -> None:
    library, _ = load_paths([Path("spec/variants")])
    minsk = library.resolve("minsk")
    same = diff_variants(minsk, minsk, fixed_a={"target": 300}, fixed_b={"target": 300})
    assert {s.status for s in same.slots} == {"same"}
    other = diff_variants(minsk, minsk, fixed_b=parse_fixed(minsk, ["target=500"]))
    goat = next(s for s in other.slots if s.slot == "goat")
    assert goat.status == "different"
    assert goat.witness.to_json()["options"]["minsk (b)"] == {"target": 500}
    assert dict(dict(goat.witness.by_variant)["minsk (b)"]) == {"target": 500}


def test_bad_option_is_a_usage_error() -> None:
    library, _ = load_paths([Path("spec/variants")])
    with pytest.raises(UsageError, match="did you mean 'target'"):
        parse_fixed(library.resolve("minsk"), ["targte=100"])
    with pytest.raises(UsageError, match="no value"):
        parse_fixed(library.resolve("minsk"), ["target=7"])


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["diff", str(PLANTED), str(PLANTED), "--format", "json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert {s["status"] for s in data["slots"]} == {"same"}


def test_cli_text_names_each_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "minsk", "pairs"]) == 0
    out = capsys.readouterr().out
    assert "lead match: different" in out and "does: minsk:" in out
    assert main(["diff", "minsk", "pairs", "--option-b", "nope=1"]) == 2


def test_every_difference_is_a_game_of_a_that_replays_to_its_moment() -> None:
    """`kozel diff` shows each difference by a game: A's record replays (broken off at the
    moment, or stopped there by A's own rule), and each rule's answer there is given."""
    from interpreter.engine import RuleStop
    from interpreter.engine.referee import replay
    from interpreter.engine.records import parse_record

    library, _ = load_paths([Path("spec/variants")])
    minsk, pairs = library.resolve("minsk"), library.resolve("pairs")
    result = diff_variants(minsk, pairs)
    shown = [s for s in result.slots if s.status == "different"]
    assert {"two doubles", "redeal", "lead match", "hand value"} <= {s.slot for s in shown}
    for entry in shown:
        witness = entry.witness
        assert witness is not None and witness.record["variant"] == "minsk"
        does = dict(witness.does)
        assert set(does) == {"minsk", "pairs"}
        assert does["minsk"] != does["pairs"]
        try:
            replay(minsk, parse_record(witness.record), partial=True)
        except RuleStop as stop:  # a rule of minsk that stops right after the moment
            assert witness.at is not None and stop.round_no == witness.at.round
    for entry in result.slots:
        assert entry.status != "unconfirmed" or (entry.witness is None and entry.candidate)
