"""The any-pair test's other half (test_diff_any_pair.py): random variants for four players
seated differently, individual against partners, where a side of one is no side of the other,
are compared and drawn, never a traceback. A module of its own, so that `pytest -n` runs it
beside the first half."""

from __future__ import annotations

from hypothesis import given

from interpreter.language.model import Variant
from test_diff_any_pair import TRIOS, compared_and_drawn, trios


@TRIOS
@given(trio=trios(seated=True))
def test_any_two_variants_seated_differently_are_compared_and_drawn(
        trio: tuple[Variant, Variant, Variant]) -> None:
    compared_and_drawn(trio)
