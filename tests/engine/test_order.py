"""Seat order and turn order (docs/language.md, "Order at the table"): `first_from(s, g)`,
`earliest(g)` and the round's `leader` at the end of a round, in the engine; resolving them
with positioned errors. (Engine against checker: test_checks_encoding_end.py.)"""

from __future__ import annotations

import pytest

from interpreter.engine import RuleStop, prepare
from interpreter.engine.situations import NextSituation, RoundSituation
from interpreter.language.errors import RuleFileError
from engine_support import text_variant


def lead_round(rule: str, *, leader: int, winner: int, players: int, partners: bool) -> int:
    """The seat `lead round: RULE` names after a round led by `leader` and won by `winner`."""
    sides = "sides: partners" if partners else "sides: individual"
    setup = prepare(text_variant(f"lead round: {rule}\n  {sides}"), players)
    situation = NextSituation(setup.seating, [0] * players, [], previous="out", seat=winner,
                              leader=leader)
    return setup.rules["lead round"](situation)


@pytest.mark.parametrize("rule, leader, winner, players, partners, expected", [
    ("first_from(leader, team(winner))", 1, 2, 4, True, 2),  # seats 0+2: 2 comes after 1
    ("first_from(leader, team(winner))", 3, 2, 4, True, 0),  # from 3 the turn goes to 0
    ("first_from(leader, team(winner))", 2, 2, 4, True, 2),  # the seat itself comes first
    ("first_from(next(leader), team(winner))", 2, 0, 4, True, 0),
    ("first_from(next(leader), team(winner))", 2, 1, 3, False, 1),
    ("first_from(seat(2), team(winner))", 0, 1, 3, False, 1),
    ("earliest(team(winner))", 0, 3, 4, True, 1),
    ("earliest(team(winner))", 0, 2, 4, True, 0),
    ("earliest(team(winner))", 0, 2, 3, False, 2),
])
def test_turn_order_and_seat_order(rule: str, leader: int, winner: int, players: int,
                                   partners: bool, expected: int) -> None:
    assert lead_round(rule, leader=leader, winner=winner, players=players,
                      partners=partners) == expected


def _end_of_round(rule: str, players: int, leader: int) -> list[bool]:
    """`loser: RULE` for every side after a round led by `leader` that seat 0 went out of."""
    setup = prepare(text_variant(f"loser: {rule}"), players)
    situation = RoundSituation(setup.seating, first=False, end="out", seat=0, lead=0, last=0,
                               hands=[0] * players, carried=0, hand_value=lambda s, h: 0,
                               leader=leader)
    found = []
    for side in range(setup.seating.sides):
        situation.for_side(side, opened=True, remembered=0)
        found.append(bool(setup.rules["loser"](situation)))
    return found


def test_the_leader_is_known_at_the_end_of_a_round() -> None:
    assert _end_of_round("side = team(leader)", 3, 1) == [False, True, False]


def test_the_first_of_the_others_in_turn_order_from_the_leader() -> None:
    # for side 2 the others are sides 0 and 1: from seat 1 the first of them is 1
    assert _end_of_round("first_from(leader, others) = seat(1)", 3, 1) == [True, False, True]
    assert _end_of_round("earliest(others) = seat(0)", 3, 1) == [False, True, True]


def test_first_of_no_side_is_undefined_and_names_the_rule() -> None:
    setup = prepare(text_variant("loser: earliest(others) = seat(0)"), 2)
    situation = RoundSituation(setup.seating, first=False, end="out", seat=0, lead=0, last=0,
                               hands=[0, 0], carried=0, hand_value=lambda s, h: 0, leader=0)
    situation.for_side(0, opened=True, remembered=0)
    situation.others = 0  # a group with no side (as `others` of a one-side table would be)
    with pytest.raises(RuleStop, match="earliest\\(\\) of no side is undefined"):
        setup.rules["loser"](situation)


@pytest.mark.parametrize("rule, place, message", [
    ("lead round: first_from(1, team(winner))", "3:26",
     "the argument of first_from() must be a seat, but '1' is a number"),
    ("lead round: earliest(winner, leader)", "3:15", "earliest() takes 1 argument, not 2"),
    ("lead tile: earliest(team(leader))", "3:14",
     "function earliest() cannot be used in `lead tile`"),
])
def test_order_functions_are_typed_with_positions(rule: str, place: str, message: str) -> None:
    with pytest.raises(RuleFileError) as error:
        text_variant(rule)
    assert f"test.kozel:{place}: error: {message}" in str(error.value)
