"""Quick builders of Z3 terms: the same terms z3's Python API builds, for less work.

z3's `And`, `Or`, `If`, `Sum`, ... work out the sort of every argument and coerce each one to a
common sort; doing so creates a Python object for every argument's sort (about two thirds of
the objects the encoder made) and costs most of the encoder's time. The encoder's arguments
already have the right sorts, so these builders call Z3's C API directly. They make the very
same terms, in the same order, with the same temporary numerals: Z3 numbers its terms as they
are made (and reuses freed numbers), and its search, hence every witness, depends on those
numbers. Anything unusual (a Python value where a term was expected, mixed sorts) goes to z3's
own function, so the result is always what z3 would have built.
"""

from __future__ import annotations

from typing import Any, Sequence

import z3
from z3 import z3core as C
from z3.z3 import _to_expr_ref

from ..questions.z3_state import mark_used

_CTX = z3.main_ctx()
_REF = _CTX.ref()
_BOOL, _ARITH = z3.BoolRef, z3.ArithRef
_INT_SORT = z3.IntSort()  # held: a numeral is made straight in it


def _asts(args: Sequence[Any]) -> Any:
    return (z3.Ast * len(args))(*[a.ast for a in args])


def _bools(args: tuple) -> Sequence[Any] | None:
    """Return the arguments when they are all Z3 Booleans (one list or several), else None."""
    given: Sequence[Any] = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) \
        else args
    for a in given:
        if not isinstance(a, _BOOL) or a.ctx is not _CTX:
            return None
    return given


def And(*args: Any) -> Any:
    """Return z3.And(*args)."""
    terms = _bools(args)
    if terms is None or not terms:
        return z3.And(*args)
    return _BOOL(C.Z3_mk_and(_REF, len(terms), _asts(terms)), _CTX)


def Or(*args: Any) -> Any:
    """Return z3.Or(*args)."""
    terms = _bools(args)
    if terms is None or not terms:
        return z3.Or(*args)
    return _BOOL(C.Z3_mk_or(_REF, len(terms), _asts(terms)), _CTX)


def Not(a: Any) -> Any:
    """Return z3.Not(a)."""
    if not isinstance(a, _BOOL) or a.ctx is not _CTX:
        return z3.Not(a)
    return _BOOL(C.Z3_mk_not(_REF, a.ast), _CTX)


def Implies(a: Any, b: Any) -> Any:
    """Return z3.Implies(a, b)."""
    if _bools((a, b)) is None:
        return z3.Implies(a, b)
    return _BOOL(C.Z3_mk_implies(_REF, a.ast, b.ast), _CTX)


def _is_int_term(a: Any) -> bool:
    return (isinstance(a, _ARITH) and a.ctx is _CTX
            and C.Z3_get_sort_kind(_REF, C.Z3_get_sort(_REF, a.ast)) == z3.Z3_INT_SORT)


def _int(value: int) -> Any:
    """Return the numeral z3.IntVal(value) makes."""
    if -2**31 <= value < 2**31:
        return z3.IntNumRef(C.Z3_mk_int(_REF, value, _INT_SORT.ast), _CTX)
    return z3.IntNumRef(C.Z3_mk_numeral(_REF, str(value), _INT_SORT.ast), _CTX)


def _branches(b: Any, c: Any) -> tuple[Any, Any] | None:
    """Return the two branches of an If as terms of one sort, as z3 coerces them (the Python
    numbers made into numerals in z3's order), or None where z3 must decide."""
    if type(b) is int and type(c) is int:
        return _int(b), _int(c)
    if isinstance(b, _BOOL) and isinstance(c, _BOOL) and b.ctx is _CTX and c.ctx is _CTX:
        return b, c
    if type(c) is int and _is_int_term(b):
        return b, _int(c)
    if type(b) is int and _is_int_term(c):
        return _int(b), c
    if _is_int_term(b) and _is_int_term(c):
        return b, c
    return None


def If(a: Any, b: Any, c: Any) -> Any:
    """Return z3.If(a, b, c)."""
    if not isinstance(a, _BOOL) or a.ctx is not _CTX:
        return z3.If(a, b, c)
    branches = _branches(b, c)
    if branches is None:
        return z3.If(a, b, c)
    then, other = branches
    kind = _BOOL if isinstance(then, _BOOL) else _ARITH
    return kind(C.Z3_mk_ite(_REF, a.ast, then.ast, other.ast), _CTX)


def Sum(terms: Sequence[Any]) -> Any:
    """Return z3.Sum(terms) (a list of integer terms)."""
    terms = list(terms)
    if not terms or not all(_is_int_term(t) for t in terms):
        return z3.Sum(terms)
    return _to_expr_ref(C.Z3_mk_add(_REF, len(terms), _asts(terms)), _CTX)


def _pb(make: Any, fallback: Any, pairs: Sequence[tuple[Any, int]], k: int) -> Any:
    pairs = list(pairs)
    if (not pairs or type(k) is not int
            or not all(type(w) is int and isinstance(b, _BOOL) and b.ctx is _CTX
                       for b, w in pairs)):
        return fallback(pairs, k)
    weights = (z3.ctypes.c_int * len(pairs))(*[w for _, w in pairs])
    return _BOOL(make(_REF, len(pairs), _asts([b for b, _ in pairs]), weights, k), _CTX)


def PbEq(pairs: Sequence[tuple[Any, int]], k: int) -> Any:
    """Return z3.PbEq(pairs, k)."""
    return _pb(C.Z3_mk_pbeq, z3.PbEq, pairs, k)


def PbLe(pairs: Sequence[tuple[Any, int]], k: int) -> Any:
    """Return z3.PbLe(pairs, k)."""
    return _pb(C.Z3_mk_pble, z3.PbLe, pairs, k)


def PbGe(pairs: Sequence[tuple[Any, int]], k: int) -> Any:
    """Return z3.PbGe(pairs, k)."""
    return _pb(C.Z3_mk_pbge, z3.PbGe, pairs, k)


def _reflected(a: Any, b: Any) -> bool:
    """True where Python asks the right operand first (its class is a subclass of the left
    one's, as a numeral's is of an integer term's): `x == IntVal(3)` builds `3 == x`."""
    return type(b) is not type(a) and isinstance(b, type(a))


def _operands(a: Any, b: Any) -> tuple[Any, Any] | None:
    """Return the two sides of a comparison of integers as z3 coerces them, or None."""
    if not _is_int_term(a):
        return None
    if type(b) is int:
        return a, _int(b)
    return (a, b) if _is_int_term(b) and not _reflected(a, b) else None


def Eq(a: Any, b: Any) -> Any:
    """Return a == b (two integers, or two Booleans)."""
    if (isinstance(a, _BOOL) and isinstance(b, _BOOL) and a.ctx is _CTX and b.ctx is _CTX
            and not _reflected(a, b)):
        return _BOOL(C.Z3_mk_eq(_REF, a.ast, b.ast), _CTX)
    sides = _operands(a, b)
    if sides is None:
        return a == b
    return _BOOL(C.Z3_mk_eq(_REF, sides[0].ast, sides[1].ast), _CTX)


def _compare(make: Any, a: Any, b: Any) -> Any:
    sides = _operands(a, b)
    return None if sides is None else _BOOL(make(_REF, sides[0].ast, sides[1].ast), _CTX)


def Gt(a: Any, b: Any) -> Any:
    """Return a > b (integers)."""
    made = _compare(C.Z3_mk_gt, a, b)
    return a > b if made is None else made


def Ge(a: Any, b: Any) -> Any:
    """Return a >= b (integers)."""
    made = _compare(C.Z3_mk_ge, a, b)
    return a >= b if made is None else made


def Lt(a: Any, b: Any) -> Any:
    """Return a < b (integers)."""
    made = _compare(C.Z3_mk_lt, a, b)
    return a < b if made is None else made


def Le(a: Any, b: Any) -> Any:
    """Return a <= b (integers)."""
    made = _compare(C.Z3_mk_le, a, b)
    return a <= b if made is None else made


def new_solver() -> Any:
    """Return the solver every question of the checker is asked in.

    Z3's older simplex core for arithmetic (`smt.arith.solver=2`) answers this checker's
    questions (tile counts and score sums over Booleans, asked one after another after a
    push) in about 0.7 of the default core's time, with the same answers: measured by
    replaying the seed variants' 329 questions in both (benchmarks/checker_speed.py).
    """
    mark_used()
    solver = z3.Solver()
    solver.set("smt.arith.solver", 2)
    return solver


def add_facts(solver: Any, facts: Sequence[Any]) -> None:
    """Assert the facts in the solver, as solver.add(*facts) does."""
    for fact in facts:
        if isinstance(fact, _BOOL) and fact.ctx is _CTX:
            C.Z3_solver_assert(_REF, solver.solver, fact.ast)
        else:
            solver.add(fact)
