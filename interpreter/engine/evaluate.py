"""The concrete meaning of expressions: each expression is compiled once into a Python closure.

A closure takes a situation object (see situations.py) and returns a value in the engine's
representation: numbers and yes/no as int/bool, a tile as its index 0..27, a set of tiles as a
bit mask, a seat or a side as an int, a group of sides as a bit mask of sides, a symbol (`out`,
`partners`, an option's named value) as its name. A term is read as an attribute of the
situation, a context function is a `fn_*` method of it. Options are constants folded at compile
time, so a rule costs only the work its situation really needs.

Something undefined (holder of an undealt tile, heaviest of a tie, winner after a fish) raises
Undefined; `and`/`or`/`if` evaluate lazily, so a guarded use never raises.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable

from .. import ast
from ..ast import OptionValue
from ..slots import GROUP, SIDE, TILES
from ..typing_rules import Scope, infer, name_kind
from . import tileset as ts

Fn = Callable[[Any], Any]


class Undefined(Exception):
    """An expression has no value in this situation; the message says why."""


@dataclass(frozen=True)
class Env:
    """What names mean while compiling: the slot's context, the options and the symbols."""

    context: str
    options: dict[str, OptionValue]
    option_types: dict[str, str]
    symbols: dict[str, str]
    players: int | None = None  # known for a match: `players` is then a constant

    def type_of(self, expr: ast.Expr) -> str:
        """Return the (already checked) type of an expression in this context."""
        return infer(expr, Scope(self.context, self.option_types, self.symbols, "", []))


def compile_expr(expr: ast.Expr, env: Env) -> Fn:
    """Compile an expression into a closure over a situation."""
    return _compile(expr, env)[0]


def compile_constant(expr: ast.Expr, env: Env) -> tuple[Fn, bool]:
    """Compile an expression; also say whether it is a constant (needs no situation)."""
    return _compile(expr, env)


def _const(value: Any) -> tuple[Fn, bool]:
    return (lambda _situation: value), True


def _fold(fn: Fn, *parts: tuple[Fn, bool]) -> tuple[Fn, bool]:
    """Evaluate a node once when all its parts are constant (and it is defined)."""
    if all(constant for _, constant in parts):
        try:
            return _const(fn(None))
        except Undefined:
            pass  # stays a closure so that the error names the rule when play reaches it
    return fn, False


def _compile(expr: ast.Expr, env: Env) -> tuple[Fn, bool]:
    return _COMPILERS[type(expr)](expr, env)


def _name(expr: ast.Name, env: Env) -> tuple[Fn, bool]:
    kind, _ = name_kind(expr.name, env.context, env.option_types, env.symbols) or ("?", "")
    if kind == "term":
        if expr.name == "players" and env.players is not None:
            return _const(env.players)
        return operator.attrgetter(expr.name), False
    if kind == "option":
        return _const(env.options[expr.name])
    if kind == "symbol":
        return _const(expr.name)
    raise ValueError(f"unknown name {expr.name!r} in a checked variant")


def _tile_list(expr: ast.TileList, env: Env) -> tuple[Fn, bool]:
    parts = [_compile(item, env) for item in expr.items]
    fns = [fn for fn, _ in parts]

    def union(s: Any) -> int:
        mask = 0
        for fn in fns:
            mask |= 1 << fn(s)
        return mask
    return _fold(union, *parts)


_INT_OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul}
_SET_OPS = {"+": operator.or_, "-": lambda a, b: a & ~b}


def _arith(expr: ast.Arith, env: Env) -> tuple[Fn, bool]:
    ops = _SET_OPS if env.type_of(expr.left) == TILES else _INT_OPS
    op = ops[expr.op]
    (left, lc), (right, rc) = _compile(expr.left, env), _compile(expr.right, env)
    return _fold(lambda s: op(left(s), right(s)), (left, lc), (right, rc))


_COMPARE_OPS = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
                ">": operator.gt, ">=": operator.ge}


def _as_group(expr: ast.Expr, env: Env) -> tuple[Fn, bool]:
    """Compile a side or a group into a group (a bit mask of sides)."""
    fn, constant = _compile(expr, env)
    if env.type_of(expr) == SIDE:
        return _fold(lambda s: 1 << fn(s), (fn, constant))
    return fn, constant


def _compare(expr: ast.Compare, env: Env) -> tuple[Fn, bool]:
    types = {env.type_of(expr.left), env.type_of(expr.right)}
    if types == {SIDE, GROUP}:  # a side equals a group when the group is exactly that side
        left, right = _as_group(expr.left, env), _as_group(expr.right, env)
    else:
        left, right = _compile(expr.left, env), _compile(expr.right, env)
    op, lf, rf = _COMPARE_OPS[expr.op], left[0], right[0]
    return _fold(lambda s: op(lf(s), rf(s)), left, right)


def _member(expr: ast.Member, env: Env) -> tuple[Fn, bool]:
    item, collection = _compile(expr.item, env), _compile(expr.collection, env)
    i, c = item[0], collection[0]
    return _fold(lambda s: bool(c(s) >> i(s) & 1), item, collection)


def _all_of(expr: ast.AllOf, env: Env) -> tuple[Fn, bool]:
    parts = [_compile(item, env) for item in expr.items]
    fns = tuple(fn for fn, _ in parts)
    if len(fns) == 2:
        a, b = fns
        return _fold(lambda s: bool(a(s) and b(s)), *parts)

    def all_of(s: Any) -> bool:
        for fn in fns:
            if not fn(s):
                return False
        return True
    return _fold(all_of, *parts)


def _any_of(expr: ast.AnyOf, env: Env) -> tuple[Fn, bool]:
    parts = [_compile(item, env) for item in expr.items]
    fns = tuple(fn for fn, _ in parts)
    if len(fns) == 2:
        a, b = fns
        return _fold(lambda s: bool(a(s) or b(s)), *parts)

    def any_of(s: Any) -> bool:
        for fn in fns:
            if fn(s):
                return True
        return False
    return _fold(any_of, *parts)


def _negation(expr: ast.Negation, env: Env) -> tuple[Fn, bool]:
    item = _compile(expr.item, env)
    fn = item[0]
    return _fold(lambda s: not fn(s), item)


def _conditional(expr: ast.Conditional, env: Env) -> tuple[Fn, bool]:
    test, then, other = (_compile(e, env) for e in (expr.test, expr.then, expr.otherwise))
    t, a, b = test[0], then[0], other[0]
    if test[1]:  # a constant test (an option) picks its branch at compile time
        try:
            return then if t(None) else other
        except Undefined:
            pass
    return _fold(lambda s: a(s) if t(s) else b(s), test, then, other)


def _extreme(mask: int, name: str, better: Callable[[int, int], bool]) -> int:
    """Return the tile of a set with the most (or fewest) pips; undefined on a tie or none."""
    best, tied = -1, -1
    for index in ts.members(mask):
        if best < 0 or better(ts.PIPS[index], ts.PIPS[best]):
            best, tied = index, -1
        elif ts.PIPS[index] == ts.PIPS[best]:
            tied = index
    if best < 0:
        raise Undefined(f"{name}() of an empty set of tiles is undefined")
    if tied >= 0:
        raise Undefined(f"{name}({ts.set_text(mask)}) is undefined: {ts.tile_of(best)} and "
                        f"{ts.tile_of(tied)} share the {'most' if name == 'heaviest' else 'fewest'}"
                        " pips")
    return best


def _with(mask: int, value: int) -> int:
    return mask & ts.WITH[value] if 0 <= value <= 6 else 0


_PURE: dict[str, Callable[..., Any]] = {
    "pips": ts.pips,
    "doubles": lambda mask: mask & ts.DOUBLES_SET,
    "count": ts.count,
    "most": ts.most,
    "with": _with,
    "heaviest": lambda mask: _extreme(mask, "heaviest", operator.gt),
    "lightest": lambda mask: _extreme(mask, "lightest", operator.lt),
    "min": min,
    "max": max,
}
_GROUP_FUNCTIONS = {"value", "pips_of", "tiles", "highest"}


def _call(expr: ast.Call, env: Env) -> tuple[Fn, bool]:
    if expr.func == "first_dealt":
        return _first_dealt(expr, env)
    if expr.func in _GROUP_FUNCTIONS:
        parts = [_as_group(arg, env) for arg in expr.args]
    else:
        parts = [_compile(arg, env) for arg in expr.args]
    fns = [fn for fn, _ in parts]
    pure = _PURE.get(expr.func)
    if pure is not None:
        if len(fns) == 1:
            (a,) = fns
            return _fold(lambda s: pure(a(s)), *parts)
        a, b = fns
        return _fold(lambda s: pure(a(s), b(s)), *parts)
    method = operator.attrgetter(f"fn_{expr.func}")  # a function of the situation
    (a,) = fns
    return (lambda s: method(s)(a(s))), False


def _first_dealt(expr: ast.Call, env: Env) -> tuple[Fn, bool]:
    items = expr.args[0].items if isinstance(expr.args[0], ast.TileList) else ()
    fns = [_compile(item, env)[0] for item in items]

    def first_dealt(s: Any) -> int:
        dealt = s.dealt
        for fn in fns:
            tile = fn(s)
            if dealt >> tile & 1:
                return tile
        raise Undefined(f"first_dealt(...) is undefined: none of "
                        f"{', '.join(str(ts.tile_of(f(s))) for f in fns)} was dealt")
    return first_dealt, False


_COMPILERS: dict[type, Callable[[Any, Env], tuple[Fn, bool]]] = {
    ast.IntLit: lambda e, env: _const(e.value),
    ast.BoolLit: lambda e, env: _const(e.value),
    ast.TileLit: lambda e, env: _const(ts.INDEX[ts.Tile.of(e.low, e.high)]),
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

__all__ = ["Env", "Fn", "Undefined", "compile_constant", "compile_expr"]
