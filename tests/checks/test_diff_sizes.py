"""Variants of different tables (gambler-1v1 has two players, pairs four) compared on what does
not depend on the table: each difference says on what it was compared, and each variant's game
replays through the engine under that variant's own rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from checks.compare.diff import VariantDiff, diff_variants
from checks.compare.diff_sizes import apart, seated, table_free
from interpreter.engine.records import parse_record
from interpreter.engine.referee import replay
from interpreter.language.model import Variant
from interpreter.language.resolve import load_paths


@pytest.fixture(scope="module")
def seeds() -> dict[str, Variant]:
    library, names = load_paths([Path("spec/variants")])
    return {name: library.resolve(name) for name in names}


@pytest.fixture(scope="module")
def gambler_pairs(seeds: dict[str, Variant]) -> VariantDiff:
    return diff_variants(seeds["gambler-1v1"], seeds["pairs"])


def test_at_most_three_slots_stay_incomparable(gambler_pairs: VariantDiff) -> None:
    apart_slots = [s.slot for s in gambler_pairs.slots if s.status == "incomparable"]
    assert len(apart_slots) <= 3, apart_slots


def test_each_entry_says_on_what_it_was_compared(gambler_pairs: VariantDiff) -> None:
    for entry in gambler_pairs.slots:
        assert entry.across is not None, entry.slot
        assert str(entry.note).startswith("compared "), (entry.slot, entry.note)
        assert entry.as_json()["across"]["words"].startswith("compared ")


def test_each_difference_shows_a_game_of_each_variant_at_its_own_table(
        seeds: dict[str, Variant], gambler_pairs: VariantDiff) -> None:
    different = [s for s in gambler_pairs.slots if s.status == "different"]
    assert len(different) >= 10
    for entry in different:
        shown = [t for t in entry.across.tables if t.witness is not None]
        assert shown, entry.slot
        for table in shown:
            record = dict(table.witness.record)
            assert record["variant"] == table.table
            assert record["players"] in seeds[table.table].players
            replay(seeds[table.table], parse_record(record), partial=True)  # raises if not
            does = dict(table.witness.does)
            assert does["gambler-1v1"] != does["pairs"], entry.slot


def test_a_hand_rule_is_compared_on_a_hand_alone(gambler_pairs: VariantDiff) -> None:
    hand_value = next(s for s in gambler_pairs.slots if s.slot == "hand value")
    assert (hand_value.status, hand_value.across.on) == ("different", "hand")
    for table in hand_value.across.tables:
        does = dict(table.witness.does)
        # a lone double gambler-1v1 counts its own way (0-0 25, 5-5 and 6-6 50), pairs by pips
        assert does["gambler-1v1"] in (25, 50) and does["pairs"] != does["gambler-1v1"]


def test_the_same_words_reading_the_table_are_not_taken_as_the_same(
        gambler_pairs: VariantDiff) -> None:
    # `loser` and `carry` are written word for word alike, but read each side's hand value,
    # which the two count differently: they part at both tables
    found = {s.slot: s for s in gambler_pairs.slots}
    for slot in ("loser", "carry"):
        assert found[slot].status == "different"
        assert found[slot].across.on == "each table"


def test_sides_and_deal_are_compared_on_the_rules_alone(gambler_pairs: VariantDiff) -> None:
    found = {s.slot: s for s in gambler_pairs.slots}
    assert found["sides"].status == "different"  # individual against partners
    assert found["deal"].status == "same"  # seven tiles each at both tables
    assert [t.table for t in found["sides"].across.tables] == ["gambler-1v1", "pairs"]
    assert all(t.witness is not None for t in found["sides"].across.tables)


def test_seated_variant_keeps_its_rules_at_the_hosts_table(seeds: dict[str, Variant]) -> None:
    guest = seated(seeds["pairs"], seeds["gambler-1v1"])
    assert guest.players == (2,)
    assert guest.cases("sides") == seeds["gambler-1v1"].cases("sides")
    assert guest.cases("score") == seeds["pairs"].cases("score")


def test_what_reads_the_table(seeds: dict[str, Variant]) -> None:
    gambler, pairs = seeds["gambler-1v1"], seeds["pairs"]
    assert table_free(gambler, pairs, "hand value")
    assert not table_free(gambler, pairs, "lead match")  # holder(): who holds a tile
    assert not table_free(gambler, pairs, "score")  # value(side): a side's hands


def test_variants_at_a_common_table_are_compared_as_before(seeds: dict[str, Variant]) -> None:
    assert apart(seeds["gambler-1v1"], seeds["pairs"])
    assert not apart(seeds["gambler-1v1"], seeds["minsk"])
    assert not apart(seeds["minsk"], seeds["pairs"])


def test_the_schema_lists_every_basis() -> None:
    import json

    from checks.compare.diff_sizes import BASIS, EACH_TABLE, OWN_TABLE

    schema = json.loads(Path("interpreter/schemas/kozel-diff.schema.json").read_text())
    across = schema["$defs"]["across"]["properties"]  # kozel check refers to it too
    assert set(across["on"]["enum"]) == {*BASIS.values(), OWN_TABLE, EACH_TABLE}


def test_a_house_rule_dealing_five_differs_from_its_parent_in_the_deal_only() -> None:
    # minsk deals seven; the house rule five: they never share a dealt situation, and every
    # other rule, written alike, is the same at each table
    library, _ = load_paths([Path("spec/variants")])
    library.add_text("variant five extends minsk {\n  deal: 5\n}\n", "five.kozel")
    result = diff_variants(library.resolve("minsk"), library.resolve("five"))
    found = {s.slot: s for s in result.slots}
    assert found["deal"].status == "different"
    assert [s for s, e in found.items() if e.status != "same"] == ["deal"]
    assert found["hand value"].across is not None
    assert found["hand value"].across.on == "hand"


def test_a_table_rule_that_reads_an_option_seats_the_guest_with_that_option() -> None:
    # a new variant of two or three without options, against a house rule whose sides read
    # its own option: each is seated at the other's table with the rules (and the option)
    # that table has, and every slot is compared
    library, _ = load_paths([Path("spec/variants")])
    library.add_text("variant yard extends kozel-classic {\n  option teams: yes | no = no\n}\n",
                     "yard.kozel")
    library.add_text(TINY, "tiny.kozel")
    yard, tiny = library.resolve("yard"), library.resolve("tiny")
    guest = seated(tiny, yard)
    assert guest.option("teams") == yard.option("teams") and tiny.option("teams") is None
    result = diff_variants(tiny, yard)  # it raised here when the guest lacked `teams`
    assert "unknown" not in {s.status for s in result.slots}
    assert any(s.across is not None and s.across.on == "each table" for s in result.slots)


TINY = """variant tiny "Tiny" {
  players 2..3
  sides: individual
  deal: 6
  draw: none
  lead match: holder(1-1)
  lead round: winner when previous = out
  lead round: fisher when previous = fish
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: end = out and side != team(winner)
  loser: end = fish and value(side) = highest(all)
  score: pips_of(side) when loser
  score: 0 otherwise
  carry: 0
  goat: total > 101
}
"""


def test_the_json_of_a_diff_across_tables_is_valid(gambler_pairs: VariantDiff) -> None:
    import json

    import jsonschema
    import referencing

    schemas = [json.loads(p.read_text(encoding="utf-8"))
               for p in Path("interpreter/schemas").glob("*.schema.json")]
    registry = referencing.Registry().with_resources(
        (s["$id"], referencing.Resource.from_contents(s)) for s in schemas)
    schema = next(s for s in schemas if s["$id"] == "urn:kozel:schema:kozel-diff")
    output = gambler_pairs.as_json()
    slots_only = {**schema, "required": ["slots"]}  # the command adds `limits`
    errors = [e.message for e in jsonschema.Draft202012Validator(
        slots_only, registry=registry).iter_errors(output)]
    assert errors == []
