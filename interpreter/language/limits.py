"""Limits on the shape of a rule text, checked once right after parsing.

Every later stage (the syntax-tree builder, the type checker, the engine's generated Python, the
Z3 encoding, the printer) walks expressions recursively, and Python's parser refuses more than
200 nested parentheses. Refusing a too deep text here, with the place it goes too deep, means no
later stage can fail on it. The limits are far above anything a rule needs (README: Limits).
"""

from __future__ import annotations

from typing import Any, Iterator

from . import ast
from .errors import Diagnostic, RuleFileError

MAX_EXPRESSION_DEPTH = 50  # the generated Python nests at most 2 parentheses per level
MAX_EXTENDS_DEPTH = 50  # variants in one `extends` chain
MAX_NUMBER_DIGITS = 1000  # of any number a rule's arithmetic can reach (Python prints 4,300)
MAX_REPORTED = 10

# The parse tree's expression nodes (the grammar's aliases); `( … )` makes no node of its own.
EXPRESSION_NODES = frozenset({
    "conditional", "any_of", "all_of", "negation", "compare", "member", "arith", "int_lit",
    "tile_lit", "yes_lit", "no_lit", "tile_list", "name", "call",
})
_OPTION_DIGITS = 9  # an option's value or a term: a rule's number literals have at most 9


def check_nesting(tree: Any, file: str, lines: list[str]) -> None:
    """Refuse expressions nested deeper than MAX_EXPRESSION_DEPTH, at the place they do."""
    places: dict[int, int] = {}  # line → the first column too deep on it
    stack: list[tuple[Any, int]] = [(tree, 0)]
    while stack and len(places) < MAX_REPORTED:  # no recursion: the tree may be very deep
        node, depth = stack.pop()
        if not hasattr(node, "data"):
            continue  # a token or a left-out optional part
        if node.data in EXPRESSION_NODES:
            depth += 1
            if depth > MAX_EXPRESSION_DEPTH:
                line, column = getattr(node.meta, "line", 1), getattr(node.meta, "column", 1)
                places[line] = min(places.get(line, column), column)
                continue
        stack.extend((child, depth) for child in reversed(node.children))
    if places:
        message = (f"expression nested too deeply (more than {MAX_EXPRESSION_DEPTH} levels of "
                   "operators, calls and `if`)")
        raise RuleFileError([_at(file, lines, line, column, message,
                                 "split it into simpler rules or options")
                             for line, column in sorted(places.items())])


def check_numbers(variants: tuple[ast.VariantDecl, ...], file: str, lines: list[str]) -> None:
    """Refuse arithmetic whose result can have more than MAX_NUMBER_DIGITS digits."""
    places: list[ast.Pos] = []
    for expr in _expressions(variants):
        _digits(expr, places)
    first: dict[int, int] = {}  # line → its first place
    for pos in places:
        first[pos.line] = min(first.get(pos.line, pos.column), pos.column)
    if first:
        message = (f"number too large: this arithmetic can reach more than {MAX_NUMBER_DIGITS} "
                   "digits")
        raise RuleFileError([_at(file, lines, line, column, message)
                             for line, column in sorted(first.items())[:MAX_REPORTED]])


def _expressions(variants: tuple[ast.VariantDecl, ...]) -> Iterator[ast.Expr]:
    for variant in variants:
        for written in variant.items:  # a house rule's new case or claim is checked as one
            item = getattr(written, "case", None) or getattr(written, "claim", None) or written
            if isinstance(item, ast.RuleCase):
                if not isinstance(item.body, ast.Unspecified):
                    yield item.body
                if item.guard is not None:
                    yield item.guard
            elif isinstance(item, ast.ClaimDecl):
                yield item.expr


def _digits(expr: ast.Expr, places: list[ast.Pos]) -> int:
    """An upper bound on the digits of the expression's value; the places past the limit."""
    if isinstance(expr, ast.IntLit):
        return len(str(expr.value))
    if isinstance(expr, ast.Name):
        return _OPTION_DIGITS
    parts = [_digits(child, places) for child in _children(expr)]
    if isinstance(expr, ast.Arith):
        digits = parts[0] + parts[1] if expr.op == "*" else max(parts) + 1
        if digits > MAX_NUMBER_DIGITS:
            places.append(expr.pos)
            return 0  # reported once, at the innermost place
        return digits
    if isinstance(expr, ast.Conditional):
        return max(parts[1:])
    if isinstance(expr, ast.Call):
        return max(parts + [_OPTION_DIGITS]) + 1
    return 1  # yes/no, a tile or a set of tiles


def _children(expr: ast.Expr) -> tuple[ast.Expr, ...]:
    if isinstance(expr, (ast.Arith, ast.Compare)):
        return expr.left, expr.right
    if isinstance(expr, ast.Member):
        return expr.item, expr.collection
    if isinstance(expr, ast.Conditional):
        return expr.test, expr.then, expr.otherwise
    if isinstance(expr, ast.Negation):
        return (expr.item,)
    if isinstance(expr, (ast.AllOf, ast.AnyOf, ast.TileList)):
        return expr.items
    if isinstance(expr, ast.Call):
        return expr.args
    return ()


def _at(file: str, lines: list[str], line: int, column: int, message: str,
        hint: str = "") -> Diagnostic:
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return Diagnostic(file, line, column, message, source, hint)
