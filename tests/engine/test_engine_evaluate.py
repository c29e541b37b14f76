"""The concrete meaning of expressions (docs/language.md, "Types"), one function at a time."""

from __future__ import annotations

import pytest

from interpreter.engine import RuleStop, prepare
from interpreter.engine.situations import DealSituation, HandSituation
from engine_support import text_variant, tiles


def hand_value(expr: str, hand: str, *, extra: str = "", players: int = 2) -> int:
    """Evaluate `expr` as the `hand value` of a hand."""
    setup = prepare(text_variant(f"hand value: {expr}\n  {extra}"), players)
    situation = HandSituation(players, False)
    situation.hand = tiles(hand)
    return setup.rules["hand value"](situation)


@pytest.mark.parametrize("expr, hand, expected", [
    ("pips(hand)", "0-5 3-5 1-0", 14),
    ("pips(hand)", "", 0),
    ("count(hand)", "0-0 1-3 1-4", 3),
    ("count(doubles(hand))", "0-0 1-1 1-4 6-6", 3),
    ("most(hand)", "0-1 0-2 0-3 1-1 1-2", 3),
    ("count(with(hand, 1))", "0-1 0-2 1-1 1-2", 3),
    ("count(with(hand, 9))", "0-1", 0),
    ("pips(hand + [6-6])", "0-1", 13),
    ("pips(hand + [0-1])", "0-1", 1),
    ("count(hand - doubles(hand))", "0-0 0-1 2-2 2-3", 2),
    ("pips([heaviest(hand)])", "0-1 5-6 2-2", 11),
    ("pips([lightest(hand)])", "0-1 5-6 2-2", 1),
    ("min(3, 7) * 10 + max(3, 7)", "", 37),
    ("if 5-5 in hand then 1 else 2", "5-5", 1),
    ("if 5-5 in hand then 1 else 2", "4-5", 2),
    ("if hand = [0-0] then 25 else pips(hand)", "0-0", 25),
    ("if hand = [0-0] then 25 else pips(hand)", "0-0 0-1", 1),
    ("if hand = [5-3] then 1 else 0", "3-5", 1),
])
def test_functions_and_operators(expr: str, hand: str, expected: int) -> None:
    assert hand_value(expr, hand) == expected


def test_heaviest_of_a_tie_is_undefined_and_names_the_rule() -> None:
    with pytest.raises(RuleStop) as stop:
        hand_value("pips([heaviest(hand)])", "3-6 4-5 0-1")
    assert stop.value.kind == "undefined"
    assert "test.kozel:" in str(stop.value) and "hand value" in str(stop.value)
    assert "3-6 and 4-5 share the most pips" in str(stop.value)


def test_lightest_of_nothing_is_undefined() -> None:
    with pytest.raises(RuleStop, match="empty set"):
        hand_value("pips([lightest(hand)])", "")


def test_and_or_if_look_only_at_what_they_need() -> None:
    # heaviest() would be undefined on the tie 3-6/4-5; the left operand decides first
    assert hand_value("if count(hand) > 5 and pips([heaviest(hand)]) > 0 then 1 else 0",
                      "3-6 4-5") == 0
    assert hand_value("if count(hand) < 5 or pips([heaviest(hand)]) > 0 then 1 else 0",
                      "3-6 4-5") == 1
    assert hand_value("if count(hand) < 5 then 1 else pips([heaviest(hand)])", "3-6 4-5") == 1


def test_options_and_player_count_are_constants() -> None:
    variant = text_variant("option extra: 10 | 20 = 10\n  hand value: pips(hand) + extra "
                           "when players = 2\n  hand value: 0 otherwise")
    situation = HandSituation(2, False)
    situation.hand = tiles("1-2")
    assert prepare(variant, 2).rules["hand value"](situation) == 13
    assert prepare(variant, 2, {"extra": "20"}).rules["hand value"](situation) == 23
    assert prepare(variant, 3).rules["hand value"](situation) == 0


def test_symbolic_option_values_compare_with_their_names() -> None:
    variant = text_variant("option style: plain | fancy = plain\n"
                           "  hand value: 1 when style = fancy\n  hand value: 2 otherwise")
    situation = HandSituation(2, False)
    assert prepare(variant, 2).rules["hand value"](situation) == 2
    assert prepare(variant, 2, {"style": "fancy"}).rules["hand value"](situation) == 1


def deal_situation(hands: list[str], stock: str = "") -> DealSituation:
    setup = prepare(text_variant(""), len(hands))
    return DealSituation(setup.seating, [tiles(h) for h in hands],
                         [t for t in range(28) if tiles(stock) >> t & 1], True)


def test_holder_and_first_dealt() -> None:
    variant = text_variant("lead match: holder(first_dealt([1-1, 2-2, 3-3]))")
    rule = prepare(variant, 2).rules["lead match"]
    assert rule(deal_situation(["0-1 2-2", "3-3 1-2"])) == 0
    assert rule(deal_situation(["0-1 3-3", "1-1 1-2"])) == 1
    with pytest.raises(RuleStop, match=r"none of 1-1, 2-2, 3-3 was dealt") as stop:
        rule(deal_situation(["0-1", "1-2"], "1-1 2-2 3-3"))
    assert stop.value.kind == "undefined" and "lead match" in stop.value.rule


def test_holder_of_an_undealt_tile_is_undefined() -> None:
    rule = prepare(text_variant("lead match: holder(1-1)"), 2).rules["lead match"]
    with pytest.raises(RuleStop, match=r"holder\(1-1\) is undefined: 1-1 was not dealt"):
        rule(deal_situation(["0-1", "1-2"], "1-1"))


def test_hand_of_and_dealt_and_stock() -> None:
    variant = text_variant("lead match: holder(1-2) when count(hand_of(holder(1-2))) = 2 and "
                           "count(stock) = 1 and 1-1 in dealt\n  lead match: holder(0-1) otherwise")
    rule = prepare(variant, 2).rules["lead match"]
    assert rule(deal_situation(["0-1", "1-2 1-1"], "3-3")) == 1
    assert rule(deal_situation(["0-1 1-1", "1-2"], "3-3")) == 0


def test_winner_after_a_fish_is_undefined() -> None:
    from engine_support import finished, score
    setup = prepare(text_variant("loser: side != team(winner)"), 2)
    assert score(setup, finished(setup, ["", "1-2"], end="out", seat=0)).losers == (False, True)
    with pytest.raises(RuleStop, match=r"`winner` is undefined: the round ended in a fish") as stop:
        score(setup, finished(setup, ["0-1", "1-2"], end="fish", seat=0))
    assert stop.value.slot == "loser" and "test.kozel:" in stop.value.rule


def test_a_count_of_a_written_list_is_folded() -> None:
    assert hand_value("count([1-1, 2-2]) + count(hand)", "0-1") == 3


@pytest.mark.parametrize("expr, hand, expected", [
    ("round_to(pips(hand), 5)", "0-5 3-4", 10),  # 12
    ("round_to(pips(hand), 5)", "0-5 3-5", 15),  # 13
    ("round_to(pips(hand), 5)", "0-5 4-6", 15),  # 15
    ("round_to(pips(hand), 10)", "0-5", 10),  # a half goes up
    ("round_to(pips(hand), 1)", "2-3", 5),
    ("round_to(pips(hand), 3)", "", 0),
    ("round_to(pips(hand) - 20, 4)", "", -20),
    ("round_to(pips(hand) - 20, 4)", "1-1", -16),  # -18: the half goes up, to -16
    ("round_to(pips(hand) - 20, 4)", "0-1", -20),  # -19
])
def test_round_to_the_nearest_multiple_halves_up(expr: str, hand: str, expected: int) -> None:
    assert hand_value(expr, hand) == expected


def test_a_seat_by_number_is_undefined_beyond_the_table() -> None:
    variant = text_variant("lead match: seat(2)")
    assert prepare(variant, 3).rules["lead match"](deal_situation(["0-1", "1-2", "2-2"])) == 2
    with pytest.raises(RuleStop, match=r"seat\(2\) is undefined: a table of 2 players") as stop:
        prepare(variant, 2).rules["lead match"](deal_situation(["0-1", "1-2"]))
    assert stop.value.kind == "undefined"


def test_lowest_is_the_smallest_hand_value_among_the_sides() -> None:
    from engine_support import finished, score
    setup = prepare(text_variant("loser: value(side) > lowest(all)\n  "
                                 "score: value(side) - lowest(others)"), 3)
    result = score(setup, finished(setup, ["1-2", "0-1", "5-6"], end="fish", seat=0))
    assert result.losers == (True, False, True)
    assert result.points == (3 - 1, 1 - 3, 11 - 1)


def test_highest_total_reads_every_side_after_the_round() -> None:
    from interpreter.engine.scoring import Ledger
    from engine_support import finished, score
    setup = prepare(text_variant("loser: side != team(winner)\n  score: value(others) when "
                                 "not loser\n  score: 0 otherwise\n  "
                                 "goat: highest_total(others) >= 61"), 3)
    ledger = Ledger(3, totals=[50, 10, 0])
    result = score(setup, finished(setup, ["", "5-6", "0-1"], end="out", seat=0), ledger=ledger)
    assert result.scores == (62, 10, 0) and result.goat == (1, 2)
    ledger = Ledger(3, totals=[20, 10, 0])
    result = score(setup, finished(setup, ["", "5-6", "0-1"], end="out", seat=0), ledger=ledger)
    assert result.scores == (32, 10, 0) and result.goat == ()
