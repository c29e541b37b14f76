"""The physical situation at the table: where each tile is, who played, the line's ends.

A deal is one Boolean per (tile, zone) with "each tile in exactly one zone" and a PbEq for the
size of every zone, the stock included (ARCHITECTURE.md: without the stock's size the pigeonhole
proofs run for minutes). Player count and deal size are symbolic; the sizes are written as a
disjunction over the (players, deal) pairs the variants allow, found once by enumeration.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

import z3

from interpreter.language.errors import KozelError
from interpreter.engine.tiles import ALL_TILES

from . import terms as z3t
from ..questions.budget import Budget, limit_words
from . import values as V
from .values import MAX_SEATS, TILE_COUNT, Tiles

N = z3.Int("players")
D = z3.Int("deal")
SEAT_ZONES = tuple(f"seat{s}" for s in range(MAX_SEATS))


@dataclass
class Table:
    """Shared physical variables of one situation and the facts that make it reachable.

    A table may be a fork of a base table (the deal, the end of a round): it sees the base's
    variables and facts and adds its own, so the base's terms are built once per variant.
    """

    kind: str
    facts: list[Any] = field(default_factory=list)
    zones: dict[str, Tiles] = field(default_factory=dict)
    scalars: dict[str, tuple[Any, str]] = field(default_factory=dict)  # name -> (term, shape)
    side_of: dict[str, int] = field(default_factory=dict)  # a scalar of one side -> that side
    parent: "Table | None" = None
    tidy: list[Any] = field(default_factory=list)  # preferred in witnesses, never required
    sources: dict[int, str] = field(default_factory=dict)  # a fact's index -> the slot it needs

    def prefer(self, fact: Any) -> None:
        """Add a preference: a witness satisfies it when it can (carried 0, ...)."""
        self.tidy.append(fact)

    def all_tidy(self) -> list[Any]:
        """Return the base's preferences and this table's own."""
        return (self.parent.all_tidy() if self.parent else []) + self.tidy

    def need(self, fact: Any, slot: str = "") -> None:
        """Add a fact (facts may be discovered lazily while a formula is built); `slot` names
        the rule the fact requires to give a value (to say why no situation is left)."""
        if slot:
            self.sources[len(self.facts)] = slot
        self.facts.append(fact)

    def all_facts(self) -> list[Any]:
        """Return the base's facts and this table's own."""
        return (self.parent.all_facts() if self.parent else []) + self.facts

    def sourced(self) -> list[tuple[Any, str]]:
        """Return every fact (the base's first) with the slot it requires ("" for none)."""
        own = [(fact, self.sources.get(i, "")) for i, fact in enumerate(self.facts)]
        return (self.parent.sourced() if self.parent else []) + own

    def fork(self, kind: str) -> "Table":
        """Return a table that adds facts and scalars of its own to this one."""
        return Table(kind, [], dict(self.zones), dict(self.scalars), dict(self.side_of), self,
                     [])

    def scalar(self, name: str, term: Any, shape: str, side: int | None = None) -> Any:
        """Register a named scalar for witnesses (shape: int, bool, seat, tile, end); `side`:
        the side (from 0) it is a value of, if it is one side's."""
        self.scalars[name] = (term, shape)
        if side is not None:
            self.side_of[name] = side
        return term

    def seat_zone(self, seat: int) -> Tiles:
        """Return the tiles held by a seat."""
        return self.zones[SEAT_ZONES[seat]]

    def hand_of(self, seat: Any) -> Tiles:
        """Return the tiles held by a (symbolic) seat."""
        if V.is_concrete(seat):
            return self.seat_zone(seat.as_long())
        return tuple(z3t.Or(*[z3t.And(z3t.Eq(seat, s), self.seat_zone(s)[t])
                              for s in range(MAX_SEATS)])
                     for t in range(TILE_COUNT))

    def seats_union(self) -> Tiles:
        """Return the tiles in all hands."""
        result = self.seat_zone(0)
        for s in range(1, MAX_SEATS):
            result = V.union(result, self.seat_zone(s))
        return result


def zones(table: Table, names: Sequence[str], prefix: str) -> None:
    """Give every tile exactly one of the named zones."""
    grid = [[z3.Bool(f"{prefix}{name}[{tile}]") for name in names] for tile in ALL_TILES]
    for row in grid:
        table.need(z3t.PbEq([(b, 1) for b in row], 1))
    for z, name in enumerate(names):
        table.zones[name] = tuple(grid[t][z] for t in range(TILE_COUNT))


def pb_count(s: Tiles, op: str, k: int) -> Any:
    """Return a pseudo-Boolean size constraint on a set of tiles."""
    pairs = [(b, 1) for b in s]
    return {"=": z3t.PbEq, "<=": z3t.PbLe, ">=": z3t.PbGe}[op](pairs, k)


def per_combo(combos: Sequence[tuple[int, int]],
              sizes: Callable[[int, int], list[Any]]) -> Any:
    """Return: (players, deal) is one of the combos, with that combo's size constraints."""
    return z3t.Or(*[z3t.And(N == p, D == k, *sizes(p, k)) for p, k in combos])


def deal_sizes(table: Table) -> Callable[[int, int], list[Any]]:
    """Sizes of a fresh deal: `deal` tiles per seat at the table, the rest in the stock."""
    def sizes(p: int, k: int) -> list[Any]:
        seats = [pb_count(table.seat_zone(s), "=", k if s < p else 0) for s in range(MAX_SEATS)]
        return seats + [pb_count(table.zones["stock"], "=", TILE_COUNT - p * k)]
    return sizes


def seat_range(seat: Any) -> Any:
    """Return: the seat is at the table."""
    return z3t.And(seat >= 0, seat < N)


def parity(table: Table, line: Tiles, left: Any, right: Any, prefix: str) -> None:
    """Facts of a line of tiles with two open ends.

    For each value v, the half-tiles on the line showing v are paired at the joints, except at
    the two ends: halves(v) = 2·joints(v) + [left = v] + [right = v]. With every tile showing v
    on the line this makes both ends equal after a fish, as the texts say.
    """
    table.need(z3t.And(left >= 0, left <= 6, right >= 0, right <= 6))
    for v in range(7):
        joints = z3.Int(f"{prefix}joints[{v}]")
        table.need(joints >= 0)
        table.need(V.halves_showing(line, v) == 2 * joints + V.bool_int(left == v)
                   + V.bool_int(right == v))
    table.need(z3t.Or(*[z3t.And(line[i], z3t.Or(z3t.Eq(left, t.low), z3t.Eq(left, t.high)))
                        for i, t in enumerate(ALL_TILES)]))
    table.need(z3t.Or(*[z3t.And(line[i], z3t.Or(z3t.Eq(right, t.low), z3t.Eq(right, t.high)))
                        for i, t in enumerate(ALL_TILES)]))
    lone = [z3t.And(line[i], z3t.Or(z3t.And(z3t.Eq(left, t.low), z3t.Eq(right, t.high)),
                                    z3t.And(z3t.Eq(left, t.high), z3t.Eq(right, t.low))))
            for i, t in enumerate(ALL_TILES)]
    table.need(z3t.Implies(pb_count(line, "=", 1), z3t.Or(*lone)))
    table.need(pb_count(line, ">=", 1))


GAVE_UP = "the solver gave up while enumerating the player counts and deal sizes"


class Undecided(KozelError):
    """The solver gave up on what a situation is built on: every question over it is unknown."""


def enumerate_combos(facts: Sequence[Any], budget: Budget) -> list[tuple[int, int]]:
    """Return every (players, deal) pair the facts allow, each check within the budget.

    A list cut short would leave deals out of every situation built on it (and make questions
    over them vacuously proved), so where the solver gives up this raises Undecided instead.
    The pairs are finite: players are 2..4 and players × deal <= 28, so the checks are too.
    """
    solver = z3t.new_solver()
    z3t.add_facts(solver, facts)
    solver.add(D >= 1, N * D <= TILE_COUNT)
    budget.apply(solver)
    found: list[tuple[int, int]] = []
    while True:
        result = solver.check()
        if result == z3.unsat:
            return sorted(found)
        if result != z3.sat:
            why = solver.reason_unknown() or "rlimit"
            raise Undecided(f"{limit_words(why, budget)}: {GAVE_UP}")
        model = solver.model()
        p, k = model.eval(N).as_long(), model.eval(D).as_long()
        found.append((p, k))
        solver.add(z3t.Or(N != p, D != k))