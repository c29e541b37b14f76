"""Print → parse: every Variant the strategies draw, and every rule file we ship, comes back unchanged."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from interpreter.language.parser import parse_text
from interpreter.language.printer import format_expr, format_variant
from interpreter.language.resolve import Library, load_paths, load_variant
from interpreter.language.slots import BOOL

from strategies import env_for, expressions, variants
from tiers import examples

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = [ROOT / "spec" / "variants", ROOT / "tests" / "golden" / "good"]
# A drawn variant has 20 to 40 cases: 30 of them cover a lot, and keep this file quick.
FAST = settings(max_examples=examples(30), deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(variants())
def test_a_printed_variant_parses_back_unchanged(variant: object) -> None:
    text = format_variant(variant)  # type: ignore[arg-type]
    assert load_variant(text, "printed.kozel") == variant, text


@FAST
@given(expressions(BOOL, env_for("match", []), depth=3))
def test_a_printed_expression_parses_back_unchanged(expr: object) -> None:
    """The printer's parentheses: only where needed, and always where needed."""
    text = format_expr(expr)  # type: ignore[arg-type]
    assert _parse_condition(text) == expr, text


def _parse_condition(text: str) -> object:
    rule_file = parse_text(f"variant v {{ goat: {text} }}", "e.kozel")
    return rule_file.variants[0].items[0].body  # type: ignore[union-attr]


@lru_cache(maxsize=1)
def _shipped() -> tuple[Library, tuple[str, ...]]:
    library, names = load_paths([p for p in SHIPPED if p.is_dir()], Library())
    return library, tuple(names)


@pytest.mark.parametrize("name", _shipped()[1])
def test_every_shipped_variant_prints_and_parses_back(name: str) -> None:
    variant = _shipped()[0].resolve(name)
    assert load_variant(format_variant(variant), "printed.kozel") == variant
