"""Conditions (checks/questions/conditions.py) → Z3 formulas over their situation."""

from __future__ import annotations

from typing import Any, Callable

import z3

from checks.questions.conditions import Condition
from interpreter.language.ast import NOWHERE
from interpreter.engine.tiles import ALL_TILES

from ..reporting.kinds import Kind
from . import terms as z3t
from . import values as V
from .contexts import PARTNERS, setup_slot
from .expressions import EncodingError
from .session import Query, Session
from .tables import N, TILE_COUNT
from .values import Hazard, Sym


def queries_for(session: Session, cond: Condition) -> list[Query]:
    """Return the formulas that answer a condition (one per hazard for `defined`)."""
    build = _BUILD.get(cond.query)
    if build is None:
        raise EncodingError(f"unknown condition {cond.query!r}")
    try:
        return build(session, cond)
    except z3.Z3Exception as error:  # no z3 exception leaves this package
        raise EncodingError(f"cannot encode the question about `{cond.slot or 'a claim'}`: "
                            f"{error}") from None


def _hazard_query(cond: Any, hazard: Hazard) -> Query:
    within = None if z3.is_true(cond) else cond  # a case's value: only where the case applies
    return Query(z3t.And(cond, hazard.cond), hazard.kind, hazard.text, hazard.pos.line,
                 hazard.pos.column, file=hazard.pos.file, within=within)


def _unique(hazards: list[tuple[Any, Hazard]]) -> list[tuple[Any, Hazard]]:
    """One query per place and reason (a hazard may reach a case along several paths)."""
    merged: dict[tuple, tuple[Any, Hazard]] = {}
    for where, hazard in hazards:
        key = (hazard.pos.line, hazard.pos.column, hazard.text)
        if key in merged:
            old_where, old = merged[key]
            merged[key] = (V.TRUE, Hazard(z3t.Or(z3t.And(old_where, old.cond),
                                                 z3t.And(where, hazard.cond)),
                                          hazard.kind, hazard.text, hazard.pos))
        else:
            merged[key] = (where, hazard)
    return list(merged.values())


def _defined(session: Session, cond: Condition) -> list[Query]:
    slot = session.slot(cond.situation, cond.slot)
    case = slot.cases[cond.case or 0]
    found: list[tuple[Any, Hazard]] = []
    if case.guard is not None:
        found += [(V.TRUE, h) for h in case.guard.hazards]
    if case.value is not None:
        found += [(case.applies, h) for h in case.value.hazards]
    return [_hazard_query(where, h) for where, h in _unique(found)]


def _no_case(session: Session, cond: Condition) -> list[Query]:
    return [Query(session.slot(cond.situation, cond.slot).none_applies(), Kind.GAP)]


def _applies(session: Session, cond: Condition) -> list[Query]:
    slot = session.slot(cond.situation, cond.slot)
    return [Query(slot.cases[cond.case or 0].applies)]


def _conflict(session: Session, cond: Condition) -> list[Query]:
    slot = session.slot(cond.situation, cond.slot)
    for a, b, both in slot.conflicts:
        if a.index == cond.case and b.index == cond.other:
            show: dict[str | int, Any] = {a.case.pos.line: a.value,  # by the rule's line
                                          b.case.pos.line: b.value}
            return [Query(both, Kind.CONFLICT, show=show)]
    return []


def _lead_empty(session: Session, cond: Condition) -> list[Query]:
    slot = session.slot(cond.situation, cond.slot)
    hand = session.situation(cond.situation).sit.envs[0].term("hand", cond.pos).value
    allowed = tuple(z3t.And(a, h) for a, h in zip(slot.value.value, hand))
    return [Query(z3t.And(slot.ok, z3t.Not(z3t.Or(*allowed))), Kind.GAP)]


def _stuck(session: Session, cond: Condition) -> list[Query]:
    """Nobody can lay a tile or draw, and the fish rule says play goes on."""
    fish = session.slot(cond.situation, cond.slot)
    blocked = session.situation(cond.situation).sit.envs[0].term("blocked", cond.pos).value
    return [Query(z3t.And(blocked, fish.ok, z3t.Not(fish.value.value)), Kind.GAP)]


def _claim(session: Session, cond: Condition) -> list[Query]:
    claim = session.encs[0].variant.claims[cond.claim or 0]
    sym = session.expr(cond.situation, claim.expr)
    return [Query(z3t.Not(z3t.And(sym.defined(), sym.value)))]


def _tile_set(session: Session, cond: Condition) -> list[Query]:
    every = V.tiles_const(range(TILE_COUNT))
    distinct = len(set(ALL_TILES)) == TILE_COUNT
    return [Query(z3t.Not(z3t.And(V.count(every) == 28, V.pips(every) == 168,
                                  z3.BoolVal(distinct))))]


def _deal_fits(session: Session, cond: Condition) -> list[Query]:
    deal = setup_slot(session.encs[0], "deal")
    size = deal.value.value
    return [Query(z3t.And(deal.ok, z3t.Or(size < 1, size * N > TILE_COUNT)))]


def _partners_four(session: Session, cond: Condition) -> list[Query]:
    sides = setup_slot(session.encs[0], "sides")
    return [Query(z3t.And(sides.ok, sides.value.value == PARTNERS, N != 4))]


def _reserve_fits(session: Session, cond: Condition) -> list[Query]:
    enc = session.encs[0]
    if not enc.variant.cases("reserve"):
        return []
    reserve, deal = setup_slot(enc, "reserve"), setup_slot(enc, "deal")
    r = reserve.value.value
    return [Query(z3t.And(reserve.ok, deal.ok,
                          z3t.Or(r < 0, r > TILE_COUNT - N * deal.value.value)))]


def _points_nonnegative(session: Session, cond: Condition) -> list[Query]:
    table = session.situation(cond.situation).sit.table
    points = table.scalars["points"][0]
    return [Query(points < 0)]


def _move_points_nonnegative(session: Session, cond: Condition) -> list[Query]:
    """A move that scores below zero (where `move score` gives a value)."""
    scored = session.slot(cond.situation, cond.slot)
    return [Query(z3t.And(scored.ok, scored.value.value < 0))]


def _one_goat(session: Session, cond: Condition) -> list[Query]:
    return _two_at_once(session.situation(cond.situation).sit.extra["goats"][0])


def _one_winner(session: Session, cond: Condition) -> list[Query]:
    return _two_at_once(session.situation(cond.situation).sit.extra["winners"][0])


def _two_at_once(holds: list[Any]) -> list[Query]:
    """Some two sides for which the rule holds in the same round."""
    pairs = [z3t.And(holds[i], holds[j]) for i in range(4) for j in range(i + 1, 4)]
    return [Query(z3t.Or(*pairs))]


def _fish_ends(session: Session, cond: Condition) -> list[Query]:
    fish = session.slot(cond.situation, "fish")
    env = session.situation(cond.situation).sit.envs[0]
    left, right = env.term("left", cond.pos).value, env.term("right", cond.pos).value
    return [Query(z3t.And(fish.ok, fish.value.value, left != right))]


_BUILD: dict[str, Callable[[Session, Condition], list[Query]]] = {
    "defined": _defined, "no-case": _no_case, "reachable": _applies, "unspecified": _applies,
    "conflict": _conflict, "lead-empty": _lead_empty, "stuck": _stuck, "claim": _claim, "tile-set": _tile_set,
    "deal-fits": _deal_fits, "partners-four": _partners_four, "reserve-fits": _reserve_fits,
    "points-nonnegative": _points_nonnegative,
    "move-points-nonnegative": _move_points_nonnegative, "one-goat": _one_goat,
    "one-winner": _one_winner,
    "fish-ends-equal": _fish_ends,
}


def diff_query(session: Session, key: str, slot: str) -> Query:
    """Return: some shared situation where the two variants' slot values differ, or where one
    gives a value and the other does not (a gap, a conflict, an unspecified case)."""
    try:
        return _diff_query(session, key, slot)
    except z3.Z3Exception as error:  # no z3 exception leaves this package
        raise EncodingError(f"cannot compare `{slot}`: {error}") from None


def _diff_query(session: Session, key: str, slot: str) -> Query:
    first, second = session.slot(key, slot, 0), session.slot(key, slot, 1)
    a, b = first.value, second.value
    if slot == "lead tile":  # what may be led: the rule's tiles in the leader's hand
        a, b = (_in_hand(session, key, index, sym) for index, sym in ((0, a), (1, b)))
    both = z3t.And(first.ok, second.ok, _differ(a, b))
    show: dict[str | int, Any] = {"a": a, "b": b, "a gives a value": Sym(first.ok, "bool"),
                                  "b gives a value": Sym(second.ok, "bool")}
    return Query(z3t.Or(both, first.ok != second.ok), show=show)


def _in_hand(session: Session, key: str, index: int, sym: Sym) -> Sym:
    hand = session.situation(key).sit.envs[index].term("hand", NOWHERE).value
    return Sym(tuple(z3t.And(x, h) for x, h in zip(sym.value, hand)), sym.type)


def _differ(a: Sym, b: Sym) -> Any:
    if isinstance(a.value, tuple):
        return z3t.Or(*[x != y for x, y in zip(a.value, b.value)])
    return a.value != b.value
