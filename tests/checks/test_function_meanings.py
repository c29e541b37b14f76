"""Every built-in function of the language means the same in its three readers: the engine (a
rule over a situation object), the compiled match (a rule over the match's locals) and the Z3
encoder (the solver asked for the value with the whole situation fixed). Each is called with
random arguments (tests/strategies.py) at random deals and at the ends of rounds the engine
plays, and the three agree on whether it has a value and on the value.

The engine and the compiled match call one meaning (interpreter/engine/functions.py), through
the code each generates around it; the encoder has forms of its own (checks/z3_encode/forms.py).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import z3
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from checks.z3_encode import Session
from checks.z3_encode import terms as z3t
from checks.z3_encode.forms import missing_forms
from checks.z3_encode.session import DERIVED
from interpreter.compiled.terms import names_for, runtime_for
from interpreter.engine import Listener, RuleStop, ShuffleDealer, play_match, prepare
from interpreter.engine import tileset as ts
from interpreter.engine.evaluate import Env, Undefined, compile_expr, expression_code, runtime
from interpreter.engine.functions import MEANINGS
from engine_support import engine_situation
from interpreter.engine.players import RandomPlayer
from interpreter.engine.situations import NextSituation, Seating
from interpreter.language import ast
from interpreter.language.printer import format_expr
from interpreter.language.resolve import load_variant
from interpreter.language.slots import GROUP, TILES, functions_for
from interpreter.language.typing_rules import symbols_with_options
from strategies import calls, env_for, expressions
from tiers import examples

SIDES = {"partners": "sides: partners when players = 4\n  sides: individual otherwise",
         "individual": "sides: individual"}
RULES = """variant meanings {{
  players 2..4
  {sides}
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
}}
"""
# The two situations every function is tried in: a later round's deal (the deal and seat
# functions) and the end of a round seen by one side with the sheet (the rest).
CONTEXTS = ("next", "match")
SYMBOLS = symbols_with_options({})
OUT, FISH = 0, 1  # the codes of `out` and `fish` (SYMBOLS order)


@lru_cache(maxsize=None)
def variant(sides: str) -> Any:
    return load_variant(RULES.format(sides=SIDES[sides]), "meanings.kozel")


@lru_cache(maxsize=None)
def session(sides: str) -> Session:
    return Session.of(variant(sides))


def seating_of(sides: str, players: int) -> Seating:
    return Seating(players, sides == "partners" and players == 4)


# ---- one situation, as each reader sees it ----------------------------------------------------


class Situation:
    """One situation for the three readers: the engine's object, the compiled match's locals,
    the checker's zones and scalars."""

    def __init__(self, context: str, players: int, seating: Seating, engine: Any,
                 locals_: dict[str, Any], zones: dict[str, set[int]],
                 scalars: dict[str, Any]) -> None:
        self.context, self.players, self.seating = context, players, seating
        self.engine, self.locals, self.zones, self.scalars = engine, locals_, zones, scalars


def _members(mask: int) -> set[int]:
    return set(ts.members(mask))


def next_situation(sides: str, players: int, order: list[int], losers: int, previous: str,
                   ended_by: int, leader: int, lot: int, tie: bool) -> Situation:
    """A later round's deal and how the previous round went."""
    seating = seating_of(sides, players)
    size = 7 if players == 2 else 5
    hands = [ts.set_of(order[s * size:(s + 1) * size]) for s in range(players)]
    pile = list(order[players * size:])
    engine = NextSituation(seating, hands, pile, previous=previous, seat=ended_by,
                           leader=leader, losers=losers, tie=lambda: tie)
    engine.drawn_lot = lot
    locals_ = {"v_hands": hands, "v_dealt": engine.dealt, "v_stock": engine.stock,
               "v_lot": lot, "v_prev_end": previous, "v_prev_by": ended_by,
               "v_prev_leader": leader, "v_prev_losers": losers, "v_prev_tie": tie}
    zones = {f"seat{s}": _members(hand) for s, hand in enumerate(hands)}
    zones["stock"] = set(pile)
    scalars = {"previous": OUT if previous == "out" else FISH, "winner": ended_by,
               "fisher": ended_by, "leader": leader, "lot": lot, "previous tie": tie,
               "first": False, **{f"previous loser {k}": bool(losers >> k & 1)
                                  for k in range(4)}}
    return Situation("next", players, seating, engine, locals_, zones, scalars)


class Ends(Listener):
    """Keeps the last round's end: its result and the table as it was left."""

    def __init__(self) -> None:
        self.last: tuple[Any, Any] | None = None

    def round_ended(self, result: Any, table: Any) -> None:
        self.last = (result, table)


def round_end(sides: str, players: int, seed: int, side: int) -> Situation:
    """The end of the last round of a match the engine plays, seen by one side."""
    setup = prepare(variant(sides), players)
    ends = Ends()
    try:
        play_match(setup, [RandomPlayer(seed + s) for s in range(players)],
                   dealer=ShuffleDealer(random.Random(seed)), listener=ends, max_rounds=3)
    except RuleStop:
        pass  # the rounds ran out before a goat: the last round still counts
    assert ends.last is not None
    result, table = ends.last
    side %= setup.seating.sides
    engine = engine_situation(setup, result, table, side)
    values = [engine.side_value(k) for k in range(setup.seating.sides)]
    first = result.number == 1
    locals_ = {"v_first": first, "v_end": result.end, "v_ended_by": result.seat,
               "v_leader": result.leader, "v_lead": result.lead.index, "v_last": table.last,
               "v_carried": 0, "v_values": values, "v_hands": list(table.held),
               "v_totals": list(result.scores), "v_side": side, "v_opened": True,
               "v_remembered": 0, "v_loser": result.losers[side],
               "v_points": result.points[side], "v_total": result.scores[side]}
    zones = {f"seat{s}": _members(hand) for s, hand in enumerate(table.held)}
    zones.update(line=_members(table.line), stock=set(table.pile[table.drawn:]))
    scalars = {"end": OUT if result.end == "out" else FISH, "lead": result.lead.index,
               "last": table.last, "left": table.left, "right": table.right, "first": first,
               "carried": 0, "round leader": result.leader,
               ("winner" if result.end == "out" else "fisher"): result.seat,
               "side": side, "opened": True, "remembered": 0, "loser": result.losers[side],
               "points": result.points[side], "total": result.scores[side],
               "total before": result.scores[side] - result.points[side]}
    for k, total in enumerate(result.scores):
        scalars[f"side {k} total"] = total
        scalars[f"side {k} total before"] = total - result.points[k]
    return Situation("match", players, setup.seating, engine, locals_, zones, scalars)


# ---- the three readers ---------------------------------------------------------------------------

Value = tuple[bool, Any]  # (defined, the value in the engine's representation)


def by_engine(expr: ast.Expr, sit: Situation) -> Value:
    env = Env(sit.context, {}, {}, SYMBOLS, sit.players)
    try:
        return True, compile_expr(expr, env)(sit.engine)
    except Undefined:
        return False, None


def by_compiled_match(expr: ast.Expr, sit: Situation) -> Value:
    """The expression as the compiled match writes it (NotCompiled fails the test: every
    function is compiled), evaluated over the match's locals."""
    env = Env(sit.context, {}, {}, SYMBOLS, sit.players,
              names_for(sit.context, "False", lot=True))
    source = expression_code(expr, env).source
    namespace = {**runtime(), **runtime_for(sit.seating), **sit.locals}
    try:
        return True, eval(source, namespace)  # noqa: S307 - the compiled match's own code
    except Undefined:
        return False, None


def by_encoder(exprs: list[ast.Expr], sit: Situation, sides: str) -> list[Value]:
    """Each expression's meaning in Z3 with every tile's place and every scalar fixed: one
    solver call, each value read from its model."""
    checker = session(sides)
    syms = [checker.expr(sit.context, expr) for expr in exprs]  # may add facts: first
    table = checker.situation(sit.context).sit.table
    fixed = [b == (i in sit.zones.get(name, set()))
             for name, zone in table.zones.items() for i, b in enumerate(zone)]
    fixed += [table.scalars[name][0] == value for name, value in sit.scalars.items()
              if name in table.scalars]
    solver = z3t.new_solver()
    solver.add(*table.all_facts(), *fixed, z3.Int("players") == sit.players)
    assert solver.check() == z3.sat, "the engine's situation is not one of the checker's"
    model = solver.model()
    found = []
    for sym in syms:
        defined = z3.is_true(model.eval(sym.defined(), model_completion=True))
        found.append((defined, _engine_value(model, sym) if defined else None))
    return found


def _engine_value(model: Any, sym: Any) -> Any:
    """A value of a model as the engine writes it: a set or a group as a bit mask."""
    def read(term: Any) -> Any:
        value = model.eval(term, model_completion=True)
        return z3.is_true(value) if z3.is_bool(value) else value.as_long()
    if sym.type in (TILES, GROUP):
        return sum(1 << i for i, b in enumerate(sym.value) if read(b))
    return read(sym.value)


# ---- the test ----------------------------------------------------------------------------------


def function_calls(context: str) -> Any:
    """A call of every function of the context (`count` of a set and of a group), its
    arguments random expressions of the context."""
    env = env_for(context, [])
    drawn = [calls(name, env) for name in sorted(functions_for(context))]
    drawn.append(expressions(GROUP, env, 1).map(lambda g: ast.Call("count", (g,))))
    return st.tuples(*drawn)


def assert_same(sit: Situation, sides: str, exprs: tuple[ast.Expr, ...]) -> None:
    symbolic = by_encoder(list(exprs), sit, sides)
    for expr, z3_value in zip(exprs, symbolic):
        engine, compiled = by_engine(expr, sit), by_compiled_match(expr, sit)
        text = format_expr(expr)
        assert compiled == engine, f"compiled match vs engine: {text}"
        assert z3_value == engine, f"Z3 encoder vs engine: {text}"


seats = st.integers(0, 3)
# Each example asks the solver: a failure is not shrunk (that would run for minutes), its
# message names the expression the readers disagree on.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


@settings(max_examples=examples(50), deadline=None, phases=NO_SHRINK)
@given(sides=st.sampled_from(sorted(SIDES)), players=st.sampled_from([2, 3, 4]),
       order=st.permutations(range(28)), losers=st.integers(0, 15),
       previous=st.sampled_from(["out", "fish"]), places=st.tuples(seats, seats, seats),
       tie=st.booleans(), exprs=function_calls("next"))
def test_every_deal_and_seat_function_means_the_same_in_the_three_readers(
        sides: str, players: int, order: list[int], losers: int, previous: str,
        places: tuple[int, int, int], tie: bool, exprs: tuple[ast.Expr, ...]) -> None:
    seating = seating_of(sides, players)
    ended_by, leader, lot = (seat % players for seat in places)
    sit = next_situation(sides, players, order, losers & seating.all, previous, ended_by,
                         leader, lot, tie)
    assert_same(sit, sides, exprs)


@settings(max_examples=examples(50), deadline=None, phases=NO_SHRINK)
@given(sides=st.sampled_from(sorted(SIDES)), players=st.sampled_from([2, 3, 4]),
       seed=st.integers(0, 10_000), side=seats, exprs=function_calls("match"))
def test_every_function_of_a_rounds_end_means_the_same_in_the_three_readers(
        sides: str, players: int, seed: int, side: int, exprs: tuple[ast.Expr, ...]) -> None:
    assert_same(round_end(sides, players, seed, side), sides, exprs)


def test_the_two_situations_reach_every_built_in_function() -> None:
    """No function is left out of the tests above (one of a new context would be)."""
    tried = set(functions_for("next")) | set(functions_for("match"))
    assert set(MEANINGS) == tried


def test_every_context_the_checker_builds_has_the_form_of_each_of_its_functions() -> None:
    """The encoder's environments, situation by situation: none lacks a function's form."""
    checker = session("partners")
    for key in DERIVED:
        for env in checker.situation(key).sit.envs:
            assert missing_forms(env.context, env.functions) == [], (key, env.context)
