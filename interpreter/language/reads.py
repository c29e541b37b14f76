"""What a rule reads: the one walk of an expression tree, and the names and functions it uses.

Every reader that asks "which names does this rule read" asks here: the engine, whether `draw`
or `pass` reads the turn (engine/turns.py) and whether a lead uses `lot` (engine/lot.py); the
checks, whether an option is used at all (checks/reporting/report.py), whether a rule looks at other
sides (checks/questions/rule_text.py) and whether a match-end rule reads the round itself
(checks/z3_encode/sides.py). A construct added to the syntax tree is then walked everywhere at
once. A case's readings (its other values) are not what the case reads: none of these asks them.
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from . import ast
from .model import Case, Variant


def expressions_in(expr: Any) -> Iterator[Any]:
    """Yield the expression and every expression inside it, outermost first."""
    if expr is None or isinstance(expr, ast.Pos):
        return
    yield expr
    for value in vars(expr).values():
        for item in value if isinstance(value, tuple) else (value,):
            if hasattr(item, "pos") and not isinstance(item, ast.Pos):
                yield from expressions_in(item)


def case_parts(cases: Iterable[Case]) -> tuple[Any, ...]:
    """The guard and the value of each case, in order (None where a case has none)."""
    return tuple(part for case in cases for part in (case.guard, case.value))


def names_read(*exprs: Any) -> frozenset[str]:
    """The names the expressions read: terms, options and symbols (not the functions)."""
    return frozenset(e.name for expr in exprs for e in expressions_in(expr)
                     if isinstance(e, ast.Name))


def functions_called(*exprs: Any) -> frozenset[str]:
    """The functions the expressions call."""
    return frozenset(call.func for call in calls_in(*exprs))


def calls_in(*exprs: Any) -> Iterator[ast.Call]:
    """Yield every call inside the expressions, outermost first."""
    return (e for expr in exprs for e in expressions_in(expr) if isinstance(e, ast.Call))


def slot_names(variant: Variant, slot: str) -> frozenset[str]:
    """The names a slot's cases read, in their guards and values."""
    return names_read(*case_parts(variant.cases(slot)))


def variant_names(variant: Variant) -> frozenset[str]:
    """The names every rule and claim of the variant reads."""
    cases = [case for _, slot_cases in variant.slots for case in slot_cases]
    return names_read(*case_parts(cases), *(claim.expr for claim in variant.claims))
