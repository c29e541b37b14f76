"""Ties in any group: `with_highest(g)`, `with_lowest(g)` (the sides of g holding the highest
or lowest hand value among them, a group) and `tie_highest(g)`, `tie_lowest(g)` (two or more
sides of g share it). A group with no side has no such side and no tie."""

from __future__ import annotations

from typing import Any, Callable

import z3

from interpreter.language.slots import BOOL, GROUP

from . import values as V
from .tables import MAX_SEATS
from .values import Sym


def _extreme_sides(values: list[Any], present: list[Any], *, lowest: bool) -> list[Any]:
    """For each side: it is present and no present side has a better value."""
    found = []
    for k in range(MAX_SEATS):
        beaten = [z3.And(present[j], values[j] < values[k] if lowest else values[j] > values[k])
                  for j in range(MAX_SEATS) if j != k]
        found.append(z3.And(present[k], z3.Not(z3.Or(*beaten))))
    return found


def _two_of(members: list[Any]) -> Any:
    return z3.Or(*[z3.And(members[i], members[j])
                   for i in range(MAX_SEATS) for j in range(i + 1, MAX_SEATS)])


def tie_functions(sides: Callable[[], Any], side_values: Callable[[], list[Any]]
                  ) -> dict[str, Any]:
    """Return with_highest(), with_lowest(), tie_highest() and tie_lowest(), given the number
    of sides and every side's hand value."""
    def members(a: list[Sym], lowest: bool) -> list[Any]:
        group = V.as_group(a[0].value, a[0].type)
        count = sides()
        present = [z3.And(group[k], k < count) for k in range(MAX_SEATS)]
        return _extreme_sides(side_values(), present, lowest=lowest)

    def holding(lowest: bool) -> Any:
        return lambda a, pos: Sym(tuple(members(a, lowest)), GROUP, a[0].hazards)

    def tie(lowest: bool) -> Any:
        return lambda a, pos: Sym(_two_of(members(a, lowest)), BOOL, a[0].hazards)

    return {"with_highest": holding(False), "with_lowest": holding(True),
            "tie_highest": tie(False), "tie_lowest": tie(True)}
