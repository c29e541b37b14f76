"""Type checking of expressions against the vocabulary of a slot's context."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import ast
from .errors import Diagnostic, did_you_mean
from .model import value_text
from .printer import format_expr
from .slots import (BOOL, CLAIM_CONTEXTS, CONTEXTS, GROUP, INT, LITERAL_ARGUMENTS, SEAT, SIDE,
                    SLOTS, SYMBOLS, TILE, TILES, TYPE_WORDS, functions_for)
from .writing_hints import mixed_script_message

MAX_QUOTE = 40  # longer expressions are cut in messages: the caret shows where they are


@dataclass
class Scope:
    """What names mean where an expression is written: terms, options, symbols, functions."""

    context: str
    options: dict[str, str]
    symbols: dict[str, str]
    where: str  # words for messages: "in `score`"
    diagnostics: list[Diagnostic] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    option_values: "dict[str, tuple | range]" = field(default_factory=dict)  # domain checks

    def error(self, pos: ast.Pos, message: str, hint: str = "") -> str:
        """Record a positioned error and return the type `error` (which stops cascades)."""
        line = self.lines[pos.line - 1] if 0 < pos.line <= len(self.lines) else ""
        self.diagnostics.append(Diagnostic(pos.file, pos.line, pos.column, message, line, hint))
        return "error"


def word(type_: str) -> str:
    """Describe a type in words."""
    if type_.startswith("option:"):
        return f"a value of option {type_[7:]!r}"
    return TYPE_WORDS.get(type_, type_)


def _fits(actual: str, wanted: str) -> bool:
    return actual == wanted or actual == "error" or (wanted == GROUP and actual == SIDE)


def name_kind(name: str, context: str, options: dict[str, str],
              symbols: dict[str, str]) -> tuple[str, str] | None:
    """Return (kind, type) of a name in a context: kind is term, option or symbol."""
    terms = CONTEXTS[context]
    if name in terms:
        return "term", terms[name].type
    if name in options:
        return "option", options[name]
    if name in symbols:
        return "symbol", symbols[name]
    return None


def infer(expr: ast.Expr, scope: Scope) -> str:
    """Return the type of an expression, recording errors in the scope."""
    handler = _HANDLERS[type(expr)]
    return handler(expr, scope)


def quote(expr: ast.Expr) -> str:
    """Return an expression as written (shortened), quoted for a message."""
    text = format_expr(expr)
    return repr(text if len(text) <= MAX_QUOTE else text[:MAX_QUOTE - 1] + "…")


def expect(expr: ast.Expr, wanted: str, scope: Scope, what: str) -> None:
    """Check that an expression has the wanted type."""
    actual = infer(expr, scope)
    if not _fits(actual, wanted):
        scope.error(expr.pos, f"{what} must be {word(wanted)}, but {quote(expr)} is {word(actual)}",
                    _tile_hint(expr) if wanted in (TILE, TILES) else "")


def _tile_hint(expr: ast.Expr) -> str:
    """Explain `7-7` (no such tile) and `3 - 5` (spaces make it a subtraction)."""
    if not (isinstance(expr, ast.Arith) and expr.op == "-" and isinstance(expr.left, ast.IntLit)
            and isinstance(expr.right, ast.IntLit)):
        return ""
    low, high = expr.left.value, expr.right.value
    if low > 6 or high > 6:
        return f"{low}-{high} is not a tile: the halves of a tile show 0 to 6"
    return f"write a tile without spaces: {low}-{high}"


def _slots_knowing(name: str) -> list[str]:
    slots = [f"`{slot}`" for slot, spec in SLOTS.items() if name in CONTEXTS[spec.context]]
    claims = [f"`{c}` claims" for c, ctx in CLAIM_CONTEXTS.items() if name in CONTEXTS[ctx]]
    return slots + claims


def _name(expr: ast.Name, scope: Scope) -> str:
    found = name_kind(expr.name, scope.context, scope.options, scope.symbols)
    if found:
        return found[1]
    where = _slots_knowing(expr.name)
    if where:
        return scope.error(expr.pos, f"{expr.name!r} cannot be used {scope.where}",
                           f"{expr.name!r} is known only in " + ", ".join(where))
    known = list(CONTEXTS[scope.context]) + list(scope.options) + list(scope.symbols)
    mixed = mixed_script_message(expr.name, set(known) | set(functions_for(scope.context)))
    if mixed:
        return scope.error(expr.pos, f"unknown name: {mixed}")
    close = did_you_mean(expr.name, known)
    if any(expr.name in functions_for(context) for context in CONTEXTS):
        if close and expr.name not in functions_for(scope.context):
            # `sides: partner`, where partner() cannot be used: the value `partners` is meant
            return scope.error(expr.pos, f"unknown name {expr.name!r}{close}",
                               f"{expr.name}(...) is a function, not a value")
        return scope.error(expr.pos, f"{expr.name!r} is a function: write {expr.name}(...)")
    return scope.error(expr.pos, f"unknown name {expr.name!r}{close}")


def _call(expr: ast.Call, scope: Scope) -> str:
    functions = functions_for(scope.context)
    function = functions.get(expr.func)
    if function is None:
        return _unknown_function(expr, scope, functions)
    if expr.func == "count" and len(expr.args) == 1:
        return _count(expr, scope)
    if len(expr.args) != len(function.params):
        wanted = len(function.params)
        return scope.error(expr.pos, f"{expr.func}() takes {wanted} argument"
                           f"{'s' if wanted > 1 else ''}, not {len(expr.args)}")
    for arg, param in zip(expr.args, function.params):
        expect(arg, param, scope, f"the argument of {expr.func}()")
    if expr.func == "first_dealt" and not isinstance(expr.args[0], ast.TileList):
        scope.error(expr.pos, "first_dealt() takes a written list of tiles in priority order",
                    "write the tiles themselves: first_dealt([1-1, 2-2, 3-3])")
    if expr.func in LITERAL_ARGUMENTS:
        _check_literal(expr, scope)
    return function.result


def _check_literal(expr: ast.Call, scope: Scope) -> None:
    """`round_to(x, 5)`, `seat(0)`: the argument must be a whole number written in the rule."""
    index, low, high = LITERAL_ARGUMENTS[expr.func]
    arg = expr.args[index]
    if isinstance(arg, ast.IntLit) and arg.value >= low and (high is None or arg.value <= high):
        return
    wanted = f"{low}..{high}" if high is not None else f"{low} or more"
    which = "its argument" if len(expr.args) == 1 else \
        f"its {('first', 'second', 'third')[index]} argument"
    example = {"round_to": "round_to(points, 5)", "seat": "seat(0)"}.get(expr.func, "")
    scope.error(arg.pos, f"{expr.func}() takes a whole number written out ({wanted}) as "
                f"{which}, not {quote(arg)}", f"for example {example}" if example else "")


def _unknown_function(expr: ast.Call, scope: Scope, functions: dict) -> str:
    everywhere = {c: functions_for(c) for c in CONTEXTS}
    if any(expr.func in f for f in everywhere.values()):
        where = [f"`{slot}`" for slot, spec in SLOTS.items()
                 if expr.func in everywhere[spec.context]]
        return scope.error(expr.pos, f"function {expr.func}() cannot be used {scope.where}",
                           f"{expr.func}() is known only in " + ", ".join(where))
    if name_kind(expr.func, scope.context, scope.options, scope.symbols) or _slots_knowing(expr.func):
        return scope.error(expr.pos, f"{expr.func!r} is not a function; write it without `(...)`")
    return scope.error(expr.pos, f"unknown function {expr.func!r}"
                       f"{did_you_mean(expr.func, functions)}")


def _arith(expr: ast.Arith, scope: Scope) -> str:
    left, right = infer(expr.left, scope), infer(expr.right, scope)
    if "error" in (left, right):
        return "error"
    if left == right == INT:
        return INT
    if left == right == TILES and expr.op in "+-":
        return TILES
    return scope.error(expr.pos, f"cannot apply {expr.op!r} to {word(left)} and {word(right)}: "
                       f"{quote(expr)}", _tile_hint(expr))


def _compare(expr: ast.Compare, scope: Scope) -> str:
    left, right = infer(expr.left, scope), infer(expr.right, scope)
    if "error" in (left, right):
        return BOOL
    if expr.op in ("=", "!=") and (left == right or {left, right} == {SIDE, GROUP}):
        _check_domain(expr, scope)
        return BOOL
    if left == right == INT:
        _check_domain(expr, scope)
        return BOOL
    if expr.op in ("=", "!=") and {left, right} == {SIDE, SEAT}:
        return scope.error(expr.pos, f"cannot compare a side with a seat: {quote(expr)}",
                           side_of_seat_hint(expr, left == SEAT))
    if expr.op in ("=", "!="):
        message = f"cannot compare {word(left)} with {word(right)}: {quote(expr)}"
    else:
        message = f"{expr.op!r} compares numbers, not {word(left)} and {word(right)}: {quote(expr)}"
    return scope.error(expr.pos, message, _tile_hint(expr.right) or _tile_hint(expr.left))


def side_of_seat_hint(expr: ast.Compare, seat_on_left: bool) -> str:
    """`side != winner`: the seat's side is team(winner), so suggest that comparison."""
    seat = expr.left if seat_on_left else expr.right
    side = ast.Call("team", (seat,))
    fixed = ast.Compare(expr.op, side, expr.right) if seat_on_left else \
        ast.Compare(expr.op, expr.left, side)
    return (f"a seat's side is team(SEAT): write `{format_expr(fixed)}`")


def _check_domain(expr: ast.Compare, scope: Scope) -> None:
    """`target = 200` where target is 100 | 300 | 500 can never hold: almost surely a slip."""
    for option, literal in ((expr.left, expr.right), (expr.right, expr.left)):
        if not (isinstance(option, ast.Name) and option.name in scope.option_values
                and isinstance(literal, (ast.IntLit, ast.BoolLit))
                and (name_kind(option.name, scope.context, scope.options, scope.symbols)
                     or ("",))[0] == "option"):
            continue
        values = scope.option_values[option.name]
        if isinstance(values, range):  # an open option: a number in it, or never
            if expr.op in ("=", "!=") and (isinstance(literal.value, bool)
                                           or literal.value not in values):
                scope.error(literal.pos, f"option {option.name!r} is never "
                            f"{value_text(literal.value)}: it is a whole number from "
                            f"{values.start} to {values.stop - 1}")
            continue
        if expr.op in ("=", "!=") and (type(literal.value), literal.value) not in {
                (type(v), v) for v in values}:
            words = [value_text(v) for v in values]
            listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
            scope.error(literal.pos, f"option {option.name!r} is never "
                        f"{value_text(literal.value)}: its values are {listed}")


def _member(expr: ast.Member, scope: Scope) -> str:
    """`t in s` (a tile in a set of tiles), `s in g` (a side in a group), `p in g` (a seat
    whose side is in a group)."""
    item = infer(expr.item, scope)
    if item in (SIDE, SEAT):
        expect(expr.collection, GROUP, scope, f"the right side of `in` after {word(item)}")
        return BOOL
    if not _fits(item, TILE):
        scope.error(expr.item.pos, "the left side of `in` must be a tile, a side or a seat, but "
                    f"{quote(expr.item)} is {word(item)}", _tile_hint(expr.item))
    expect(expr.collection, TILES, scope, "the right side of `in`")
    return BOOL


def _count(expr: ast.Call, scope: Scope) -> str:
    """`count(s)`: the tiles of a set, or the sides of a group (a side is a group of one)."""
    arg = infer(expr.args[0], scope)
    if not (_fits(arg, TILES) or _fits(arg, GROUP)):
        scope.error(expr.args[0].pos, f"count() counts the tiles of a set or the sides of a "
                    f"group, not {word(arg)}: {quote(expr.args[0])}")
    return INT


def _bools(expr: ast.AllOf | ast.AnyOf, scope: Scope) -> str:
    for item in expr.items:
        expect(item, BOOL, scope, "each part of `and`/`or`")
    return BOOL


def _negation(expr: ast.Negation, scope: Scope) -> str:
    expect(expr.item, BOOL, scope, "the operand of `not`")
    return BOOL


def _conditional(expr: ast.Conditional, scope: Scope) -> str:
    expect(expr.test, BOOL, scope, "the condition of `if`")
    then, otherwise = infer(expr.then, scope), infer(expr.otherwise, scope)
    if not (_fits(then, otherwise) or _fits(otherwise, then)):
        return scope.error(expr.pos, f"`then` gives {word(then)} but `else` gives "
                           f"{word(otherwise)}: {quote(expr)}")
    if {then, otherwise} == {SIDE, GROUP}:
        return GROUP  # a side or a group: a group (a side is the group of that one side)
    return then if then != "error" else otherwise


def _tile_list(expr: ast.TileList, scope: Scope) -> str:
    for item in expr.items:
        expect(item, TILE, scope, "each item of a tile list")
    return TILES


_HANDLERS: dict[type, Callable[[Any, Scope], str]] = {
    ast.IntLit: lambda e, s: INT,
    ast.BoolLit: lambda e, s: BOOL,
    ast.TileLit: lambda e, s: TILE,
    ast.TileList: _tile_list,
    ast.Name: _name,
    ast.Call: _call,
    ast.Arith: _arith,
    ast.Compare: _compare,
    ast.Member: _member,
    ast.AllOf: _bools,
    ast.AnyOf: _bools,
    ast.Negation: _negation,
    ast.Conditional: _conditional,
}


def option_type(values: "tuple | range", name: str) -> str:
    """Return the type of an option from its values: int, bool, a built-in kind whose symbols
    all its values are (`one | until_playable`: draw-kind), or its own symbols."""
    if isinstance(values, range):  # an open option: never listed value by value
        return INT
    if all(isinstance(v, bool) for v in values):
        return BOOL
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return INT
    kinds = {SYMBOLS.get(str(v)) for v in values if isinstance(v, str)}
    if values and len(kinds) == 1 and None not in kinds and all(isinstance(v, str) for v in values):
        return kinds.pop()  # type: ignore[return-value]
    return f"option:{name}"


def symbols_with_options(option_values: "dict[str, tuple] | dict[str, tuple | range]"
                         ) -> dict[str, str]:
    """Return the symbol table: built-in symbols plus the symbolic values of options."""
    symbols = dict(SYMBOLS)
    for name, values in option_values.items():
        if option_type(values, name).startswith("option:"):
            for value in values:
                symbols.setdefault(str(value), f"option:{name}")
    return symbols
