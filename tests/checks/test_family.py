"""The family check: `kozel check` of several variants compares every pair slot by slot, each
difference shown by a game the engine replays, at whose moment the engine's two rules answer
differently."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checks.questions.budget import Budget
from checks.compare.diff_games import Pair, Differs, answer_of
from checks.compare.diff_sizes import TABLE_SLOTS, apart, seated
from checks.compare.family import through_of, family_setting
from checks.reporting.family_text import family_table
from kozel.cli import main
from interpreter.engine import prepare
from interpreter.engine.situations import SetupSituation
from interpreter.language.model import Variant
from interpreter.language.slots import SLOTS
from diff_replay import parting
from shared_runs import kozel, main_job_report, seed_variants

SEEDS = Path("spec/variants")


@pytest.fixture(scope="module")
def checked() -> dict[str, Any]:
    """The README's main job, as the test run made it once for every test that reads it."""
    return main_job_report()


def _judged(pair: Pair, slot: str, record: dict[str, Any]) -> str | None:
    """Replay A's record under A; at each moment ask both rules, each by the engine for its
    own variant; return what the first moment they part shows."""
    found = parting(pair, slot, record)
    return found.shows if found else None


def _at_own_tables(a: Variant, b: Variant, slot: str, options: dict[str, Any]) -> str | None:
    """A set-up slot of two variants of different tables, each asked by the engine at its own
    table: what it shows where they part."""
    answers = [answer_of(prepare(v, v.players[0], options[v.name]), slot,
                         SetupSituation(v.players[0])) for v in (a, b)]
    return Differs.of(slot, *answers) if answers[0] != answers[1] else None


def test_every_pair_of_the_seeds_is_compared(checked: dict[str, Any]) -> None:
    pairs = {(c["a"], c["b"]) for c in checked["comparisons"]}
    names = sorted(seed_variants())
    assert pairs == {(a, b) for i, a in enumerate(names) for b in names[i + 1:]}
    for comparison in checked["comparisons"]:
        slots = comparison["same"] + [d["slot"] for d in comparison["differences"]]
        assert sorted(slots) == sorted(SLOTS)
        for entry in comparison["differences"]:
            cases = entry["a_cases"] + entry["b_cases"]  # a slot left to its default: none
            assert cases and all(":" in line for line in cases)
            assert entry["witness"] is not None or entry["why"]


def test_every_comparison_witness_replays_and_the_two_rules_part_there(
        checked: dict[str, Any]) -> None:
    seeds = seed_variants()
    shown = 0
    for comparison in checked["comparisons"]:
        a, b = seeds[comparison["a"]], seeds[comparison["b"]]
        for entry in comparison["differences"]:
            witness = entry["witness"]
            if witness is None:
                assert entry["status"] != "different"
                continue
            assert entry["status"] in ("different", "no difference found")  # diff_effect.py
            record = witness["record"]
            # a game of B where A leaves the rule unspecified (A's games stop before it)
            first, other = (a, b) if record["variant"] == a.name else (b, a)
            assert record["variant"] == first.name
            if apart(a, b) and entry["slot"] in TABLE_SLOTS:  # each at its own table
                shows = _at_own_tables(a, b, entry["slot"], witness["options"])
            else:  # the other's rule at this table (diff_sizes: seated there when apart)
                guest = seated(other, first) if apart(a, b) else other
                pair = Pair(first, guest, (first.name, other.name), {},
                            witness["options"][other.name], ())
                shows = _judged(pair, entry["slot"], record)
            assert shows is not None, (a.name, b.name, entry["slot"])
            assert f"`{entry['slot']}` answers differently" in shows
            shown += 1
    assert shown >= 30


def test_options_at_defaults_and_open_ones_said(checked: dict[str, Any]) -> None:
    options = {name: how for c in checked["comparisons"] for name, how in c["options"].items()}
    assert options["minsk"]["target"] == {"set": "default", "value": 100}
    assert options["gambler-1v1"]["target"] == {"set": "default", "value": 501}
    assert options["pairs"]["draw_each"]["set"] == "open"


def test_a_threshold_is_pinned_to_its_boundary(checked: dict[str, Any]) -> None:
    """minsk (`total > target`, 100) and gambler-1v1 (the same words, 501) part from 101."""
    comparison = next(c for c in checked["comparisons"]
                      if (c["a"], c["b"]) == ("gambler-1v1", "minsk"))
    goat = next(d for d in comparison["differences"] if d["slot"] == "goat")
    assert "from total 101" in goat["note"]
    assert goat["through"] == "option target"


def test_same_words_differ_through_an_earlier_slot() -> None:
    seeds = seed_variants()
    minsk, pairs = seeds["minsk"], seeds["pairs"]
    statuses = {slot: "same" for slot in SLOTS}
    statuses.update({"hand value": "different", "loser": "different"})
    through = through_of(minsk, pairs, "loser", statuses, family_setting(minsk),
                         family_setting(pairs))
    assert through == "hand value"
    statuses["hand value"] = "same"
    assert through_of(minsk, pairs, "loser", statuses, family_setting(minsk),
                      family_setting(pairs)) == ""
    # words that differ are their own difference
    assert through_of(minsk, pairs, "redeal", statuses, family_setting(minsk),
                      family_setting(pairs)) == ""


def test_text_ends_with_the_family_table_in_russian(capsys: pytest.CaptureFixture[str],
                                                   checked: dict[str, Any]) -> None:
    table = family_table(checked["comparisons"], "ru")
    assert table[0].startswith("Таблица семейства")
    # the rows are the rules as the Russian rulebook heads them: «Козёл», not `goat`
    assert any(line.startswith("Козёл ") and "≠" in line for line in table)
    assert not any(line.startswith("goat ") for line in table)
    assert "6: minsk и pairs" in table


def test_one_variant_has_no_comparisons_and_no_compare_turns_them_off(
        capsys: pytest.CaptureFixture[str]) -> None:
    # `kozel check`'s own options, as the README's main job: the reports are read from the
    # run's cache (tests/conftest.py)
    assert main(["check", "spec/variants/minsk.kozel", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["comparisons"] == []
    assert main(["check", "spec/variants/minsk.kozel", "spec/variants/pairs.kozel",
                 "--no-compare"]) == 0
    assert "Family table" not in capsys.readouterr().out


def test_relations_print_and_parse_back_unchanged() -> None:
    from interpreter.language.parser import parse_text
    from interpreter.language.printer import format_relation

    text = (SEEDS / "relations.kozel").read_text(encoding="utf-8")
    relations = parse_text(text, "relations.kozel").relations
    assert len(relations) == 5
    printed = "\n".join(format_relation(r) for r in relations)
    assert parse_text(printed, "printed.kozel").relations == relations


def test_the_seed_relations_are_proved_or_refuted_as_marked() -> None:
    from checks.compare.relations import check_relations
    from kozel.loading import load_family_args

    _, relations, errors = load_family_args([str(SEEDS / "relations.kozel")])
    assert not errors and len(relations) == 5
    found = check_relations(relations, Budget(), None)  # the solver's word, no games: quicker
    kinds = [(f.kind, r.expect_refuted) for f, r in zip(found, relations)]
    assert kinds[0] == ("relation-proved", False)
    assert all(kind == "relation-refuted" and expected for kind, expected in kinds[1:])
    assert not any(f.fails_strict() for f in found)
    goat = found[3]  # gambler-1v1 at 101 against minsk at 100: `total > target` parts at 101
    assert goat.slot == "goat"
