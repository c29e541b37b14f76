"""Per-side contexts after a round: end (side, others, opened, remembered), scored (+ loser),
recorded (+ points), match (+ total). One instance per side the rule is applied to."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import z3

from interpreter.language.reads import case_parts, functions_called, names_read
from interpreter.language.slots import (BOOL, END_FUNCTIONS, END_TERMS, GROUP, INT, LOSER_TERM,
                               MATCH_END_SLOTS, POINTS_TERM, SIDE)

from ..reporting.kinds import Kind
from . import terms as z3t
from ..reporting.catalogue import Said
from . import values as V
from .contexts import Situation, side_count
from .play_end import MAX_REMEMBERED, MAX_TOTAL, derive_round, extreme_of
from .forms import registered
from .rules import ContextEnv, FuncFn, SlotSyms, VariantEnc, const
from .tables import MAX_SEATS, Table
from .values import Hazard, Sym

DEPTH = ("end", "scored", "recorded", "match")


@dataclass
class SideInstance:
    """One side after a round, for one variant: its environments up to a context."""

    side: Any
    present: Any = None
    envs: dict[str, ContextEnv] = field(default_factory=dict)
    slots: dict[str, SlotSyms] = field(default_factory=dict)
    values: dict[str, Any] = field(default_factory=dict)


def side_instance(enc: VariantEnc, table: Table, round_env: ContextEnv, side: Any, tag: str,
                  upto: str, present: Any = None) -> SideInstance:
    """Build the side's environments up to `upto`, with the facts each step needs.

    Variables are named with `tag` only, so two variants compared by diff share them.
    """
    inst = SideInstance(side)
    sides = side_count(enc, table)
    if present is None:
        table.need(z3t.And(side >= 0, side < sides))
    inst.present = z3.BoolVal(True) if present is None else present
    opened = table.scalar(f"{tag}opened", z3.Bool(f"{tag}opened"), "bool")
    remembered = table.scalar(f"{tag}remembered", z3.Int(f"{tag}remembered"), "int")
    table.need(z3t.And(remembered >= 0, remembered <= MAX_REMEMBERED,
                       z3t.Implies(opened, remembered == 0)))
    # a match starts with a blank sheet: nothing opened, remembered or written yet
    table.need(z3t.Implies(table.scalars["first"][0], z3t.And(z3t.Not(opened), remembered == 0)))
    table.prefer(remembered == 0)
    amounts = _constant_amounts(enc.variant.cases("remember"))
    if enc.tag == "" and amounts is not None:  # (diff: left free, the two may differ)
        table.need(z3t.Or(*[remembered == a for a in amounts]))
    others = tuple(z3t.And(k < sides, side != k) for k in range(MAX_SEATS))
    inst.envs["end"] = round_env.extended("end", {
        "side": const(Sym(side, SIDE)), "others": const(Sym(others, GROUP)),
        "opened": const(Sym(opened, BOOL)), "remembered": const(Sym(remembered, INT))})
    inst.values.update(opened=opened, remembered=remembered)
    for step in DEPTH[1:DEPTH.index(upto) + 1]:
        _STEPS[step](enc, table, inst, tag)
    return inst


def _constant_amounts(cases: tuple) -> set[int] | None:
    """Return what `remember` can give when every case is a number (0: the default)."""
    from interpreter.language import ast
    if any(not isinstance(c.value, ast.IntLit) for c in cases):
        return None
    return {0} | {c.value.value for c in cases}


def _need(table: Table, inst: SideInstance, slot: str, enc: VariantEnc, env: ContextEnv) -> Any:
    """A slot a later context reads (loser, score, bonus): where it gives no value (a gap,
    a conflict, an unspecified case) the later context sees any value: that keeps the later
    rules checkable where the text is silent, and is said in the witness note."""
    syms = enc.slot(slot, env)
    inst.slots[slot] = syms
    if z3.is_true(z3.simplify(syms.ok)):
        return syms.value.value
    table.prefer(syms.ok)  # a witness that leans on a rule's silence only when it must
    free = z3.FreshConst(z3.BoolSort() if syms.value.type == BOOL else z3.IntSort(), slot)
    if syms.value.type != BOOL:
        table.need(z3t.And(free >= 0, free <= MAX_TOTAL))
    return z3t.If(syms.ok, syms.value.value, free)


def _scored(enc: VariantEnc, table: Table, inst: SideInstance, tag: str) -> None:
    loser = _need(table, inst, "loser", enc, inst.envs["end"])
    table.scalar(f"{enc.tag}{tag}loser", loser, "bool")
    inst.envs["scored"] = inst.envs["end"].extended("scored", {"loser": const(Sym(loser, BOOL))})


def _recorded(enc: VariantEnc, table: Table, inst: SideInstance, tag: str) -> None:
    env = inst.envs["scored"]
    points = _need(table, inst, "score", enc, env) + _need(table, inst, "bonus", enc, env)
    table.scalar(f"{enc.tag}{tag}points", points, "int")
    inst.values["points"] = points
    inst.envs["recorded"] = env.extended("recorded", {"points": const(Sym(points, INT))})


def _match(enc: VariantEnc, table: Table, inst: SideInstance, tag: str) -> None:
    """What the side writes and its total; then the `match` context with a sheet whose other
    sides' totals are free (made only when a rule reads them, see `free_column`)."""
    match_totals(enc, table, inst, tag)
    before = free_column(enc, table, inst.side, inst.values["before"], "total before", 0)
    after = free_column(enc, table, inst.side, inst.values["total"], "total", -MAX_TOTAL)
    match_env(enc, table, inst, before, after)


def match_totals(enc: VariantEnc, table: Table, inst: SideInstance, tag: str) -> None:
    """The side's total before the round and after it (what it writes, through `opens`)."""
    env = inst.envs["recorded"]
    opens = enc.slot("opens", env)
    remember_slot = enc.slot("remember", env)
    opened, points = inst.values["opened"], inst.values["points"]
    present = inst.present
    table.need(z3t.Implies(z3t.And(present, z3t.Not(opened)), opens.ok), "opens")
    table.need(z3t.Implies(z3t.And(present, z3t.Not(opened), z3t.Not(opens.value.value)),
                           remember_slot.ok), "remember")
    written = z3t.If(opened, points, z3t.If(opens.value.value,
                                            points + inst.values["remembered"], 0))
    before = table.scalar(f"{tag}total before", z3.Int(f"{tag}total before"), "int")
    table.need(z3t.And(before >= 0, before <= MAX_TOTAL))
    table.need(z3t.Implies(table.scalars["first"][0], before == 0))
    inst.values["before"] = before
    if enc.variant.cases("move score"):  # (else the term stays as it was: Z3's models too)
        written = written + _move_points(enc, table, tag)
    inst.values["total"] = table.scalar(f"{enc.tag}{tag}total", before + written, "int")


def _move_points(enc: VariantEnc, table: Table, tag: str) -> Any:
    """What the side's moves scored in the round (`move score`), written besides its points:
    any value in range (an over-approximation: the moves are not tracked to the round's
    end)."""
    name = f"{enc.tag}{tag}move points"
    moved = table.scalar(name, z3.Int(name), "int")
    table.need(z3t.And(moved >= -MAX_TOTAL, moved <= MAX_TOTAL))
    table.prefer(moved == 0)
    return moved


Column = Callable[[], list[Any]]


def match_env(enc: VariantEnc, table: Table, inst: SideInstance, before: Column,
              after: Column) -> None:
    """The `match` context of a side, given every side's total before and after the round."""
    env = inst.envs["recorded"]
    for slot in (s for s in MATCH_END_SLOTS if enc.variant.cases(s)):
        if not reads_only_the_sheet(enc, slot):
            continue
        # after a round the match went on from, `goat` (and `wins`) said "not yet" for every
        # side, with the totals this round starts from; the first round has no round before it
        earlier = enc.slot(slot, env.extended(
            "match", {"total": const(Sym(inst.values["before"], INT))},
            sheet_functions(enc, table, before)))
        later = z3t.And(inst.present, z3t.Not(table.scalars["first"][0]))
        table.need(z3t.Implies(later, z3t.And(earlier.ok, z3t.Not(earlier.value.value))), slot)
    inst.envs["match"] = env.extended(
        "match", {"total": const(Sym(inst.values["total"], INT))},
        sheet_functions(enc, table, after))


# What `goat` read in the round before differs from this round's for these: the round's own end
# (loser, points, the hands, ...). The sheet (total, opened, remembered), the sides and the
# setup are what this round starts from.
ROUND_OWN = (set(END_TERMS) - {"all"}) | set(LOSER_TERM) | set(POINTS_TERM) | set(END_FUNCTIONS)


def reads_only_the_sheet(enc: VariantEnc, slot: str) -> bool:
    """True when a slot of the end of the match reads nothing of the round itself, so that its
    answer for the round before can be asked in this round's situation (else nothing is
    assumed about it)."""
    parts = case_parts(enc.variant.cases(slot))
    return not (names_read(*parts) | functions_called(*parts)) & ROUND_OWN


def sheet_functions(enc: VariantEnc, table: Table, column: Column) -> dict[str, FuncFn]:
    """Return highest_total(g) and lowest_total(g) over a column of the sheet."""
    return registered({"highest_total": highest_total(enc, table, column),
                       "lowest_total": highest_total(enc, table, column, lowest=True)})


def highest_total(enc: VariantEnc, table: Table, column: Column, *,
                  lowest: bool = False) -> FuncFn:
    """Return highest_total(g) (or lowest_total(g)) over a column of the sheet (every side's
    total)."""
    def call(a: list[Sym], pos: Any) -> Sym:
        group = V.as_group(a[0].value, a[0].type)
        sides = side_count(enc, table)
        present = [z3t.And(group[k], k < sides) for k in range(MAX_SEATS)]
        best, empty = extreme_of(column(), present, lowest=lowest)
        hazard = Hazard(empty, Kind.GAP, Said("hazard.empty group"), pos)
        return Sym(best, INT, a[0].hazards + (hazard,))
    return call


def free_column(enc: VariantEnc, table: Table, side: Any, own: Any, name: str,
                low: int) -> Column:
    """Every side's total, the side's own at its place and the others' free within bounds
    (an over-approximation, said in the witness note); made when a rule first reads it."""
    made: list[Any] = []

    def column() -> list[Any]:
        if not made:
            if enc.tag == "":
                table.scalar("sides", side_count(enc, table), "int")
            for k in range(MAX_SEATS):
                term = table.scalar(f"side {k} {name}", z3.Int(f"side {k} {name}"), "int", k)
                table.need(z3t.If(side == k, term == own,
                                  z3t.And(term >= low, term <= 2 * MAX_TOTAL)))
                if name == "total before":  # a blank sheet before the first round
                    table.need(z3t.Implies(table.scalars["first"][0], term == 0))
                table.prefer(term >= 0)
                made.append(term)
        return made
    return column


_STEPS = {"scored": _scored, "recorded": _recorded, "match": _match}


def build_side(base: Situation, upto: str, *, unopened: bool = False,
               kind: str = "") -> Situation:
    """Return the end of a round seen by one side (symbolic) of each variant."""
    sit = derive_round(base, kind or upto)
    encs = sit.encs
    if len(encs) > 1:  # diff: compare each rule on the same inputs (see shared_inputs)
        return _shared_side(sit, upto, unopened)
    table = sit.table
    side = table.scalar("side", z3.Int("side"), "int")
    envs = []
    for enc, round_env in zip(encs, sit.envs):
        inst = side_instance(enc, table, round_env, side, "", upto)
        if unopened:
            table.need(z3t.Not(inst.values["opened"]))
        envs.append(inst.envs[upto])
    sit.envs = envs
    return sit


def build_end_hand(base: Situation) -> Situation:
    """Return a hand left at the end of a round (the context of `hand value`)."""
    from .contexts import hand_env
    from .tables import N
    sit = derive_round(base, "hand-end")
    encs = sit.encs
    table = sit.table
    seat = table.scalar("seat", z3.Int("seat"), "seat")
    table.need(z3t.And(seat >= 0, seat < N))
    first = table.scalars["first"][0]
    sit.envs = [hand_env(e, table.hand_of(seat), first) for e in encs]
    return sit


def build_match_all(base: Situation) -> Situation:
    """Return the end of a round with every side's total (for "one goat at a time" and "one
    winner at a time")."""
    sit = derive_round(base, "match-all")
    encs = sit.encs
    table = sit.table
    goats: list[list[Any]] = []
    winners: list[list[Any]] = []
    for enc, round_env in zip(encs, sit.envs):
        sides = side_count(enc, table)
        table.scalar(f"{enc.tag}sides", sides, "int")
        insts = [side_instance(enc, table, round_env, z3.IntVal(k), f"side {k} ", "recorded",
                               present=k < sides) for k in range(MAX_SEATS)]
        for k, inst in enumerate(insts):
            match_totals(enc, table, inst, f"side {k} ")
        befores = [inst.values["before"] for inst in insts]
        totals = [inst.values["total"] for inst in insts]
        rows: dict[str, list[Any]] = {slot: [] for slot in MATCH_END_SLOTS}
        for k, inst in enumerate(insts):
            match_env(enc, table, inst, lambda: befores, lambda: totals)
            for slot, row in rows.items():
                if not enc.variant.cases(slot):
                    row.append(V.FALSE)  # no rule: nobody is the goat (or wins) by it
                    continue
                ends = enc.slot(slot, inst.envs["match"])
                table.need(z3t.Implies(k < sides, ends.ok), slot)
                row.append(z3t.And(k < sides, ends.value.value))
                # a side that is not at the table is left out of the witness (one table)
                table.scalar(f"{enc.tag}side {k} {slot}", row[-1], "bool",
                             None if enc.tag else k)
        goats.append(rows["goat"])
        winners.append(rows["wins"])
    sit.extra["goats"], sit.extra["winners"] = goats, winners
    return sit


SHARED_NOTE = ("diff: the side's `loser`, `points` and `total` are taken as the same for both "
               "variants, so that each rule is compared on the same inputs")


def _shared_side(sit: Situation, upto: str, unopened: bool) -> Situation:
    """Both variants see one side with the same opened/remembered/loser/points/total."""
    table = sit.table
    side = table.scalar("side", z3.Int("side"), "int")
    inputs = {"loser": z3.Bool("loser"), "points": z3.Int("points"), "total": z3.Int("total")}
    table.need(z3t.And(inputs["points"] >= -MAX_TOTAL, inputs["points"] <= MAX_TOTAL,
                       inputs["total"] >= 0, inputs["total"] <= MAX_TOTAL))
    table.prefer(z3t.And(inputs["points"] >= 0, inputs["points"] <= 200))
    shapes = {"loser": BOOL, "points": INT, "total": INT}
    depth = DEPTH.index(upto)
    sheet = free_column(sit.encs[0], table, side, inputs["total"], "total", -MAX_TOTAL)
    envs = []
    for enc, round_env in zip(sit.encs, sit.envs):
        inst = side_instance(enc, table, round_env, side, "", "end")
        if unopened:
            table.need(z3t.Not(inst.values["opened"]))
        env = inst.envs["end"]
        for step, name in zip(DEPTH[1:depth + 1], ("loser", "points", "total")):
            table.scalar(name, inputs[name], "bool" if name == "loser" else "int")
            functions = sheet_functions(enc, table, sheet) if step == "match" else {}
            env = env.extended(step, {name: const(Sym(inputs[name], shapes[name]))}, functions)
        envs.append(env)
    sit.envs = envs
    sit.note = f"{sit.note}; {SHARED_NOTE}"
    return sit
