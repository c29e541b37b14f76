"""The concrete meaning of expressions: each expression is compiled once into a Python function.

The compiler writes Python source for the whole expression and compiles it into one function
`lambda s: ...` over a situation `s` (see situations.py), so that evaluating a rule costs one call
instead of a walk over the syntax tree (or a chain of one closure per node). Values use the
engine's representation: numbers and yes/no as int/bool, a tile as its index 0..27, a set of
tiles as a bit mask, a seat or a side as an int, a group of sides as a bit mask of sides, a
symbol (`out`, `partners`, an option's named value) as its name. A term is an attribute of the
situation, a context function its `fn_*` method. Options and the player count are constants,
folded at compile time.

Something undefined (holder of an undealt tile, heaviest of a tie, winner after a fish) raises
Undefined. Python's own `and`, `or` and `x if c else y` are lazy exactly as the language's are.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..language import ast
from ..language.ast import OptionValue
from ..language.slots import GROUP, SEAT, SIDE, TILES, functions_for
from ..language.typing_rules import Scope, infer, name_kind
from . import tileset as ts
from .words import Said

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
    # Where a compiled match keeps the situation in local variables (interpreter/compiled):
    # the source of each term, and of each context function `fn_NAME` as a template with {0};
    # None: terms are attributes of the situation `s`, context functions its `fn_*` methods.
    names: dict[str, str] | None = None

    def type_of(self, expr: ast.Expr) -> str:
        """Return the (already checked) type of an expression in this context."""
        return infer(expr, Scope(self.context, self.option_types, self.symbols, "", []))


@dataclass(frozen=True)
class Code:
    """Python source for an expression; `constant` when it needs no situation."""

    source: str
    constant: bool


def compile_expr(expr: ast.Expr, env: Env) -> Fn:
    """Compile an expression into a function of a situation."""
    where = f"<{expr.pos.file or 'rule'}:{expr.pos.line}>"
    return eval(compile(f"lambda s: {_code(expr, env).source}", where, "eval"), runtime())


def expression_code(expr: ast.Expr, env: Env) -> Code:
    """Return Python source for an expression over a situation named `s`."""
    return _code(expr, env)


def runtime() -> dict[str, Any]:
    """The names generated source may use (a fresh namespace for each compiled function)."""
    return dict(_RUNTIME)


def _literal(value: Any) -> Code:
    return Code(repr(value), True)


def _fold(source: str, *parts: Code) -> Code:
    """Evaluate a node once when all its parts are constant (and it is defined)."""
    if all(part.constant for part in parts):
        try:
            return _literal(eval(source, dict(_RUNTIME)))
        except Undefined:
            pass  # stays code, so that the error names the rule when play reaches it
    return Code(source, False)


def _code(expr: ast.Expr, env: Env) -> Code:
    return _WRITERS[type(expr)](expr, env)


def _name(expr: ast.Name, env: Env) -> Code:
    kind, _ = name_kind(expr.name, env.context, env.option_types, env.symbols) or ("?", "")
    if kind == "term":
        if expr.name == "players" and env.players is not None:
            return _literal(env.players)
        if env.names is not None:
            return Code(f"({env.names[expr.name]})", False)
        return Code(f"s.{expr.name}", False)
    if kind == "option":
        return _literal(env.options[expr.name])
    if kind == "symbol":
        return _literal(expr.name)
    raise ValueError(f"unknown name {expr.name!r} in a checked variant")


def _tile_list(expr: ast.TileList, env: Env) -> Code:
    items = [_code(item, env) for item in expr.items]
    source = " | ".join(f"(1 << {item.source})" for item in items) or "0"
    return _fold(f"({source})", *items)


def _as_group(expr: ast.Expr, env: Env) -> Code:
    """A side becomes the group of that one side (a bit mask of sides)."""
    code = _code(expr, env)
    if env.type_of(expr) == SIDE:
        return _fold(f"(1 << {code.source})", code)
    return code


def _arith(expr: ast.Arith, env: Env) -> Code:
    left, right = _code(expr.left, env), _code(expr.right, env)
    if env.type_of(expr.left) == TILES:  # sets: + is union, - is difference
        op = "|" if expr.op == "+" else "& ~"
    else:
        op = expr.op
    return _fold(f"({left.source} {op} {right.source})", left, right)


_COMPARE = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def _compare(expr: ast.Compare, env: Env) -> Code:
    if {env.type_of(expr.left), env.type_of(expr.right)} == {SIDE, GROUP}:
        left, right = _as_group(expr.left, env), _as_group(expr.right, env)
    else:
        left, right = _code(expr.left, env), _code(expr.right, env)
    return _fold(f"({left.source} {_COMPARE[expr.op]} {right.source})", left, right)


def _member(expr: ast.Member, env: Env) -> Code:
    """A tile in a set, a side in a group, or a seat's side in a group: one bit of a mask."""
    kind = env.type_of(expr.item)
    if kind == SEAT:  # a seat is in a group when its side is
        item = _code(ast.Call("team", (expr.item,), expr.item.pos), env)
    else:
        item = _code(expr.item, env)
    collection = _as_group(expr.collection, env) if kind in (SIDE, SEAT) \
        else _code(expr.collection, env)
    return _fold(f"(({collection.source} >> {item.source}) & 1 == 1)", item, collection)


def _all_of(expr: ast.AllOf, env: Env) -> Code:
    items = [_code(item, env) for item in expr.items]
    return _fold("(" + " and ".join(i.source for i in items) + ")", *items)


def _any_of(expr: ast.AnyOf, env: Env) -> Code:
    items = [_code(item, env) for item in expr.items]
    return _fold("(" + " or ".join(i.source for i in items) + ")", *items)


def _negation(expr: ast.Negation, env: Env) -> Code:
    item = _code(expr.item, env)
    return _fold(f"(not {item.source})", item)


def _conditional(expr: ast.Conditional, env: Env) -> Code:
    # a group chosen between a group and a side: the side becomes the group of that side
    branch = _as_group if env.type_of(expr) == GROUP else _code
    test, then, other = _code(expr.test, env), branch(expr.then, env), branch(expr.otherwise, env)
    if test.constant:  # a test on options picks its branch at compile time
        return then if eval(test.source, dict(_RUNTIME)) else other
    return _fold(f"({then.source} if {test.source} else {other.source})", test, then, other)


_PURE = {  # function name → Python source with {0}, {1} for the arguments
    "pips": "_pips({0})", "doubles": f"({{0}} & {ts.DOUBLES_SET})", "count": "({0}).bit_count()",
    "most": "_most({0})", "with": "_with({0}, {1})", "heaviest": "_heaviest({0})",
    "lightest": "_lightest({0})", "min": "min({0}, {1})", "max": "max({0}, {1})",
    "round_to": "_round_to({0}, {1})",
}


def _call(expr: ast.Call, env: Env) -> Code:
    if expr.func == "first_dealt":
        return _first_dealt(expr, env)
    if expr.func == "seat":
        number = _code(expr.args[0], env)
        players = _literal(env.players) if env.players is not None else Code("s.players", False)
        return _fold(f"_seat({number.source}, {players.source})", number, players)
    params = functions_for(env.context)[expr.func].params  # a side given for a group: a group
    if expr.func == "count" and env.type_of(expr.args[0]) in (SIDE, GROUP):
        params = (GROUP,)  # the sides of a group are counted as the tiles of a set are
    args = [(_as_group if param == GROUP else _code)(arg, env)
            for arg, param in zip(expr.args, params)]
    template = _PURE.get(expr.func)
    if template is not None:
        return _fold(template.format(*(a.source for a in args)), *args)
    if env.names is not None:  # the variant compiler writes the function as its own local
        return Code(env.names[f"fn_{expr.func}"].format(*(a.source for a in args)), False)
    listed = ", ".join(a.source for a in args)
    return Code(f"s.fn_{expr.func}({listed})", False)  # a function of the situation


def _first_dealt(expr: ast.Call, env: Env) -> Code:
    items = expr.args[0].items if isinstance(expr.args[0], ast.TileList) else ()
    codes = [_code(item, env) for item in items]
    dealt = f"({env.names['dealt']})" if env.names is not None else "s.dealt"
    if all(code.constant for code in codes):
        return Code(f"_first_dealt({dealt}, ({''.join(c.source + ', ' for c in codes)}))", False)
    if env.names is not None:  # no situation object: each later item is a thunk
        thunks = "".join(f"lambda: {c.source}, " for c in codes)
        return Code(f"_first_dealt_thunks({dealt}, ({thunks}))", False)
    lazy = "".join(f"lambda s: {c.source}, " for c in codes)  # later items only when needed
    return Code(f"_first_dealt_lazy(s, ({lazy}))", False)


def _extreme(mask: int, name: str, better: Callable[[int, int], bool]) -> int:
    """Return the tile of a set with the most (or fewest) pips; undefined on a tie or none."""
    best, tied = -1, -1
    for index in ts.members(mask):
        if best < 0 or better(ts.PIPS[index], ts.PIPS[best]):
            best, tied = index, -1
        elif ts.PIPS[index] == ts.PIPS[best]:
            tied = index
    if best < 0:
        raise Undefined(Said("undefined.empty", name=name))
    if tied >= 0:
        most = "most" if name == "heaviest" else "fewest"
        raise Undefined(Said(f"undefined.tie {most}", name=name, tiles=ts.set_text(mask),
                             a=ts.tile_of(best), b=ts.tile_of(tied)))
    return best


def _round_to(number: int, step: int) -> int:
    """Return the number rounded to the nearest multiple of step (step > 0), halves up."""
    return (2 * number + step) // (2 * step) * step


def _seat(number: int, players: int) -> int:
    """Return the seat with a number; undefined when the table has no such seat."""
    if not 0 <= number < players:
        raise Undefined(Said("undefined.seat", number=number, players=players,
                             last=players - 1))
    return number


def _first_dealt_runtime(dealt: int, tiles: tuple[int, ...]) -> int:
    for tile in tiles:
        if dealt >> tile & 1:
            return tile
    raise Undefined(Said("undefined.none dealt",
                         tiles=", ".join(str(ts.tile_of(t)) for t in tiles)))


def _first_dealt_lazy(situation: Any, items: tuple[Fn, ...]) -> int:
    dealt = situation.dealt
    for item in items:
        tile = item(situation)
        if dealt >> tile & 1:
            return tile
    raise Undefined(Said("undefined.list not dealt"))


def _first_dealt_thunks(dealt: int, items: tuple[Callable[[], int], ...]) -> int:
    for item in items:
        tile = item()
        if dealt >> tile & 1:
            return tile
    raise Undefined(Said("undefined.list not dealt"))


_RUNTIME: dict[str, Any] = {
    "__builtins__": {"min": min, "max": max},
    "_pips": ts.pips, "_most": ts.most,
    "_with": lambda mask, value: mask & ts.WITH[value] if 0 <= value <= 6 else 0,
    "_heaviest": lambda mask: _extreme(mask, "heaviest", lambda a, b: a > b),
    "_lightest": lambda mask: _extreme(mask, "lightest", lambda a, b: a < b),
    "_first_dealt": _first_dealt_runtime, "_first_dealt_lazy": _first_dealt_lazy,
    "_first_dealt_thunks": _first_dealt_thunks,
    "_round_to": _round_to, "_seat": _seat,
}

_WRITERS: dict[type, Callable[[Any, Env], Code]] = {
    ast.IntLit: lambda e, env: _literal(e.value),
    ast.BoolLit: lambda e, env: _literal(e.value),
    ast.TileLit: lambda e, env: _literal(ts.INDEX[ts.Tile.of(e.low, e.high)]),
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

__all__ = ["Code", "Env", "Fn", "Undefined", "compile_expr", "expression_code", "runtime"]
