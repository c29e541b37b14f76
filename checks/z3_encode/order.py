"""Seat order and turn order: `first_from(s, g)` and `earliest(g)` (interpreter/language/slots.py).

Seats are numbered clockwise from 0 and play goes clockwise, so turn order from a seat s is
s, s+1, ... (mod the player count). A seat belongs to a group when its side does.
"""

from __future__ import annotations

from typing import Any, Callable

import z3

from ..reporting.kinds import Kind
from . import values as V
from .tables import MAX_SEATS, N
from .values import Hazard, Sym

from interpreter.language.slots import SEAT


def _in_group(group: V.Group, side: Any) -> Any:
    return z3.Or(*[z3.And(side == k, group[k]) for k in range(MAX_SEATS)])


def _first_of(seats: list[Any], inside: Callable[[Any], Any], reached: list[Any]
              ) -> tuple[Any, Any]:
    """Return (the first of the seats in the group, none of them is): `reached[i]` says that
    the i-th seat of the order is at the table."""
    found: Any = seats[-1]
    for seat, here in zip(reversed(seats[:-1]), reversed(reached[:-1])):
        found = z3.If(z3.And(here, inside(seat)), seat, found)
    none = z3.Not(z3.Or(*[z3.And(here, inside(seat)) for seat, here in zip(seats, reached)]))
    return found, none


def order_functions(team: Callable[[Any], Any]) -> dict[str, Any]:
    """Return first_from() and earliest(), given the side of a (symbolic) seat."""
    def first_from(a: list[Sym], pos: Any) -> Sym:
        start, group = a[0].value, V.as_group(a[1].value, a[1].type)
        seats = [z3.If(start + step >= N, start + step - N, start + step)
                 for step in range(MAX_SEATS)]
        found, none = _first_of(seats, lambda q: _in_group(group, team(q)),
                                [step < N for step in range(MAX_SEATS)])
        hazard = Hazard(none, Kind.GAP, "the group of sides it looks at is empty", pos)
        return Sym(found, SEAT, V.all_hazards(*a) + (hazard,))

    def earliest(a: list[Sym], pos: Any) -> Sym:
        group = V.as_group(a[0].value, a[0].type)
        seats = [z3.IntVal(q) for q in range(MAX_SEATS)]
        found, none = _first_of(seats, lambda q: _in_group(group, team(q)),
                                [q < N for q in range(MAX_SEATS)])
        hazard = Hazard(none, Kind.GAP, "the group of sides it looks at is empty", pos)
        return Sym(found, SEAT, a[0].hazards + (hazard,))

    return {"first_from": first_from, "earliest": earliest}
