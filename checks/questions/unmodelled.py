"""What the checker does not model yet, and how a variant that uses it is answered.

A spinner (the slots `spinner` and `arms`) gives the line four open ends; the checker's
situations of play know two (checks/z3_encode/play_end.py: the parity of the line, the
blocked rule, the ends of a fish, the count at the ends). Asked of a spinner game they would
prove what does not hold and miss what does, so such a variant is not checked: its report is
one `unknown` finding at the rule that makes the spinner, with the text's own accounts
(assumptions, the source's concordance) beside it, and it is compared with no other variant.
The engine plays it; `kozel play`, `simulate`, `replay` and `rulebook` work as for any game.
"""

from __future__ import annotations

from interpreter.language.model import Case, Variant

from ..reporting.catalogue import Said
from ..reporting.findings import Finding
from ..reporting.kinds import Kind

UNMODELLED_SLOTS = ("spinner", "arms")


def unmodelled_case(variant: Variant) -> Case | None:
    """The first rule of the variant that the checker does not model (a spinner's), or None."""
    for slot in UNMODELLED_SLOTS:
        cases = variant.cases(slot)
        if cases:
            return cases[0]
    return None


def unmodelled_finding(case: Case) -> Finding:
    """The one finding of a variant the checker does not check: why, at the rule."""
    return Finding(kind=Kind.UNKNOWN, slot=case.slot, at=case.pos,
                   message=Said("unmodelled.spinner"), strict=False)


def refuse_unmodelled(*variants: Variant) -> None:
    """Raise a UsageError naming the first variant the checker does not model (for `diff`)."""
    from interpreter.language.errors import UsageError

    for variant in variants:
        case = unmodelled_case(variant)
        if case is not None:
            raise UsageError(Said("unmodelled.not compared", name=variant.name,
                                  file=case.pos.file, line=case.pos.line))
