"""What a rule's syntax tree says, read as data: the parts of an expression, the part written at
a place, and whether the goat rule compares a side with the others."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from interpreter.language import ast
from interpreter.language.ast import expressions_in
from interpreter.language.model import Case

# Terms and functions of the `match` context that look beyond the side the rule is applied to.
OTHER_SIDES_NAMES = frozenset({"others", "all"})
SHEET_FUNCTIONS = frozenset({"highest_total", "lowest_total"})




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


def reads_other_sides(cases: Iterable[Case]) -> bool:
    """True when a rule looks at other sides than its own (`others`, `all`, the sheet's
    `highest_total`/`lowest_total` of any group but the side itself): for the goat rule,
    several sides losing the match at once is then the rule's own design (the first to a
    target wins)."""
    for expr in case_expressions(cases):
        if isinstance(expr, ast.Name) and expr.name in OTHER_SIDES_NAMES:
            return True
        if isinstance(expr, ast.Call) and expr.func in SHEET_FUNCTIONS and not (
                len(expr.args) == 1 and isinstance(expr.args[0], ast.Name)
                and expr.args[0].name == "side"):
            return True
    return False
