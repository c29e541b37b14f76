"""The quick term builders (checks/z3_encode/terms.py) make exactly the terms z3's own Python
API makes: one builder at a time, and the whole encoding of the seed variants (every situation's
facts and every question's formula) built with each."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from checks.z3_encode import terms
from tiers import examples

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "spec" / "variants"
BOOLS = [z3.Bool("p"), z3.Bool("q"), z3.BoolVal(True), z3.Bool("r")]
INTS = [z3.Int("x"), z3.Int("y"), z3.IntVal(3), z3.Int("x") + 1]
REALS = [z3.Real("u")]

# z3's own function for each quick builder: the reference they must agree with
REFERENCE: dict[str, Callable[..., Any]] = {
    "And": z3.And, "Or": z3.Or, "Not": z3.Not, "Implies": z3.Implies, "If": z3.If,
    "Sum": z3.Sum, "PbEq": z3.PbEq, "PbLe": z3.PbLe, "PbGe": z3.PbGe,
    "Eq": lambda a, b: a == b, "Gt": lambda a, b: a > b, "Ge": lambda a, b: a >= b,
    "Lt": lambda a, b: a < b, "Le": lambda a, b: a <= b,
}

booleans = st.one_of(st.sampled_from(BOOLS), st.booleans())
integers = st.one_of(st.sampled_from(INTS + REALS), st.integers(-50, 50))
operands = st.one_of(booleans, integers)


def same(built: Any, expected: Any) -> None:
    """The same term (hash-consed: the very same node) and the same kind of Python object."""
    assert isinstance(built, z3.ExprRef) and isinstance(expected, z3.ExprRef)
    assert built.get_id() == expected.get_id(), (built, expected)
    assert type(built) is type(expected)


def agree(name: str, *args: Any) -> None:
    """The builder gives z3's answer: the same term, or the same kind of error."""
    try:
        expected = REFERENCE[name](*args)
    except (z3.Z3Exception, TypeError, AttributeError) as error:
        with pytest.raises(type(error)):
            getattr(terms, name)(*args)
        return
    same(getattr(terms, name)(*args), expected)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(booleans, min_size=1, max_size=5))
def test_and_or_agree_with_z3(args: list[Any]) -> None:
    agree("And", *args)
    agree("Or", *args)
    agree("And", args)
    agree("Or", list(args))


@settings(max_examples=examples(150), deadline=None)
@given(booleans, operands, operands)
def test_if_not_implies_agree_with_z3(cond: Any, then: Any, other: Any) -> None:
    agree("If", cond, then, other)
    agree("Not", cond)
    if not isinstance(then, bool) and not z3.is_bool(then):
        return
    agree("Implies", cond, then)


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from(INTS + BOOLS[:2] + REALS), operands,
       st.sampled_from(["Eq", "Gt", "Ge", "Lt", "Le"]))
def test_comparisons_agree_with_z3(left: Any, right: Any, name: str) -> None:
    agree(name, left, right)


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.sampled_from(INTS), min_size=1, max_size=6),
       st.lists(st.tuples(st.sampled_from(BOOLS), st.integers(1, 3)), min_size=1, max_size=6),
       st.integers(0, 6))
def test_sum_and_pseudo_booleans_agree_with_z3(ints: list[Any], pairs: list[Any],
                                               k: int) -> None:
    agree("Sum", ints)
    for name in ("PbEq", "PbLe", "PbGe"):
        agree(name, pairs, k)


def test_a_fresh_numeral_is_made_as_z3_makes_it() -> None:
    cond = z3.Bool("fresh numeral")
    same(terms.If(cond, 912_345_671, 0), z3.If(cond, 912_345_671, 0))
    same(terms.Eq(z3.Int("n"), -812_345_679), z3.Int("n") == -812_345_679)


# ---- the whole encoding ----------------------------------------------------------------------

# Run in a fresh process each time: Z3 numbers its terms in the order they are made, and where
# the encoder simplifies a term the result depends on those numbers; two fresh processes that
# build the same terms in the same order print the same text.
ENCODING = """
import json, sys
import z3
from checks.questions.budget import Budget
from checks.questions.conditions import conditions_for
from checks.z3_encode import Session, queries_for, terms
from checks.z3_encode.expressions import EncodingError
from checks.z3_encode.session import DEALT_BASES, DERIVED, SETUP_BASES
from interpreter.language.resolve import load_paths
sys.path[:0] = ["tests/checks", "tests"]  # the module, and the helpers it imports (tiers.py)
from test_checks_terms import REFERENCE, SEEDS
if sys.argv[2] == "reference":
    for builder, reference in REFERENCE.items():
        setattr(terms, builder, reference)
library, _ = load_paths([SEEDS])
variant = library.resolve(sys.argv[1])
session = Session.of(variant, Budget(60_000_000))
built = {}
for condition in conditions_for(variant):
    try:
        formulas = [q.formula for q in queries_for(session, condition)]
    except EncodingError as error:
        formulas = [str(error)]
    built[f"{condition.query} {condition.slot} {condition.case}"] = [
        f.sexpr() if isinstance(f, z3.ExprRef) else repr(f) for f in formulas]
for key in [*SETUP_BASES, *DEALT_BASES, *DERIVED]:
    built[key] = [fact.sexpr() for fact in session.situation(key).sit.table.all_facts()]
json.dump(built, sys.stdout)
"""


def encoding(name: str, builders: str) -> dict[str, list[str]]:
    """Every situation's facts and every question's formulas of a seed variant, as text."""
    done = subprocess.run([sys.executable, "-c", ENCODING, name, builders], cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", ["minsk", "pairs"])
def test_the_seed_encoding_is_the_one_z3s_own_functions_build(name: str) -> None:
    quick = encoding(name, "quick")
    assert len(quick) > 20 and sum(len(texts) for texts in quick.values()) > 200
    assert encoding(name, "reference") == quick
