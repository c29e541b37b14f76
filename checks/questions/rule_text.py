"""What a rule's syntax tree says, read as data: the part written at a place, and whether the goat
rule compares a side with the others (what a rule reads: interpreter/language/reads.py)."""

from __future__ import annotations

from typing import Any, Iterable

from interpreter.language import ast
from interpreter.language.model import Case
from interpreter.language.reads import calls_in, case_parts, expressions_in, names_read

# Terms and functions of the `match` context that look beyond the side the rule is applied to.
OTHER_SIDES_NAMES = frozenset({"others", "all"})
SHEET_FUNCTIONS = frozenset({"highest_total", "lowest_total"})


def expression_at(case: Case, line: int, column: int) -> Any:
    """Return the innermost expression of the case written at line:column, or None."""
    found = None
    for expr in (e for part in case_parts((case,)) for e in expressions_in(part)):
        if (expr.pos.line, expr.pos.column) == (line, column):
            found = expr  # the walk goes inwards: the last match is the innermost
    return found


def reads_other_sides(cases: Iterable[Case]) -> bool:
    """True when a rule looks at other sides than its own (`others`, `all`, the sheet's
    `highest_total`/`lowest_total` of any group but the side itself): for the goat rule,
    several sides losing the match at once is then the rule's own design (the first to a
    target wins)."""
    parts = case_parts(cases)
    return bool(names_read(*parts) & OTHER_SIDES_NAMES) or any(
        call.func in SHEET_FUNCTIONS and not _of_the_side_itself(call)
        for call in calls_in(*parts))


def _of_the_side_itself(call: ast.Call) -> bool:
    return len(call.args) == 1 and isinstance(call.args[0], ast.Name) \
        and call.args[0].name == "side"
