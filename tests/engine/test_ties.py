"""Ties anywhere (docs/language.md, "Ties"): `tie_highest`, `tie_lowest`, `with_highest`,
`with_lowest` in the engine, at the end of a round with known hand values. (Engine against
checker: test_checks_encoding_order.py.)"""

from __future__ import annotations

import pytest

from interpreter.engine import prepare
from interpreter.engine import tileset as ts
from interpreter.engine.situations import RoundSituation
from engine_support import text_variant, tiles


def loser_by_side(rule: str, hands: list[str], *, partners: bool = False) -> list[bool]:
    """`loser: RULE` for every side after a fish that leaves these hands (value = pips)."""
    players = len(hands)
    sides = "sides: partners" if partners else "sides: individual"
    setup = prepare(text_variant(f"loser: {rule}\n  {sides}"), players)
    situation = RoundSituation(setup.seating, first=False, end="fish", seat=0, lead=0, last=0,
                               hands=[tiles(h) for h in hands], carried=0,
                               hand_value=lambda seat, hand: ts.pips(hand), leader=1)
    found = []
    for side in range(setup.seating.sides):
        situation.for_side(side, opened=True, remembered=0)
        found.append(bool(setup.rules["loser"](situation)))
    return found


@pytest.mark.parametrize("rule, hands, expected", [
    # pips 3, 3, 9: a tie for the lowest, none for the highest
    ("tie_lowest(all)", ["0-3", "1-2", "4-5"], [True, True, True]),
    ("tie_highest(all)", ["0-3", "1-2", "4-5"], [False, False, False]),
    ("tie_highest(others)", ["0-3", "1-2", "4-5"], [False, False, True]),
    ("side = with_lowest(all)", ["0-3", "1-2", "4-5"], [False, False, False]),
    ("side = with_lowest(all) or tie_lowest(all) and value(side) = lowest(all)",
     ["0-3", "1-2", "4-5"], [True, True, False]),
    ("side = with_highest(all)", ["0-3", "1-2", "4-5"], [False, False, True]),
    # the first of those tied for the lowest, in turn order from the leader (seat 1)
    ("side = team(first_from(leader, with_lowest(all)))", ["0-3", "1-2", "4-5"],
     [False, True, False]),
    ("side = team(first_from(seat(2), with_lowest(all)))", ["0-3", "1-2", "4-5"],
     [True, False, False]),
    ("side = team(earliest(with_lowest(all)))", ["4-5", "1-2", "0-3"], [False, True, False]),
])
def test_ties_in_any_group(rule: str, hands: list[str], expected: list[bool]) -> None:
    assert loser_by_side(rule, hands) == expected


def test_partners_tie_by_side_not_by_seat() -> None:
    # sides: 0+2 hold 3 + 4 = 7, 1+3 hold 3 + 4 = 7: a tie for both the highest and lowest
    hands = ["0-3", "1-2", "0-4", "1-3"]
    assert loser_by_side("tie_lowest(all) and tie_highest(all)", hands, partners=True) == [
        True, True]
    assert loser_by_side("with_highest(all) = all", hands, partners=True) == [True, True]


def test_a_group_chosen_by_if_between_a_group_and_a_side_is_a_group() -> None:
    # `if ... then all else side` is a group: for side 0 the `else` branch is the group {0}
    hands = ["0-3", "1-2", "4-5"]
    rule = "tie_lowest(if end = out then all else side)"
    assert loser_by_side(rule, hands) == [False, False, False]  # one side alone: no tie
    rule = "with_lowest(if end = fish then side else all) = side"
    assert loser_by_side(rule, hands) == [True, True, True]
    rule = "tie_lowest(if end = out then side else all)"  # the group `all` is taken
    assert loser_by_side(rule, hands) == [True, True, True]
