"""The `turn` situation: a player's turn, with his hand and the stock (the context of `draw`
and `pass` where they read it, interpreter/engine/turns.py).

Over-approximation (said in the findings): the hand is any non-empty set of tiles and the stock
any set of the tiles the deal left undealt or fewer, apart from the hand; the rest lies on the
line or in other hands.
"""

from __future__ import annotations

from typing import Any

import z3

from interpreter.engine.turns import reads_turn
from interpreter.language.slots import INT, TILES

from . import tables as T
from .contexts import Pairs, Situation, dealt_table
from .rules import ContextEnv, VariantEnc, const
from .tables import N, TILE_COUNT
from .values import Sym

TURN_NOTE = ("the hand is any non-empty set of tiles and the stock any set the deal could have "
             "left, apart from it (an over-approximation)")


def turn_env(enc: VariantEnc, hand: Any, stock: Any) -> ContextEnv:
    """Return the turn environment for a hand and a stock."""
    return ContextEnv("turn", enc, {"players": const(Sym(N, INT)),
                                    "hand": const(Sym(hand, TILES)),
                                    "stock": const(Sym(stock, TILES))})


def build_turn(encs: list[VariantEnc], pairs: Pairs) -> Situation:
    """Return a player's turn: his hand and the stock."""
    table = dealt_table("turn", encs, pairs)
    T.zones(table, ["hand", "stock", "elsewhere"], "turn ")
    hand, stock = table.zones["hand"], table.zones["stock"]
    table.need(T.pb_count(hand, ">=", 1))
    table.need(T.per_combo(pairs, lambda p, k: [T.pb_count(stock, "<=", TILE_COUNT - p * k)]),
               "deal")
    return Situation(table, encs, [turn_env(e, hand, stock) for e in encs], TURN_NOTE)


def draw_by_turn(enc: VariantEnc) -> bool:
    """True when the variant's `draw` reads the turn (it has no one value for the match)."""
    return reads_turn(enc.variant, "draw")


def blocked_by_turn(table: Any, fits: Any, stock_left: Any) -> Any:
    """`blocked` where `draw` reads the turn: some value that is no when a tile fits, and
    exactly "no tile fits" once the stock has nothing to draw (the per-seat hands it would
    need are not tracked during play: an over-approximation)."""
    blocked = z3.FreshBool("blocked")
    table.need(z3.Implies(blocked, z3.Not(fits)))
    table.need(z3.Implies(z3.Not(stock_left), blocked == z3.Not(fits)))
    return blocked
