"""The symbolic meaning (Z3) of the end-of-round and match words agrees with the engine's, at the
ends of rounds the engine plays: `lowest`, `highest`, `highest_total`, `lowest_total`, `round_to`,
`seat`, with value and definedness (the deal words: test_checks_encoding.py; order and ties:
test_checks_encoding_order.py)."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from checks.z3_encode import Session
from checks.z3_encode.session import evaluate
from checks.search.witnesses import SeatIs
from interpreter.language import ast
from interpreter.engine import Listener, RuleStop, ShuffleDealer, play_match, prepare
from interpreter.engine.evaluate import Env, Undefined, compile_expr
from interpreter.engine.situations import RoundSituation
from interpreter.engine.players import RandomPlayer
from engine_support import engine_situation
from interpreter.language.resolve import load_variant
from interpreter.language.typing_rules import symbols_with_options
from tiers import examples

# Each claim is `EXPRESSION = 0`, `SEAT = seat(0)` or a condition; the expression (the left side)
# is compared.
CLAIMS = [
    "highest_total(others) - total = 0",
    "lowest(others) + highest(all) * 2 = 0",
    "round_to(value(side) - 13, 3) + round_to(total, 10) - round_to(points, 4) = 0",
    "lowest(all) = value(side) and not loser",
    "team(seat(3)) = side or highest_total(team(seat(2))) > 30",
    "(if tie then lowest(others) else highest_total(all)) = 0",
    "highest_total(side) = total and lowest(side) = value(side)",
    "lowest_total(others) - lowest_total(all) = 0",
    "lowest_total(side) = total and lowest_total(all) <= highest_total(all)",
]
RULES = """variant enc-end {
  players 2..4
  sides: partners when players = 4
  sides: individual otherwise
  deal: 7 when players = 2
  deal: 5 otherwise
  draw: none
  lead match: seat(0)
  lead round: next(leader)
  lead tile: hand
  fish: blocked
  hand value: 25 when hand = [0-0]
  hand value: round_to(pips(hand), 5) otherwise
  loser: value(side) > lowest(all)
  score: value(side) when loser
  score: 0 otherwise
  goat: highest_total(all) >= 61
"""


@lru_cache(maxsize=1)
def variant():  # type: ignore[no-untyped-def]
    claims = "\n".join(f'  claim end "c{i}": {c}' for i, c in enumerate(CLAIMS))
    return load_variant(RULES + claims + "\n}\n", "enc-end.kozel")


@lru_cache(maxsize=1)
def session() -> Session:
    return Session.of(variant())


def compared(expr: ast.Expr) -> ast.Expr:
    """The expression a claim compares: `X = 0` (a number) or `X = seat(0)` (a seat) compares
    X."""
    if isinstance(expr, ast.Compare) and expr.right in (
            ast.IntLit(0), ast.Call("seat", (ast.IntLit(0),))):
        return expr.left
    return expr


class Ends(Listener):
    """Keeps the last round's end: its result and the table as it was left."""

    def __init__(self) -> None:
        self.last: tuple[Any, Any] | None = None

    def round_ended(self, result: Any, table: Any) -> None:
        self.last = (result, table)


def last_round(players: int, seed: int, rules: Any = None) -> tuple[Any, Any, Any]:
    setup = prepare(rules or variant(), players)
    ends = Ends()
    try:
        play_match(setup, [RandomPlayer(seed + s) for s in range(players)],
                   dealer=ShuffleDealer(random.Random(seed)), listener=ends, max_rounds=3)
    except RuleStop:
        pass  # `endless`: the rounds ran out before a goat; the last round still counts
    assert ends.last is not None
    return setup, *ends.last


def checker_facts(result: Any, table: Any, side: int) -> tuple[dict, dict]:
    zones = {f"seat{s}": {i for i in range(28) if h >> i & 1} for s, h in enumerate(table.held)}
    zones.update(line={i for i in range(28) if table.line >> i & 1},
                 stock=set(table.pile[table.drawn:]))
    scalars = {"end": 0 if result.end == "out" else 1, "lead": result.lead.index,
               "last": table.last, "left": table.left, "right": table.right,
               "first": result.number == 1, "carried": 0, "round leader": result.leader,
               ("winner" if result.end == "out" else "fisher"): result.seat,
               "side": side, "opened": True, "remembered": 0, "loser": result.losers[side],
               "points": result.points[side], "total": result.scores[side],
               "total before": result.scores[side] - result.points[side]}
    for k, total in enumerate(result.scores):
        scalars[f"side {k} total"] = total
        scalars[f"side {k} total before"] = total - result.points[k]
    return zones, scalars


def concrete(expr: ast.Expr, situation: RoundSituation, players: int) -> tuple[bool, Any]:
    env = Env("match", {}, {}, symbols_with_options({}), players)
    try:
        return True, compile_expr(expr, env)(situation)
    except Undefined:
        return False, None


def symbolic(expr: ast.Expr, zones: dict, scalars: dict, players: int,
             checker: Session | None = None) -> tuple[bool, Any]:
    checker = checker or session()
    known = checker.situation("match").sit.table.scalars
    checker.expr("match", expr)  # the sheet's columns are made when first read
    fixed = {k: v for k, v in scalars.items() if k in known}
    defined, value = evaluate(checker, "match", expr, zones, {**fixed, "players": players})
    if isinstance(value, SeatIs):  # a seat, read as the engine's number
        value = value.seat
    return defined, value


@settings(max_examples=examples(12), deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10_000))
def test_end_and_match_expressions_agree_with_the_engine(players: int, seed: int) -> None:
    setup, result, table = last_round(players, seed)
    for side in range(setup.seating.sides):
        zones, scalars = checker_facts(result, table, side)
        situation = engine_situation(setup, result, table, side)
        for claim in variant().claims:
            expr = compared(claim.expr)
            defined, value = symbolic(expr, zones, scalars, players)
            engine_defined, engine_value = concrete(expr, situation, players)
            assert defined == engine_defined, (claim.text, side)
            if defined:
                assert value == engine_value, (claim.text, side)
