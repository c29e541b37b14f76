"""What a rule's syntax tree says, read as data: the parts of an expression, the part written at
a place."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from interpreter import ast
from interpreter.model import Case


def expressions_in(expr: Any) -> Iterator[Any]:
    """Yield the expression and every expression inside it, outermost first."""
    if expr is None or isinstance(expr, ast.Pos):
        return
    yield expr
    for value in vars(expr).values():
        for item in value if isinstance(value, tuple) else (value,):
            if hasattr(item, "pos") and not isinstance(item, ast.Pos):
                yield from expressions_in(item)


def case_expressions(cases: Iterable[Case]) -> Iterator[Any]:
    """Yield every expression of the cases' guards and values."""
    for case in cases:
        yield from expressions_in(case.guard)
        yield from expressions_in(case.value)


def expression_at(case: Case, line: int, column: int) -> Any:
    """Return the innermost expression of the case written at line:column, or None."""
    found = None
    for expr in case_expressions((case,)):
        if (expr.pos.line, expr.pos.column) == (line, column):
            found = expr  # the walk goes inwards: the last match is the innermost
    return found
