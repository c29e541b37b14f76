"""Situations during play and at the end of a round (play, round, end, scored, recorded, match).

Over-approximations (said in the findings): during play the per-seat hands are not tracked (the
context only sees their union); at the end of a round `carried`, `remembered` and the totals
before the round range freely within bounds; the tiles were not necessarily reachable by legal
play, beyond the facts stated here (sizes, ends, the parity of the line, the fish rule).
"""

from __future__ import annotations

from typing import Any

import z3

from interpreter.language.slots import BOOL, END, GROUP, INT, SEAT, SIDE, TILE, TILES

from ..reporting.kinds import Kind
from ..reporting.catalogue import Said
from . import tables as T
from . import terms as z3t
from . import values as V
from .contexts import (FISH, NONE_DRAW, OUT, Pairs, Situation, dealt_table, hand_env,
                       seat_functions, setup_slot, side_count, team_of)
from .forms import registered
from .rules import ContextEnv, VariantEnc, const
from .ties import tie_functions
from .turns import blocked_by_turn, draw_by_turn
from .tables import D, MAX_SEATS, N, TILE_COUNT, Table
from .values import Hazard, Sym

END_NOTE = ("carried points, remembered points, the totals before the round and the other sides' "
            "totals are taken as any values in range, and where `loser`, `score` or `bonus` gives "
            "no value as any value (an over-approximation)")
MOVES_NOTE = "; what a side scored at moves in the round is taken as any value in range"
MAX_CARRIED, MAX_REMEMBERED, MAX_TOTAL = 400, 200, 2000


def no_spinner() -> dict[str, Any]:
    """The spinner's terms where no spinner is on the line, as the engine gives them, each made
    only when a rule reads it (a term made where none is read would renumber Z3's terms, and
    so its models). A variant that makes a spinner is not checked (questions/unmodelled.py)."""
    return {"covered": lambda pos: Sym(z3.IntVal(0), INT),
            "up": lambda pos: Sym(z3.IntVal(-1), INT), "down": lambda pos: Sym(z3.IntVal(-1), INT)}


def drawing(enc: VariantEnc) -> tuple[Any, Any, Any]:
    """Return (draw is none, reserve, both known) for the stock facts. A `draw` that reads the
    turn has no one value: the facts that rest on it are not stated."""
    reserve = setup_slot(enc, "reserve")
    if draw_by_turn(enc):
        return V.FALSE, reserve.value.value, V.FALSE
    draw = setup_slot(enc, "draw")
    return draw.value.value == NONE_DRAW, reserve.value.value, z3t.And(draw.ok, reserve.ok)


def play_env(enc: VariantEnc, table: Table, line: V.Tiles, hands: V.Tiles, stock: V.Tiles,
             left: Any, right: Any) -> ContextEnv:
    """Return the play environment for a line, the hands, the stock and the two ends."""
    no_draw, reserve, _ = drawing(enc)
    fits = z3t.Or(*[z3t.Or(*V.showing(hands, left)), *V.showing(hands, right)])
    by_turn = draw_by_turn(enc)
    blocked = z3t.And(z3t.Not(fits), z3t.Or(no_draw, V.count(stock) <= reserve))
    made: list[Any] = []

    def blocked_term(pos: Any) -> Sym:
        for slot in ("reserve",) if by_turn else ("draw", "reserve"):
            table.need(setup_slot(enc, slot).ok, slot)  # whether a player can draw
        if by_turn and not made:
            made.append(blocked_by_turn(table, fits, V.count(stock) > reserve))
        return Sym(made[0] if by_turn else blocked, BOOL)

    return ContextEnv("play", enc, {
        "players": const(Sym(N, INT)), "left": const(Sym(left, INT)),
        "right": const(Sym(right, INT)), "line": const(Sym(line, TILES)),
        "stock": const(Sym(stock, TILES)), "hands": const(Sym(hands, TILES)),
        "blocked": blocked_term, **no_spinner()})


def stock_facts(enc: VariantEnc, table: Table, pairs: list[tuple[int, int]],
                 stock: V.Tiles) -> None:
    """The stock only shrinks; without drawing it keeps its size; reserve tiles stay in it."""
    no_draw, reserve, known = drawing(enc)
    table.need(T.per_combo(pairs, lambda p, k: [
        T.pb_count(stock, "<=", TILE_COUNT - p * k),
        z3t.Implies(z3t.And(known, no_draw), T.pb_count(stock, "=", TILE_COUNT - p * k))]), "deal")
    table.need(z3t.Implies(known, V.count(stock) >= reserve), "reserve")


def build_play(encs: list[VariantEnc], pairs: Pairs) -> Situation:
    """Return a moment of play: a line with two ends, the hands (together) and the stock."""
    table = dealt_table("play", encs, pairs)
    T.zones(table, ["line", "hands", "stock"], "")
    line, hands, stock = (table.zones[z] for z in ("line", "hands", "stock"))
    left = table.scalar("left", z3.Int("left"), "int")
    right = table.scalar("right", z3.Int("right"), "int")
    T.parity(table, line, left, right, "")
    table.need(T.per_combo(pairs, lambda p, k: [T.pb_count(hands, ">=", p)]), "deal")
    for enc in encs:
        stock_facts(enc, table, pairs, stock)
    envs = [play_env(e, table, line, hands, stock, left, right) for e in encs]
    note = "the hands are seen together; each seat holds at least one tile"
    return Situation(table, encs, envs, note)


# ---- the end of a round ----------------------------------------------------------------------


def _end_scalars(table: Table) -> dict[str, Any]:
    names = {"end": "end", "winner": "seat", "fisher": "seat", "round leader": "seat",
             "lead": "tile", "last": "tile", "left": "int", "right": "int", "carried": "int"}
    found = {n: table.scalar(n, z3.Int(f"end {n}"), shape) for n, shape in names.items()}
    found["first"] = table.scalar("first", z3.Bool("end first"), "bool")
    return found


def _end_facts(table: Table, s: dict[str, Any]) -> None:
    """Who went out or fished, the lead and last tile on the line, sizes of hands."""
    line = table.zones["line"]
    out = s["end"] == OUT
    table.need(z3t.Or(out, s["end"] == FISH))
    table.need(z3t.And(T.seat_range(s["winner"]), T.seat_range(s["fisher"]),
                      T.seat_range(s["round leader"])))
    table.need(z3t.And(s["carried"] >= 0, s["carried"] <= MAX_CARRIED,
                      z3t.Implies(s["first"], s["carried"] == 0)))
    for seat in range(MAX_SEATS):
        hand = table.seat_zone(seat)
        table.need(z3t.Implies(N <= seat, T.pb_count(hand, "=", 0)))
        emptied = z3t.And(out, s["winner"] == seat)
        table.need(z3t.Implies(N > seat, emptied == T.pb_count(hand, "=", 0)))
    for tile in ("lead", "last"):
        table.need(z3t.And(s[tile] >= 0, s[tile] < TILE_COUNT, V.member(s[tile], line)))
    table.need((s["lead"] == s["last"]) == T.pb_count(line, "=", 1))
    table.need(V.tile_select(s["last"], lambda i: _shows_end(i, s["left"], s["right"])))
    T.parity(table, line, s["left"], s["right"], "end ")


def _shows_end(index: int, left: Any, right: Any) -> Any:
    from interpreter.engine.tiles import ALL_TILES
    tile = ALL_TILES[index]
    return z3t.Or(z3t.Eq(left, tile.low), z3t.Eq(left, tile.high), z3t.Eq(right, tile.low),
                  z3t.Eq(right, tile.high))


def build_round_base(encs: list[VariantEnc], pairs: Pairs) -> Situation:
    """Return the end of a round: every hand, the line, the stock, how it ended."""
    table = dealt_table("round", encs, pairs)
    T.zones(table, [*T.SEAT_ZONES, "line", "stock"], "")
    s = _end_scalars(table)
    _end_facts(table, s)
    hands = table.seats_union()
    for enc in encs:
        stock_facts(enc, table, pairs, table.zones["stock"])
        no_draw, _, known = drawing(enc)
        table.need(z3t.Implies(z3t.And(known, no_draw), T.per_combo(pairs, lambda p, k: [
            T.pb_count(table.seat_zone(q), "<=", k) for q in range(MAX_SEATS)])), "deal")
        fish = enc.slot("fish", play_env(enc, table, table.zones["line"], hands,
                                         table.zones["stock"], s["left"], s["right"]))
        table.need(z3t.Implies(s["end"] == FISH, z3t.And(fish.ok, fish.value.value)), "fish")
    if len(encs) == 1 and not encs[0].variant.cases("carry"):
        table.need(s["carried"] == 0)  # nothing is ever carried (shared by diff: left free)
    table.prefer(s["carried"] == 0)
    moves = any(e.variant.cases("move score") for e in encs)  # (the seeds' note is as it was)
    sit = Situation(table, encs, [], END_NOTE + (MOVES_NOTE if moves else ""))
    sit.extra["scalars"] = s
    return sit


def derive_round(base: Situation, kind: str) -> Situation:
    """Return the end of a round as a situation of its own (facts added stay its own)."""
    table = base.table.fork(kind)
    s = base.extra["scalars"]
    sit = Situation(table, base.encs, [round_env(e, table, s) for e in base.encs], base.note)
    sit.extra["scalars"] = s
    return sit


def hand_value(enc: VariantEnc, table: Table, seat: int) -> Any:
    """Return the `hand value` of a seat's hand at the end (assumed well defined there)."""
    root = table
    while root.parent is not None:
        root = root.parent
    cache = root.__dict__.setdefault("_hand_values", {})  # the terms: built once per variant
    key = (enc.tag, seat)
    if key not in cache:
        first = table.scalars["first"][0]
        slot = enc.slot("hand value", hand_env(enc, table.seat_zone(seat), first))
        cache[key] = (z3t.Implies(N > seat, slot.ok), z3t.If(N > seat, slot.value.value, 0))
    ok, value = cache[key]
    needed = table.__dict__.setdefault("_hand_values_needed", set())
    if key not in needed:  # the facts: only in the situations whose rules read hand values
        needed.add(key)
        table.need(ok, "hand value")
    return value


def _in_group(group: V.Group, side: Any) -> Any:
    return z3t.Or(*[z3t.And(z3t.Eq(side, k), group[k]) for k in range(MAX_SEATS)])


def end_functions(enc: VariantEnc, table: Table) -> dict[str, Any]:
    """Return value(), pips_of(), tiles(), highest(), lowest(), the tie functions and the seat
    functions."""
    def seats_of(group: V.Group) -> list[Any]:
        return [z3t.And(z3t.Gt(N, q), _in_group(group, team_of(enc, table, q)))
                for q in range(MAX_SEATS)]

    def value(a: list[Sym], pos: Any) -> Sym:
        inside = seats_of(V.as_group(a[0].value, a[0].type))
        total = z3t.Sum([z3t.If(b, hand_value(enc, table, q), 0) for q, b in enumerate(inside)])
        return Sym(total, INT, a[0].hazards)

    def tiles(a: list[Sym], pos: Any) -> Sym:
        inside = seats_of(V.as_group(a[0].value, a[0].type))
        result = V.tiles_const([])
        for q, b in enumerate(inside):
            result = V.union(result, tuple(z3t.And(b, t) for t in table.seat_zone(q)))
        return Sym(result, TILES, a[0].hazards)

    def extreme(a: list[Sym], pos: Any, name: str) -> Sym:
        group = V.as_group(a[0].value, a[0].type)
        present = [z3t.And(group[k], z3t.Gt(side_count(enc, table), k)) for k in range(MAX_SEATS)]
        values = [side_value(enc, table, k) for k in range(MAX_SEATS)]
        best, empty = extreme_of(values, present, lowest=name == "lowest")
        hazard = Hazard(empty, Kind.GAP, Said("hazard.empty group"), pos)
        return Sym(best, INT, a[0].hazards + (hazard,))

    ties = tie_functions(lambda: side_count(enc, table),
                         lambda: [side_value(enc, table, k) for k in range(MAX_SEATS)])
    return registered({
        **seat_functions(enc, table), **ties, "value": value, "tiles": tiles,
        "highest": lambda a, pos: extreme(a, pos, "highest"),
        "lowest": lambda a, pos: extreme(a, pos, "lowest"),
        "pips_of": lambda a, pos: Sym(V.pips(tiles(a, pos).value), INT, a[0].hazards)})


def side_value(enc: VariantEnc, table: Table, side: int) -> Any:
    """Return the hand value of one side (the sum over its seats)."""
    return z3t.Sum([z3t.If(z3t.Eq(team_of(enc, table, q), side), hand_value(enc, table, q), 0)
                    for q in range(MAX_SEATS)])


def extreme_of(values: list[Any], present: list[Any], *, lowest: bool = False
               ) -> tuple[Any, Any]:
    """Return (the highest or lowest of the values present, no value is present)."""
    best: Any = z3.IntVal(0)
    seen: Any = V.FALSE
    for value, here in zip(values, present):
        better = value < best if lowest else value > best
        best = z3t.If(z3t.And(here, z3t.Or(z3t.Not(seen), better)), value, best)
        seen = z3t.Or(seen, here)
    return best, z3t.Not(seen)


def round_env(enc: VariantEnc, table: Table, s: dict[str, Any]) -> ContextEnv:
    """Return the round environment (the context of `carry`)."""
    def everyone() -> V.Group:
        sides = side_count(enc, table)
        return tuple(k < sides for k in range(MAX_SEATS))

    def tie(pos: Any) -> Sym:
        group = everyone()
        values = [side_value(enc, table, k) for k in range(MAX_SEATS)]
        best, _ = extreme_of(values, list(group))
        return Sym(z3t.Or(*[z3t.And(group[i], group[j], values[i] == best, values[j] == best)
                            for i in range(MAX_SEATS) for j in range(i + 1, MAX_SEATS)]), BOOL)

    terms = {
        "players": const(Sym(N, INT)), "first": const(Sym(s["first"], BOOL)),
        "end": const(Sym(s["end"], END)), "lead": const(Sym(s["lead"], TILE)),
        "leader": const(Sym(s["round leader"], SEAT)),
        "last": const(Sym(s["last"], TILE)), "all": lambda pos: Sym(everyone(), GROUP),
        "tie": tie, "carried": const(Sym(s["carried"], INT)),
        "winner": lambda pos: Sym(s["winner"], SEAT, (Hazard(
            s["end"] == FISH, Kind.GAP, Said("hazard.fish"), pos),)),
        "fisher": lambda pos: Sym(s["fisher"], SEAT, (Hazard(
            s["end"] == OUT, Kind.GAP, Said("hazard.out"), pos),))}
    return ContextEnv("round", enc, terms, end_functions(enc, table))


__all__ = ["build_play", "build_round_base", "stock_facts", "derive_round", "round_env",
           "play_env", "hand_value",
           "side_value", "extreme_of", "END_NOTE", "MAX_CARRIED", "MAX_REMEMBERED", "MAX_TOTAL",
           "D", "SIDE"]
