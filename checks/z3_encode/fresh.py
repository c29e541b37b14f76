"""A fresh Z3 context, as a new process has it.

Z3 numbers its terms as they are made and reuses freed numbers, and its search, hence every
model and every witness game, depends on those numbers (terms.py): a question asked after other
questions in the same context can get another model than in a new process. Numbers belong to a
context, so a new context starts from the same state as a new process: the checker's reports
computed after a fresh_context() are the bytes a new process computes (tests/checks/
test_fresh_context.py compares them). checks/running/isolated.py uses it in each forked task, so a
process that has used Z3 (a test worker, the language server, a program that embeds the
checker) need not start a new Python to check again.

The encoder keeps a few terms at module level (the players and deal counts, true and false,
the integer sort). They are made again in the new context, in the order the imports make them
in a new process, and every module of the checker that holds one (`from .tables import N`) is
given the new one. A module-level term this module does not know of is an error, not a
silent mix of two contexts (which would crash Z3). The answers the encoder keeps at module
level (contexts.py: the players and deal sizes of the variants last asked) are forgotten too:
read back, they would leave questions unasked that a new process asks, and every later model
could differ (a check of gambler-1v1 forked after another check of it gave another report).
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any, Callable

import z3

from ..questions import z3_state

PACKAGE = "checks."  # the modules whose module-level terms are remade


def fresh_context() -> None:
    """Make Z3's main context anew and the encoder's module-level terms in it."""
    old = z3.main_ctx()
    held = _held_terms(old)
    known = _made_at_import()
    unknown = sorted(f"{module.__name__}.{attr}" for module, attr, value in held
                     if id(value) not in known)
    if unknown:  # refused before anything changes: no module is left in the old context
        raise RuntimeError(f"{', '.join(unknown)}: Z3 terms made at import that "
                           f"checks/z3_encode/fresh.py does not make again")
    new = z3.Context()
    z3.z3._main_ctx = new  # z3's Python API has no setter for its main context
    made = {key: make() for key, make in known.items()}  # in the order of a new process
    for module, attr, value in held:
        setattr(module, attr, made[id(value)])
    from . import terms
    from .contexts import forget_combos
    terms._CTX, terms._REF = new, new.ref()
    forget_combos()  # the one memo of solver answers kept at module level
    z3_state.forget_used()


def fresh_question() -> None:
    """Start one question of a report (its conditions, a reading, a restatement, whether every
    match ends, the rules never reached) from Z3's state in a new process: its answers then
    rest on the question alone, not on the questions a check asked before it (one near the
    edge of its budget would otherwise be answered or not by the luck of those), and a
    question's answer can be kept and read back on its own (docs/architecture.md)."""
    if z3_state.used():
        fresh_context()


def _made_at_import() -> dict[int, Callable[[], Any]]:
    """The encoder's module-level terms, each with how it is made, in the order the imports of
    a new process make them."""
    from . import tables, terms, values

    return {id(terms._INT_SORT): z3.IntSort,
            id(values.TRUE): lambda: z3.BoolVal(True),
            id(values.FALSE): lambda: z3.BoolVal(False),
            id(tables.N): lambda: z3.Int("players"),
            id(tables.D): lambda: z3.Int("deal")}


def _held_terms(old: z3.Context) -> list[tuple[ModuleType, str, Any]]:
    """Every term or sort of the old context a checker module holds as a module attribute."""
    return [(module, attr, value)
            for name, module in list(sys.modules.items())
            if name.startswith(PACKAGE) and module is not None
            for attr, value in list(vars(module).items())
            if isinstance(value, (z3.AstRef, z3.SortRef)) and value.ctx is old]


__all__ = ["fresh_context", "fresh_question"]
