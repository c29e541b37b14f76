"""House rules through the real parser and resolver: one case of a parent's slot replaced,
added or dropped, one inherited claim dropped or replaced, several goats; each mistake a
positioned error that says what the parent has."""

from __future__ import annotations

from pathlib import Path

import pytest

from interpreter.language.errors import RuleFileError
from interpreter.language.printer import format_variant
from interpreter.language.resolve import Library, load_paths, load_variant
from interpreter.language.summary import case_text

ROOT = Path(__file__).resolve().parents[2]


def _resolve(text: str, name: str = "mine"):
    library, _ = load_paths([ROOT / "spec" / "variants"], Library())
    library.add_text(text, "house.kozel")
    return library.resolve(name)


def _error(text: str) -> str:
    with pytest.raises(RuleFileError) as raised:
        _resolve(text)
    return str(raised.value)


def test_replace_changes_one_case_and_keeps_the_others_where_the_parent_wrote_them() -> None:
    variant = _resolve('variant mine extends minsk {\n'
                       '  replace lead tile when not first and count(doubles(hand) - [0-0, 6-6]) > 0:'
                       ' doubles(hand) + [5-6]\n}\n')
    cases = variant.cases("lead tile")
    assert [case_text(c) for c in cases] == [
        "[1-1] when first",
        "doubles(hand) + [5-6] when not first and count(doubles(hand) - [0-0, 6-6]) > 0",
        "hand when not first and count(doubles(hand) - [0-0, 6-6]) = 0"]
    assert [c.origin for c in cases] == ["minsk", "mine", "minsk"]
    assert (cases[1].pos.file, cases[1].pos.line) == ("house.kozel", 2)
    assert cases[0].pos.file.endswith("minsk.kozel") and cases[0].pos.line == 56
    assert len(variant.claims) == 2  # nothing else changed


def test_a_replacement_with_its_own_condition_and_an_added_and_dropped_case() -> None:
    variant = _resolve('variant mine extends minsk {\n'
                       '  replace lead round when previous = fish: next(fisher) when previous = fish\n'
                       '  add score: 10 when end = fish and not loser\n'
                       '  drop score when not loser\n'
                       '  replace goat: total >= target\n}\n')
    assert [case_text(c) for c in variant.cases("lead round")][1] == \
        "next(fisher) when previous = fish"
    assert [case_text(c) for c in variant.cases("score")] == [
        "value(side) when end = out and loser", "value(all) when end = fish and loser",
        "10 when end = fish and not loser"]
    assert [case_text(c) for c in variant.cases("goat")] == ["total >= target"]


def test_a_case_is_named_by_its_reading_or_by_otherwise() -> None:
    variant = _resolve('variant mine extends minsk {\n'
                       '  replace score reading own: value(all) when end = out and loser\n'
                       '  replace carry otherwise: 1\n}\n')
    assert case_text(variant.cases("score")[0]) == "value(all) when end = out and loser"
    assert not variant.cases("score")[0].readings  # the house rule reads its own sentence
    assert case_text(variant.cases("carry")[1]) == "1 otherwise"


def test_an_unknown_case_is_an_error_at_the_house_rule_listing_the_parents_cases() -> None:
    message = _error("variant mine extends minsk {\n  replace lead tile when first and 1-1 in hand: hand\n}\n")
    assert message.startswith("house.kozel:2:21: error: `lead tile` of 'minsk' has no case "
                              "`when first and 1-1 in hand`")
    assert "`[1-1] when first` (" in message and "minsk.kozel:56)" in message


def test_a_reading_shared_by_two_cases_names_neither() -> None:
    message = _error("variant mine extends minsk {\n  drop bonus reading last\n}\n")
    assert "2 cases of `bonus` of 'minsk' are with reading `last`" in message
    assert "house.kozel:2:14" in message


def test_claims_are_dropped_or_replaced_by_their_text() -> None:
    variant = _resolve('variant mine extends minsk {\n'
                       '  drop claim "рыба: на обоих концах одно и то же число"\n'
                       '  replace claim end "ровно одна сторона проигрывает рыбу, если нет равенства":'
                       ' end = out or tie or loser or value(side) <= highest(others)\n}\n')
    (claim,) = variant.claims
    assert claim.pos.file == "house.kozel" and claim.pos.line == 3
    message = _error('variant mine extends minsk {\n  drop claim "нет такого"\n}\n')
    assert message.startswith("house.kozel:2:3: error: 'minsk' has no claim \"нет такого\"")
    assert "рыба: на обоих концах одно и то же число" in message


def test_a_slot_written_anew_cannot_also_be_edited_and_an_edit_needs_a_parent() -> None:
    message = _error("variant mine extends minsk {\n  deal: 6\n  replace deal: 5\n}\n")
    assert "house.kozel:3:3: error: `deal` is written anew on line 2" in message
    with pytest.raises(RuleFileError, match="extends none"):
        load_variant("variant v {\n  add bonus: 1\n}\n")


def test_a_childs_child_sees_the_edits_and_a_broken_parent_stops_the_child() -> None:
    variant = _resolve('variant house extends minsk {\n  replace deal: 6\n  several goats: yes\n}\n'
                       'variant mine extends house {\n  add bonus: 1 when loser\n}\n')
    assert variant.several_goats
    assert [case_text(c) for c in variant.cases("deal")] == ["6"]
    assert variant.cases("deal")[0].origin == "house"
    message = _error('variant house extends minsk {\n  drop deal when players = 9\n}\n'
                     'variant mine extends house {\n  add bonus: 1 when loser\n}\n')
    assert "house.kozel:2:13" in message


def test_several_goats_prints_and_parses_back() -> None:
    variant = _resolve('variant mine extends minsk {\n  several goats: yes\n'
                       '      assume "a house rule"\n}\n')
    assert variant.several_goats and variant.several_goats_remarks.assumption == "a house rule"
    printed = format_variant(variant)
    assert "  several goats: yes\n      assume \"a house rule\"" in printed
    assert load_variant(printed, "printed.kozel") == variant
    assert not _resolve("variant mine extends minsk {\n}\n").several_goats


BASE = """variant v {
  players 2..4
  sides: individual
  deal: 7
  draw: none
  lead match: seat(0)
  %s
  lead tile: hand
  fish: blocked
  hand value: pips(hand)
  loser: side != team(winner) when end = out
  %s
  score: value(side) when loser
  score: 0 otherwise
  goat: total > 100
}
"""


def test_losers_tie_membership_and_count_are_well_typed_where_they_belong() -> None:
    variant = load_variant(BASE % (
        "lead round: next(fisher) when previous = fish and fisher in losers and not tie\n"
        "  lead round: leader otherwise",
        "loser: side in with_highest(all) and count(with_highest(all)) = 1 when end = fish"))
    assert len(variant.cases("lead round")) == 2
    with pytest.raises(RuleFileError, match=r"'losers' cannot be used in `loser`"):
        load_variant(BASE % ("lead round: leader", "loser: side in losers when end = fish"))
    with pytest.raises(RuleFileError, match="the left side of `in` must be a tile, a side or a seat"):
        load_variant(BASE % ("lead round: leader", "loser: 3 in all when end = fish"))
    with pytest.raises(RuleFileError, match="count.. counts the tiles of a set or the sides"):
        load_variant(BASE % ("lead round: leader", "loser: count(3) = 1 when end = fish"))


def test_an_option_of_one_value_is_the_house_rules_default_and_keeps_the_parents_words() -> None:
    one = _resolve('variant mine extends minsk {\n  option target: 150\n}\n').option("target")
    assert (one.values, one.default) == ((150,), 150)
    kept = _resolve('variant mine extends minsk {\n  option target: 100 | 150 = 150\n'
                    '      say 150 "to 150 points" ru "до 150 очков"\n}\n').option("target")
    assert kept.default == 150
    assert (kept.said(100, "ru"), kept.said(150, "en"), kept.said(300, "en")) == (
        "до 100 очков", "to 150 points", None)


def test_a_house_rules_option_of_one_value_plays_in_every_command() -> None:
    from interpreter.engine.setup import settle_options
    variant = _resolve('variant mine extends minsk {\n  option target: 150\n}\n')
    assert settle_options(variant) == {"target": 150}
