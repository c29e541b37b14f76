"""The symbolic meaning of every expression of the language (docs/language.md, slots.py).

`meaning(expr, env)` returns a Sym: the Z3 value and the hazards (where it is undefined).
`a and b`, `a or b` and `if` look at a later operand only where the earlier ones do not decide,
so a hazard of a later operand is restricted to those situations.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

import z3

from interpreter.language import ast
from interpreter.language.errors import KozelError
from interpreter.language.slots import BOOL, GROUP, INT, SEAT, SIDE, SYMBOLS, TILE, TILES
from interpreter.language.typing_rules import name_kind

from ..reporting.kinds import Kind
from . import terms as z3t
from ..reporting.catalogue import Said
from . import values as V
from .tables import N
from .values import Hazard, Sym

# Built-in symbols are numbered within their type, in the order slots.py lists them.
SYMBOL_CODES: dict[str, int] = {}
for _type in dict.fromkeys(SYMBOLS.values()):
    for _code, _symbol in enumerate(n for n, t in SYMBOLS.items() if t == _type):
        SYMBOL_CODES[_symbol] = _code


class EncodingError(KozelError):
    """An expression the encoder cannot give a meaning (a bug, or a context mismatch)."""


class Env(Protocol):
    """What an expression can see: the context's terms, the options, the context's functions."""

    context: str
    option_types: dict[str, str]
    symbols: dict[str, str]

    def term(self, name: str, pos: ast.Pos) -> Sym:
        """Return the meaning of a context term (pos: where it is written, for hazards)."""

    def option(self, name: str) -> Sym:
        """Return the symbolic value of an option."""

    def symbol(self, name: str) -> Sym:
        """Return the code of a symbol (`out`, `partners`, an option's named value)."""

    def call(self, func: str, args: list[Sym], pos: ast.Pos) -> Sym:
        """Return the meaning of a context function applied to its arguments."""


def symbol_code(name: str, type_: str, option_values: "dict[str, tuple | range]") -> int:
    """Return the integer code of a symbol of a built-in or option type."""
    if type_.startswith("option:"):
        return [str(v) for v in option_values[type_[7:]]].index(name)
    return SYMBOL_CODES[name]


def meaning(expr: ast.Expr, env: Env) -> Sym:
    """Return the symbolic meaning of an expression in an environment."""
    handler = _HANDLERS.get(type(expr))
    if handler is None:
        raise EncodingError(f"no symbolic meaning for {type(expr).__name__}")
    return handler(expr, env)


def _name(expr: ast.Name, env: Env) -> Sym:
    found = name_kind(expr.name, env.context, env.option_types, env.symbols)
    if found is None:
        raise EncodingError(f"unknown name {expr.name!r} in context {env.context}")
    kind, _ = found
    if kind == "term":
        return env.term(expr.name, expr.pos)
    if kind == "option":
        return env.option(expr.name)
    return env.symbol(expr.name)


def _tile_list(expr: ast.TileList, env: Env) -> Sym:
    items = [meaning(i, env) for i in expr.items]
    result: V.Tiles = V.tiles_const([])
    for item in items:
        result = V.union(result, V.singleton(item.value))
    return Sym(tuple(z3.simplify(b) for b in result), TILES, V.all_hazards(*items))


def _arith(expr: ast.Arith, env: Env) -> Sym:
    left, right = meaning(expr.left, env), meaning(expr.right, env)
    hazards = V.all_hazards(left, right)
    if left.type == TILES:
        op = V.union if expr.op == "+" else V.difference
        return Sym(op(left.value, right.value), TILES, hazards)
    value = {"+": lambda a, b: a + b, "-": lambda a, b: a - b,
             "*": lambda a, b: a * b}[expr.op](left.value, right.value)
    return Sym(value, INT, hazards)


def _compare(expr: ast.Compare, env: Env) -> Sym:
    left, right = meaning(expr.left, env), meaning(expr.right, env)
    hazards = V.all_hazards(left, right)
    if GROUP in (left.type, right.type):
        a, b = V.as_group(left.value, left.type), V.as_group(right.value, right.type)
        same = z3t.And(*[x == y for x, y in zip(a, b)])
        return Sym(same if expr.op == "=" else z3t.Not(same), BOOL, hazards)
    if left.type == TILES:
        same = V.set_equal(left.value, right.value)
        return Sym(same if expr.op == "=" else z3t.Not(same), BOOL, hazards)
    ops: dict[str, Callable[[Any, Any], Any]] = {
        "=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}
    return Sym(ops[expr.op](left.value, right.value), BOOL, hazards)


def _member(expr: ast.Member, env: Env) -> Sym:
    item, collection = meaning(expr.item, env), meaning(expr.collection, env)
    hazards = V.all_hazards(item, collection)
    if item.type in (SIDE, SEAT):  # a side in a group; a seat is in it when its side is
        side = env.call("team", [item], expr.pos) if item.type == SEAT else item
        group = V.as_group(collection.value, collection.type)
        inside = z3t.Or(*[z3t.And(side.value == k, b) for k, b in enumerate(group)])
        return Sym(inside, BOOL, V.all_hazards(side, collection))
    return Sym(V.member(item.value, collection.value), BOOL, hazards)


def _count(args: list[Sym], pos: ast.Pos) -> Sym:
    """The tiles of a set, or the sides of a group (a side is a group of one)."""
    if args[0].type in (SIDE, GROUP):
        group = V.as_group(args[0].value, args[0].type)
        return Sym(z3t.Sum([V.bool_int(b) for b in group]), INT, args[0].hazards)
    return Sym(V.count(args[0].value), INT, args[0].hazards)


def _all_of(expr: ast.AllOf, env: Env) -> Sym:
    return _short_circuit(expr.items, env, stop_on=False)


def _any_of(expr: ast.AnyOf, env: Env) -> Sym:
    return _short_circuit(expr.items, env, stop_on=True)


def _short_circuit(items: tuple[ast.Expr, ...], env: Env, *, stop_on: bool) -> Sym:
    """`and` stops at the first no, `or` at the first yes: later hazards only count after."""
    reached: Any = V.TRUE
    hazards: list[Hazard] = []
    values = []
    for item in items:
        sym = meaning(item, env)
        hazards += V.when(reached, sym.hazards)
        values.append(sym.value)
        decided = sym.value if stop_on else z3t.Not(sym.value)
        reached = z3t.And(reached, sym.defined(), z3t.Not(decided))
    value = z3t.Or(*values) if stop_on else z3t.And(*values)
    return Sym(value, BOOL, tuple(hazards))


def _negation(expr: ast.Negation, env: Env) -> Sym:
    item = meaning(expr.item, env)
    return Sym(z3t.Not(item.value), BOOL, item.hazards)


def _conditional(expr: ast.Conditional, env: Env) -> Sym:
    test = meaning(expr.test, env)
    then, other = meaning(expr.then, env), meaning(expr.otherwise, env)
    hazards = test.hazards + V.when(test.value, then.hazards) + V.when(
        z3t.Not(test.value), other.hazards)
    types = {then.type, other.type}
    if GROUP in types:
        a, b = V.as_group(then.value, then.type), V.as_group(other.value, other.type)
        return Sym(tuple(z3t.If(test.value, x, y) for x, y in zip(a, b)), GROUP, hazards)
    if then.type == TILES:
        value = tuple(z3t.If(test.value, x, y) for x, y in zip(then.value, other.value))
        return Sym(value, TILES, hazards)
    return Sym(z3t.If(test.value, then.value, other.value), then.type, hazards)


def _call(expr: ast.Call, env: Env) -> Sym:
    if expr.func == "first_dealt" and isinstance(expr.args[0], ast.TileList):
        # the list is a priority order, not a set: hand its items over one by one
        return env.call(expr.func, [meaning(i, env) for i in expr.args[0].items], expr.pos)
    args = [meaning(a, env) for a in expr.args]
    general = GENERAL_FORMS.get(expr.func)
    result = env.call(expr.func, args, expr.pos) if general is None else general(args, expr.pos)
    return _strict(result, args)


def _strict(result: Sym, args: list[Sym]) -> Sym:
    """A function's own undefinedness counts only where its arguments are defined: where an
    argument is undefined, that is the finding (not a consequence of it)."""
    inherited = {id(h) for a in args for h in a.hazards}
    own = [h for h in result.hazards if id(h) not in inherited]
    if not own or not inherited:
        return result
    args_defined = z3t.And(*[a.defined() for a in args])
    kept = [h for h in result.hazards if id(h) in inherited]
    return Sym(result.value, result.type, tuple(kept) + V.when(args_defined, own))


def _extreme(args: list[Sym], pos: ast.Pos, *, heaviest: bool) -> Sym:
    tile, empty, tie = V.extreme(args[0].value, heaviest=heaviest)
    most_or_fewest = "most" if heaviest else "fewest"
    hazards = args[0].hazards + (
        Hazard(empty, Kind.GAP, Said("hazard.no tile"), pos),
        Hazard(tie, Kind.AMBIGUITY, Said(f"hazard.tie {most_or_fewest}"), pos))
    return Sym(tile, TILE, hazards)


def _round_to(args: list[Sym], pos: ast.Pos) -> Sym:
    """x rounded to the nearest multiple of n, halves up: floor((2x + n) / 2n) · n. The
    resolver makes n a written positive number, so the division is by a constant (linear)."""
    number, step = args[0].value, args[1].value
    if not V.is_concrete(step):
        raise EncodingError("round_to() needs a written number as its step")
    n = step.as_long()
    return Sym((2 * number + n) / (2 * n) * n, INT, V.all_hazards(*args))


def _by_step(args: list[Sym], name: str) -> tuple[Any, int]:
    """The number and the written step of `multiple`/`quotient` (the resolver makes the step
    a written positive number, so dividing by it stays linear)."""
    step = args[1].value
    if not V.is_concrete(step):
        raise EncodingError(f"{name}() needs a written number as its step")
    return args[0].value, step.as_long()


def _multiple(args: list[Sym], pos: ast.Pos) -> Sym:
    number, n = _by_step(args, "multiple")
    return Sym(number % n == 0, BOOL, V.all_hazards(*args))


def _quotient(args: list[Sym], pos: ast.Pos) -> Sym:
    """Z3's integer division of a number by a positive constant rounds down, as Python's."""
    number, n = _by_step(args, "quotient")
    return Sym(number / n, INT, V.all_hazards(*args))


def _seat(args: list[Sym], pos: ast.Pos) -> Sym:
    number = args[0].value
    text = (Said("hazard.no seat", seat=number.as_long()) if V.is_concrete(number)
            else Said("hazard.no such seat"))
    hazard = Hazard(z3t.Or(number < 0, number >= N), Kind.GAP, text, pos)
    return Sym(number, SEAT, args[0].hazards + (hazard,))


# The forms of the functions of tiles and numbers (every context): forms.py holds them to the
# engine's list of built-in functions.
GENERAL_FORMS: dict[str, Callable[[list[Sym], ast.Pos], Sym]] = {
    "pips": lambda a, p: Sym(V.pips(a[0].value), INT, a[0].hazards),
    "doubles": lambda a, p: Sym(V.doubles(a[0].value), TILES, a[0].hazards),
    "count": _count,
    "most": lambda a, p: Sym(V.most(a[0].value), INT, a[0].hazards),
    "with": lambda a, p: Sym(V.showing(a[0].value, a[1].value), TILES, V.all_hazards(*a)),
    "heaviest": lambda a, p: _extreme(a, p, heaviest=True),
    "lightest": lambda a, p: _extreme(a, p, heaviest=False),
    "min": lambda a, p: Sym(V.min_of(a[0].value, a[1].value), INT, V.all_hazards(*a)),
    "max": lambda a, p: Sym(V.max_of(a[0].value, a[1].value), INT, V.all_hazards(*a)),
    "round_to": _round_to, "seat": _seat, "multiple": _multiple, "quotient": _quotient,
}

_HANDLERS: dict[type, Callable[[Any, Env], Sym]] = {
    ast.IntLit: lambda e, env: Sym(z3.IntVal(e.value), INT),
    ast.BoolLit: lambda e, env: Sym(z3.BoolVal(e.value), BOOL),
    ast.TileLit: lambda e, env: Sym(z3.IntVal(_tile_index(e)), TILE),
    ast.TileList: _tile_list,
    ast.Name: _name,
    ast.Call: _call,
    ast.Arith: _arith,
    ast.Compare: _compare,
    ast.Member: _member,
    ast.AllOf: _all_of,
    ast.AnyOf: _any_of,
    ast.Negation: _negation,
    ast.Conditional: _conditional,
}


def _tile_index(lit: ast.TileLit) -> int:
    from interpreter.engine.tiles import Tile
    return Tile.of(lit.low, lit.high).index


__all__ = ["meaning", "Env", "EncodingError", "symbol_code", "SIDE", "GENERAL_FORMS"]
