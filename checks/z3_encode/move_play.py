"""Situations right after a move that lays a tile: `move` (the context of `move score`) and
`moved` (the same, with what the move scored: the context of `claim move`).

A move is the play situation (play_end.py: a line with two ends, the hands together, the stock)
plus `laid` (what the move just laid), `hand` (the mover's hand after it) and `ends` (the count
at the open ends). Facts stated, each true of every move the engine makes:
- `laid` is one tile of the line, or two doubles where `two doubles` allows it, laid on a line
  of at least three tiles, each showing one of the two (different) ends;
- a lone tile on the line is the lead, and the move laid it; a tile laid on a longer line shows
  an end with its outer half, and that end's tile is a double exactly when the tile is one;
- `ends` is the lead's pips on a line of one tile, else left·(1 + d_left) + right·(1 + d_right),
  d_left and d_right saying that the tile at that end is a double (a double of that value is
  then on the line; the same double is never at both ends);
- the mover's hand is part of the hands; every other seat still holds a tile (the mover may
  just have gone out); without drawing it holds at most a deal less what the move laid; after
  the lead, the first move of a round, it holds a deal less one, and the hands every dealt
  tile but the lead.
Over-approximations (said in the witness note): the order of the line is not tracked, so a
line, ends and a laid tile need not come from legal play beyond these facts; the hands are seen
together but for the mover's.
"""

from __future__ import annotations

from typing import Any

import z3

from interpreter.engine.tiles import ALL_TILES
from interpreter.language.slots import INT, TILES

from ..reporting.catalogue import Said
from . import tables as T
from . import terms as z3t
from . import values as V
from .contexts import Pairs, Situation, dealt_table, setup_slot
from .play_end import drawing, play_env, stock_facts
from .rules import ContextEnv, VariantEnc, const
from .tables import Table
from .values import Sym

MOVE_NOTE = Said("note.move situation")  # the over-approximations, in the reader's language
DOUBLE_OF = {t.low: i for i, t in enumerate(ALL_TILES) if t.is_double}  # value → the double


def build_move(encs: list[VariantEnc], pairs: Pairs) -> Situation:
    """Return a moment right after a move laid a tile: the play situation, `laid`, the
    mover's `hand` and `ends`."""
    table = dealt_table("move", encs, pairs)
    T.zones(table, ["line", "hands", "stock"], "")
    parts = {z: table.zones[z] for z in ("line", "hands", "stock")}
    parts["left"] = table.scalar("left", z3.Int("left"), "int")
    parts["right"] = table.scalar("right", z3.Int("right"), "int")
    T.parity(table, parts["line"], parts["left"], parts["right"], "")
    parts["laid"] = table.zones["laid"] = V.tiles_vars("laid")
    parts["hand"] = table.zones["hand"] = V.tiles_vars("mover hand")
    _hand_facts(table, encs, pairs, parts)
    for enc in encs:
        stock_facts(enc, table, pairs, parts["stock"])
    _laid_facts(table, encs, parts)
    parts["ends"] = table.scalar("ends", _ends(table, parts), "int")
    sit = Situation(table, encs, [move_env(e, table, parts) for e in encs], MOVE_NOTE)
    sit.extra["parts"] = parts
    return sit


def _hand_facts(table: Table, encs: list[VariantEnc], pairs: Pairs,
                parts: dict[str, Any]) -> None:
    """The mover's hand is one of the hands; the other seats hold a tile each."""
    hand, hands, laid = parts["hand"], parts["hands"], parts["laid"]
    table.need(z3t.And(*[z3t.Implies(h, held) for h, held in zip(hand, hands)]))
    others = V.difference(hands, hand)
    table.need(T.per_combo(pairs, lambda p, k: [T.pb_count(others, ">=", p - 1)]), "deal")
    lone = T.pb_count(parts["line"], "=", 1)  # the lead: the round's first move, none drawn
    table.need(z3t.Implies(lone, T.per_combo(pairs, lambda p, k: [
        T.pb_count(hand, "=", k - 1), T.pb_count(hands, "=", p * k - 1)])), "deal")
    for enc in encs:  # without drawing, the mover held his hand and what he laid when dealt
        no_draw, _, known = drawing(enc)
        table.need(z3t.Implies(z3t.And(known, no_draw), T.per_combo(pairs, lambda p, k: [
            T.pb_count(V.union(hand, laid), "<=", k)])), "deal")


def _laid_facts(table: Table, encs: list[VariantEnc], parts: dict[str, Any]) -> None:
    """One tile of the line (a lone one: the lead), or two doubles at the two ends."""
    line, laid = parts["line"], parts["laid"]
    left, right = parts["left"], parts["right"]
    lone = T.pb_count(line, "=", 1)
    two = T.pb_count(laid, "=", 2)
    table.need(z3t.And(*[z3t.Implies(a, on) for a, on in zip(laid, line)]))
    table.need(z3t.And(T.pb_count(laid, ">=", 1), T.pb_count(laid, "<=", 2)))
    d_left = table.scalar("left double", z3.Bool("left double"), "bool")
    d_right = table.scalar("right double", z3.Bool("right double"), "bool")
    parts["doubles"] = (d_left, d_right)
    lead_double = z3t.Or(*[line[i] for i in DOUBLE_OF.values()])  # (said of a lone lead)
    table.need(z3t.Implies(lone, z3t.And(d_left == lead_double, d_right == lead_double)))
    for value, ends in ((left, d_left), (right, d_right)):  # a double end: its tile is there
        table.need(z3t.Implies(z3t.And(z3t.Not(lone), ends), z3t.Or(*[
            z3t.And(z3t.Eq(value, v), line[i]) for v, i in DOUBLE_OF.items()])))
    table.need(z3t.Implies(z3t.And(z3t.Not(lone), d_left, d_right), left != right))
    for enc in encs:
        allowed = setup_slot(enc, "two doubles")
        table.need(z3t.Implies(two, z3t.And(allowed.ok, allowed.value.value)), "two doubles")
    table.need(z3t.Implies(two, z3t.And(T.pb_count(line, ">=", 3), left != right,
                                        d_left, d_right)))
    for i, tile in enumerate(ALL_TILES):
        table.need(z3t.Implies(laid[i], _shows_an_end(tile, lone, two, left, right,
                                                      d_left, d_right)))


def _shows_an_end(tile: Any, lone: Any, two: Any, left: Any, right: Any, d_left: Any,
                  d_right: Any) -> Any:
    """A laid tile: the lead on a line of one; else a double of two laid at once showing an
    end, or a tile whose outer half one end shows, that end's tile a double iff it is one."""
    if tile.is_double:
        at_end = z3t.Or(z3t.And(z3t.Eq(left, tile.low), d_left),
                        z3t.And(z3t.Eq(right, tile.low), d_right))
        return z3t.Or(lone, at_end)
    at_end = z3t.Or(*[z3t.And(z3t.Eq(end, half), z3t.Not(double))
                      for end, double in ((left, d_left), (right, d_right))
                      for half in (tile.low, tile.high)])
    return z3t.Or(lone, z3t.And(z3t.Not(two), at_end))


def _ends(table: Table, parts: dict[str, Any]) -> Any:
    """The count at the open ends: a lone lead's pips, else each end's value (twice for a
    double lying across it)."""
    left, right = parts["left"], parts["right"]
    d_left, d_right = parts["doubles"]
    spread = left * z3t.If(d_left, 2, 1) + right * z3t.If(d_right, 2, 1)
    return z3t.If(T.pb_count(parts["line"], "=", 1), V.pips(parts["line"]), spread)


def move_env(enc: VariantEnc, table: Table, parts: dict[str, Any]) -> ContextEnv:
    """Return the move environment: the play terms plus laid, ends and hand."""
    play = play_env(enc, table, parts["line"], parts["hands"], parts["stock"], parts["left"],
                    parts["right"])
    return play.extended("move", {"laid": const(Sym(parts["laid"], TILES)),
                                  "ends": const(Sym(parts["ends"], INT)),
                                  "hand": const(Sym(parts["hand"], TILES))})


def build_moved(base: Situation) -> Situation:
    """Return a move with what it scored (`scored`: the variant's `move score` there). The
    engine stops where `move score` gives no value, so a moved situation is one where it
    gives one (each variant's, for a comparison)."""
    table = base.table.fork("moved")
    parts = base.extra["parts"]
    envs = []
    for enc in base.encs:
        env = move_env(enc, table, parts)
        scored = enc.slot("move score", env)
        table.need(scored.ok, "move score")
        value = table.scalar(f"{enc.tag}scored", scored.value.value, "int")
        envs.append(env.extended("moved", {"scored": const(Sym(value, INT))}))
    sit = Situation(table, base.encs, envs, base.note)
    sit.extra["parts"] = parts
    return sit


__all__ = ["build_move", "build_moved", "move_env", "MOVE_NOTE"]
