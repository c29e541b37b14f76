"""Type checking of expressions against the vocabulary of a slot's context."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import ast
from .errors import Diagnostic, did_you_mean
from .model import value_text
from .printer import format_expr
from .said import Joined, Listed, Said
from .slots import (BOOL, CLAIM_CONTEXTS, CONTEXTS, DRAW_KIND, END, GROUP, INT,
                    LITERAL_ARGUMENTS, REDEAL_KIND, SEAT, SIDE, SIDES_KIND, SLOTS, SYMBOLS, TILE,
                    TILES, TYPE_WORDS, functions_for)
from .writing_hints import mixed_script_message
from .spelled_errors import Respelled, spelled_names

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
    spelling: str = "en"  # the file's (spelling.py): its messages quote code in its words

    def error(self, pos: ast.Pos, message: str, hint: str = "") -> str:
        """Record a positioned error and return the type `error` (which stops cascades)."""
        line = self.lines[pos.line - 1] if 0 < pos.line <= len(self.lines) else ""
        if self.spelling != "en":
            message = Respelled(message, self.spelling, quoted=True)
            hint = Respelled(hint, self.spelling, quoted=True) if hint else hint
        self.diagnostics.append(Diagnostic(pos.file, pos.line, pos.column, message, line, hint))
        return "error"


# TYPE_WORDS (slots.py) in the catalogue: each type's key
_TYPE_KEYS = {INT: "int", BOOL: "bool", TILE: "tile", TILES: "tiles", SEAT: "seat", SIDE: "side",
              GROUP: "group", END: "end", SIDES_KIND: "sides kind", DRAW_KIND: "draw kind",
              REDEAL_KIND: "redeal kind"}


def word(type_: str) -> str:
    """Describe a type in words (a Said: `a number`, `число`)."""
    if type_.startswith("option:"):
        return Said("type.option", name=type_[7:])
    key = _TYPE_KEYS.get(type_)
    return Said(f"type.{key}") if key else TYPE_WORDS.get(type_, type_)


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
        scope.error(expr.pos, Said("type.must be", what=what, wanted=word(wanted),
                                   expr=quote(expr), actual=word(actual)),
                    _tile_hint(expr) if wanted in (TILE, TILES) else "")


def _tile_hint(expr: ast.Expr) -> str:
    """Explain `7-7` (no such tile) and `3 - 5` (spaces make it a subtraction)."""
    if not (isinstance(expr, ast.Arith) and expr.op == "-" and isinstance(expr.left, ast.IntLit)
            and isinstance(expr.right, ast.IntLit)):
        return ""
    low, high = expr.left.value, expr.right.value
    if low > 6 or high > 6:
        return Said("hint.not a tile", low=low, high=high)
    return Said("hint.tile spaces", low=low, high=high)


def _slots_knowing(name: str) -> list[str]:
    slots = [f"`{slot}`" for slot, spec in SLOTS.items() if name in CONTEXTS[spec.context]]
    claims = [Said("where.claims", context=c) for c, ctx in CLAIM_CONTEXTS.items()
              if name in CONTEXTS[ctx]]
    return slots + claims


# The contexts of a move (`move score`, a `move` claim), and those of the end of a round and of
# the next deal: a term or a function only these know is the round's outcome, not yet known when
# a tile is laid.
_MOVE_CONTEXTS = ("move", "moved")
_ROUND_OVER = ("next", "round", "end", "scored", "recorded", "match")


def _known_only_at_the_end(context: str, name: str, function: bool = False) -> bool:
    """Whether a move's rule reads a term or a function known only once the round is over."""
    if context not in _MOVE_CONTEXTS:
        return False
    known_in = functions_for if function else CONTEXTS.__getitem__
    return any(name in known_in(c) for c in _ROUND_OVER) and \
        not any(name in known_in(c) for c in CONTEXTS if c not in _ROUND_OVER)


def _name(expr: ast.Name, scope: Scope) -> str:
    found = name_kind(expr.name, scope.context, scope.options, scope.symbols)
    if found:
        return found[1]
    where = _slots_knowing(expr.name)
    if where:
        hint = "name.known at the end" if _known_only_at_the_end(scope.context, expr.name) \
            else "name.known in"
        return scope.error(expr.pos, Said("name.not here", name=expr.name, where=scope.where),
                           Said(hint, name=expr.name, slots=Joined(where)))
    known = list(CONTEXTS[scope.context]) + list(scope.options) + list(scope.symbols)
    mixed = mixed_script_message(expr.name, set(known) | set(functions_for(scope.context)))
    if mixed:
        return scope.error(expr.pos, Said("name.mixed", mixed=mixed))
    close = did_you_mean(expr.name, spelled_names(known, scope.spelling))
    if any(expr.name in functions_for(context) for context in CONTEXTS):
        if close and expr.name not in functions_for(scope.context):
            # `sides: partner`, where partner() cannot be used: the value `partners` is meant
            return scope.error(expr.pos, Said("name.unknown", name=expr.name, close=close),
                               Said("name.function value", name=expr.name))
        return scope.error(expr.pos, Said("name.function", name=expr.name))
    return scope.error(expr.pos, Said("name.unknown", name=expr.name, close=close))


def _call(expr: ast.Call, scope: Scope) -> str:
    functions = functions_for(scope.context)
    function = functions.get(expr.func)
    if function is None:
        return _unknown_function(expr, scope, functions)
    if expr.func == "count" and len(expr.args) == 1:
        return _count(expr, scope)
    if len(expr.args) != len(function.params):
        wanted = len(function.params)
        return scope.error(expr.pos, Said("call.arguments" if wanted > 1 else "call.one argument",
                                          func=expr.func, wanted=wanted, given=len(expr.args)))
    for arg, param in zip(expr.args, function.params):
        expect(arg, param, scope, Said("what.argument", func=expr.func))
    if expr.func == "first_dealt" and not isinstance(expr.args[0], ast.TileList):
        scope.error(expr.pos, Said("call.first dealt"), Said("call.first dealt hint"))
    if expr.func in LITERAL_ARGUMENTS:
        _check_literal(expr, scope)
    return function.result


def _check_literal(expr: ast.Call, scope: Scope) -> None:
    """`round_to(x, 5)`, `seat(0)`: the argument must be a whole number written in the rule."""
    index, low, high = LITERAL_ARGUMENTS[expr.func]
    arg = expr.args[index]
    if isinstance(arg, ast.IntLit) and arg.value >= low and (high is None or arg.value <= high):
        return
    wanted = f"{low}..{high}" if high is not None else Said("literal.or more", low=low)
    which = Said("literal.its" if len(expr.args) == 1 else
                 f"literal.{('first', 'second', 'third')[index]}")
    example = {"round_to": "round_to(points, 5)", "seat": "seat(0)",
               "multiple": "multiple(ends, 5)", "quotient": "quotient(ends, 5)"
               }.get(expr.func, "")
    scope.error(arg.pos, Said("call.literal", func=expr.func, wanted=wanted, which=which,
                              arg=quote(arg)),
                Said("hint.for example", example=example) if example else "")


def _unknown_function(expr: ast.Call, scope: Scope, functions: dict) -> str:
    everywhere = {c: functions_for(c) for c in CONTEXTS}
    if any(expr.func in f for f in everywhere.values()):
        where = [f"`{slot}`" for slot, spec in SLOTS.items()
                 if expr.func in everywhere[spec.context]]
        known = "function.known at the end" if _known_only_at_the_end(
            scope.context, expr.func, function=True) else "function.known in"
        return scope.error(expr.pos, Said("function.not here", func=expr.func, where=scope.where),
                           Said(known, func=expr.func, slots=Joined(where)))
    if name_kind(expr.func, scope.context, scope.options, scope.symbols) or _slots_knowing(expr.func):
        return scope.error(expr.pos, Said("function.not one", func=expr.func))
    return scope.error(expr.pos, Said("function.unknown", func=expr.func,
                                      close=did_you_mean(expr.func, spelled_names(
                                          functions, scope.spelling))))


def _arith(expr: ast.Arith, scope: Scope) -> str:
    left, right = infer(expr.left, scope), infer(expr.right, scope)
    if "error" in (left, right):
        return "error"
    if left == right == INT:
        return INT
    if left == right == TILES and expr.op in "+-":
        return TILES
    return scope.error(expr.pos, Said("type.arith", op=expr.op, left=word(left),
                                      right=word(right), expr=quote(expr)), _tile_hint(expr))


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
        return scope.error(expr.pos, Said("type.side seat", expr=quote(expr)),
                           side_of_seat_hint(expr, left == SEAT))
    message = Said("type.compare" if expr.op in ("=", "!=") else "type.order", op=expr.op,
                   left=word(left), right=word(right), expr=quote(expr))
    return scope.error(expr.pos, message, _tile_hint(expr.right) or _tile_hint(expr.left))


def side_of_seat_hint(expr: ast.Compare, seat_on_left: bool) -> str:
    """`side != winner`: the seat's side is team(winner), so suggest that comparison."""
    seat = expr.left if seat_on_left else expr.right
    side = ast.Call("team", (seat,))
    fixed = ast.Compare(expr.op, side, expr.right) if seat_on_left else \
        ast.Compare(expr.op, expr.left, side)
    return Said("hint.team", fixed=format_expr(fixed))


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
                scope.error(literal.pos, Said("domain.open", name=option.name,
                                              value=value_text(literal.value),
                                              low=values.start, high=values.stop - 1))
            continue
        if expr.op in ("=", "!=") and (type(literal.value), literal.value) not in {
                (type(v), v) for v in values}:
            scope.error(literal.pos, Said("domain.listed", name=option.name,
                                          value=value_text(literal.value),
                                          values=Listed([value_text(v) for v in values], "and")))


def _member(expr: ast.Member, scope: Scope) -> str:
    """`t in s` (a tile in a set of tiles), `s in g` (a side in a group), `p in g` (a seat
    whose side is in a group)."""
    item = infer(expr.item, scope)
    if item in (SIDE, SEAT):
        expect(expr.collection, GROUP, scope, Said("what.in after", item=word(item)))
        return BOOL
    if not _fits(item, TILE):
        scope.error(expr.item.pos, Said("type.in left", expr=quote(expr.item), actual=word(item)),
                    _tile_hint(expr.item))
    expect(expr.collection, TILES, scope, Said("what.in"))
    return BOOL


def _count(expr: ast.Call, scope: Scope) -> str:
    """`count(s)`: the tiles of a set, or the sides of a group (a side is a group of one)."""
    arg = infer(expr.args[0], scope)
    if not (_fits(arg, TILES) or _fits(arg, GROUP)):
        scope.error(expr.args[0].pos, Said("type.count", actual=word(arg),
                                           expr=quote(expr.args[0])))
    return INT


def _bools(expr: ast.AllOf | ast.AnyOf, scope: Scope) -> str:
    for item in expr.items:
        expect(item, BOOL, scope, Said("what.parts"))
    return BOOL


def _negation(expr: ast.Negation, scope: Scope) -> str:
    expect(expr.item, BOOL, scope, Said("what.not"))
    return BOOL


def _conditional(expr: ast.Conditional, scope: Scope) -> str:
    expect(expr.test, BOOL, scope, Said("what.if"))
    then, otherwise = infer(expr.then, scope), infer(expr.otherwise, scope)
    if not (_fits(then, otherwise) or _fits(otherwise, then)):
        return scope.error(expr.pos, Said("type.branches", then=word(then),
                                          otherwise=word(otherwise), expr=quote(expr)))
    if {then, otherwise} == {SIDE, GROUP}:
        return GROUP  # a side or a group: a group (a side is the group of that one side)
    return then if then != "error" else otherwise


def _tile_list(expr: ast.TileList, scope: Scope) -> str:
    for item in expr.items:
        expect(item, TILE, scope, Said("what.tile item"))
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
